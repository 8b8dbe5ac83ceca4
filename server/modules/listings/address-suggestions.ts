import { z } from 'zod';
import { boroughLabels } from '../../../common/options.js';
import { NEIGHBORHOODS, type Borough } from '../../../common/nyc.js';
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { fromZod } from '../../core/errors.js';
import { configuredGeocoder, geocode, MAX_SUGGESTIONS, type AddressSuggestion } from './geocoder.js';
import { likeEscape, searchWords, wordsMatchSql } from './text-search.js';
import { publicListingSql } from './visibility.js';

/**
 * Address suggestions for the search box (SPEC part 5: only for text longer than 2 characters).
 * The local gazetteer answers: the 43 neighborhoods of common/nyc.ts with their centroids, plus the
 * distinct addresses of active listings, matched word by word like the search (substring, or a
 * near spelling through pg_trgm for a word found nowhere; neighborhoods always allow near
 * spellings), best first: labels starting with the text, then labels containing
 * it, then by trigram similarity; neighborhoods before addresses on a tie. A configured geocoder
 * (`configureGeocoder`) replaces the gazetteer; when it fails or times out the gazetteer answers.
 */

export const MIN_SUGGESTION_QUERY = 3;
/** Addresses considered before de-duplication (prefix matches first), so a broad word stays cheap. */
const ADDRESS_CANDIDATES = 100;

export const suggestionQuerySchema = z.string().max(120);

interface Logger {
  warn(obj: object, msg: string): void;
}

const HOOD_ROWS = Prisma.join(
  NEIGHBORHOODS.map(
    (h) =>
      Prisma.sql`(${`${h.name}, ${boroughLabels[h.borough]}`}, ${h.name}, ${h.borough}, ${h.centroid.lat}::float8, ${h.centroid.lng}::float8)`,
  ),
);

interface SuggestionRow {
  kind: 'NEIGHBORHOOD' | 'ADDRESS';
  label: string;
  neighborhood: string | null;
  borough: string | null;
  lat: number | null;
  lng: number | null;
}

/** The gazetteer: one SQL statement over the neighborhoods (as VALUES) and the active listings. */
export async function gazetteerSuggestions(prisma: PrismaClient, text: string): Promise<AddressSuggestion[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const q = text.toLowerCase();
  const prefix = `${likeEscape(q)}%`;
  const contains = `%${likeEscape(q)}%`;
  const hoodMatch = wordsMatchSql(words, [Prisma.sql`h.label`]);
  const addressMatch = wordsMatchSql(
    words,
    [Prisma.sql`p."address"`],
    (pattern) => Prisma.sql`EXISTS (SELECT 1 FROM "Property" o WHERE ${publicListingSql('o')} AND o."address" ILIKE ${pattern})`,
  );
  const rows = await prisma.$queryRaw<SuggestionRow[]>`
      SELECT s.kind, s.label, s.neighborhood, s.borough, s.lat, s.lng
      FROM (
        SELECT 'NEIGHBORHOOD' AS kind, h.label, h.neighborhood, h.borough, h.lat, h.lng
        FROM (VALUES ${HOOD_ROWS}) AS h(label, neighborhood, borough, lat, lng)
        WHERE ${hoodMatch}
        UNION ALL
        (SELECT DISTINCT ON (lower(a.address)) 'ADDRESS', a.address, a.neighborhood, a.borough, a.lat, a.lng
        FROM (
          SELECT p."address", p."neighborhood", p."borough"::text AS borough,
                 p."locationLat"::float8 AS lat, p."locationLng"::float8 AS lng, p."createdAt"
          FROM "Property" p
          WHERE ${publicListingSql()} AND ${addressMatch}
          ORDER BY (p."address" ILIKE ${prefix}) DESC, p."createdAt" DESC
          LIMIT ${ADDRESS_CANDIDATES}
        ) a
        ORDER BY lower(a.address), a."createdAt" DESC)
      ) s
      ORDER BY
        CASE WHEN s.label ILIKE ${prefix} THEN 0 WHEN s.label ILIKE ${contains} THEN 1 ELSE 2 END,
        word_similarity(${q}, s.label) DESC,
        CASE s.kind WHEN 'NEIGHBORHOOD' THEN 0 ELSE 1 END,
        s.label
      LIMIT ${MAX_SUGGESTIONS}`;
  return rows.map((r) => ({
    kind: r.kind,
    label: r.label,
    neighborhood: r.neighborhood,
    borough: (r.borough as Borough | null) ?? null,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
  }));
}

/**
 * Suggestions for typed text: none until the trimmed text is longer than 2 characters, at most 8.
 * From the configured geocoder if there is one (falling back to the gazetteer on failure), else
 * from the gazetteer.
 */
export async function suggestAddresses(prisma: PrismaClient, input: unknown, log?: Logger): Promise<AddressSuggestion[]> {
  const parsed = suggestionQuerySchema.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  const text = parsed.data.trim().replace(/\s+/g, ' ');
  if (text.length < MIN_SUGGESTION_QUERY) return [];
  if (configuredGeocoder()) {
    try {
      return await geocode(text);
    } catch (err) {
      log?.warn({ err }, 'geocoder failed; answering from the local gazetteer');
    }
  }
  return gazetteerSuggestions(prisma, text);
}

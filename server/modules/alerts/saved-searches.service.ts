import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { Prisma, type PrismaClient, type SavedSearch } from '../../db/generated/prisma/client.js';
import {
  alertFrequencySchema,
  SAVED_SEARCHES_PER_USER,
  savedSearchNameSchema,
  type AlertFrequency,
} from '../../../common/saved-search.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, fromZod } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { requireUser, requireViewer } from '../../core/authz.js';
import { isUuid } from '../../core/ids.js';
import { parseFilter, searchWhereSql, type SearchFilter } from '../listings/index.js';

/**
 * Saved searches (issue 14 item 1): a signed-in visitor's listings-page filters under a name, with
 * alerts instant, daily or off. Only the owner sees or changes one: anybody else gets NOT_FOUND.
 * The filter is validated by the search's own schema (common/search.ts) and matched by the search's
 * own SQL (`searchWhereSql`), so a saved search finds exactly what the search page shows.
 */
const saveInputSchema = z.object({
  name: savedSearchNameSchema,
  frequency: alertFrequencySchema.default('INSTANT'),
});
const updateInputSchema = z
  .object({ name: savedSearchNameSchema.optional(), frequency: alertFrequencySchema.optional() })
  .refine((v) => v.name !== undefined || v.frequency !== undefined, 'Nothing to change');

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  tooLarge: { id: 'server.savedSearch.tooLarge', defaultMessage: 'That search is too large to save.' },
  notFound: { id: 'server.savedSearch.notFound', defaultMessage: 'That saved search does not exist.' },
  savingTooQuickly: {
    id: 'server.savedSearch.savingTooQuickly',
    defaultMessage: 'You are saving searches too quickly. Please try again in {minutes, plural, other {{minutes} minutes}}.',
  },
  alreadySaved: {
    id: 'server.savedSearch.alreadySaved',
    defaultMessage: 'You already saved this search as “{name}”.',
  },
  tooMany: {
    id: 'server.savedSearch.tooMany',
    defaultMessage: 'You can keep up to {max} saved searches. Delete one to save another.',
  },
});

/** Shown when a stored filter is larger than any real search (defence in depth: the schema bounds it already). */
const FILTER_JSON_MAX = 4_000;

/** A saved search's filter, checked: the search page's filters only (no `updatedSince`, a partner's sync filter). */
export function parseSavedFilter(input: unknown): SearchFilter {
  const filter = parseFilter(input);
  if (filter.updatedSince) {
    throw new AppError('BAD_USER_INPUT', 'A saved search cannot use updatedSince.', {
      fields: [{ path: 'filter.updatedSince', message: 'A saved search cannot use updatedSince.' }],
    });
  }
  if (JSON.stringify(filter).length > FILTER_JSON_MAX) throw new AppError('BAD_USER_INPUT', formatMessage(messages.tooLarge));
  return filter;
}

function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

const notFound = () => new AppError('NOT_FOUND', formatMessage(messages.notFound));

/**
 * A filter written one way whatever the order it was given in: keys sorted, and lists of words
 * (boroughs, neighborhoods, amenities, lines) sorted, since their order does not change what is
 * found. Lists of numbers or points (a drawn area) keep their order.
 */
export function canonicalFilter(value: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      const items = v.map(norm);
      return items.every((i) => typeof i === 'string') ? [...(items as string[])].sort() : items;
    }
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined && x !== null)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, x]) => [k, norm(x)]),
      );
    return v;
  };
  return JSON.stringify(norm(value));
}

export async function saveSearch(
  deps: { prisma: PrismaClient; limits: RateLimits },
  viewer: Viewer | null,
  input: { name: unknown; filter: unknown; frequency?: unknown },
): Promise<SavedSearch> {
  const user = await requireUser(deps.prisma, viewer);
  const { name, frequency } = parseOrThrow(saveInputSchema, { name: input.name, frequency: input.frequency ?? undefined });
  const filter = parseSavedFilter(input.filter);
  const r = await deps.limits.savedSearchSave.take(user.id);
  if (!r.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      formatMessage(messages.savingTooQuickly, { minutes: Math.ceil(r.retryAfterSeconds / 60) }),
      {
        retryAfterSeconds: r.retryAfterSeconds,
      },
    );
  }
  // Counted and created under a per-user lock: concurrent saves cannot pass the limit together.
  return deps.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`saved-searches/${user.id}`}, 0))`;
    const mine = await tx.savedSearch.findMany({ where: { userId: user.id }, select: { name: true, filter: true } });
    // The same search saved twice would alert twice for every listing it finds.
    const same = mine.find((s) => canonicalFilter(s.filter) === canonicalFilter(filter));
    if (same) throw new AppError('CONFLICT', formatMessage(messages.alreadySaved, { name: same.name }));
    const count = mine.length;
    if (count >= SAVED_SEARCHES_PER_USER) {
      throw new AppError('BAD_USER_INPUT', formatMessage(messages.tooMany, { max: SAVED_SEARCHES_PER_USER }));
    }
    return tx.savedSearch.create({
      data: {
        userId: user.id,
        name,
        frequency,
        filter: filter as Prisma.InputJsonValue,
        unsubscribeToken: randomBytes(24).toString('base64url'),
      },
    });
  });
}

async function ownSavedSearch(prisma: PrismaClient, viewer: Viewer | null, id: string) {
  const v = requireViewer(viewer);
  if (!isUuid(id)) throw notFound();
  const found = await prisma.savedSearch.findFirst({ where: { id, userId: v.uid }, select: { id: true } });
  if (!found) throw notFound();
  return found.id;
}

export async function updateSavedSearch(
  prisma: PrismaClient,
  viewer: Viewer | null,
  id: string,
  input: { name?: unknown; frequency?: unknown },
): Promise<SavedSearch> {
  requireViewer(viewer);
  const patch = parseOrThrow(updateInputSchema, {
    name: input.name ?? undefined,
    frequency: input.frequency ?? undefined,
  });
  const own = await ownSavedSearch(prisma, viewer, id);
  return prisma.savedSearch.update({ where: { id: own }, data: patch });
}

export async function deleteSavedSearch(prisma: PrismaClient, viewer: Viewer | null, id: string): Promise<string> {
  const v = requireViewer(viewer);
  if (!isUuid(id)) throw notFound();
  const { count } = await prisma.savedSearch.deleteMany({ where: { id, userId: v.uid } });
  if (count === 0) throw notFound();
  return id;
}

/** The owner opened it: matches from now on are new. */
export async function markSavedSearchSeen(prisma: PrismaClient, viewer: Viewer | null, id: string): Promise<SavedSearch> {
  const own = await ownSavedSearch(prisma, viewer, id);
  return prisma.savedSearch.update({ where: { id: own }, data: { lastSeenAt: new Date() } });
}

export async function savedSearchesOf(prisma: PrismaClient, viewer: Viewer | null): Promise<SavedSearch[]> {
  const v = requireViewer(viewer);
  return prisma.savedSearch.findMany({
    where: { userId: v.uid },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: SAVED_SEARCHES_PER_USER,
  });
}

/** New matches are counted up to this (shown as '99+'). */
export const NEW_MATCHES_CAP = 99;

/**
 * How many listings each search found since its owner last opened it, in ONE statement: visible
 * active listings matching the search's filter (the search page's SQL) that were posted after
 * `lastSeenAt`, or published since (a draft going live: its 'NEW' alert delivery is newer).
 */
export async function newMatchCounts(prisma: PrismaClient, searches: SavedSearch[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const parts: Prisma.Sql[] = [];
  for (const s of searches) {
    let filter: SearchFilter;
    try {
      filter = parseSavedFilter(s.filter);
    } catch {
      counts.set(s.id, 0); // a filter no longer valid (e.g. a renamed neighborhood) finds nothing
      continue;
    }
    parts.push(Prisma.sql`SELECT ${s.id}::text AS id, (SELECT count(*)::int FROM (
        SELECT 1 FROM "Property" p
        WHERE ${searchWhereSql(filter)}
          AND (p."createdAt" > ${s.lastSeenAt}::timestamp(3) OR EXISTS (
            SELECT 1 FROM "AlertDelivery" d WHERE d."savedSearchId" = ${s.id}::uuid AND d."propertyId" = p."id"
              AND d."event" = 'NEW' AND d."createdAt" > ${s.lastSeenAt}::timestamp(3)))
        LIMIT ${NEW_MATCHES_CAP + 1}) m) AS n`);
  }
  if (parts.length === 0) return counts;
  const rows = await prisma.$queryRaw<Array<{ id: string; n: number }>>`${Prisma.join(parts, ' UNION ALL ')}`;
  for (const r of rows) counts.set(r.id, r.n);
  return counts;
}

/** One-click unsubscribe from an e-mail: alerts off. Answers the search's name, or null for an unknown token. */
export async function unsubscribeByToken(prisma: PrismaClient, token: string): Promise<{ name: string } | null> {
  if (!/^[\w-]{16,64}$/.test(token)) return null;
  const rows = await prisma.$queryRaw<Array<{ name: string }>>`
    UPDATE "SavedSearch" SET "frequency" = 'OFF', "updatedAt" = now()
    WHERE "unsubscribeToken" = ${token} RETURNING "name"`;
  return rows[0] ?? null;
}

export type { AlertFrequency };

// `npm run bench` (load phase): the search page and a listing's detail page through real HTTP, beside a
// raw-SQL floor, under 8 concurrent connections (autocannon, loopback only).
//
// The database is built by the same code as search.bench.ts (bench-data.ts: 100,000 listings):
// a PGlite data directory in a temporary folder by default, a throwaway database on the PostgreSQL
// server named by BENCH_DATABASE_URL otherwise. Then, one path at a time (2 s warm-up, 10 s
// measured, BENCH_LOAD_WARMUP / BENCH_LOAD_SECONDS):
//
// - GraphQL: `POST /graphql` on a child process running server/main.ts exactly as `npm run serve`
//   does (every limit at its real value), sending the client's own SearchProperties and
//   PropertyDetail documents named by their persisted hash, as the client sends them (decision 0025) with
//   the variables the browser sends (`first: SEARCH_PAGE_SIZE`, newest, no filter).
// - REST: `GET /api/properties?limit=SEARCH_PAGE_SIZE` and `GET /api/properties/{id}` on the same child.
// - Floor: a minimal `node:http` handler in a second child process (this file, `floor` mode; its own
//   event loop, so it does not share one with autocannon) that runs one hand-written SQL statement
//   over `pg` per request and returns the same JSON as the GraphQL answer (checked once before the load).
//   It connects as the server does: to PostgreSQL with a pool of 10, or to PGlite served over the
//   wire protocol on a loopback port with one connection (PGlite serves one process, so on PGlite
//   the floor runs first and is stopped before the app starts on the same data directory; on
//   PostgreSQL both run side by side and each scenario's floor is loaded right before the app's paths).
//
// Four scenarios: the anonymous search page, the same page signed in (the `session` cookie made by
// POST /api/auth/session from an Auth-emulator ID token, so `isSaved` is read), the same page as a
// partner's own query (the client's document printed anew, sent as text with an API key; 64 keys in
// turn, each at its real limit), and a listing's detail page. BENCH_LOAD_ONLY=<text> runs only the
// scenarios whose name holds it; BENCH_APP_PROFILE=<dir> makes the app write a CPU profile there.
// On PostgreSQL, BENCH_LOAD_ROUNDS=<n> loads each scenario's floor and app paths in turn n times (1), each row the
// mean of its rounds, so that the ratio is not one moment of a shared machine against another.
// BENCH_KEEP=1 keeps the PostgreSQL database, and BENCH_REUSE_DATABASE=<its url> measures on it again without seeding.
// On PostgreSQL a rendered page is loaded BENCH_PAGE_ROUNDS times (2), each right after the floor of its data.
//
// Limits stay on: anonymous GraphQL is limited to 1,200 requests a minute per address, signed-in GraphQL to
// 1,200 a minute per user (RATE_LIMITS.signedIn, issue 58 item 12). The signed-in page is asked by
// SIGNED_IN_RENTERS renters in turn (a session cookie each, each request the next one's; all with the same
// saved listings as 'bench-renter', whose rows the floor reads), so each user sends an even share: at most
// SIGNED_IN_RENTERS × 1,200 signed-in operations a minute before a 429. Their sessions are minted at once
// from one address, under its limit of RATE_LIMITS.authSession (30 a minute). Every
// connection autocannon opens takes the next source address of 127.0.0.2 … 127.0.0.251 in turn, and
// reconnects after 25 requests (autocannon's `reconnectRate`), so each address sends an even share:
// at most 250 × 1,200 = 300,000 anonymous operations a minute before a 429. The floor and REST paths
// get the same address rotation, so every path pays the same reconnects. Any non-2xx answer is counted
// as an error and printed.
//
// Writes tests/bench/load-results.md (a section per database; search.bench.ts rewrites results.md
// as a whole, which links here). Fails past a hard timeout (BENCH_LOAD_TIMEOUT_S, default 600 s).

import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { pino } from 'pino';
import { daysOnMarket, isNewListing, recentPriceDrop } from '../../common/freshness.js';
import { concessionLabel, hasConcession, moveInTotal } from '../../common/listing.js';
import { isAvailableNow } from '../../common/available.js';
import { LISTING_FIELDS, optionLabelsOf } from '../../common/listing-fields.js';
import { labelOf } from '../../common/options.js';
import { stationLocation, subwayLine } from '../../server/modules/transit/nearby.js';
import { SEARCH_PAGE_SIZE } from '../../common/search.js';
import { COUNT_CAP } from '../../server/modules/listings/listings.service.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { print, visit } from 'graphql';
import { PropertyDetailDocument, SearchPropertiesDocument } from '../../client/src/gql/graphql.js';
import { persistedHash } from '../../client/src/lib/apollo/trusted-documents.js';
import { EXECUTOR_HEADER, PLANNED } from '../../server/graphql/planned/index.js';
import { SSR_MAX_CONCURRENT } from '../../server/http/ssr.js';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { createDatabase, type Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { EMULATOR_PROJECT_ID, startAuthEmulator, type RunningEmulator } from '../../server/modules/auth/emulator.js';
import { LISTINGS, seed } from './bench-data.js';
import { freshDatabase } from './bench-db.js';
import { freePort } from '../setup/free-port.js';
import { SERVER_NODE_ARGS } from '../../server/node-args.js';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 8);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP ?? 2);
/** Rounds of each scenario's floor and app paths in turn (PostgreSQL): a shared machine's speed moves between runs. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_LOAD_ROUNDS ?? 1));
const HARD_TIMEOUT_MS = Number(process.env.BENCH_LOAD_TIMEOUT_S ?? 600) * 1000;
const ADDRESSES = 250;
/** Partner keys for the partner path (each may send RATE_LIMITS.partnerRequests a minute). */
const PARTNER_KEYS = 64;
let nextKey = 0;
const RECONNECT_RATE = 25;
const ORIGIN = 'http://localhost:5173';
const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.resolve(import.meta.dirname, 'load-results.md');
const RENTER = { uid: 'bench-renter', email: 'renter@bench.nycrentals.test', password: 'bench-password-1' };
/**
 * Renters asking the signed-in page in turn: 24 × RATE_LIMITS.signedIn (1,200 a minute per user) is
 * 28,800 a minute, 2.4 times what the fastest machine so far answered (982 a second for 12 s), and
 * within the 30 sessions a minute one address may mint (RATE_LIMITS.authSession).
 */
const SIGNED_IN_RENTERS = 24;
/** The i-th signed-in renter: 'bench-renter' first, then copies of it. */
const renterAt = (i: number) =>
  i === 0 ? RENTER : { ...RENTER, uid: `${RENTER.uid}-${i}`, email: RENTER.email.replace('@', `+${i}@`) };
const log = (msg: string) => console.log(`[bench:load] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------
// The floor: hand-written SQL over pg in a minimal node:http handler (child process, `floor` mode)
// ---------------------------------------------------------------------------------------------------

/** The first page of cards, newest first; with the total count as GraphQL's `totalCount` (one statement either way). */
const cardSql = (withCount: boolean) => `
  WITH page AS (
    SELECT p.* FROM "Property" p WHERE p."status" = 'ACTIVE' AND p."hiddenAt" IS NULL
    ORDER BY p."listedAt" DESC, p."id" DESC LIMIT $1
  )
  SELECT p."id", p."slug", p."title", p."address", p."unit", p."neighborhood", p."borough", p."price", p."originalPrice",
         p."netEffectivePrice", p."concessionMonthsFree"::float8 AS "concessionMonthsFree", p."concessionLeaseMonths", p."concessionTerms",
         p."bedrooms"::float8 AS "bedrooms", p."bathrooms"::float8 AS "bathrooms", p."listingType",
         to_char(p."availableDate", 'YYYY-MM-DD') AS "availableDate", p."brokerFee", p."brokerFeePayer",
         p."locationLat"::float8 AS "lat", p."locationLng"::float8 AS "lng", p."createdAt", p."listedAt", p."ownerId",
         p."nearbyStations", p."priceDroppedAt", p."priceDropAmount",
         ($2::text IS NOT NULL AND EXISTS (SELECT 1 FROM "Favorite" f WHERE f."propertyId" = p."id" AND f."userId" = $2)) AS "isSaved",
         COALESCE((SELECT json_agg(json_build_object('id', ph."id", 'url', ph."url", 'thumbnailUrl', ph."thumbnailUrl",
                          'width', ph."width", 'height', ph."height", 'placeholder', ph."placeholder") ORDER BY ph."position")
                   FROM "PropertyPhoto" ph WHERE ph."propertyId" = p."id"), '[]') AS "photos",
         a."id" AS "agentId", a."rating"::float8 AS "agentRating", a."reviewCount" AS "agentReviewCount", u."id" AS "agentUserId",
         a."license", a."licenseVerifiedAt", a."responseMinutes", u."firstName", u."lastName", u."email", u."photoUrl", u."createdAt" AS "agentCreatedAt"
         ${withCount ? `, (SELECT count(*)::int FROM (SELECT 1 FROM "Property" c WHERE c."status" = 'ACTIVE' AND c."hiddenAt" IS NULL LIMIT ${COUNT_CAP + 1}) m) AS "totalCount"` : ''}
  FROM page p LEFT JOIN "Agent" a ON a."id" = p."agentId" LEFT JOIN "User" u ON u."id" = a."userId"
  ORDER BY p."listedAt" DESC, p."id" DESC`;

const DETAIL_SQL = `
  SELECT p.*, p."bedrooms"::float8 AS "bedrooms", p."bathrooms"::float8 AS "bathrooms",
         p."concessionMonthsFree"::float8 AS "concessionMonthsFree",
         to_char(p."availableDate", 'YYYY-MM-DD') AS "availableDate",
         p."locationLat"::float8 AS "lat", p."locationLng"::float8 AS "lng",
         ($2::text IS NOT NULL AND EXISTS (SELECT 1 FROM "Favorite" f WHERE f."propertyId" = p."id" AND f."userId" = $2)) AS "isSaved",
         ($2::text IS NOT NULL AND EXISTS (SELECT 1 FROM "ListingReport" r WHERE r."propertyId" = p."id" AND r."reporterId" = $2)) AS "viewerHasReported",
         COALESCE((SELECT json_agg(json_build_object('id', ph."id", 'url', ph."url", 'thumbnailUrl', ph."thumbnailUrl",
                          'width', ph."width", 'height', ph."height") ORDER BY ph."position")
                   FROM "PropertyPhoto" ph WHERE ph."propertyId" = p."id"), '[]') AS "photos",
         COALESCE((SELECT json_agg(json_build_object('id', o."id", 'startsAt', o."startsAt", 'endsAt', o."endsAt", 'note', o."note")
                          ORDER BY o."startsAt") FROM "OpenHouse" o WHERE o."propertyId" = p."id"), '[]') AS "openHouses",
         COALESCE((SELECT json_agg(x ORDER BY x."changedAt", x."id") FROM (
                     SELECT c."id", c."oldPrice", c."newPrice", c."changedAt" FROM "PriceChange" c WHERE c."propertyId" = p."id"
                     ORDER BY c."changedAt" DESC, c."id" DESC LIMIT 20) x), '[]') AS "priceHistory",
         a."id" AS "agentId", a."rating"::float8 AS "agentRating", a."reviewCount" AS "agentReviewCount", a."yearsExperience",
         a."agency", a."license", a."licenseVerifiedAt", a."responseMinutes", u."id" AS "agentUserId", u."firstName", u."lastName", u."email", u."photoUrl",
         u."createdAt" AS "agentCreatedAt"
  FROM "Property" p LEFT JOIN "Agent" a ON a."id" = p."agentId" LEFT JOIN "User" u ON u."id" = a."userId"
  WHERE p."id" = $1::uuid AND p."status" = 'ACTIVE' AND p."hiddenAt" IS NULL`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = Record<string, any>;

function agentOf(r: Row) {
  if (!r.agentId) return null;
  const name = `${r.firstName} ${r.lastName}`.trim();
  return {
    __typename: 'Agent',
    id: r.agentId,
    displayName: name || String(r.email).split('@')[0] || 'Agent',
    photoUrl: r.photoUrl,
    rating: r.agentRating,
    reviewCount: r.agentReviewCount,
    isNew: r.agentReviewCount === 0 && Date.now() - new Date(r.agentCreatedAt).getTime() < 30 * 86_400_000,
    licenseVerified: r.licenseVerifiedAt !== null && r.license !== null,
    responseMinutes: r.responseMinutes,
  };
}

/** Objects of a list with their GraphQL type name, as the client's documents ask for it (Apollo's cache needs it). */
const typed = (list: Row[], name: string) => list.map((o) => ({ __typename: name, ...o }));

/** The stations stored with the listing, with their lines' bullets (and, on the detail page, where they are). */
function stationsOf(r: Row, withLocation: boolean) {
  return ((r.nearbyStations ?? []) as Array<{ id: string; name: string; lines: string[]; walkMinutes: number }>).map((st) => {
    const at = withLocation ? stationLocation(st.id) : null;
    return {
      __typename: 'NearbyStation',
      id: st.id,
      name: st.name,
      walkMinutes: st.walkMinutes,
      subwayLines: st.lines.map((id) => {
        const l = subwayLine(id);
        return {
          __typename: 'SubwayLine',
          id: l.id,
          bullet: l.bullet,
          accessibleName: l.name,
          kind: l.kind,
          color: l.color,
          textColor: l.textColor,
        };
      }),
      ...(withLocation ? { location: at && { __typename: 'Location', ...at } } : {}),
    };
  });
}

/** 'New' (listed in the last 3 days), days on market and the last price drop within 14 days (common/freshness.ts). */
function freshness(r: Row, withDate: boolean) {
  const listedAt = r.listedAt === null ? null : r.listedAt instanceof Date ? r.listedAt : new Date(`${String(r.listedAt)}Z`);
  const droppedAt =
    r.priceDroppedAt === null
      ? null
      : r.priceDroppedAt instanceof Date
        ? r.priceDroppedAt
        : new Date(`${String(r.priceDroppedAt)}Z`);
  const drop = recentPriceDrop({ priceDroppedAt: droppedAt, priceDropAmount: r.priceDropAmount });
  return {
    isNew: isNewListing(listedAt),
    daysOnMarket: daysOnMarket(listedAt),
    priceDrop: drop && { __typename: 'PriceDrop', amount: drop.amount, ...(withDate ? { at: drop.at.toISOString() } : {}) },
  };
}

/** The concession of a row (common/listing.ts); the detail page reads its terms and label too. */
function concessionOf(r: Row, withTerms: boolean) {
  const c = { monthsFree: r.concessionMonthsFree as number | null, leaseMonths: r.concessionLeaseMonths as number | null };
  if (!hasConcession(c)) return null;
  return {
    __typename: 'Concession',
    monthsFree: c.monthsFree,
    leaseMonths: c.leaseMonths,
    ...(withTerms ? { terms: r.concessionTerms, label: concessionLabel(c) } : {}),
  };
}

const canManage = (r: Row, uid: string | null) => Boolean(uid) && (r.ownerId === uid || r.agentUserId === uid);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(`${String(v)}Z`).toISOString());

function searchJson(rows: Row[], uid: string | null, first: number, withCount: boolean) {
  const page = rows.slice(0, first);
  const edges = page.map((r) => {
    const cursor = Buffer.from(JSON.stringify({ k: 'search', s: 'newest', v: r.listedAt.toISOString(), id: r.id })).toString(
      'base64url',
    );
    return {
      __typename: 'PropertyEdge',
      cursor,
      node: {
        __typename: 'Property',
        id: r.id,
        commuteMinutes: null,
        location: r.lat === null || r.lng === null ? null : { __typename: 'Location', lat: r.lat, lng: r.lng },
        nearbyStations: stationsOf(r, false),
        ...freshness(r, false),
        slug: r.slug,
        title: r.title,
        address: r.address,
        unit: r.unit,
        neighborhood: r.neighborhood,
        borough: r.borough,
        price: r.price,
        originalPrice: r.originalPrice,
        netEffectivePrice: r.netEffectivePrice,
        concession: concessionOf(r, false),
        bedrooms: r.bedrooms,
        bathrooms: r.bathrooms,
        listingType: r.listingType,
        availableDate: r.availableDate,
        brokerFee: r.brokerFee,
        brokerFeePayer: r.brokerFeePayer,
        viewerCanManage: canManage(r, uid),
        isSaved: r.isSaved,
        photos: typed(r.photos, 'PropertyPhoto'),
        agent: agentOf(r),
      },
    };
  });
  return {
    data: {
      properties: {
        __typename: 'PropertyConnection',
        ...(withCount
          ? {
              totalCount: Math.min(COUNT_CAP, rows[0]?.totalCount ?? 0),
              totalCountCapped: (rows[0]?.totalCount ?? 0) > COUNT_CAP,
            }
          : {}),
        edges,
        pageInfo: { __typename: 'PageInfo', hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
      },
    },
  };
}

function detailJson(r: Row | undefined, uid: string | null) {
  if (!r) return { data: { property: null } };
  const otherFees = Array.isArray(r.otherFees) ? r.otherFees : [];
  const agent = agentOf(r);
  return {
    data: {
      property: {
        __typename: 'Property',
        id: r.id,
        slug: r.slug,
        title: r.title,
        address: r.address,
        unit: r.unit,
        neighborhood: r.neighborhood,
        borough: r.borough,
        postalCode: r.postalCode,
        price: r.price,
        originalPrice: r.originalPrice,
        netEffectivePrice: r.netEffectivePrice,
        concession: concessionOf(r, true),
        bedrooms: r.bedrooms,
        bathrooms: r.bathrooms,
        propertyType: r.propertyType,
        listingType: r.listingType,
        viewerCanManage: canManage(r, uid),
        isSaved: r.isSaved,
        viewerHasReported: r.viewerHasReported,
        hidden: false,
        hiddenReason: null,
        // Counted views: to the listing's owner and agent only (null to others, as the schema says).
        views: canManage(r, uid) ? r.views : null,
        nearbyStations: stationsOf(r, true),
        ...freshness(r, true),
        location: r.lat === null || r.lng === null ? null : { __typename: 'Location', lat: r.lat, lng: r.lng },
        photos: typed(r.photos, 'PropertyPhoto'),
        agent: agent && { ...agent, yearsExperience: r.yearsExperience, agency: r.agency },
        description: r.description,
        sqft: r.sqft,
        leaseTerm: r.leaseTerm,
        availableDate: r.availableDate,
        securityDeposit: r.securityDeposit,
        applicationFee: r.applicationFee,
        brokerFee: r.brokerFee,
        brokerFeePayer: r.brokerFeePayer,
        availableNow: isAvailableNow(String(r.availableDate)),
        furnishing: r.furnishing ?? null,
        otherFees: typed(otherFees, 'TenantFee'),
        totalMoveInCost: moveInTotal({ ...r, otherFees } as never),
        utilitiesIncluded: r.utilitiesIncluded,
        amenities: r.amenities,
        buildingAmenities: r.buildingAmenities,
        accessibilityFeatures: r.accessibilityFeatures,
        unitFeatures: r.unitFeatures,
        flooringType: r.flooringType,
        appliancesIncluded: r.appliancesIncluded,
        hvac: r.hvac,
        laundry: r.laundry,
        petPolicy: r.petPolicy,
        petFee: r.petFee,
        petDeposit: r.petDeposit,
        petTypesAllowed: r.petTypesAllowed,
        smokingPolicy: r.smokingPolicy,
        parking: r.parking,
        parkingFee: r.parkingFee,
        openHouses: (r.openHouses as Row[]).map((o) => ({
          __typename: 'OpenHouse',
          ...o,
          startsAt: iso(o.startsAt),
          endsAt: iso(o.endsAt),
        })),
        priceHistory: (r.priceHistory as Row[]).map((c) => ({ __typename: 'PriceChange', ...c, changedAt: iso(c.changedAt) })),
      },
    },
  };
}

/**
 * REST's page of items (GET /api/properties, SPEC part 7's names): the same rows as the card's, with
 * every field REST's item has (over a hundred keys against a card's thirty), its relations, its
 * reviews' average and number, and its saves counted. Written out by hand below (`restSearchJson`).
 */
const REST_SEARCH_SQL = `
  WITH page AS (
    SELECT p.* FROM "Property" p WHERE p."status" = 'ACTIVE' AND p."hiddenAt" IS NULL AND p."listingType" <> 'FOR_SALE'
    ORDER BY p."listedAt" DESC, p."id" DESC LIMIT $1
  )
  SELECT p.*, p."bedrooms"::float8 AS "bedrooms", p."bathrooms"::float8 AS "bathrooms",
         p."concessionMonthsFree"::float8 AS "concessionMonthsFree",
         to_char(p."availableDate", 'YYYY-MM-DD') AS "availableDate",
         p."locationLat"::float8 AS "lat", p."locationLng"::float8 AS "lng",
         COALESCE((SELECT json_agg(json_build_object('url', ph."url", 'thumbnailUrl', ph."thumbnailUrl",
                          'width', ph."width", 'height', ph."height") ORDER BY ph."position")
                   FROM "PropertyPhoto" ph WHERE ph."propertyId" = p."id"), '[]') AS "photos",
         COALESCE((SELECT json_agg(json_build_object('startsAt', o."startsAt", 'endsAt', o."endsAt", 'note', o."note")
                          ORDER BY o."startsAt") FROM "OpenHouse" o WHERE o."propertyId" = p."id"), '[]') AS "openHouses",
         (SELECT json_build_object('sum', sum(r."score"), 'n', count(*)) FROM "Review" r WHERE r."propertyId" = p."id") AS "reviewScores",
         a."id" AS "agentId", a."rating"::float8 AS "agentRating", a."reviewCount" AS "agentReviewCount", a."yearsExperience",
         a."agency", a."license", a."licenseVerifiedAt", u."id" AS "agentUserId", u."firstName", u."lastName", u."email",
         u."photoUrl", u."createdAt" AS "agentCreatedAt"
  FROM page p LEFT JOIN "Agent" a ON a."id" = p."agentId" LEFT JOIN "User" u ON u."id" = a."userId"
  ORDER BY p."listedAt" DESC, p."id" DESC`;

const REST_LABELS = optionLabelsOf(LISTING_FIELDS) as Record<string, Readonly<Record<string, string>>>;
const restLabel = (name: string, v: unknown) => {
  const map = REST_LABELS[name];
  if (!map || v === null || v === undefined) return v ?? null;
  return Array.isArray(v) ? v.map((x) => labelOf(map, x as string)) : labelOf(map, v as string);
};

/** A REST item of a row of REST_SEARCH_SQL, for a visitor who does not manage it (its numbers null). */
function restItemJson(r: Row) {
  const l = (name: string) => restLabel(name, r[name]);
  const concession = concessionOf(r, true);
  const photos = r.photos as Array<{ url: string; thumbnailUrl: string; width: number | null; height: number | null }>;
  const urls = photos.map((ph) => ph.url);
  const fresh = freshness(r, true);
  const scores = r.reviewScores as { sum: number | null; n: number };
  const rating = scores.n ? Math.round((Number(scores.sum) / scores.n) * 100) / 100 : null;
  const otherFees = Array.isArray(r.otherFees) ? r.otherFees : [];
  const agent = agentOf(r);
  const concessionRest = concession && {
    monthsFree: concession.monthsFree,
    months_free: concession.monthsFree,
    leaseMonths: concession.leaseMonths,
    lease_months: concession.leaseMonths,
    terms: concession.terms,
    label: concession.label,
  };
  const sale = r.listingType === 'FOR_SALE';
  const item = {
    id: r.id,
    slug: r.slug,
    title: r.title,
    description: r.description,
    address: r.address,
    address_full: r.address,
    unit: r.unit,
    borough: l('borough'),
    neighborhood: r.neighborhood,
    postalCode: r.postalCode,
    locationPlaceId: r.locationPlaceId,
    propertyType: l('propertyType'),
    listingType: l('listingType'),
    bedrooms: r.bedrooms,
    beds: r.bedrooms,
    bathrooms: r.bathrooms,
    baths: r.bathrooms,
    sqft: r.sqft,
    square_feet: r.sqft,
    price: r.price,
    availableDate: r.availableDate,
    leaseTerm: l('leaseTerm'),
    securityDeposit: r.securityDeposit,
    applicationFee: r.applicationFee,
    brokerFee: r.brokerFee,
    brokerFeePayer: l('brokerFeePayer'),
    utilitiesIncluded: l('utilitiesIncluded'),
    petPolicy: l('petPolicy'),
    petFee: r.petFee,
    petDeposit: r.petDeposit,
    petTypesAllowed: l('petTypesAllowed'),
    smokingPolicy: l('smokingPolicy'),
    parking: l('parking'),
    parkingFee: r.parkingFee,
    laundry: l('laundry'),
    buildingAmenities: l('buildingAmenities'),
    accessibilityFeatures: l('accessibilityFeatures'),
    amenities: r.amenities,
    unitFeatures: l('unitFeatures'),
    flooringType: l('flooringType'),
    appliancesIncluded: l('appliancesIncluded'),
    hvac: l('hvac'),
    furnishing: l('furnishing'),
    virtualTourUrl: r.virtualTourUrl,
    originalPrice: r.originalPrice,
    netEffectivePrice: r.netEffectivePrice,
    net_effective_price: r.netEffectivePrice,
    concession: concessionRest,
    photos,
    location: r.lat === null || r.lng === null ? null : { lat: r.lat, lng: r.lng },
    nearby_stations: ((r.nearbyStations ?? []) as Array<{ name: string; lines: string[]; walkMinutes: number }>).map((st) => ({
      name: st.name,
      lines: st.lines,
      walk_minutes: st.walkMinutes,
    })),
    totalMoveInCost: moveInTotal({ ...r, otherFees } as never),
    openHouseSchedule: (r.openHouses as Row[]).map((o) => ({ startsAt: iso(o.startsAt), endsAt: iso(o.endsAt), note: o.note })),
    status: String(r.status).toLowerCase(),
    isAvailable: r.isAvailable,
    deactivatedAt: r.deactivatedAt === null ? null : iso(r.deactivatedAt),
    views: null,
    inquiriesCount: null,
    inquiries_count: null,
    savesCount: null,
    saves_count: null,
    average_rating: rating,
    total_ratings: scores.n,
    createdAt: iso(r.createdAt),
    created_at: iso(r.createdAt),
    price_drop: fresh.priceDrop && { amount: fresh.priceDrop.amount, at: fresh.priceDrop.at },
    is_new: fresh.isNew,
    listedAt: r.listedAt === null ? null : iso(r.listedAt),
    listed_at: r.listedAt === null ? null : iso(r.listedAt),
    days_on_market: fresh.daysOnMarket,
    updatedAt: iso(r.updatedAt),
    ownerId: r.ownerId,
    owner_id: r.ownerId,
    agent: agent && {
      id: agent.id,
      userId: r.agentUserId,
      displayName: agent.displayName,
      name: agent.displayName,
      email: r.email,
      photoURL: agent.photoUrl,
      photoUrl: agent.photoUrl,
      rating: agent.rating,
      ratingAvg: agent.rating,
      ratingCount: agent.reviewCount,
      reviewCount: agent.reviewCount,
      years: r.yearsExperience,
      agency: r.agency,
      isNew: agent.isNew,
      license_verified: agent.licenseVerified,
    },
  };
  return {
    ...item,
    images: urls,
    photoUrls: urls,
    media: photos.map((ph) => ({ type: 'image', url: ph.url, thumbnailUrl: ph.thumbnailUrl })),
    agentId: agent?.id ?? null,
    pricing: {
      monthlyRent: sale ? null : r.price,
      netEffectiveRent: sale ? null : r.netEffectivePrice,
      askingPrice: sale ? r.price : null,
      concession: concessionRest,
      availableDate: item.availableDate,
      securityDeposit: item.securityDeposit,
      applicationFee: item.applicationFee,
      brokerFee: item.brokerFee,
    },
    policies: {
      leaseTerm: item.leaseTerm,
      utilitiesIncluded: item.utilitiesIncluded,
      petPolicy: item.petPolicy,
      petFee: item.petFee,
      petDeposit: item.petDeposit,
      petTypesAllowed: item.petTypesAllowed,
      smokingPolicy: item.smokingPolicy,
      parking: item.parking,
      parkingFee: item.parkingFee,
    },
  };
}

function restSearchJson(rows: Row[], first: number) {
  const page = rows.slice(0, first).map(arrays);
  const last = page.at(-1);
  return {
    items: page.map(restItemJson),
    nextCursor:
      rows.length > first && last
        ? Buffer.from(JSON.stringify({ k: 'search', s: 'newest', v: last.listedAt.toISOString(), id: last.id })).toString(
            'base64url',
          )
        : null,
  };
}

/** Parses PostgreSQL arrays of enums ('{A,B}') that pg leaves as text. */
function arrays(r: Row): Row {
  for (const k of Object.keys(r)) {
    const v = r[k];
    if (typeof v === 'string' && /^\{.*\}$/.test(v) && k !== 'description') r[k] = v === '{}' ? [] : v.slice(1, -1).split(',');
  }
  return r;
}

async function floorMain() {
  let connectionString = process.env.FLOOR_DATABASE_URL;
  let max = 10;
  let closePglite = async () => undefined;
  if (!connectionString) {
    // PGlite, served over the wire protocol on a loopback port with one connection, as the server does.
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
    const lite = await PGlite.create(path.join(process.env.FLOOR_DATA_DIR!, 'pglite'), { extensions: { pg_trgm } });
    const server = new PGLiteSocketServer({ db: lite, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
    connectionString = `postgresql://postgres:postgres@${server.getServerConn()}/postgres?sslmode=disable`;
    max = 1;
    closePglite = async () => {
      await server.stop();
      await lite.close();
    };
  }
  const pool = new pg.Pool({ connectionString, max });
  const CARDS = { count: cardSql(true), noCount: cardSql(false) };
  pool.on('error', () => undefined);
  const srv = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    const uid = url.searchParams.get('uid');
    const answer = (body: unknown) => {
      const json = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    };
    const fail = (err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String((err as Error).message));
    };
    if (url.pathname === '/search') {
      const first = Number(url.searchParams.get('first') ?? SEARCH_PAGE_SIZE);
      const withCount = url.searchParams.get('count') !== '0';
      pool
        .query(withCount ? CARDS.count : CARDS.noCount, [first + 1, uid])
        .then((r) => answer(searchJson(r.rows, uid, first, withCount)), fail);
    } else if (url.pathname === '/rest-search') {
      const first = Number(url.searchParams.get('first') ?? SEARCH_PAGE_SIZE);
      pool.query(REST_SEARCH_SQL, [first + 1]).then((r) => answer(restSearchJson(r.rows, first)), fail);
    } else if (url.pathname === '/detail') {
      pool
        .query(DETAIL_SQL, [url.searchParams.get('id'), uid])
        .then((r) => answer(detailJson(r.rows[0] && arrays(r.rows[0]), uid)), fail);
    } else {
      res.writeHead(404).end();
    }
  });
  srv.keepAliveTimeout = 60_000;
  srv.listen(0, '127.0.0.1', () => console.log(`FLOOR_PORT=${(srv.address() as net.AddressInfo).port}`));
  process.once('SIGTERM', () => {
    srv.close();
    srv.closeAllConnections();
    void pool
      .end()
      .then(closePglite)
      .then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------------
// Child processes
// ---------------------------------------------------------------------------------------------------

const children: ChildProcess[] = [];
let phase = 'start';

interface Child {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

async function startChild(
  name: string,
  args: string[],
  env: Record<string, string>,
  ready: (out: string) => Promise<string | null>,
  nodeArgs: readonly string[],
): Promise<Child> {
  const child = spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), ...env },
  });
  children.push(child);
  let out = '';
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 90_000;
  let url: string | null = null;
  while (!url) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`${name} did not start in 90 s:\n${out}`);
    url = await ready(out);
    if (!url) await sleep(250);
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(t);
      }
    },
  };
}

async function startApp(dataDir: string, env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return startChild(
    'the app',
    ['server/main.ts'],
    {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: 'false',
      ...env,
    },
    async () =>
      (await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
        ? url
        : null,
    // BENCH_APP_PROFILE=<dir>: the app writes a CPU profile there when it stops (node --cpu-prof).
    [
      ...(process.env.BENCH_APP_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_APP_PROFILE)}`] : []),
      // As `npm run serve` runs it.
      ...SERVER_NODE_ARGS,
    ],
  );
}

async function startFloor(env: Record<string, string>): Promise<Child> {
  return startChild(
    'the floor',
    [path.relative(ROOT, import.meta.filename), 'floor'],
    env,
    async (out) => {
      const m = /FLOOR_PORT=(\d+)/.exec(out);
      return m ? `http://127.0.0.1:${m[1]}` : null;
    },
    ['--import', 'tsx'],
  );
}

// ---------------------------------------------------------------------------------------------------
// Load
// ---------------------------------------------------------------------------------------------------

// Every connection autocannon opens (it calls net.connect(port, host)) takes the next loopback source address.
let nextAddress = 0;
const plainConnect = net.connect.bind(net);
(net as { connect: unknown }).connect = (...args: unknown[]) => {
  if (typeof args[0] === 'number' && args[1] === '127.0.0.1' && args.length === 2) {
    const localAddress = `127.0.0.${2 + (nextAddress++ % ADDRESSES)}`;
    return plainConnect({ port: args[0], host: '127.0.0.1', localAddress });
  }
  return (plainConnect as (...a: unknown[]) => net.Socket)(...args);
};

interface Request {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Headers that change from one request to the next (a partner key each). */
  rotate?: () => Record<string, string>;
}

interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  /** Connections opened in the measured run (each from the next loopback address). */
  opened: number;
  /** 2xx answers over RENDERED_PAGE_BYTES (pages: rendered on the server, not the plain page). */
  large: number;
  /** Rounds this result is the mean of (BENCH_LOAD_ROUNDS). */
  rounds?: number;
}

/** Rounds of the same path (BENCH_LOAD_ROUNDS on PostgreSQL): requests a second and latencies are their means. */
function combined(a: LoadResult, b: LoadResult): LoadResult {
  const n = a.rounds ?? 1;
  const mean = (x: number, y: number) => (x * n + y) / (n + 1);
  const statuses = { ...a.statuses };
  for (const [k, v] of Object.entries(b.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    rps: mean(a.rps, b.rps),
    p50: mean(a.p50, b.p50),
    p95: mean(a.p95, b.p95),
    p99: mean(a.p99, b.p99),
    requests: a.requests + b.requests,
    errors: a.errors + b.errors,
    statuses,
    opened: a.opened + b.opened,
    large: a.large + b.large,
    rounds: n + 1,
  };
}

/** A page the server rendered is well over this when brotli-compressed; the plain page (index.html) well under. */
const RENDERED_PAGE_BYTES = 4096;

function cannon(r: Request, seconds: number, latencies: number[] | null, sizes?: { large: number }): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: r.url,
        method: r.method,
        headers: r.headers,
        body: r.body,
        connections: CONNECTIONS,
        duration: seconds,
        reconnectRate: RECONNECT_RATE,
        timeout: 10,
        ...(r.rotate
          ? {
              requests: [
                {
                  setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...r.rotate!() } }),
                },
              ],
            }
          : {}),
        setupClient: (client: autocannon.Client) => {
          if (latencies)
            client.on('response', (status: number, bytes: number, ms: number) => {
              if (status >= 200 && status < 300) latencies.push(ms);
              if (sizes && bytes > RENDERED_PAGE_BYTES) sizes.large += 1;
            });
        },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    void inst;
  });
}

async function load(r: Request): Promise<LoadResult> {
  await cannon(r, WARMUP_SECONDS, null);
  const latencies: number[] = [];
  const sizes = { large: 0 };
  const before = nextAddress;
  const res = await cannon(r, SECONDS, latencies, sizes);
  const opened = nextAddress - before;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? Number.NaN;
  const statuses: Record<string, number> = {};
  for (const [code, v] of Object.entries(res.statusCodeStats ?? {})) statuses[code] = (v as { count: number }).count;
  return {
    rps: latencies.length / SECONDS,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    requests: res.requests.total,
    errors: res.errors + res.timeouts + res.non2xx,
    statuses,
    opened,
    large: sizes.large,
  };
}

async function fetchJson(r: Request): Promise<{ status: number; body: unknown; executor: string | null }> {
  const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
  return { status: res.status, body: await res.json().catch(() => null), executor: res.headers.get(EXECUTOR_HEADER) };
}

/** The paths of the first difference between two JSON values (for the floor's check). */
function differences(a: unknown, b: unknown, at = '', out: string[] = []): string[] {
  if (out.length >= 5 || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) differences((a as Row)[k], (b as Row)[k], `${at}.${k}`, out);
    return out;
  }
  out.push(`${at}: ${JSON.stringify(a)?.slice(0, 60)} ≠ ${JSON.stringify(b)?.slice(0, 60)}`);
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------

interface Scenario {
  name: string;
  graphql: (app: string) => Request;
  /** Absent for partners (their keys are for GraphQL only). */
  rest?: (app: string) => Request;
  floor: (floor: string) => Request;
  /** The floor of the REST page when it does less than the GraphQL one (no count). */
  floorNoCount?: (floor: string) => Request;
  /** The floor of REST's own JSON (its fields, its names), REST's ratio is to it (issue 55 item 1). */
  floorRest?: (floor: string) => Request;
  /** Anonymous pages may come from the public cache: measured apart, the uncached paths ask for a fresh answer. */
  cacheable?: boolean;
  /** Fields the floor answers that this path does not ask for (left out of the comparison). */
  omit?: readonly string[];
}

/** What a partner key may not read of a search page (server/http/partner-access.ts refuses them). */
const PARTNER_HIDDEN: readonly string[] = ['isSaved', 'viewerCanManage'];

/** `value` without the keys `names`, at any depth. */
function without(value: unknown, names: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => without(v, names));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !names.includes(k))
      .map(([k, v]) => [k, without(v, names)]),
  );
}

/** The header a browser's reload sends: the server answers without its public cache. */
const FRESH = { 'cache-control': 'no-cache' };

/** How many times a rendered page is loaded in turn with the floor of its data (PostgreSQL). */
const PAGE_ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS ?? 2);

/** Rounds of the same load as one: requests a second and percentiles averaged, counts added up. */
function meanOf(rounds: LoadResult[]): LoadResult {
  const mean = (f: (r: LoadResult) => number) => rounds.reduce((sum, r) => sum + f(r), 0) / rounds.length;
  const statuses: Record<string, number> = {};
  for (const r of rounds) for (const [code, n] of Object.entries(r.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
  return {
    rps: mean((r) => r.rps),
    p50: mean((r) => r.p50),
    p95: mean((r) => r.p95),
    p99: mean((r) => r.p99),
    requests: rounds.reduce((n, r) => n + r.requests, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    statuses,
    opened: rounds.reduce((n, r) => n + r.opened, 0),
    large: rounds.reduce((n, r) => n + r.large, 0),
  };
}
const fresh = (r: Request): Request => ({ ...r, headers: { ...r.headers, ...FRESH } });

async function startEmulator(dir: string): Promise<RunningEmulator> {
  for (let attempt = 1; ; attempt++) {
    try {
      const emulator = await startAuthEmulator({
        port: await freePort(),
        dataDir: dir,
        log: pino({ level: 'silent' }),
        persist: false,
      });
      await sleep(1_000);
      const ok = await fetch(`http://${emulator.host}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return emulator;
      await emulator.stop();
    } catch (err) {
      if (attempt >= 3) throw err;
    }
    if (attempt >= 3) throw new Error('the Auth emulator does not stay up');
    log('the Auth emulator did not start; starting another');
  }
}

async function emulatorPost<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/**
 * The signed-in renters' emulator accounts (the first is the seeded 'bench-renter', who has saved
 * listings; the others have the same ones: copySavedListings) and a fresh ID token each.
 */
async function renterIdTokens(emulatorHost: string): Promise<string[]> {
  const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const renters = Array.from({ length: SIGNED_IN_RENTERS }, (_, i) => renterAt(i));
  await emulatorPost(
    `${base}/projects/${EMULATOR_PROJECT_ID}/accounts:batchCreate`,
    {
      users: renters.map((r) => ({
        localId: r.uid,
        email: r.email,
        rawPassword: r.password,
        emailVerified: true,
        displayName: 'Rae Renter',
      })),
    },
    { authorization: 'Bearer owner' },
  );
  const tokens: string[] = [];
  for (const r of renters) {
    const signedIn = await emulatorPost<{ idToken: string }>(`${base}/accounts:signInWithPassword?key=bench`, {
      email: r.email,
      password: r.password,
      returnSecureToken: true,
    });
    tokens.push(signedIn.idToken);
  }
  return tokens;
}

/** The other signed-in renters' rows, each with the saved listings of 'bench-renter' (as many, the same ones). */
async function copySavedListings(db: Database): Promise<void> {
  const others = Array.from({ length: SIGNED_IN_RENTERS - 1 }, (_, i) => renterAt(i + 1));
  await db.prisma.user.createMany({
    data: others.map((r) => ({ id: r.uid, email: r.email, firstName: 'Rae', lastName: 'Renter' })),
    skipDuplicates: true,
  });
  for (const r of others) {
    await db.prisma.$executeRawUnsafe(
      `INSERT INTO "Favorite" ("id", "userId", "propertyId", "createdAt", "priceAtSave")
       SELECT gen_random_uuid(), $1, f."propertyId", f."createdAt", f."priceAtSave" FROM "Favorite" f WHERE f."userId" = $2
       ON CONFLICT DO NOTHING`,
      r.uid,
      RENTER.uid,
    );
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main() {
  const startedAt = new Date();
  const t0 = performance.now();
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-load-'));
  const appDir = path.join(tmp, 'app');
  await fsp.mkdir(appDir, { recursive: true });
  let emulator: RunningEmulator | null = null;
  let drop = async () => undefined as void;
  let running: Child | null = null;
  try {
    phase = 'database';
    let db: Database;
    let label: string;
    // BENCH_REUSE_DATABASE=<url>: a database an earlier run kept (BENCH_KEEP=1), used as it is (no
    // seeding): for measuring again while working on one path.
    const reuse = kind === 'postgres' ? process.env.BENCH_REUSE_DATABASE : undefined;
    if (reuse) {
      db = await createDatabase({ databaseUrl: reuse, poolSize: 4 });
      label = `PostgreSQL (reused ${new URL(reuse).pathname.slice(1)})`;
    } else if (kind === 'postgres') {
      const made = await freshDatabase();
      db = made.db;
      label = made.label;
      drop = made.drop;
    } else {
      db = await createDatabase({ dataDir: appDir });
      label = 'PGlite (files in a temporary folder, over the wire protocol, one connection)';
    }
    const [emu] = await Promise.all([
      startEmulator(path.join(tmp, 'auth')),
      (async () => {
        if (reuse) return;
        await applyMigrations(db.adapterFactory);
        log(`${label}: inserting ${LISTINGS.toLocaleString('en-US')} listings`);
        await seed(db);
      })(),
    ]);
    emulator = emu;
    const facts = (
      await db.prisma.$queryRawUnsafe<Array<{ listings: number; active: number; saved: number; detail: string }>>(
        `SELECT (SELECT count(*)::int FROM "Property") AS listings, (SELECT count(*)::int FROM "Property" WHERE "status" = 'ACTIVE') AS active,
                (SELECT count(*)::int FROM "Favorite" WHERE "userId" = 'bench-renter') AS saved,
                (SELECT p."id"::text FROM "Property" p WHERE p."status" = 'ACTIVE' AND EXISTS (SELECT 1 FROM "PropertyPhoto" ph WHERE ph."propertyId" = p."id")
                 ORDER BY p."createdAt" DESC LIMIT 1) AS detail`,
      )
    )[0]!;
    // Partner keys, each limited to RATE_LIMITS.partnerRequests a minute: the partner path takes the next key for each request.
    const partnerKeys: string[] = [];
    for (let i = 0; i < PARTNER_KEYS; i++) partnerKeys.push((await createPartnerKey(db.prisma, `bench partner ${i}`)).key);
    await copySavedListings(db);
    const floorDbUrl = kind === 'postgres' ? db.connectionString : null;
    await db.close();
    log(
      `${facts.listings} listings (${facts.active} active), the renter has ${facts.saved} saved; detail page: ${facts.detail} (${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );

    phase = 'sign in';
    const idTokens = await renterIdTokens(emulator.host);
    // What the client sends: the persisted document's hash, never its text (docs/decisions/0025).
    const search = persistedHash(SearchPropertiesDocument)!;
    const detail = persistedHash(PropertyDetailDocument)!;
    const gqlBody = (sha256Hash: string, variables: Record<string, unknown>) =>
      JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash } } });
    const json = { 'content-type': 'application/json', origin: ORIGIN };
    let cookie = '';
    // A session cookie per signed-in renter (SIGNED_IN_RENTERS), taken in turn by the signed-in page's requests.
    let cookies: string[] = [];
    let nextCookie = 0;
    const rotateCookie = () => ({ cookie: cookies[nextCookie++ % cookies.length]! });
    // The client's document without what a partner key may not read (the viewer's own facts).
    const partnerSearch = print(
      visit(SearchPropertiesDocument, {
        Field: (node) => (PARTNER_HIDDEN.includes(node.name.value) ? null : undefined),
      }),
    );
    const scenarios: Scenario[] = [
      {
        name: 'search page, anonymous',
        cacheable: true,
        graphql: (app) => ({
          method: 'POST',
          url: `${app}/graphql`,
          headers: json,
          body: gqlBody(search, { first: SEARCH_PAGE_SIZE }),
        }),
        rest: (app) => ({ method: 'GET', url: `${app}/api/properties?limit=${SEARCH_PAGE_SIZE}` }),
        floor: (f) => ({ method: 'GET', url: `${f}/search?first=${SEARCH_PAGE_SIZE}` }),
        floorNoCount: (f) => ({ method: 'GET', url: `${f}/search?first=${SEARCH_PAGE_SIZE}&count=0` }),
        floorRest: (f) => ({ method: 'GET', url: `${f}/rest-search?first=${SEARCH_PAGE_SIZE}` }),
      },
      {
        name: 'search page, signed in (session cookie)',
        graphql: (app) => ({
          method: 'POST',
          url: `${app}/graphql`,
          headers: { ...json, cookie },
          body: gqlBody(search, { first: SEARCH_PAGE_SIZE }),
          rotate: rotateCookie,
        }),
        rest: (app) => ({
          method: 'GET',
          url: `${app}/api/properties?limit=${SEARCH_PAGE_SIZE}`,
          headers: { cookie },
          rotate: rotateCookie,
        }),
        floor: (f) => ({ method: 'GET', url: `${f}/search?first=${SEARCH_PAGE_SIZE}&uid=${RENTER.uid}` }),
        floorNoCount: (f) => ({ method: 'GET', url: `${f}/search?first=${SEARCH_PAGE_SIZE}&uid=${RENTER.uid}&count=0` }),
        // REST's item has no viewer's fields a renter reads (no saved flag; the numbers are its managers'): the same JSON.
        floorRest: (f) => ({ method: 'GET', url: `${f}/rest-search?first=${SEARCH_PAGE_SIZE}` }),
      },
      {
        // A partner's own query for the same page: the same fields written out by hand (here the
        // client's document printed anew: another text, so nothing persisted helps), sent with a key.
        name: "search page, a partner's own query (API key)",
        graphql: (app) => ({
          method: 'POST',
          url: `${app}/graphql`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${partnerKeys[0]}` },
          body: JSON.stringify({ query: partnerSearch, variables: { first: SEARCH_PAGE_SIZE } }),
          rotate: () => ({ authorization: `Bearer ${partnerKeys[nextKey++ % partnerKeys.length]}` }),
        }),
        floor: (f) => ({ method: 'GET', url: `${f}/search?first=${SEARCH_PAGE_SIZE}` }),
        omit: PARTNER_HIDDEN,
      },
      {
        name: 'listing detail page, anonymous',
        cacheable: true,
        graphql: (app) => ({ method: 'POST', url: `${app}/graphql`, headers: json, body: gqlBody(detail, { id: facts.detail }) }),
        rest: (app) => ({ method: 'GET', url: `${app}/api/properties/${facts.detail}` }),
        floor: (f) => ({ method: 'GET', url: `${f}/detail?id=${facts.detail}` }),
      },
    ];
    // BENCH_LOAD_ONLY=<text>: only the scenarios whose name holds it (while profiling one path).
    const only = process.env.BENCH_LOAD_ONLY;
    if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => s.name.includes(only)));
    type Path = 'graphql' | 'rest' | 'floor' | 'floorNoCount' | 'floorRest' | 'graphqlCached' | 'restCached';
    const results = new Map<string, Partial<Record<Path, LoadResult>>>();
    const floorAnswers = new Map<string, unknown>();
    const note = (s: Scenario, p: Path, r: LoadResult) => {
      const before = results.get(s.name)?.[p];
      results.set(s.name, { ...results.get(s.name), [p]: before ? combined(before, r) : r });
      log(
        `${s.name} · ${p}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} / p95 ${fmt(r.p95)} / p99 ${fmt(r.p99)} ms, ${r.errors} errors ${JSON.stringify(r.statuses)}, ${r.opened} connections from ${Math.min(r.opened, ADDRESSES)} addresses`,
      );
    };

    const sameJson: Record<string, string> = {};
    const sameRestJson: Record<string, string> = {};
    const floorRestAnswers = new Map<string, unknown>();
    const executors: Record<string, string> = {};
    const floorRuns = async (floorUrl: string, s: Scenario) => {
      const r = s.floor(floorUrl);
      const once = await fetchJson(r);
      if (once.status !== 200) throw new Error(`floor ${s.name}: ${once.status}`);
      floorAnswers.set(s.name, s.omit ? without(once.body, s.omit) : once.body);
      note(s, 'floor', await load(r));
      if (s.floorNoCount) note(s, 'floorNoCount', await load(s.floorNoCount(floorUrl)));
      if (s.floorRest) {
        const rest = await fetchJson(s.floorRest(floorUrl));
        if (rest.status !== 200) throw new Error(`REST floor ${s.name}: ${rest.status}`);
        floorRestAnswers.set(s.name, rest.body);
        note(s, 'floorRest', await load(s.floorRest(floorUrl)));
      }
    };
    const startTheApp = async () => {
      const app = await startApp(appDir, {
        FIREBASE_AUTH_EMULATOR_HOST: emulator!.host,
        ...(floorDbUrl ? { DATABASE_URL: floorDbUrl } : {}),
      });
      cookies = [];
      for (const idToken of idTokens) {
        const session = await fetch(`${app.url}/api/auth/session`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ idToken }),
        });
        const set = /session=([^;]+)/.exec(session.headers.get('set-cookie') ?? '');
        if (session.status !== 200 || !set) throw new Error(`POST /api/auth/session: ${session.status} ${await session.text()}`);
        cookies.push(`session=${set[1]}`);
      }
      cookie = cookies[0]!;
      return app;
    };
    const appRuns = async (appUrl: string, s: Scenario) => {
      // The partner's text is planned on its second request: sent once before the check.
      // Asked fresh where the page is cacheable: a public-cache hit says nothing of the executor.
      const probe = () => fetchJson(s.cacheable ? fresh(s.graphql(appUrl)) : s.graphql(appUrl));
      await probe();
      const g = await probe();
      const errs = (g.body as { errors?: unknown[] } | null)?.errors;
      if (g.status !== 200 || errs) throw new Error(`GraphQL ${s.name}: ${g.status} ${JSON.stringify(errs).slice(0, 300)}`);
      if (s.rest) {
        const rest = await fetchJson(s.rest(appUrl));
        if (rest.status !== 200) throw new Error(`REST ${s.name}: ${rest.status}`);
        if (floorRestAnswers.has(s.name)) {
          const restDiff = differences(floorRestAnswers.get(s.name), rest.body);
          sameRestJson[s.name] = restDiff.length ? `differs: ${restDiff.join('; ')}` : 'identical';
          log(`${s.name}: the REST floor's JSON and REST's are ${sameRestJson[s.name]}`);
        }
      }
      executors[s.name] = g.executor === PLANNED ? 'the planned path (server/graphql/planned/)' : 'Apollo Server';
      // What a key's answer says besides its data (its cost and budget, issue 53 item 3) is not the page's.
      const body = s.name.includes('API key') ? { ...(g.body as object), extensions: undefined } : g.body;
      const diff = differences(floorAnswers.get(s.name), JSON.parse(JSON.stringify(body)));
      sameJson[s.name] = diff.length ? `differs: ${diff.join('; ')}` : 'identical';
      log(`${s.name}: the floor's JSON and GraphQL's are ${sameJson[s.name]}`);
      note(s, 'graphql', await load(s.cacheable ? fresh(s.graphql(appUrl)) : s.graphql(appUrl)));
      if (s.rest) note(s, 'rest', await load(s.cacheable ? fresh(s.rest(appUrl)) : s.rest(appUrl)));
      if (s.cacheable) {
        note(s, 'graphqlCached', await load(s.graphql(appUrl)));
        if (s.rest) note(s, 'restCached', await load(s.rest(appUrl)));
      }
    };

    // Pages as the browser asks for them (docs/decisions/0035): rendered on the server for the viewer,
    // an anonymous one from the public cache, beside the plain page (index.html, what every other path
    // serves; its floor). Only when the client's server build is there (`npm run build`).
    const pageResults: Array<{ name: string; r: LoadResult; floor?: LoadResult }> = [];
    const BROWSER = { accept: 'text/html', 'accept-encoding': 'br' };
    // The scenario whose floor is the raw SQL of a page's data.
    const dataScenarioOf = (name: string) =>
      name.startsWith('`/properties')
        ? 'listing detail page, anonymous'
        : name.includes('signed in')
          ? 'search page, signed in (session cookie)'
          : 'search page, anonymous';
    // floorUrl (PostgreSQL, where the floor runs beside the app): a rendered page is loaded in turn with the
    // floor of its data, PAGE_ROUNDS times, and compared with the floor measured right before it. The
    // shared machine's speed drifts by a third over minutes, more than what one change to the render buys.
    const pageRuns = async (appUrl: string, floorUrl: string | null) => {
      const probe = await fetch(`${appUrl}/`, { headers: { ...BROWSER, ...FRESH } });
      if (!(await probe.text()).includes('id="ssr-state"')) {
        log('pages: not rendered on the server (no dist/server: run `npm run build` first); skipped');
        return;
      }
      const page = (name: string, p: string, headers: Record<string, string> = {}) => ({
        name,
        req: { method: 'GET' as const, url: `${appUrl}${p}`, headers: { ...BROWSER, ...headers } },
        rendered: !!headers.cookie || headers === FRESH,
      });
      for (const { name, req, rendered } of [
        page('the plain page (index.html; floor)', '/messages'),
        page('`/` rendered, anonymous (uncached)', '/', FRESH),
        page('`/` anonymous, public cache', '/'),
        page('`/` rendered, signed in', '/', { cookie }),
        page('`/properties/{id}` rendered, anonymous (uncached)', `/properties/${facts.detail}`, FRESH),
        page('`/properties/{id}` anonymous, public cache', `/properties/${facts.detail}`),
      ]) {
        const dataFloor = scenarios.find((s) => s.name === dataScenarioOf(name));
        if (rendered && floorUrl && dataFloor) {
          const rounds: Array<{ r: LoadResult; floor: LoadResult }> = [];
          for (let round = 0; round < PAGE_ROUNDS; round++) {
            const floor = await load(dataFloor.floor(floorUrl));
            const r = await load(req);
            rounds.push({ r, floor });
            log(
              `page ${name}, round ${round + 1}: ${fmt(r.rps)} req/s (${r.large} of ${r.requests} rendered), p50 ${fmt(r.p50)} / p95 ${fmt(r.p95)} ms, ${r.errors} errors; its data's floor just before: ${fmt(floor.rps)} req/s (${(r.rps / floor.rps).toFixed(2)}×)`,
            );
          }
          pageResults.push({ name, r: meanOf(rounds.map((x) => x.r)), floor: meanOf(rounds.map((x) => x.floor)) });
          continue;
        }
        const r = await load(req);
        pageResults.push({ name, r });
        log(
          `page ${name}: ${fmt(r.rps)} req/s (${r.large} of ${r.requests} rendered), p50 ${fmt(r.p50)} / p95 ${fmt(r.p95)} ms, ${r.errors} errors`,
        );
      }
    };

    phase = 'floor';
    const floor = await startFloor(floorDbUrl ? { FLOOR_DATABASE_URL: floorDbUrl } : { FLOOR_DATA_DIR: appDir });
    running = floor;
    let app: Child;
    if (kind === 'postgres') {
      // Both run side by side (each idle while the other is loaded), and each scenario's floor is
      // measured right before the app's paths of that scenario: the shared machine's load changes over
      // minutes, and a floor measured minutes before the app would compare different moments.
      phase = 'app';
      app = await startTheApp();
      for (const s of scenarios) {
        // BENCH_LOAD_ROUNDS: the floor and the app in turn that many times, each row their mean.
        for (let round = 0; round < ROUNDS; round++) {
          await floorRuns(floor.url, s);
          await appRuns(app.url, s);
        }
      }
      running = app;
      await pageRuns(app.url, floor.url);
      await floor.stop();
    } else {
      // PGlite serves one process: the floor first, gone before the app opens the same data directory.
      for (const s of scenarios) await floorRuns(floor.url, s);
      await floor.stop();
      running = null;
      phase = 'app';
      app = await startTheApp();
      running = app;
      for (const s of scenarios) await appRuns(app.url, s);
      await pageRuns(app.url, null);
    }
    const appOutput = app.output();
    await app.stop();
    running = null;

    // --- the report ------------------------------------------------------------------------------
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');
    const lines = [
      '| scenario | path | requests/s | p50 | p95 | p99 | errors | ÷ floor (req/s) | ÷ floor (p95) |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ];
    for (const s of scenarios) {
      const r = results.get(s.name)!;
      for (const p of ['floor', 'floorNoCount', 'floorRest', 'graphql', 'rest', 'graphqlCached', 'restCached'] as const) {
        const x = r[p];
        if (!x) continue;
        // GraphQL against the floor of the same JSON; REST against the floor of its own JSON where there is
        // one, else the floor without the count.
        const restFloor = r.floorRest ?? r.floorNoCount;
        const floor =
          (p === 'rest' || p === 'restCached' ? restFloor : p === 'floorNoCount' ? r.floorNoCount : undefined) ?? r.floor!;
        const isFloor = p === 'floor' || p === 'floorNoCount' || p === 'floorRest';
        const pathName = {
          floor: 'floor: node:http + one SQL (pg), GraphQL JSON',
          floorNoCount: 'floor without the count, GraphQL JSON',
          floorRest: "floor of REST's JSON (its fields and names, one SQL)",
          graphql: 'POST /graphql' + (s.cacheable ? ' (uncached)' : ''),
          rest: 'GET /api/properties' + (s.name.startsWith('listing') ? '/{id}' : '') + (s.cacheable ? ' (uncached)' : ''),
          graphqlCached: 'POST /graphql (public cache)',
          restCached: 'GET /api/properties' + (s.name.startsWith('listing') ? '/{id}' : '') + ' (public cache)',
        }[p];
        lines.push(
          `| ${s.name} | ${pathName} | ${fmt(x.rps)} | ${fmt(x.p50)} ms | ${fmt(x.p95)} ms | ${fmt(x.p99)} ms | ${x.errors} | ${isFloor ? '1' : ratio(x.rps, floor.rps)} | ${isFloor ? '1' : ratio(x.p95, floor.p95)} |`,
        );
      }
    }
    const table = lines.join('\n');
    const pageFloor = pageResults[0]?.r;
    const pageTable = pageFloor
      ? [
          '| page | requests/s | rendered on the server | p50 | p95 | p99 | errors | ÷ plain page (req/s) | ÷ raw-SQL floor of its data (req/s) |',
          '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
          ...pageResults.map(({ name, r, floor }, i) => {
            // The floor loaded in turn with the page (PostgreSQL), else the scenario's floor measured above.
            const dataFloor = floor ?? results.get(dataScenarioOf(name))?.floor;
            return `| ${name} | ${fmt(r.rps)} | ${i === 0 ? '—' : `${r.large} of ${r.requests}`} | ${fmt(r.p50)} ms | ${fmt(r.p95)} ms | ${fmt(r.p99)} ms | ${r.errors} | ${i === 0 ? '1' : ratio(r.rps, pageFloor.rps)} | ${i === 0 || !dataFloor ? '—' : `${ratio(r.rps, dataFloor.rps)} (${fmt(dataFloor.rps)}${floor ? ', in turn' : ''})`} |`;
          }),
        ].join('\n')
      : '';
    if (pageTable) console.log(`\n${pageTable}\n`);
    console.log(`\n${table}\n`);
    const cpus = os.cpus();
    const section = `<!-- BEGIN ${kind} -->
## ${label}

Run on ${startedAt.toISOString()}: ${facts.listings.toLocaleString('en-US')} listings (${facts.active.toLocaleString('en-US')} active).
Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};
load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' / ',
      )} at the end (the machine is shared). ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${SECONDS} s per path${ROUNDS > 1 && kind === 'postgres' ? `; each scenario's floor and app paths loaded in turn ${ROUNDS} times, each row the mean of its rounds (\`BENCH_LOAD_ROUNDS=${ROUNDS}\`)` : ''}.
A search page is ${SEARCH_PAGE_SIZE} cards, newest first, with \`totalCount\` (the client's SearchProperties); the floor's JSON
compared with GraphQL's before the load: ${scenarios.map((s) => `${s.name} — ${sameJson[s.name]}`).join('; ')}.
${
  Object.keys(sameRestJson).length
    ? `The REST floor's JSON compared with REST's: ${Object.entries(sameRestJson)
        .map(([name, same]) => `${name} — ${same}`)
        .join('; ')}.`
    : ''
}
GraphQL answered by: ${scenarios.map((s) => `${s.name} — ${executors[s.name]}`).join('; ')}.

${table}
${pageTable ? `\nPages, as a browser asks for them (\`Accept-Encoding: br\`); a render beyond the ${SSR_MAX_CONCURRENT} at once of a process is sent as the plain page, so the uncached rows say how many were rendered.${kind === 'postgres' ? ` Each rendered page was loaded ${PAGE_ROUNDS} times, each time right after the floor of its data (the raw SQL of the same scenario above): its row is the mean of those rounds, and its ratio is to the mean of those floors (the floor's requests a second in brackets).` : ''}\n\n${pageTable}\n` : ''}${/\bwarn|error/i.test(appOutput) ? `\nThe app printed (last lines):\n\n\`\`\`\n${appOutput.trim().split('\n').slice(-5).join('\n').slice(0, 1500)}\n\`\`\`\n` : ''}<!-- END ${kind} -->`;
    const intro = `# Load through HTTP

Written by \`npm run bench\` (tests/bench/load.bench.ts; how it works is at the top of that file): PGlite by default,
PostgreSQL with \`BENCH_DATABASE_URL\`; each run replaces its own section below. The in-process search timings
are in [results.md](results.md).

- **POST /graphql**: the app (\`server/main.ts\`, a child process, every limit at its real value) answering the
  client's own documents (SearchProperties, PropertyDetail) with the browser's variables, and a partner's
  hand-written query of the same page with an API key. Each is answered by the planned path
  (docs/decisions/0047-planned-documents.md) when it can be; each section says which executor answered.
- **GET /api/properties**: the REST shim of the same page (its own JSON shape, no \`totalCount\`), same process. On
  the search page its ratios are to the floor of REST's own JSON (issue 55 item 1: its hundred-odd keys, SPEC
  part 7's names, labels and groups, one hand-written SQL statement; compared with REST's answer before the
  load), GraphQL's to the floor of GraphQL's JSON with the count; the detail page's REST to the GraphQL floor.
- **floor**: a minimal \`node:http\` handler in its own child process running one hand-written SQL statement over
  \`pg\` per request (same rows, photos, agent, count, saved flag) and answering the GraphQL JSON; REST's floor
  answers REST's JSON the same way (\`/rest-search\`).
- **(uncached)** / **(public cache)**: anonymous pages may be answered from the public cache (a few seconds, emptied by
  any listing write; docs/decisions/0022-fast-graphql.md). The uncached rows send \`Cache-Control: no-cache\` (as a
  browser's reload does), which the server honours, so they measure the full work; the cached rows send the same
  request without it. Signed-in pages are never cached.
- Load: autocannon, ${CONNECTIONS} connections, loopback only, one path at a time. The anonymous GraphQL limit (1,200 a
  minute per address) stays on: connections come from ${ADDRESSES} loopback addresses in turn (127.0.0.2 …) and reconnect
  every ${RECONNECT_RATE} requests (the same for every path); any non-2xx answer counts as an error. Latencies are of 2xx answers.
- The signed-in GraphQL limit (${RATE_LIMITS.signedIn.points.toLocaleString('en-US')} a minute per user) stays on too: the signed-in page is asked by ${SIGNED_IN_RENTERS} renters in
  turn (a session cookie each, all with the same saved listings), at most ${(SIGNED_IN_RENTERS * RATE_LIMITS.signedIn.points).toLocaleString('en-US')} operations a minute before a 429.
`;
    const previous = await fsp.readFile(RESULTS, 'utf8').catch(() => '');
    const sections = (['pglite', 'postgres'] as const).map((k) => {
      if (k === kind) return section;
      return new RegExp(`<!-- BEGIN ${k} -->[\\s\\S]*?<!-- END ${k} -->`).exec(previous)?.[0] ?? null;
    });
    if (only || LISTINGS !== 100_000) {
      // A partial run (one scenario, or another size) is printed, never written over the full one.
      console.log(section);
      log(`partial run: ${path.relative(process.cwd(), RESULTS)} left as it was`);
    } else {
      // What follows the last section (the notes written by hand: runs before and after a change) is kept.
      const notes = previous.slice(previous.lastIndexOf('<!-- END ') + 1).replace(/^[^\n]*\n?/, '');
      const body = [intro, ...sections.filter((x): x is string => x !== null)].join('\n');
      await fsp.writeFile(RESULTS, `${body}\n${previous.includes('<!-- END ') && notes.trim() ? notes : ''}`);
      log(`wrote ${path.relative(process.cwd(), RESULTS)} in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
  } finally {
    await running?.stop().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    await drop().catch(() => undefined);
    await fsp.rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  }
}

if (process.argv[2] === 'floor') {
  floorMain().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  const hard = setTimeout(() => {
    console.error(`[bench:load] FAILED: over ${HARD_TIMEOUT_MS / 1000} s (during: ${phase})`);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  }, HARD_TIMEOUT_MS);
  process.once('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
  main().then(
    () => {
      clearTimeout(hard);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

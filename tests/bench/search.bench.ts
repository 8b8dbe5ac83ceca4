// `npm run bench`: search latency at 100,000 listings, through GraphQL beside the same query in raw SQL.
//
// Creates a fresh database (in-memory PGlite by default; a throwaway database on the server named by
// BENCH_DATABASE_URL otherwise), applies the migrations, inserts the listings in batches of
// multi-row INSERT … SELECT generate_series (a few agents, about 30% of listings with a photo row),
// runs VACUUM ANALYZE, then times each scenario (BENCH_RUNS runs after a warm-up) and prints a
// table, which it also writes to tests/bench/results.md with the date, the machine and the plans'
// indexes. BENCH_LISTINGS changes the number of listings (default 100,000), BENCH_RUNS the runs per
// scenario (default 200); BENCH_KEEP=1 keeps a PostgreSQL bench database (and prints its URL) to
// study plans.

import { COUNT_CAP } from '../../server/modules/listings/listings.service.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { graphql } from 'graphql';
import { pino } from 'pino';
import type { Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import type { Viewer } from '../../server/core/viewer.js';
import type { GraphQLContext } from '../../server/graphql/context.js';
import { getSchema } from '../../server/graphql/schema.js';
import { AGENTS, LISTINGS, q, seed } from './bench-data.js';
import { freshDatabase } from './bench-db.js';
import { encodeCursor } from '../../server/modules/listings/listings.service.js';
import { WORD_SIMILARITY_THRESHOLD } from '../../server/db/client.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Math.min(20, RUNS);
const PAGE = 12;
const DEEP_OFFSET = 5_000;
const RESULTS = path.resolve(import.meta.dirname, 'results.md');

const log = (msg: string) => console.log(`[bench] ${msg}`);

// ---------------------------------------------------------------------------------------------------
// Database
// ---------------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------------
// Scenarios: each a GraphQL operation and the equivalent SQL (same rows, same joined data)
// ---------------------------------------------------------------------------------------------------

const CARDS = /* GraphQL */ `
  query Cards($filter: PropertyFilter, $sort: PropertySort, $first: Int, $after: String) {
    properties(filter: $filter, sort: $sort, first: $first, after: $after) {
      edges {
        cursor
        node {
          id
          slug
          title
          address
          price
          originalPrice
          bedrooms
          bathrooms
          availableDate
          isSaved
          location {
            lat
            lng
          }
          photos {
            url
            thumbnailUrl
          }
          agent {
            id
            displayName
            photoUrl
            rating
            reviewCount
            isNew
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
const CARDS_WITH_COUNT = CARDS.replace(
  'properties(filter: $filter, sort: $sort, first: $first, after: $after) {',
  '$& totalCount',
);

/** The card columns with the photos and agent of each row, as the GraphQL page reads them. */
function cardSql(where: string, order: string, savedBy: string | null): string {
  return `
    SELECT p."id", p."slug", p."title", p."address", p."price", p."originalPrice", p."bedrooms", p."bathrooms",
           p."availableDate", p."createdAt", p."views", p."locationLat", p."locationLng",
           ${savedBy ? `EXISTS (SELECT 1 FROM "Favorite" f WHERE f."propertyId" = p."id" AND f."userId" = ${q(savedBy)})` : 'false'} AS "isSaved",
           COALESCE((SELECT json_agg(json_build_object('url', ph."url", 'thumbnailUrl', ph."thumbnailUrl") ORDER BY ph."position")
                     FROM "PropertyPhoto" ph WHERE ph."propertyId" = p."id"), '[]') AS photos,
           (SELECT json_build_object('id', a."id", 'rating', a."rating", 'reviewCount', a."reviewCount", 'firstName', u."firstName",
                                     'lastName', u."lastName", 'email', u."email", 'photoUrl', u."photoUrl", 'createdAt', u."createdAt")
            FROM "Agent" a JOIN "User" u ON u."id" = a."userId" WHERE a."id" = p."agentId") AS agent
    FROM "Property" p
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${PAGE + 1}`;
}

/** The text match of the search (server/modules/listings/text-search.ts), written out. */
function trigramWhere(words: string[]): string {
  const cols = ['p."neighborhood"', 'p."address"', 'p."title"'];
  return words
    .map((w) => {
      const pattern = q(`%${w}%`);
      const exact = cols.map((c) => `${c} ILIKE ${pattern}`).join(' OR ');
      if (w.length < 4) return `(${exact})`;
      const occurs = `(${cols.map((c) => `EXISTS (SELECT 1 FROM "Property" p WHERE p."status" = 'ACTIVE' AND ${c} ILIKE ${pattern})`).join(' OR ')})`;
      return `(${exact} OR (NOT ${occurs} AND (${cols.map((c) => `${q(w)} <% ${c}`).join(' OR ')})))`;
    })
    .join(' AND ');
}

interface Scenario {
  name: string;
  gql: { source: string; variables: Record<string, unknown>; viewer?: Viewer | null };
  sql: { text: string; trigram?: boolean; extra?: string };
}

async function scenarios(db: Database, renterId: string, active: number): Promise<Scenario[]> {
  const deepOffset = Math.min(DEEP_OFFSET, Math.floor(active / 2));
  const newest = 'p."createdAt" DESC, p."id" DESC';
  const renter: Viewer = { uid: renterId, email: 'renter@bench.nycrentals.test', role: 'RENTER' };
  // The cursor of the row at DEEP_OFFSET in the newest order, as a client paging that far would hold.
  const deep = await db.prisma.$queryRawUnsafe<Array<{ id: string; createdAt: Date; price: number; views: number }>>(
    `SELECT "id", "createdAt", "price", "views" FROM "Property" WHERE "status" = 'ACTIVE' ORDER BY "createdAt" DESC, "id" DESC OFFSET ${deepOffset - 1} LIMIT 1`,
  );
  const deepRow = deep[0]!;
  const deepCursor = encodeCursor('newest', deepRow);
  const deepTs = deepRow.createdAt.toISOString();
  return [
    {
      name: 'newest, no filter (first page)',
      gql: { source: CARDS, variables: { first: PAGE } },
      sql: { text: cardSql(`p."status" = 'ACTIVE'`, newest, null) },
    },
    {
      name: 'newest, signed in (isSaved)',
      gql: { source: CARDS, variables: { first: PAGE }, viewer: renter },
      sql: { text: cardSql(`p."status" = 'ACTIVE'`, newest, renterId) },
    },
    {
      name: 'borough + price range',
      gql: { source: CARDS, variables: { first: PAGE, filter: { borough: 'MANHATTAN', minPrice: 2500, maxPrice: 4500 } } },
      sql: {
        text: cardSql(`p."status" = 'ACTIVE' AND p."borough" = 'MANHATTAN' AND p."price" BETWEEN 2500 AND 4500`, newest, null),
      },
    },
    {
      name: 'borough + price + totalCount',
      gql: {
        source: CARDS_WITH_COUNT,
        variables: { first: PAGE, filter: { borough: 'MANHATTAN', minPrice: 2500, maxPrice: 4500 } },
      },
      sql: {
        text: cardSql(`p."status" = 'ACTIVE' AND p."borough" = 'MANHATTAN' AND p."price" BETWEEN 2500 AND 4500`, newest, null),
        extra: `SELECT count(*)::int FROM (SELECT 1 FROM "Property" p WHERE p."status" = 'ACTIVE' AND p."borough" = 'MANHATTAN' AND p."price" BETWEEN 2500 AND 4500 LIMIT ${COUNT_CAP + 1}) m`,
      },
    },
    {
      name: 'neighborhood (Astoria), newest',
      gql: { source: CARDS, variables: { first: PAGE, filter: { borough: 'QUEENS', neighborhood: 'Astoria' } } },
      sql: { text: cardSql(`p."status" = 'ACTIVE' AND p."borough" = 'QUEENS' AND p."neighborhood" = 'Astoria'`, newest, null) },
    },
    {
      name: 'minBeds 2 + dogs, price low→high',
      gql: { source: CARDS, variables: { first: PAGE, sort: 'PRICE_LOW', filter: { minBeds: 2, pets: 'DOGS' } } },
      sql: {
        text: cardSql(
          `p."status" = 'ACTIVE' AND p."bedrooms" >= 2 AND p."petPolicy" = 'PETS_ALLOWED' AND p."petTypesAllowed" && ARRAY['DOGS','SMALL_DOGS_ONLY']::"PetType"[]`,
          'p."price" ASC, p."id" ASC',
          null,
        ),
      },
    },
    {
      name: "text 'wiliamsburg' (typo)",
      gql: { source: CARDS, variables: { first: PAGE, filter: { search: 'wiliamsburg' } } },
      sql: { text: cardSql(`p."status" = 'ACTIVE' AND ${trigramWhere(['wiliamsburg'])}`, newest, null), trigram: true },
    },
    {
      name: "text 'wiliamsburg' + totalCount",
      gql: { source: CARDS_WITH_COUNT, variables: { first: PAGE, filter: { search: 'wiliamsburg' } } },
      sql: {
        text: cardSql(`p."status" = 'ACTIVE' AND ${trigramWhere(['wiliamsburg'])}`, newest, null),
        extra: `SELECT count(*)::int FROM (SELECT 1 FROM "Property" p WHERE p."status" = 'ACTIVE' AND ${trigramWhere(['wiliamsburg'])} LIMIT ${COUNT_CAP + 1}) m`,
        trigram: true,
      },
    },
    {
      name: "text 'apartment' + totalCount (common word)",
      gql: { source: CARDS_WITH_COUNT, variables: { first: PAGE, filter: { search: 'apartment' } } },
      sql: {
        text: cardSql(`p."status" = 'ACTIVE' AND ${trigramWhere(['apartment'])}`, newest, null),
        extra: `SELECT count(*)::int FROM (SELECT 1 FROM "Property" p WHERE p."status" = 'ACTIVE' AND ${trigramWhere(['apartment'])} LIMIT ${COUNT_CAP + 1}) m`,
        trigram: true,
      },
    },
    {
      name: "text 'bedfrod ave' (typo)",
      gql: { source: CARDS, variables: { first: PAGE, filter: { search: 'bedfrod ave' } } },
      sql: { text: cardSql(`p."status" = 'ACTIVE' AND ${trigramWhere(['bedfrod', 'ave'])}`, newest, null), trigram: true },
    },
    {
      name: `deep keyset page (after row ${deepOffset.toLocaleString('en-US')})`,
      gql: { source: CARDS, variables: { first: PAGE, after: deepCursor } },
      sql: {
        text: cardSql(
          `p."status" = 'ACTIVE' AND (p."createdAt", p."id") < (${q(deepTs)}::timestamp(3), ${q(deepRow.id)}::uuid)`,
          newest,
          null,
        ),
      },
    },
    {
      name: 'most popular',
      gql: { source: CARDS, variables: { first: PAGE, sort: 'POPULAR' } },
      sql: { text: cardSql(`p."status" = 'ACTIVE'`, 'p."views" DESC, p."id" DESC', null) },
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------------------

interface Stats {
  p50: number;
  p95: number;
  mean: number;
}

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length };
}

async function time(fn: () => Promise<void>): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

async function runSql(db: Database, s: Scenario['sql']): Promise<number> {
  const prisma = db.prisma;
  if (s.trigram) {
    const [, rows] = await prisma.$transaction([
      prisma.$executeRawUnsafe(`SET LOCAL pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`),
      prisma.$queryRawUnsafe<unknown[]>(s.text),
      ...(s.extra ? [prisma.$queryRawUnsafe<unknown[]>(s.extra)] : []),
    ]);
    return (rows as unknown[]).length;
  }
  const rows = await prisma.$queryRawUnsafe<unknown[]>(s.text);
  if (s.extra) await prisma.$queryRawUnsafe(s.extra);
  return rows.length;
}

async function planIndexes(db: Database, s: Scenario['sql']): Promise<{ indexes: string[]; ms: number | null }> {
  const page = await planOf(db, s.text, s.trigram);
  if (!s.extra) return page;
  const count = await planOf(db, s.extra, s.trigram);
  return { indexes: [...page.indexes, ...count.indexes.map((i) => `count: ${i}`)], ms: page.ms };
}

async function planOf(db: Database, sql: string, trigram = false): Promise<{ indexes: string[]; ms: number | null }> {
  const explain = `EXPLAIN (ANALYZE, FORMAT TEXT) ${sql}`;
  const rows = trigram
    ? (
        await db.prisma.$transaction([
          db.prisma.$executeRawUnsafe(`SET LOCAL pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`),
          db.prisma.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(explain),
        ])
      )[1]
    : await db.prisma.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(explain);
  const text = rows.map((r) => r['QUERY PLAN']).join('\n');
  const outer = text.split('\n').filter((l) => !/SubPlan|InitPlan/.test(l));
  const indexes = new Set<string>();
  for (const m of text.matchAll(/(?:Index(?: Only)? Scan(?: Backward)? using|Bitmap Index Scan on) "?([\w]+)"?/g))
    indexes.add(m[1]!);
  const seq = outer.some((l) => /Seq Scan on "?Property"?/.test(l));
  if (seq) indexes.add('Seq Scan on Property');
  const ms = /Execution Time: ([\d.]+) ms/.exec(text)?.[1];
  return { indexes: [...indexes], ms: ms ? Number(ms) : null };
}

const fmt = (n: number) => n.toFixed(1);

async function main() {
  const startedAt = new Date();
  const total = performance.now();
  const { db, label, drop } = await freshDatabase();
  try {
    log(`database: ${label}`);
    await applyMigrations(db.adapterFactory);
    log(`inserting ${LISTINGS.toLocaleString('en-US')} listings`);
    const { renterId, seconds: seedSeconds } = await seed(db);
    const counts = await db.prisma.$queryRawUnsafe<Array<{ listings: number; active: number; photos: number }>>(
      `SELECT (SELECT count(*)::int FROM "Property") AS listings, (SELECT count(*)::int FROM "Property" WHERE "status" = 'ACTIVE') AS active,
              (SELECT count(*)::int FROM "PropertyPhoto") AS photos`,
    );
    const c = counts[0]!;
    log(`seeded in ${seedSeconds.toFixed(1)} s: ${c.listings} listings (${c.active} active), ${c.photos} photos`);

    const schema = getSchema();
    const silent = pino({ level: 'silent' });
    const list = await scenarios(db, renterId, c.active);
    const rows: Array<{ name: string; gql: Stats; sql: Stats; items: number; indexes: string[]; planMs: number | null }> = [];
    for (const s of list) {
      const context = (): GraphQLContext => ({ prisma: db.prisma, viewer: s.gql.viewer ?? null, log: silent });
      const once = await graphql({ schema, source: s.gql.source, variableValues: s.gql.variables, contextValue: context() });
      if (once.errors?.length) throw new Error(`${s.name}: ${once.errors.map((e) => e.message).join('; ')}`);
      const items = (once.data as { properties: { edges: unknown[] } }).properties.edges.length;
      const sqlItems = Math.min(PAGE, await runSql(db, s.sql));
      if (sqlItems !== items) throw new Error(`${s.name}: GraphQL answered ${items} items, SQL ${sqlItems}`);
      const gqlStats = await time(async () => {
        const r = await graphql({ schema, source: s.gql.source, variableValues: s.gql.variables, contextValue: context() });
        if (r.errors?.length) throw new Error(r.errors[0]!.message);
      });
      const sqlStats = await time(async () => {
        await runSql(db, s.sql);
      });
      const plan = await planIndexes(db, s.sql);
      rows.push({ name: s.name, gql: gqlStats, sql: sqlStats, items, indexes: plan.indexes, planMs: plan.ms });
      log(
        `${s.name}: GraphQL p50 ${fmt(gqlStats.p50)} ms / p95 ${fmt(gqlStats.p95)} ms; SQL p50 ${fmt(sqlStats.p50)} ms / p95 ${fmt(sqlStats.p95)} ms`,
      );
    }

    const header = `| scenario | items | GraphQL p50 | GraphQL p95 | SQL p50 | SQL p95 | indexes in the SQL plan |`;
    const sep = `|---|---:|---:|---:|---:|---:|---|`;
    const table = [
      header,
      sep,
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.items} | ${fmt(r.gql.p50)} ms | ${fmt(r.gql.p95)} ms | ${fmt(r.sql.p50)} ms | ${fmt(r.sql.p95)} ms | ${r.indexes.join(', ') || '—'} |`,
      ),
    ].join('\n');
    console.log(`\n${table}\n`);
    const cpus = os.cpus();
    const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
    const section = `<!-- BEGIN ${kind} -->
## ${label}

Run on ${startedAt.toISOString()}. ${c.listings.toLocaleString('en-US')} listings (${c.active.toLocaleString('en-US')} active),
${AGENTS} agents, ${c.photos.toLocaleString('en-US')} photo rows; seeding and \`VACUUM ANALYZE\` took ${seedSeconds.toFixed(1)} s.
Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average
${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at the end (the machine is shared).

${table}
<!-- END ${kind} -->`;
    const intro = `# Search benchmark

Written by \`npm run bench\` (tests/bench/search.bench.ts): in-memory PGlite by default, PostgreSQL with
\`BENCH_DATABASE_URL\`; each run replaces its own section below.

- A fresh database, migrated; listings across the 43 neighborhoods (about 94% active), a few agents, a photo row
  for about 30% of listings, then \`VACUUM ANALYZE\`.
- Each scenario: ${WARMUP} warm-up runs, then ${RUNS} timed runs, one at a time. A page is ${PAGE} cards (id, slug, title,
  address, price, original price, beds, baths, availability, location, isSaved, photos, agent summary).
- **GraphQL**: \`graphql()\` against the real Pothos schema in-process (parse, validate, execute, the pg driver
  adapter). A page is one SQL statement, with or without text, \`totalCount\` included (counted up to
  ${COUNT_CAP.toLocaleString('en-US')}: '1,000+ properties'; docs/decisions/0022-fast-graphql.md).
- **SQL**: the same rows and joined data written by hand (\`$queryRawUnsafe\` over the same connection), as a floor.
- Load through real HTTP (requests/s and latency under 8 connections, GraphQL and REST beside a raw-SQL floor):
  [load-results.md](load-results.md), written by tests/bench/load.bench.ts.
- Lighthouse (mobile and desktop presets) on the listings and detail pages of the production build: LCP, CLS,
  TBT, FCP, Speed Index and the performance score against the goals, with the elements to fix:
  [lighthouse-results.md](lighthouse-results.md), written by tests/bench/lighthouse.bench.ts.
- The index column lists the indexes of the SQL plan (\`EXPLAIN ANALYZE\`), subqueries included. For a common,
  correctly spelled word the "Seq Scan" is the "does the word occur anywhere" probe, which stops at the first row
  containing it; its \`totalCount\` stops at the first ${(COUNT_CAP + 1).toLocaleString('en-US')} matches, in GraphQL and in the SQL floor alike.
`;
    const previous = await fs.readFile(RESULTS, 'utf8').catch(() => '');
    const sections = (['pglite', 'postgres'] as const).map((k) => {
      if (k === kind) return section;
      const m = new RegExp(`<!-- BEGIN ${k} -->[\\s\\S]*?<!-- END ${k} -->`).exec(previous);
      return m?.[0] ?? null;
    });
    await fs.writeFile(RESULTS, `${[intro, ...sections.filter((x): x is string => x !== null)].join('\n')}\n`);
    log(`wrote ${path.relative(process.cwd(), RESULTS)} in ${((performance.now() - total) / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
    await drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

// `npm run bench` (second part): the manage screen's queries for an owner with 500 listings, among
// 20,000 listings of others, through the service GraphQL and REST call (`myListingsPage`,
// `listingStats`), beside the same rows read by hand-written SQL (the floor). Writes
// tests/bench/manage-results.md. BENCH_DATABASE_URL runs it on PostgreSQL; BENCH_RUNS the runs.

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { listingStats, myListingsPage } from '../../server/modules/listings/manage.service.js';
import { freshDatabase } from './bench-db.js';
import { listingItemInclude } from '../../server/modules/listings/listings.rest.js';

const OWNED = Number(process.env.BENCH_OWNED ?? 500);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const RESULTS = path.resolve(import.meta.dirname, 'manage-results.md');
const log = (msg: string) => console.log(`[bench:manage] ${msg}`);

async function seed(db: Database) {
  const prisma = db.prisma;
  await prisma.user.createMany({
    data: [
      { id: 'bench-owner', email: 'owner@bench.test', firstName: 'Owen', lastName: 'Owner' },
      { id: 'bench-other', email: 'other@bench.test', firstName: 'Ola', lastName: 'Other' },
    ],
  });
  const insert = (owner: string, n: number, prefix: string) =>
    prisma.$executeRawUnsafe(`
    INSERT INTO "Property" ("id", "slug", "title", "address", "neighborhood", "borough", "price", "netEffectivePrice", "bedrooms", "bathrooms",
      "propertyType", "availableDate", "leaseTerm", "ownerId", "status", "views", "inquiriesCount", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), '${prefix}-' || g, 'Listing ' || g || CASE WHEN g % 7 = 0 THEN ' loft' ELSE ' flat' END,
      g || ' Grand Street', 'Williamsburg', 'BROOKLYN', 1500 + (g % 50) * 100, 1500 + (g % 50) * 100, 1 + g % 3, 1, 'APARTMENT', DATE '2027-01-01', 'ONE_YEAR',
      '${owner}', (CASE WHEN g % 10 = 0 THEN 'DRAFT' WHEN g % 10 = 1 THEN 'INACTIVE' ELSE 'ACTIVE' END)::"ListingStatus",
      g % 300, g % 9, now() - (g || ' minutes')::interval, now()
    FROM generate_series(1, ${n}) g`);
  await insert('bench-owner', OWNED, 'own');
  await insert('bench-other', OTHERS, 'other');
  await prisma.$executeRawUnsafe(`
    INSERT INTO "PropertyPhoto" ("id", "propertyId", "position", "url", "thumbnailUrl", "width", "height")
    SELECT gen_random_uuid(), p."id", 0, '/media/bench/' || p."slug" || '.webp', '/media/bench/' || p."slug" || '-thumb.webp', 1600, 1200
    FROM "Property" p`);
  await prisma.$executeRawUnsafe('ANALYZE');
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function time(fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, RUNS); i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

async function main() {
  const { db, label, drop } = await freshDatabase();
  try {
    await applyMigrations(db.adapterFactory);
    const t0 = performance.now();
    await seed(db);
    log(`seeded ${OWNED} + ${OTHERS} listings in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${label}`);
    const viewer = { uid: 'bench-owner', email: 'owner@bench.test', role: null };
    // Raw SQL over the same connection (PGlite serves one at a time).
    const pool = { query: (sql: string) => db.prisma.$queryRawUnsafe(sql) };
    const floorPage = (where: string, order: string, offset: number) =>
      pool.query(
        `SELECT p.*, (SELECT json_agg(ph ORDER BY ph."position") FROM "PropertyPhoto" ph WHERE ph."propertyId" = p."id") AS photos
         FROM "Property" p WHERE p."ownerId" = 'bench-owner' ${where} ORDER BY ${order} LIMIT 9 OFFSET ${offset}`,
      );
    const scenarios: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      [
        'first page, newest',
        () => myListingsPage(db.prisma, viewer, {}, { include: listingItemInclude }),
        async () => {
          await floorPage('', 'p."createdAt" DESC', 0);
          await pool.query(`SELECT count(*)::int FROM "Property" WHERE "ownerId" = 'bench-owner'`);
        },
      ],
      [
        'drafts tab',
        () => myListingsPage(db.prisma, viewer, { status: 'draft' }, { include: listingItemInclude }),
        () => floorPage(`AND p."status" = 'DRAFT'`, 'p."createdAt" DESC', 0),
      ],
      [
        'search "loft", price high→low',
        () => myListingsPage(db.prisma, viewer, { search: 'loft', sort: 'price-desc' }, { include: listingItemInclude }),
        () => floorPage(`AND (p."title" ILIKE '%loft%' OR p."address" ILIKE '%loft%')`, 'p."price" DESC', 0),
      ],
      [
        'page 40, by views',
        () => myListingsPage(db.prisma, viewer, { sort: 'views', page: 40 }, { include: listingItemInclude }),
        () => floorPage('', 'p."views" DESC', 351),
      ],
      [
        'the four stats',
        () => listingStats(db.prisma, viewer),
        () =>
          pool.query(
            `SELECT count(*)::int, sum("views")::int, sum("inquiriesCount")::int FROM "Property" WHERE "ownerId" = 'bench-owner'`,
          ),
      ],
    ];
    const rows: string[] = [];
    for (const [name, service, floor] of scenarios) {
      const s = await time(service);
      const f = await time(floor);
      rows.push(
        `| ${name} | ${s.p50.toFixed(1)} ms | ${s.p95.toFixed(1)} ms | ${f.p50.toFixed(1)} ms | ${f.p95.toFixed(1)} ms |`,
      );
      log(`${name}: service p50 ${s.p50.toFixed(1)} ms, floor p50 ${f.p50.toFixed(1)} ms`);
    }
    const md = [
      '# Manage screen benchmark',
      '',
      `${new Date().toISOString().slice(0, 10)} · ${label} · ${os.cpus().length} cores · an owner with ${OWNED} listings among ${OTHERS} others · ${RUNS} runs`,
      '',
      'The service (`myListingsPage` with the REST include: listing, agent, photos, open houses, reviews; `listingStats`) beside hand-written SQL of the same page (the floor).',
      '',
      '| scenario | service p50 | service p95 | SQL floor p50 | SQL floor p95 |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n');
    await fs.writeFile(RESULTS, md);
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
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

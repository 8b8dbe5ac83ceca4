import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEIGHBORHOODS } from '../../common/nyc.js';
import { DEMO_ACCOUNTS, isEmpty, seed } from '../../server/db/seed/index.js';
import { createLocalStorage } from '../../server/modules/uploads/storage.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

describe.each(backends)('the seed on %s', (backend) => {
  let db: TestDatabase;
  let dir: string;
  let summary: NonNullable<Awaited<ReturnType<typeof seed>>>;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
    expect(await isEmpty(db.prisma)).toBe(true);
    summary = (await seed(db.prisma, createLocalStorage(dir), { now: new Date('2026-11-22T12:00:00Z') }))!;
  });
  afterAll(async () => {
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('fills the database with New York at the promised scale', async () => {
    expect(await isEmpty(db.prisma)).toBe(false);
    expect(summary.properties).toBeGreaterThanOrEqual(400);
    expect(summary.agents).toBeGreaterThanOrEqual(30);
    expect(summary.reviews).toBeGreaterThanOrEqual(300);
    expect(await db.prisma.property.count()).toBe(summary.properties);
  });

  it('covers all five boroughs and all 43 neighborhoods, drafts and inactive listings among them', async () => {
    const byNeighborhood = await db.prisma.property.groupBy({ by: ['neighborhood', 'borough'], _count: true });
    expect(byNeighborhood).toHaveLength(NEIGHBORHOODS.length);
    for (const n of NEIGHBORHOODS) {
      expect(byNeighborhood.find((g) => g.neighborhood === n.name)?.borough, n.name).toBe(n.borough);
    }
    const byStatus = await db.prisma.property.groupBy({ by: ['status'], _count: true });
    expect(byStatus.map((s) => s.status).sort()).toEqual(['ACTIVE', 'DRAFT', 'INACTIVE']);
    expect(await db.prisma.priceChange.count()).toBeGreaterThan(0);
    expect(await db.prisma.openHouse.count()).toBeGreaterThan(0);
  });

  it('keeps agent ratings equal to their verified reviews, some reviews shown but not verified', async () => {
    const agents = await db.prisma.agent.findMany({
      include: { reviews: { where: { verified: true }, select: { score: true } } },
    });
    expect(await db.prisma.review.count({ where: { verified: false } })).toBeGreaterThan(0);
    expect(agents.filter((a) => a.reviewCount > 0).length).toBeGreaterThan(20);
    for (const a of agents) {
      expect(a.reviewCount).toBe(a.reviews.length);
      const avg = a.reviews.length ? a.reviews.reduce((s, r) => s + r.score, 0) / a.reviews.length : 0;
      expect(Number(a.rating)).toBeCloseTo(avg, 2);
    }
  });

  it('creates the demo accounts of the README, the agent owning listings', async () => {
    for (const acc of DEMO_ACCOUNTS) {
      const user = await db.prisma.user.findUnique({ where: { id: acc.uid } });
      expect(user?.email).toBe(acc.email);
      expect(user?.role).toBe(acc.role);
    }
    const agentListings = await db.prisma.property.count({ where: { ownerId: 'demo-agent' } });
    expect(agentListings).toBeGreaterThanOrEqual(12);
  });

  it('gives seeded listings their nearest subway stations: on Bedford Avenue in Williamsburg, Bedford Av on the L', async () => {
    type Near = { id: string; name: string; lines: string[]; walkMinutes: number };
    const bedford = await db.prisma.property.findMany({
      where: { neighborhood: 'Williamsburg', address: { endsWith: 'Bedford Avenue' }, locationLat: { not: null } },
      select: { address: true, nearbyStations: true },
    });
    expect(bedford.length).toBeGreaterThan(0);
    for (const p of bedford) {
      const stations = p.nearbyStations as Near[];
      const station = stations.find((s) => s.name === 'Bedford Av');
      expect(station, p.address).toBeDefined();
      expect(station!.lines).toContain('L');
      // Seeded inside Williamsburg's disc, at its edge nearest the station: the nearest, within 8 minutes.
      expect(stations[0]?.name, p.address).toBe('Bedford Av');
      expect(station!.walkMinutes).toBeLessThanOrEqual(8);
    }
    // Every row has its list (none left for the start-up backfill); none without a location.
    const rows = await db.prisma.property.findMany({ select: { locationLat: true, nearbyStations: true } });
    for (const r of rows) expect(Array.isArray(r.nearbyStations)).toBe(true);
    expect(rows.filter((r) => r.locationLat === null).every((r) => (r.nearbyStations as Near[]).length === 0)).toBe(true);
    // Most of the city's listings are within a 15-minute walk of a train.
    const served = rows.filter((r) => (r.nearbyStations as Near[]).length > 0).length;
    expect(served / rows.length).toBeGreaterThan(0.7);
  });

  it('stores the generated photos through the storage layer, as WebP like uploaded photos', async () => {
    const photo = await db.prisma.propertyPhoto.findFirst({ orderBy: { id: 'asc' } });
    expect(photo?.url).toMatch(/^\/media\/seed\/.+\.webp$/);
    expect(photo?.thumbnailUrl).toMatch(/^\/media\/seed\/.+-thumb\.webp$/);
    for (const url of [photo!.url, photo!.thumbnailUrl!]) {
      const bytes = await fs.readFile(path.join(dir, url.replace(/^\/media\//, '')));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
  });
});

// PostgreSQL where the run has it (two instances share one only there), else PGlite.
describe.each([backends.at(-1)!])('two starts seeding one empty database on %s', (backend) => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'seed-race-'));
  });
  afterAll(async () => {
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('seeds it once: the second finds the first one’s rows and adds nothing (two instances of docker-compose.yml)', async () => {
    const storage = createLocalStorage(dir);
    const both = await Promise.all([1, 2].map(() => seed(db.prisma, storage, { listings: 40, onlyIfEmpty: true })));
    const done = both.filter((s) => s !== null);
    expect(done).toHaveLength(1);
    expect(await db.prisma.user.count()).toBe(done[0]!.users);
    expect(await db.prisma.property.count()).toBe(done[0]!.properties);
  });
});

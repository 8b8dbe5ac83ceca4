import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_POINTS_CAP, searchMapPoints } from '../../server/modules/listings/map-points.js';
import { createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Every result on the map (issue 26 item 1): Query.propertyMapPoints groups a search's matches on a
// grid whose points' counts add up to the matches with a location, in one statement.

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

const POINTS = /* GraphQL */ `
  query Points($filter: PropertyFilter) {
    propertyMapPoints(filter: $filter) {
      placed
      unplaced
      grid
      points {
        lat
        lng
        count
        price
        id
      }
    }
    properties(filter: $filter, first: 1) {
      totalCount
    }
  }
`;

type Point = { lat: number; lng: number; count: number; price: number; id: string | null };
type Answer = {
  propertyMapPoints: { placed: number; unplaced: number; grid: number; points: Point[] };
  properties: { totalCount: number };
};

const byPlace = (points: Point[]) => [...points].sort((a, b) => a.lat - b.lat || a.lng - b.lng);

describe.each(backends)('map points on %s', (backend) => {
  let db: TestDatabase;
  let single: { id: string };
  let other: { id: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { id: userId } = await createUser(db.prisma);
    // Three listings in one building (the same spot), two elsewhere, one without a location; a draft
    // and a listing hidden by moderation at the building too, which nobody else may see.
    for (const price of [3200, 2900, 4100]) {
      await createProperty(db.prisma, { userId }, { price, locationLat: 40.71234, locationLng: -73.95678 });
    }
    single = await createProperty(db.prisma, { userId }, { price: 2500, locationLat: 40.73061, locationLng: -73.93524 });
    other = await createProperty(db.prisma, { userId }, { price: 5100, locationLat: 40.6782, locationLng: -73.9442 });
    await createProperty(db.prisma, { userId }, { price: 2000, locationLat: null, locationLng: null });
    await createProperty(db.prisma, { userId }, { price: 1000, status: 'DRAFT', locationLat: 40.71234, locationLng: -73.95678 });
    await createProperty(
      db.prisma,
      { userId },
      { price: 1000, hiddenAt: new Date(), hiddenReason: 'MODERATOR', locationLat: 40.71234, locationLng: -73.95678 },
    );
  });
  afterAll(() => db?.close());

  it("shows every public match: a building's listings as one point with their count and lowest rent, the others with their id", async () => {
    const { propertyMapPoints: map, properties } = await query<Answer>(db.prisma, POINTS, {});
    expect(map.grid).toBe(4);
    expect(byPlace(map.points)).toEqual([
      { lat: 40.6782, lng: -73.9442, count: 1, price: 5100, id: other.id },
      { lat: 40.7123, lng: -73.9568, count: 3, price: 2900, id: null },
      { lat: 40.7306, lng: -73.9352, count: 1, price: 2500, id: single.id },
    ]);
    expect(map.placed).toBe(5);
    expect(map.unplaced).toBe(1);
    // The map's counts and the list's count agree.
    expect(map.placed + map.unplaced).toBe(properties.totalCount);
  });

  it("applies the search's filters", async () => {
    const { propertyMapPoints: map, properties } = await query<Answer>(db.prisma, POINTS, {
      filter: { minPrice: 3000, maxPrice: 6000 },
    });
    expect(byPlace(map.points).map((p) => [p.count, p.price])).toEqual([
      [1, 5100],
      [2, 3200],
    ]);
    expect(map.placed + map.unplaced).toBe(properties.totalCount);
    const empty = await query<Answer>(db.prisma, POINTS, { filter: { minPrice: 900_000 } });
    expect(empty.propertyMapPoints).toEqual({ placed: 0, unplaced: 0, grid: 4, points: [] });
  });

  it('answers in one statement', async () => {
    db.resetQueries();
    await query(db.prisma, `{ propertyMapPoints(filter: { borough: BROOKLYN }) { placed points { count } } }`);
    expect(dataStatements(db.queries)).toHaveLength(1);
  });

  it('coarsens the grid past the cap, and the counts still add up', async () => {
    expect(MAP_POINTS_CAP).toBe(4_000);
    // Three points at the finest grid; with room for two the grid of about 1 km is the first to fit.
    const coarse = await searchMapPoints(db.prisma, {}, 2);
    expect(coarse.grid).toBeLessThan(4);
    expect(coarse.points.length).toBeLessThanOrEqual(2);
    expect(coarse.points.reduce((sum, p) => sum + p.count, 0)).toBe(5);
    expect(coarse.placed).toBe(5);
    expect(coarse.unplaced).toBe(1);
    // Each coarser grid tried is one more statement.
    db.resetQueries();
    await searchMapPoints(db.prisma, {}, 2);
    expect(dataStatements(db.queries)).toHaveLength(1 + (4 - coarse.grid));
  });

  it('keeps, for a drawn area, what lies inside the polygon, not merely inside its box', async () => {
    // A triangle whose box holds all three places; only one is inside the triangle itself.
    const area = [
      { lat: 40.74, lng: -73.96 },
      { lat: 40.74, lng: -73.92 },
      { lat: 40.67, lng: -73.92 },
    ];
    const { propertyMapPoints: map, properties } = await query<Answer>(db.prisma, POINTS, { filter: { area } });
    expect(map.points.map((p) => p.id)).toEqual([single.id]);
    expect(properties.totalCount).toBe(1);
    const wider = await query<Answer>(db.prisma, POINTS, { filter: { area: [...area, { lat: 40.67, lng: -73.96 }] } });
    expect(wider.propertyMapPoints.placed).toBe(5);
    // A polygon needs 3 corners in New York City.
    const two = await execute(db.prisma, POINTS, { filter: { area: area.slice(0, 2) } });
    expect(two.errors?.[0]?.message).toMatch(/at least 3 corners/);
    const far = await execute(db.prisma, POINTS, { filter: { area: [...area.slice(0, 2), { lat: 51.5, lng: -0.12 }] } });
    expect(far.errors?.[0]?.message).toMatch(/New York City/);
  });

  it('refuses a filter the search refuses', async () => {
    const result = await execute(db.prisma, POINTS, { filter: { minPrice: 5000, maxPrice: 1000 } });
    expect(result.errors?.[0]?.message).toMatch(/Minimum price must not exceed maximum price/);
  });
});

// Every result of a search on the map (issue 26 item 1; docs/decisions/0048-every-result-on-the-map.md).
// The search page shows 12 cards at a time; the map shows where all its matches are. Listings are
// grouped on a grid in SQL: at the finest grid a group is one building (listings at the same spot,
// which would stack unreadably as pins, come as one point with its count); past `cap` groups the grid
// is coarsened until they fit, so a point's `count` always adds up, over all points, to the number
// of matches that have a location. The map clusters these points further as it zooms.
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { rawRunner } from '../../db/prepared.js';
import { parseFilter, priceColumnSql, searchWhereSql } from './listings.service.js';

/** At most this many points for one search (about 60 bytes each on the wire). */
export const MAP_POINTS_CAP = 4_000;

/**
 * The grids tried, finest first, as decimal places of a degree: 4 is about 11 m (one building),
 * 3 about 110 m (a block), 2 about 1.1 km, 1 about 11 km (New York City fits in about 36 cells).
 */
export const MAP_GRIDS = [4, 3, 2, 1] as const;

export interface MapPoint {
  lat: number;
  lng: number;
  /** How many listings this point stands for (at one spot, or in one cell of a coarser grid). */
  count: number;
  /** The lowest rent among them: the gross rent, or the net effective one when the search filters on that. */
  price: number;
  /** The listing, when the point stands for exactly one. */
  id: string | null;
}

export interface MapPoints {
  points: MapPoint[];
  /** Matches with a location (the sum of the points' counts). */
  placed: number;
  /** Matches without a location, which no map can show. */
  unplaced: number;
  /** The grid the points were grouped on (decimal places of a degree). */
  grid: number;
}

type Result = { groups: Array<[number, number, number, number, string | null]> | null; unplaced: number };

/**
 * The points of every public listing matching `filterInput` (the search's own filter, validated the
 * same way). One statement when the finest grid fits in `cap` points (any search of a few thousand
 * listings); one more per coarser grid needed.
 */
export async function searchMapPoints(prisma: PrismaClient, filterInput: unknown, cap = MAP_POINTS_CAP): Promise<MapPoints> {
  const filter = parseFilter(filterInput);
  const where = searchWhereSql(filter);
  // The lowest rent of the filter's basis: the net effective one when the search reads that.
  const rent = priceColumnSql(filter);
  const run = rawRunner(prisma);
  for (const [i, grid] of MAP_GRIDS.entries()) {
    const last = i === MAP_GRIDS.length - 1;
    const lat = Prisma.sql`round(p."locationLat", ${grid}::int)`;
    const lng = Prisma.sql`round(p."locationLng", ${grid}::int)`;
    // The groups (at most cap + 1 of them, to know whether the grid fits) and the matches without a
    // location, in one row.
    const statement = Prisma.sql`
      WITH groups AS (
        SELECT ${lat}::float8 AS lat, ${lng}::float8 AS lng, count(*)::int AS n, min(${rent})::int AS price,
               CASE WHEN count(*) = 1 THEN min(p."id"::text) END AS id
        FROM "Property" p
        WHERE ${where} AND p."locationLat" IS NOT NULL AND p."locationLng" IS NOT NULL
        GROUP BY 1, 2
        ORDER BY 1, 2
        ${last ? Prisma.empty : Prisma.sql`LIMIT ${cap + 1}::int`}
      )
      SELECT (SELECT json_agg(json_build_array(g.lat, g.lng, g.n, g.price, g.id)) FROM groups g) AS groups,
             (SELECT count(*)::int FROM "Property" p WHERE ${where} AND (p."locationLat" IS NULL OR p."locationLng" IS NULL)) AS unplaced`;
    const [result] = run ? await run<Result>(statement) : await prisma.$queryRaw<Result[]>(statement);
    const groups = result?.groups ?? [];
    if (groups.length <= cap || last) {
      const points = groups.map(([lat, lng, count, price, id]) => ({ lat, lng, count, price, id }));
      return { points, placed: points.reduce((sum, p) => sum + p.count, 0), unplaced: result?.unplaced ?? 0, grid };
    }
  }
  throw new Error('unreachable: the last grid always answers');
}

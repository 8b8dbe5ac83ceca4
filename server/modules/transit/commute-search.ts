import { Prisma } from '../../db/generated/prisma/client.js';
import type { CommuteTo } from '../../../common/search.js';
import { AppError } from '../../core/errors.js';
import { cachedCommuteTable, subwayNetwork, WALK, type Destination, type LatLon, type Network } from './commute.js';

/**
 * Commute minutes of listings, as the search filters and sorts them and cards show them (issue 13
 * item 4; docs/decisions/0030-commute.md). A listing's figure is the quickest of: walking all the
 * way (within 40 minutes), or walking to one of its stored nearby stations (`nearbyStations`, the
 * minutes stored with it) and going on by subway from there. Per destination, the minutes from each
 * station's entrance to the door (the best line's wait plus the ride and changes, from the cached
 * shortest-path table) are computed once; the same arithmetic then runs in SQL over the stored
 * stations (filter, sort) and in JavaScript for a row (the card's figure, the cursor), so the two
 * always agree.
 */

/** Walking all the way counts up to this many minutes (as in commuteFrom). */
const MAX_WALK_ALL_MINUTES = WALK.maxMinutes * 2;
/** The sort value of a listing with no estimate: after every real one. */
export const NO_COMMUTE = 100_000;

export interface CommuteContext {
  destination: LatLon;
  /** Minutes from a station's entrance (before waiting) to the door, by station id; reachable stations only. */
  fromStation: Record<string, number>;
}

function destinationOf(to: CommuteTo, network: Network): Destination {
  if ('stationId' in to) {
    if (!network.stations.has(to.stationId)) {
      throw new AppError('BAD_USER_INPUT', `commuteTo: no subway station has the id '${to.stationId}'`);
    }
    return { stationId: to.stationId };
  }
  return { point: { lat: to.lat, lon: to.lng } };
}

const contexts = new WeakMap<object, CommuteContext>();

/** The minutes from every station to the destination (cached with the destination's table). */
export function commuteContext(to: CommuteTo, network: Network = subwayNetwork()): CommuteContext {
  const table = cachedCommuteTable(destinationOf(to, network), network);
  if (!table) throw new AppError('BAD_USER_INPUT', 'commuteTo: no such destination');
  const known = contexts.get(table);
  if (known) return known;
  const fromStation: Record<string, number> = {};
  for (const [key, ride] of table.onBoard) {
    const bar = key.indexOf('|');
    const station = key.slice(0, bar);
    const minutes = network.wait(station, key.slice(bar + 1)) + ride;
    if (!(station in fromStation) || minutes < fromStation[station]!) fromStation[station] = minutes;
  }
  const context = { destination: table.destination, fromStation };
  contexts.set(table, context);
  return context;
}

const EARTH_RADIUS_M = 6_371_000;
const RAD = Math.PI / 180;

/** Walking minutes to the destination, written as the SQL below computes them (same operations, same order). */
function walkAllMinutes(lat: number, lng: number, to: LatLon): number {
  const h =
    Math.sin(((to.lat - lat) * RAD) / 2) ** 2 +
    Math.cos(lat * RAD) * Math.cos(to.lat * RAD) * Math.sin(((to.lon - lng) * RAD) / 2) ** 2;
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))) * WALK.detourFactor) / WALK.metersPerMinute;
}

/** A row's commute minutes (rounded up), or null when it has no location and no station within reach. */
export function commuteMinutesOf(
  context: CommuteContext,
  row: { nearbyStations: unknown; locationLat: unknown; locationLng: unknown },
): number | null {
  let best = Number.POSITIVE_INFINITY;
  if (row.locationLat !== null && row.locationLat !== undefined && row.locationLng !== null && row.locationLng !== undefined) {
    const walk = walkAllMinutes(Number(row.locationLat), Number(row.locationLng), context.destination);
    if (walk <= MAX_WALK_ALL_MINUTES) best = walk;
  }
  const stations = Array.isArray(row.nearbyStations)
    ? (row.nearbyStations as Array<{ id?: unknown; walkMinutes?: unknown }>)
    : [];
  for (const s of stations) {
    const from = typeof s.id === 'string' ? context.fromStation[s.id] : undefined;
    if (from === undefined || typeof s.walkMinutes !== 'number') continue;
    best = Math.min(best, s.walkMinutes + from);
  }
  return Number.isFinite(best) ? Math.ceil(best) : null;
}

/** The same figure in SQL over `"Property" p` (NULL when out of reach). */
export function commuteMinutesSql(context: CommuteContext): Prisma.Sql {
  const { lat, lon } = context.destination;
  const walkAll = Prisma.sql`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
      power(sin((${lat}::float8 - p."locationLat"::float8) * ${RAD}::float8 / 2), 2)
      + cos(p."locationLat"::float8 * ${RAD}::float8) * cos(${lat}::float8 * ${RAD}::float8)
        * power(sin((${lon}::float8 - p."locationLng"::float8) * ${RAD}::float8 / 2), 2))))
      * ${WALK.detourFactor}::float8 / ${WALK.metersPerMinute}::float8)`;
  const byStation = Prisma.sql`(SELECT min((s->>'walkMinutes')::int + (${JSON.stringify(context.fromStation)}::jsonb->>(s->>'id'))::float8)
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p."nearbyStations") = 'array' THEN p."nearbyStations" ELSE '[]'::jsonb END) s)`;
  return Prisma.sql`ceil(least(
      CASE WHEN ${walkAll} <= ${MAX_WALK_ALL_MINUTES}::float8 THEN ${walkAll} END,
      ${byStation}))::int`;
}

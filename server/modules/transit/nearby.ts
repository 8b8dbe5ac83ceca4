import lineData from './data/lines.json' with { type: 'json' };
import stationData from './data/stations.json' with { type: 'json' };
import { WALK, walkMinutes } from './commute.js';

/**
 * A listing's nearest subway stations (issue 13 item 2; docs/decisions/0029-nearby-stations.md):
 * the stations within a 15-minute walk, nearest first, at most five. Walking minutes are the
 * straight-line distance to the station's nearest entrance point (each parent stop of a complex
 * counts) times a detour factor of 1.3, at 80 m a minute (the commute engine's `WALK`), rounded up,
 * at least 1. Pure: computed when a listing's location is written and stored on the row
 * (`Property.nearbyStations`), so reading it costs no query.
 */

export const NEARBY = { maxMinutes: 15, maxStations: 5 } as const;

export interface NearbyStation {
  /** The station's id in the shipped data ('L08'). */
  id: string;
  name: string;
  /** Line ids that stop there by day, in the MTA's order ('L'; 'G', 'L'). */
  lines: string[];
  walkMinutes: number;
}

/**
 * What a line is, for its name in the reader's language: a train is named by its bullet ('L train',
 * 'tren L', 'L 线', a message of the interface); a shuttle and the railway by their official names.
 */
export type SubwayLineKind = 'TRAIN' | 'SHUTTLE' | 'RAILWAY';

export interface SubwayLineInfo {
  id: string;
  /** What the bullet shows: 'A', 'L', 'S', 'SIR'. */
  bullet: string;
  /** For screen readers and titles, in English: 'L train', 'S 42 St Shuttle', 'Staten Island Railway'. */
  name: string;
  kind: SubwayLineKind;
  color: string;
  textColor: string;
}

/** As the data's names are made (gtfs-import.ts `accessibleName`): '<bullet> train', '<bullet> … Shuttle', a railway's name. */
function kindOf(line: { shortName: string; name: string }): SubwayLineKind {
  if (line.name === `${line.shortName} train`) return 'TRAIN';
  return /shuttle/i.test(line.name) ? 'SHUTTLE' : 'RAILWAY';
}

const LINES = new Map<string, SubwayLineInfo>(
  lineData.lines.map((l) => [
    l.id,
    { id: l.id, bullet: l.shortName, name: l.name, kind: kindOf(l), color: l.color, textColor: l.textColor },
  ]),
);

const STATION_POINTS = new Map(stationData.stations.map((s) => [s.id, { lat: s.lat, lng: s.lon }]));

/** Where a station is (the mean of its stops), for the map; null for an id the data lacks. */
export function stationLocation(id: string): { lat: number; lng: number } | null {
  return STATION_POINTS.get(id) ?? null;
}

/** A line's bullet, colours and accessible name (a neutral grey bullet for an id the data lacks). */
export function subwayLine(id: string): SubwayLineInfo {
  return LINES.get(id) ?? { id, bullet: id, name: `${id} train`, kind: 'TRAIN', color: '#808183', textColor: '#FFFFFF' };
}

const STATIONS = stationData.stations
  .map((s) => ({ id: s.id, name: s.name, borough: s.borough, lines: s.lines }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));

/** Every station of the shipped data, by name (complexes merged). */
export function subwayStations(): { id: string; name: string; borough: string; lines: string[] }[] {
  return STATIONS;
}

/** Every line of the shipped data, in the MTA's order. */
export function subwayLines(): SubwayLineInfo[] {
  return [...LINES.values()];
}

/** The stations within a 15-minute walk of a point, nearest first (ties by name), at most five. */
export function nearestStations(lat: number, lng: number): NearbyStation[] {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return [];
  const home = { lat, lon: lng };
  // A degree of latitude is 111 km: skip stations clearly out of reach before the exact distance.
  const reachDegrees = ((NEARBY.maxMinutes * WALK.metersPerMinute) / WALK.detourFactor / 111_000) * 1.5;
  const found: { station: NearbyStation; exact: number }[] = [];
  for (const s of stationData.stations) {
    if (Math.abs(s.lat - lat) > reachDegrees) continue;
    let exact = Number.POSITIVE_INFINITY;
    for (const stop of s.stops) exact = Math.min(exact, walkMinutes(home, stop));
    const minutes = Math.max(1, Math.ceil(exact));
    if (minutes > NEARBY.maxMinutes) continue;
    found.push({ station: { id: s.id, name: s.name, lines: s.lines, walkMinutes: minutes }, exact });
  }
  found.sort((a, b) => a.exact - b.exact || a.station.name.localeCompare(b.station.name));
  return found.slice(0, NEARBY.maxStations).map((f) => f.station);
}

/** What a listing row stores: its nearest stations, or none without a location. */
export function nearbyStationsFor(lat: unknown, lng: unknown): NearbyStation[] {
  if (lat === null || lat === undefined || lng === null || lng === undefined) return [];
  return nearestStations(Number(lat), Number(lng));
}

/**
 * The stations a row read back carries: the stored list, or (a row written before the column
 * existed, NULL until the start-up backfill reaches it) computed from its location.
 */
export function storedNearbyStations(row: {
  nearbyStations: unknown;
  locationLat: unknown;
  locationLng: unknown;
}): NearbyStation[] {
  if (Array.isArray(row.nearbyStations)) return row.nearbyStations as NearbyStation[];
  return nearbyStationsFor(row.locationLat, row.locationLng);
}

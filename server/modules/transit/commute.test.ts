import { describe, expect, it } from 'vitest';
import {
  buildNetwork,
  cachedCommuteTable,
  commuteFrom,
  commuteTable,
  subwayNetwork,
  WALK,
  walkMinutes,
  type LatLon,
} from './commute.js';

const network = subwayNetwork();
const station = (name: string, line?: string) => {
  const found = [...network.stations.values()].find((s) => s.name === name && (!line || s.lines.includes(line)));
  if (!found) throw new Error(`no station ${name}`);
  return found;
};
/** A point a short walk (about 100 m north) from a station. */
const near = (s: LatLon): LatLon => ({ lat: s.lat + 0.0009, lon: s.lon });

describe('commute estimates on the shipped subway graph', () => {
  // Known trips, against the MTA's published weekday daytime timetable (the feed the graph was built
  // from): minutes on board, plus the wait (half the headway) and the short walks at both ends.
  // Tolerance: ±3 minutes of the timetable's door-to-door figure stated beside each.
  it('Bedford Av to 14 St-Union Sq on the L: 5.5 min on board (timetable), about 11 door to door', () => {
    const bedford = station('Bedford Av', 'L');
    const union = station('14 St-Union Sq');
    const table = commuteTable(network, { stationId: union.id })!;
    const trip = commuteFrom(network, table, near(bedford))!;
    expect(trip.board).toMatchObject({ station: 'Bedford Av', line: 'L' });
    // walk ~1.6 + wait ~2 + ride 5.5 = ~9-10, ceiling
    expect(trip.minutes).toBeGreaterThanOrEqual(8);
    expect(trip.minutes).toBeLessThanOrEqual(13);
  });

  it('Jay St-MetroTech to W 4 St-Wash Sq on the A: about 9 min on board, 12–16 door to door', () => {
    const jay = station('Jay St-MetroTech');
    const w4 = station('W 4 St-Wash Sq');
    const trip = commuteFrom(network, commuteTable(network, { stationId: w4.id })!, near(jay))!;
    expect(trip.board?.station).toBe('Jay St-MetroTech');
    expect(['A', 'C', 'F']).toContain(trip.board?.line);
    expect(trip.minutes).toBeGreaterThanOrEqual(9);
    expect(trip.minutes).toBeLessThanOrEqual(18);
  });

  it('Bedford Av to Times Sq-42 St needs a change: 20–30 minutes', () => {
    const bedford = station('Bedford Av', 'L');
    const times = station('Times Sq-42 St / 42 St-Port Authority Bus Terminal');
    const trip = commuteFrom(network, commuteTable(network, { stationId: times.id })!, near(bedford))!;
    expect(trip.board).toMatchObject({ station: 'Bedford Av', line: 'L' });
    expect(trip.minutes).toBeGreaterThanOrEqual(18);
    expect(trip.minutes).toBeLessThanOrEqual(32);
  });

  it('to an address: the walk from the last station counts; next door, walking wins', () => {
    const union = station('14 St-Union Sq');
    const office: LatLon = { lat: 40.7359, lon: -73.9911 }; // Union Square West, a short walk from the station
    const table = commuteTable(network, { point: office })!;
    const bedford = station('Bedford Av', 'L');
    const trip = commuteFrom(network, table, near(bedford))!;
    expect(trip.board?.line).toBe('L');
    const toStation = commuteFrom(network, commuteTable(network, { stationId: union.id })!, near(bedford))!;
    expect(trip.minutes).toBeGreaterThanOrEqual(toStation.minutes);
    expect(trip.minutes).toBeLessThanOrEqual(toStation.minutes + 5);
    // Two blocks away: no train.
    const nextDoor = commuteFrom(network, table, { lat: office.lat + 0.002, lon: office.lon })!;
    expect(nextDoor.board).toBeNull();
    expect(nextDoor.minutes).toBe(Math.ceil(walkMinutes({ lat: office.lat + 0.002, lon: office.lon }, office)));
  });

  it('a home with no station within a walk, or an unknown station, has no estimate', () => {
    const union = station('14 St-Union Sq');
    const table = commuteTable(network, { stationId: union.id })!;
    expect(commuteFrom(network, table, { lat: 40.55, lon: -73.7 })).toBeNull(); // out in the Atlantic
    expect(commuteTable(network, { stationId: 'nope' })).toBeNull();
  });

  it('caches a table per destination', () => {
    const a = cachedCommuteTable({ point: { lat: 40.75, lon: -73.98 } });
    const b = cachedCommuteTable({ point: { lat: 40.75001, lon: -73.98001 } });
    expect(b).toBe(a);
  });
});

describe('the search on a tiny network', () => {
  // A—B—C on line 1 (2 min each), C—D on line 2 (3 min); a change at C of 4 min; 60 trips each (wait 7.5).
  const points = {
    A: { lat: 40.7, lon: -74 },
    B: { lat: 40.72, lon: -74 },
    C: { lat: 40.74, lon: -74 },
    D: { lat: 40.76, lon: -74 },
  };
  const net = buildNetwork({
    stations: [
      { id: 'A', name: 'A', ...points.A, lines: ['1'] },
      { id: 'B', name: 'B', ...points.B, lines: ['1'] },
      { id: 'C', name: 'C', ...points.C, lines: ['1', '2'] },
      { id: 'D', name: 'D', ...points.D, lines: ['2'] },
    ],
    nodes: [
      { id: 'A', stops: [{ id: 'A1', lines: ['1'] }] },
      { id: 'B', stops: [{ id: 'B1', lines: ['1'] }] },
      {
        id: 'C',
        stops: [
          { id: 'C1', lines: ['1'] },
          { id: 'C2', lines: ['2'] },
        ],
      },
      { id: 'D', stops: [{ id: 'D2', lines: ['2'] }] },
    ],
    edges: [
      { from: 'A', to: 'B', line: '1', minutes: 2, trips: 60 },
      { from: 'B', to: 'C', line: '1', minutes: 2, trips: 60 },
      { from: 'C', to: 'D', line: '2', minutes: 3, trips: 60 },
    ],
    transfers: [{ station: 'C', from: 'C1', to: 'C2', minutes: 4 }],
    defaultTransferMinutes: 3,
  });

  it('adds walk, wait, rides, the change and its wait, exactly', () => {
    const table = commuteTable(net, { stationId: 'D' })!;
    const trip = commuteFrom(net, table, points.A)!;
    // 0 walk + 7.5 wait + 2 + 2 ride + 4 change + 7.5 wait + 3 ride = 26
    expect(trip).toEqual({ minutes: 26, board: { stationId: 'A', station: 'A', line: '1' } });
    // Trains run one way only in this data: no way back from D.
    expect(commuteFrom(net, commuteTable(net, { stationId: 'A' })!, points.D)).toBeNull();
    expect(WALK.maxMinutes).toBe(20);
  });
});

import { describe, expect, it } from 'vitest';
import { NEARBY, nearbyStationsFor, nearestStations, storedNearbyStations, subwayLine } from './nearby.js';

describe('nearest subway stations', () => {
  it('finds Bedford Av on the L for a point on Bedford Avenue in Williamsburg, a minute or two away', () => {
    const found = nearestStations(40.7171, -73.9565);
    expect(found[0]).toMatchObject({ id: 'L08', name: 'Bedford Av', lines: ['L'] });
    expect(found[0]!.walkMinutes).toBeGreaterThanOrEqual(1);
    expect(found[0]!.walkMinutes).toBeLessThanOrEqual(3);
  });

  it('lists at most five stations within 15 minutes, nearest first', () => {
    // Midtown: dozens of stations within 15 minutes' walk.
    const found = nearestStations(40.7549, -73.984);
    expect(found).toHaveLength(NEARBY.maxStations);
    const minutes = found.map((s) => s.walkMinutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(Math.max(...minutes)).toBeLessThanOrEqual(NEARBY.maxMinutes);
    // 42 St-Bryant Pk / 5 Av (B D F M 7) is at the corner of Bryant Park.
    expect(found[0]!.lines).toEqual(expect.arrayContaining(['B', 'D', 'F', 'M', '7']));
  });

  it('measures to the nearest stop of a complex, not its middle', () => {
    // At the Lorimer St entrance of the Metropolitan Av / Lorimer St complex.
    const [first] = nearestStations(40.714063, -73.950275);
    expect(first).toMatchObject({ name: 'Metropolitan Av / Lorimer St', lines: ['G', 'L'], walkMinutes: 1 });
  });

  it('walks at 80 m a minute with a 1.3 detour, rounded up', () => {
    // 1,000 m due north of Bedford Av: 1,300 m on foot = 16.25 minutes, out of reach; 900 m is 14.6 → 15.
    const station = { lat: 40.717304, lon: -73.956872 };
    const north = (m: number) => station.lat + m / 111_195;
    expect(nearestStations(north(900), station.lon).find((s) => s.id === 'L08')?.walkMinutes).toBe(15);
    expect(nearestStations(north(1000), station.lon).find((s) => s.id === 'L08')).toBeUndefined();
  });

  it('finds none in the middle of the bay, or without a location', () => {
    expect(nearestStations(40.6, -74.04)).toEqual([]);
    expect(nearbyStationsFor(null, null)).toEqual([]);
    expect(nearestStations(Number.NaN, -73.95)).toEqual([]);
  });

  it('reads the stored list, or computes it for a row not yet backfilled', () => {
    const stored = [{ id: 'X', name: 'Stored', lines: ['A'], walkMinutes: 4 }];
    expect(storedNearbyStations({ nearbyStations: stored, locationLat: 40.7171, locationLng: -73.9565 })).toBe(stored);
    expect(storedNearbyStations({ nearbyStations: null, locationLat: '40.7171', locationLng: '-73.9565' })[0]?.name).toBe(
      'Bedford Av',
    );
  });

  it('knows the bullets: official colours, accessible names and what each line is', () => {
    expect(subwayLine('L')).toEqual({
      id: 'L',
      bullet: 'L',
      name: 'L train',
      kind: 'TRAIN',
      color: '#7C858C',
      textColor: '#FFFFFF',
    });
    expect(subwayLine('GS')).toMatchObject({ bullet: 'S', name: 'S 42 St Shuttle', kind: 'SHUTTLE' });
    expect(subwayLine('SI')).toMatchObject({ bullet: 'SIR', name: 'Staten Island Railway', kind: 'RAILWAY' });
    expect(subwayLine('7X')).toMatchObject({ kind: 'TRAIN' });
  });
});

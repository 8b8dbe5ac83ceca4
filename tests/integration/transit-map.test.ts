import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

describe.each(ruleBackends)('the subway map layer on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('serves the lines in their colours, the stations and the Brooklyn–Queens line, credited, cached a day', async () => {
    const res = await fetch(`${app.url}/api/transit/subway.geojson`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/geo\+json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const body = (await res.json()) as Body;
    expect(body.attribution).toMatch(/Metropolitan Transportation Authority/);
    const byKind = (kind: string) => body.features.filter((f: Body) => f.properties.kind === kind);
    const lines = byKind('line');
    expect(lines.map((f: Body) => f.properties.line)).toEqual(expect.arrayContaining(['1', 'A', 'G', 'L', '7', 'SI']));
    for (const line of lines) {
      expect(line.properties.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(['LineString', 'MultiLineString']).toContain(line.geometry.type);
    }
    const stations = byKind('station');
    expect(stations.length).toBeGreaterThan(400);
    const bedford = stations.find((f: Body) => f.properties.name === 'Bedford Av');
    expect(bedford.properties.lines).toBe('L');
    const [lon, lat] = bedford.geometry.coordinates;
    expect(lat).toBeCloseTo(40.717, 2);
    expect(lon).toBeCloseTo(-73.957, 2);
    expect(byKind('boundary')).toHaveLength(1);
    // Small enough to load with the map.
    expect(Number(res.headers.get('content-length') ?? JSON.stringify(body).length)).toBeLessThan(300_000);
  });

  it('answers 304 to a revalidation with its ETag', async () => {
    const first = await fetch(`${app.url}/api/transit/subway.geojson`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    await first.arrayBuffer();
    const again = await fetch(`${app.url}/api/transit/subway.geojson`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });
});

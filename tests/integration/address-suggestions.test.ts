import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEIGHBORHOODS } from '../../common/nyc.js';
import { configureGeocoder, featureToSuggestion } from '../../server/modules/listings/geocoder.js';
import { createAgent, createProperty } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

const SUGGEST = /* GraphQL */ `
  query Suggest($q: String!) {
    addressSuggestions(query: $q) {
      label
      kind
      neighborhood
      borough
      lat
      lng
    }
  }
`;

type Suggestion = {
  label: string;
  kind: 'NEIGHBORHOOD' | 'ADDRESS';
  neighborhood: string | null;
  borough: string | null;
  lat: number | null;
  lng: number | null;
};

describe.each(transportBackends)('address suggestions from the local gazetteer on %s', (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    configureGeocoder(null);
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    const owner = { userId: user.id, agentId: agent.id };
    await createProperty(db.prisma, owner, {
      address: '88 Bedford Avenue',
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN',
      locationLat: 40.7205,
      locationLng: -73.9566,
    });
    // The same building twice: one suggestion.
    await createProperty(db.prisma, owner, {
      address: '88 Bedford Avenue',
      unit: '2B',
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN',
      locationLat: 40.7205,
      locationLng: -73.9566,
    });
    await createProperty(db.prisma, owner, {
      address: '210 Bedford Park Boulevard',
      neighborhood: 'Fordham',
      borough: 'BRONX',
      locationLat: 40.8713,
      locationLng: -73.8897,
    });
    await createProperty(db.prisma, owner, {
      address: '5 Hidden Draft Road',
      neighborhood: 'Chelsea',
      borough: 'MANHATTAN',
      status: 'DRAFT',
    });
    await createProperty(db.prisma, owner, {
      address: '7 Gone Inactive Lane',
      neighborhood: 'Chelsea',
      borough: 'MANHATTAN',
      status: 'INACTIVE',
    });
  });
  afterAll(() => db?.close());

  const suggest = async (q: string) =>
    (await query<{ addressSuggestions: Suggestion[] }>(db.prisma, SUGGEST, { q })).addressSuggestions;

  it('answers nothing until the trimmed text is longer than 2 characters', async () => {
    expect(await suggest('')).toEqual([]);
    expect(await suggest('wi')).toEqual([]);
    expect(await suggest('  wi   ')).toEqual([]);
    expect((await suggest('wil')).length).toBeGreaterThan(0);
  });

  it('suggests neighborhoods with borough, centroid and kind', async () => {
    const [first] = await suggest('williams');
    const hood = NEIGHBORHOODS.find((n) => n.name === 'Williamsburg')!;
    expect(first).toEqual({
      label: 'Williamsburg, Brooklyn',
      kind: 'NEIGHBORHOOD',
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN',
      lat: hood.centroid.lat,
      lng: hood.centroid.lng,
    });
  });

  it('tolerates typos', async () => {
    expect((await suggest('wiliamsburg'))[0]?.label).toBe('Williamsburg, Brooklyn');
    expect((await suggest('astria'))[0]?.label).toBe('Astoria, Queens');
    expect((await suggest('bedfrod ave')).map((s) => s.label)).toContain('88 Bedford Avenue');
  });

  it('suggests each listed address once, with its neighborhood, borough and coordinates; never drafts or inactive ones', async () => {
    const found = await suggest('bedford');
    const addresses = found.filter((s) => s.kind === 'ADDRESS');
    expect(addresses.map((s) => s.label).sort()).toEqual(['210 Bedford Park Boulevard', '88 Bedford Avenue']);
    expect(addresses.find((s) => s.label === '88 Bedford Avenue')).toEqual({
      label: '88 Bedford Avenue',
      kind: 'ADDRESS',
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN',
      lat: 40.7205,
      lng: -73.9566,
    });
    // 'Bedford-Stuyvesant, Brooklyn' matches too, and starts with the text: it comes first.
    expect(found[0]?.label).toBe('Bedford-Stuyvesant, Brooklyn');
    expect(await suggest('hidden draft')).toEqual([]);
    expect(await suggest('gone inactive')).toEqual([]);
  });

  it('answers at most 8, best matches first', async () => {
    // Every Brooklyn neighborhood's label contains 'Brooklyn' (11 of them).
    const found = await suggest('brooklyn');
    expect(found).toHaveLength(8);
    expect(found[0]?.label).toBe('Brooklyn Heights, Brooklyn');
    expect(found.every((s) => s.borough === 'BROOKLYN')).toBe(true);
  });

  it('refuses a text that is too long', async () => {
    await expect(query(db.prisma, SUGGEST, { q: 'x'.repeat(121) })).rejects.toThrow(/at most 120|too big|<=120/i);
  });
});

describe.each(transportBackends)('address suggestions from a configured geocoder on %s', (backend) => {
  let db: TestDatabase;
  let server: http.Server;
  let base: string;
  const seen: URL[] = [];
  let mode: 'ok' | 'slow' | 'error' = 'ok';

  const photon = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-73.9566, 40.7205] },
        properties: {
          housenumber: '88',
          street: 'Bedford Avenue',
          district: 'Williamsburg',
          city: 'New York',
          county: 'Kings County',
          state: 'New York',
          type: 'house',
        },
      },
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-73.9442, 40.6872] },
        properties: { name: 'Bedford-Stuyvesant', city: 'New York', county: 'Kings County', type: 'district' },
      },
      {
        // Outside New York City: dropped.
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [-71.4128, 42.4906] },
        properties: { name: 'Bedford', state: 'Massachusetts', type: 'city' },
      },
    ],
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    server = http.createServer((req, res) => {
      seen.push(new URL(req.url ?? '/', 'http://localhost'));
      if (mode === 'error') {
        res.writeHead(502).end('bad gateway');
      } else if (mode === 'slow') {
        const t = setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(photon)), 3_000);
        res.on('close', () => clearTimeout(t));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(photon));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
    configureGeocoder(base);
  });
  afterEach(() => {
    mode = 'ok';
    seen.length = 0;
  });
  afterAll(async () => {
    configureGeocoder(null);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db?.close();
  });

  const suggest = async (q: string) =>
    (await query<{ addressSuggestions: Suggestion[] }>(db.prisma, SUGGEST, { q })).addressSuggestions;

  it('asks the geocoder (biased to central Manhattan) and maps its features', async () => {
    const found = await suggest('  88 bedford ');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.pathname).toBe('/api/');
    expect(Object.fromEntries(seen[0]!.searchParams)).toEqual({ q: '88 bedford', limit: '8', lat: '40.78', lon: '-73.97' });
    expect(found).toEqual([
      {
        label: '88 Bedford Avenue, Brooklyn',
        kind: 'ADDRESS',
        neighborhood: 'Williamsburg',
        borough: 'BROOKLYN',
        lat: 40.7205,
        lng: -73.9566,
      },
      {
        label: 'Bedford-Stuyvesant, Brooklyn',
        kind: 'NEIGHBORHOOD',
        neighborhood: 'Bedford-Stuyvesant',
        borough: 'BROOKLYN',
        lat: 40.6872,
        lng: -73.9442,
      },
    ]);
  });

  it('does not call the geocoder for short text', async () => {
    expect(await suggest('be')).toEqual([]);
    expect(seen).toHaveLength(0);
  });

  it('falls back to the gazetteer when the geocoder fails', async () => {
    mode = 'error';
    const found = await suggest('williamsburg');
    expect(seen).toHaveLength(1);
    expect(found[0]?.label).toBe('Williamsburg, Brooklyn');
  });

  it('falls back to the gazetteer after 2 seconds without an answer', async () => {
    mode = 'slow';
    const started = Date.now();
    const found = await suggest('astoria');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(1_900);
    expect(took).toBeLessThan(2_900);
    expect(found[0]?.label).toBe('Astoria, Queens');
  });
});

describe('geocoder feature mapping', () => {
  it('skips features without coordinates or a name', () => {
    expect(featureToSuggestion({ properties: { name: 'Nowhere' } })).toBeNull();
    expect(featureToSuggestion({ geometry: { coordinates: [-73.95, 40.7] }, properties: {} })).toBeNull();
    expect(featureToSuggestion('not an object')).toBeNull();
  });
});

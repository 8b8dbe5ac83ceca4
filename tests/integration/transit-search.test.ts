import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProperty } from '../factories/index.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

// Search by train (issue 13 item 3): 'Subway lines' and 'Walk to subway' on GraphQL and REST, over
// the nearest stations stored with each listing (the factories compute them from the location).
const SEARCH =
  'query S($filter: PropertyFilter) { properties(filter: $filter, first: 50) { totalCount edges { node { title } } } }';

describe.each(ruleBackends)('search by subway line and walk on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    const owner = { userId: user.id, agentId: agent.id };
    // Bedford Av (L) 1 minute away; Metropolitan Av / Lorimer St (G, L) 11.
    await createProperty(db.prisma, owner, { title: 'By Bedford Av', locationLat: 40.7171, locationLng: -73.9565 });
    // Court Sq (E, F, G, 7) 1 minute away.
    await createProperty(db.prisma, owner, {
      title: 'By Court Sq',
      borough: 'QUEENS',
      neighborhood: 'Long Island City',
      locationLat: 40.7471,
      locationLng: -73.9456,
    });
    // Marcy Av (J, M, Z) 2 minutes; Broadway (G) 10; Metropolitan Av / Lorimer St (G, L) 12.
    await createProperty(db.prisma, owner, { title: 'By Marcy Av', locationLat: 40.7081, locationLng: -73.9571 });
    // No station within 15 minutes.
    await createProperty(db.prisma, owner, { title: 'Far from trains', locationLat: 40.74, locationLng: -73.71 });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const titles = async (filter: Record<string, unknown>) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SEARCH, variables: { filter } }),
    });
    const body = (await res.json()) as Body;
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data.properties.edges.map((e: Body) => e.node.title).sort();
  };
  const restTitles = async (qs: string) => {
    const res = await fetch(`${app.url}/api/properties?${qs}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as Body).items.map((i: Body) => i.title).sort();
  };

  it('keeps listings near a station of any of the lines, within 15 minutes by default', async () => {
    expect(await titles({ lines: ['L'] })).toEqual(['By Bedford Av', 'By Marcy Av']);
    expect(await titles({ lines: ['7'] })).toEqual(['By Court Sq']);
    expect(await titles({ lines: ['G'] })).toEqual(['By Bedford Av', 'By Court Sq', 'By Marcy Av']);
    expect(await titles({ lines: ['J', '7'] })).toEqual(['By Court Sq', 'By Marcy Av']);
    expect(await titles({ lines: ['SI'] })).toEqual([]);
  });

  it('narrows by the walk, with or without lines', async () => {
    expect(await titles({ walkMinutes: 5 })).toEqual(['By Bedford Av', 'By Court Sq', 'By Marcy Av']);
    expect(await titles({ walkMinutes: 15 })).toEqual(['By Bedford Av', 'By Court Sq', 'By Marcy Av']);
    expect(await titles({ lines: ['G'], walkMinutes: 5 })).toEqual(['By Court Sq']);
    expect(await titles({ lines: ['G'], walkMinutes: 10 })).toEqual(['By Court Sq', 'By Marcy Av']);
    expect(await titles({ lines: ['L'], walkMinutes: 10 })).toEqual(['By Bedford Av']);
  });

  it('answers the same on REST: lines=L,G&walk=10, or lines repeated', async () => {
    expect(await restTitles('lines=L,G&walk=10')).toEqual(['By Bedford Av', 'By Court Sq', 'By Marcy Av']);
    expect(await restTitles('lines=l&walk=10')).toEqual(['By Bedford Av']);
    expect(await restTitles('lines=J&lines=7')).toEqual(['By Court Sq', 'By Marcy Av']);
    expect(await restTitles('walk=5&borough=queens')).toEqual(['By Court Sq']);
  });

  it('refuses a walk other than 5, 10 or 15 and a line that is no line, clearly', async () => {
    const bad = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: SEARCH, variables: { filter: { walkMinutes: 7 } } }),
    });
    const body = (await bad.json()) as Body;
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).toMatch(/5, 10 or 15/);
    for (const qs of [
      'walk=7',
      'lines=%3Bdrop',
      `lines=${Array.from({ length: 13 }, (_, i) => String((i % 7) + 1)).join(',')}`,
    ]) {
      const res = await fetch(`${app.url}/api/properties?${qs}`);
      expect(res.status, qs).toBe(400);
    }
  });
});

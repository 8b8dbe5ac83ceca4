import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createProperty } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

// Commute time (issue 13 item 4): cards' door-to-door minutes by subway to a destination, the
// 'at most N minutes' filter and the 'Shortest Commute' sort, on GraphQL and REST. The filter and the
// sort are computed in SQL, the card's figure in JavaScript: they must agree for every listing.

const UNION_SQ = '635'; // 14 St-Union Sq (L, N, Q, R, W, 4, 5, 6)
const PAGE = `query C($filter: PropertyFilter, $sort: PropertySort, $first: Int, $after: String, $to: CommuteDestination) {
  properties(filter: $filter, sort: $sort, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { title commuteMinutes(to: $to) } }
  }
}`;

/** A small deterministic generator (mulberry32), so the random listings are the same on every run. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

describe.each(backends)('commute by subway on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    const owner = { userId: user.id, agentId: agent.id };
    await createProperty(db.prisma, owner, { title: 'By Union Sq', locationLat: 40.7359, locationLng: -73.9911 });
    await createProperty(db.prisma, owner, { title: 'By Bedford Av', locationLat: 40.7171, locationLng: -73.9565 });
    await createProperty(db.prisma, owner, {
      title: 'By Court Sq',
      borough: 'QUEENS',
      neighborhood: 'Long Island City',
      locationLat: 40.7471,
      locationLng: -73.9456,
    });
    // No station within 15 minutes' walk and too far to walk: no estimate.
    await createProperty(db.prisma, owner, { title: 'Far from trains', locationLat: 40.74, locationLng: -73.71 });
    await createProperty(db.prisma, owner, { title: 'No location', locationLat: null, locationLng: null });
    // Listings all over the city, for the SQL and the JavaScript figures to be compared on.
    const next = random(13);
    for (let i = 0; i < 30; i++) {
      await createProperty(db.prisma, owner, {
        title: `Random ${i}`,
        locationLat: 40.58 + next() * 0.27,
        locationLng: -74.02 + next() * 0.22,
      });
    }
    app = await startTestApp(db);
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const page = async (variables: Record<string, unknown>) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: PAGE, variables: { first: 50, ...variables } }),
    });
    return (await res.json()) as Body;
  };
  const nodes = async (variables: Record<string, unknown>) => {
    const body = await page(variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data.properties.edges.map((e: Body) => e.node) as Array<{ title: string; commuteMinutes: number | null }>;
  };
  const toUnionSq = { stationId: UNION_SQ };
  const all = () => nodes({ to: toUnionSq });

  it('estimates each listing door to door: a walk at Union Square, about ten minutes from Bedford Av on the L, none out of reach', async () => {
    const byTitle = new Map((await all()).map((n) => [n.title, n.commuteMinutes]));
    expect(byTitle.get('By Union Sq')).toBeLessThanOrEqual(3);
    // Walk 1, wait 2, ride about 6 (the timetable's 5.5 minutes on board), walk 0.
    expect(byTitle.get('By Bedford Av')).toBeGreaterThanOrEqual(7);
    expect(byTitle.get('By Bedford Av')).toBeLessThanOrEqual(14);
    expect(byTitle.get('By Court Sq')).toBeGreaterThan(byTitle.get('By Bedford Av')!);
    expect(byTitle.get('Far from trains')).toBeNull();
    expect(byTitle.get('No location')).toBeNull();
    // Without a destination there is no figure.
    expect((await nodes({ to: null })).every((n) => n.commuteMinutes === null)).toBe(true);
  });

  it('sorts by the shortest commute, listings with no estimate last, in one statement', async () => {
    db.resetQueries();
    const sorted = await nodes({ to: toUnionSq, filter: { commuteTo: toUnionSq }, sort: 'COMMUTE' });
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(sorted).toHaveLength(35);
    expect(sorted[0]!.title).toBe('By Union Sq');
    const minutes = sorted.map((n) => n.commuteMinutes ?? Number.POSITIVE_INFINITY);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(sorted.slice(-2).map((n) => n.commuteMinutes)).toEqual([null, null]);
  });

  it('keeps the same order page by page (keyset cursors on the commute)', async () => {
    const whole = (await nodes({ to: toUnionSq, filter: { commuteTo: toUnionSq }, sort: 'COMMUTE' })).map((n) => n.title);
    const paged: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const body = await page({ to: toUnionSq, filter: { commuteTo: toUnionSq }, sort: 'COMMUTE', first: 4, after });
      expect(body.errors).toBeUndefined();
      paged.push(...body.data.properties.edges.map((e: Body) => e.node.title));
      if (!body.data.properties.pageInfo.hasNextPage) break;
      after = body.data.properties.pageInfo.endCursor;
    }
    expect(paged).toEqual(whole);
  });

  it('keeps exactly the listings within the minutes, as their cards say (SQL and JavaScript agree)', async () => {
    const everyone = await all();
    for (const max of [10, 20, 30, 45, 60]) {
      const kept = await nodes({ to: toUnionSq, filter: { commuteTo: toUnionSq, commuteMaxMinutes: max } });
      const expected = everyone.filter((n) => n.commuteMinutes !== null && n.commuteMinutes <= max).map((n) => n.title);
      expect(kept.map((n) => n.title).sort(), `at most ${max} minutes`).toEqual(expected.sort());
      const body = await page({ to: toUnionSq, filter: { commuteTo: toUnionSq, commuteMaxMinutes: max } });
      expect(body.data.properties.totalCount).toBe(expected.length);
    }
    // Some listings fall on each side of 30 minutes in this city-wide spread.
    const within30 = everyone.filter((n) => n.commuteMinutes !== null && n.commuteMinutes <= 30).length;
    expect(within30).toBeGreaterThan(3);
    expect(within30).toBeLessThan(everyone.length - 3);
  });

  it('takes an address (a point) as the destination too', async () => {
    const toPoint = { lat: 40.7359, lng: -73.9911 };
    const sorted = await nodes({ to: toPoint, filter: { commuteTo: toPoint, commuteMaxMinutes: 20 }, sort: 'COMMUTE' });
    expect(sorted[0]).toEqual({ title: 'By Union Sq', commuteMinutes: expect.any(Number) });
    expect(sorted[0]!.commuteMinutes).toBeLessThanOrEqual(2);
    expect(sorted.map((n) => n.title)).toContain('By Bedford Av');
    expect(sorted.every((n) => n.commuteMinutes !== null && n.commuteMinutes <= 20)).toBe(true);
  });

  it('answers the same on REST: commute_to=station:635&commute_max=20&sort=commute, with commute_minutes', async () => {
    const gql = await nodes({ to: toUnionSq, filter: { commuteTo: toUnionSq, commuteMaxMinutes: 20 }, sort: 'COMMUTE' });
    const res = await fetch(`${app.url}/api/properties?commute_to=station:${UNION_SQ}&commute_max=20&sort=commute&limit=50`);
    expect(res.status).toBe(200);
    const items = ((await res.json()) as Body).items as Array<{ title: string; commute_minutes: number }>;
    expect(items.map((i) => [i.title, i.commute_minutes])).toEqual(gql.map((n) => [n.title, n.commuteMinutes]));
    const point = await fetch(`${app.url}/api/properties?commute_to=40.7359,-73.9911&commute_max=20`);
    expect(((await point.json()) as Body).items.length).toBeGreaterThan(1);
  });

  it('refuses a sort by commute without a destination, an unknown station, a point outside the city, and a bare maximum', async () => {
    const refusals: Array<Record<string, unknown>> = [
      { to: toUnionSq, sort: 'COMMUTE' },
      { to: toUnionSq, filter: { commuteTo: { stationId: 'ZZ99' } } },
      { to: toUnionSq, filter: { commuteTo: { lat: 10, lng: -73.99 } } },
      { to: toUnionSq, filter: { commuteTo: { stationId: UNION_SQ, lat: 40.7, lng: -73.9 } } },
      { to: toUnionSq, filter: { commuteMaxMinutes: 30 } },
      { to: toUnionSq, filter: { commuteTo: toUnionSq, commuteMaxMinutes: 500 } },
      { to: { stationId: 'ZZ99' } },
    ];
    for (const variables of refusals) {
      const body = await page(variables);
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
    for (const qs of ['commute_to=nowhere', 'commute_to=station:ZZ99', 'sort=commute', 'commute_max=30']) {
      const res = await fetch(`${app.url}/api/properties?${qs}`);
      expect(res.status, qs).toBe(400);
    }
  });

  it('lists the stations to pick from, by name, with their lines', async () => {
    const data = await query<Body>(db.prisma, '{ subwayStations { id name borough lines subwayLines { bullet } } }');
    const stations = data.subwayStations as Array<{ id: string; name: string; lines: string[] }>;
    expect(stations.length).toBeGreaterThan(400);
    expect(stations.find((s) => s.id === UNION_SQ)).toMatchObject({
      name: '14 St-Union Sq',
      lines: expect.arrayContaining(['L', '6']),
    });
    const names = stations.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../server/modules/auth/auth.rest.js';
import { IP_VIEW_CEILING } from '../../server/modules/listings/listing-views.js';
import { createAgent, createProperty } from '../factories/index.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';
const VIEW = 'mutation V($id: ID!) { recordPropertyView(id: $id) { id views } }';

describe.each(backends)('abuse limits on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let listingId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    listingId = (await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Sunny loft on Bedford' })).id;
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const views = async () => (await db.prisma.property.findUniqueOrThrow({ where: { id: listingId } })).views;
  const view = (headers: Record<string, string> = {}) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify({ query: VIEW, variables: { id: listingId } }),
    });

  it('raises the view count by 1 for 50 calls from one client keeping its visitor cookie', async () => {
    const before = await views();
    const first = await view();
    const cookie = /vid=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0];
    expect(cookie, 'a first-party visitor cookie is set').toBeTruthy();
    for (let i = 0; i < 49; i++) await (await view({ cookie: cookie! })).arrayBuffer();
    expect(await views()).toBe(before + 1);
  });

  it('raises it by 1 for 50 calls from one address that ignores cookies', async () => {
    await db.prisma.listingView.deleteMany({});
    const before = await views();
    for (let i = 0; i < 50; i++) await (await view()).arrayBuffer();
    expect(await views()).toBe(before + 1);
  });

  it(`counts at most ${IP_VIEW_CEILING} visitors a listing per address, whatever cookies they bring`, async () => {
    await db.prisma.listingView.deleteMany({});
    const before = await views();
    for (let i = 0; i < IP_VIEW_CEILING + 15; i++) {
      await (await view({ cookie: `vid=33333333-3333-4333-8333-${String(i).padStart(12, '0')}` })).arrayBuffer();
    }
    expect(await views()).toBe(before + IP_VIEW_CEILING);
  });

  it(`limits sign-in calls with their real values (${AUTH_RATE_LIMITS.session} session mints, ${AUTH_RATE_LIMITS.phoneCheck} phone checks a minute)`, async () => {
    const limited = await startTestApp(db);
    try {
      const statuses = async (path: string, body: unknown, n: number) => {
        const out: number[] = [];
        for (let i = 0; i < n; i++) {
          const r = await fetch(`${limited.url}${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN },
            body: JSON.stringify(body),
          });
          out.push(r.status);
          if (r.status === 429) expect(((await r.json()) as Body).code).toBe('RATE_LIMITED');
          else await r.arrayBuffer();
        }
        return out;
      };
      const sessions = await statuses('/api/auth/session', { idToken: 'not-a-real-token-at-all' }, AUTH_RATE_LIMITS.session + 1);
      expect(sessions.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(sessions.at(-1)).toBe(429);
      const phones = await statuses('/api/auth/check-phone', { phone: '+15550001234' }, AUTH_RATE_LIMITS.phoneCheck + 1);
      expect(phones.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(phones.at(-1)).toBe(429);
      const signups = await statuses('/api/auth/complete-signup', {}, AUTH_RATE_LIMITS.signup + 1);
      expect(signups.at(-1)).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  it('queues requests behind a slow query instead of failing them (text searches need no transaction)', async () => {
    const slow = db.prisma.$queryRaw`SELECT 1 AS one FROM pg_sleep(3)`;
    const searches = Array.from({ length: 8 }, (_, i) =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({
          query: `{ properties(filter: { search: "${i % 2 ? 'bedford' : 'sunny lofts'}" }) { totalCount edges { node { id } } } }`,
        }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Body })),
    );
    const tx = db.prisma.$transaction(async (t) => t.property.count());
    const [, results, count] = await Promise.all([slow, Promise.all(searches), tx]);
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.properties.totalCount).toBe(1);
    }
    expect(count).toBe(1);
  }, 30_000);
});

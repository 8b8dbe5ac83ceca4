import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IP_VIEW_CEILING } from '../../server/modules/listings/listing-views.js';
import { createAgent, createProperty } from '../factories/index.js';
import { signUpInEmulator } from '../setup/identity.js';
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

  it(`limits sign-in calls with their real values (${RATE_LIMITS.authSession.points} session mints, ${RATE_LIMITS.authPhoneCheck.points} phone checks a minute)`, async () => {
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
      const sessions = await statuses(
        '/api/auth/session',
        { idToken: 'not-a-real-token-at-all' },
        RATE_LIMITS.authSession.points + 1,
      );
      expect(sessions.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(sessions.at(-1)).toBe(429);
      // Counted per address before anything else (a visitor without a sign-up in progress is refused).
      const phones = await statuses('/api/auth/check-phone', { phone: '+15550001234' }, RATE_LIMITS.authPhoneCheck.points + 1);
      expect(phones.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(phones.at(-1)).toBe(429);
      const signups = await statuses('/api/auth/complete-signup', {}, RATE_LIMITS.authSignup.points + 1);
      expect(signups.at(-1)).toBe(429);
    } finally {
      await limited.stop();
    }
  });

  describe('the phone lookup of sign-up cannot enumerate registered numbers', () => {
    const check = (target: TestApp, idToken: string | null, forwardedFor?: string) =>
      fetch(`${target.url}/api/auth/check-phone`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ phone: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` }),
      });

    it(`answers one account in sign-up ${RATE_LIMITS.phoneCheckAccount.points} numbers an hour, then 429 with Retry-After`, async () => {
      const limited = await startTestApp(db);
      try {
        const signingUp = await signUpInEmulator();
        for (let i = 0; i < RATE_LIMITS.phoneCheckAccount.points; i++) {
          const res = await check(limited, signingUp.idToken);
          expect(res.status).toBe(200);
          expect(await res.json()).toEqual({ exists: false });
        }
        const refused = await check(limited, signingUp.idToken);
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
        // Another account signing up from the same address still gets its answer.
        expect((await check(limited, (await signUpInEmulator()).idToken)).status).toBe(200);
      } finally {
        await limited.stop();
      }
    });

    it('counts the per-address limit by the proxy-given address only when TRUST_PROXY is set', async () => {
      const direct = await startTestApp(db);
      const proxied = await startTestApp(db, { env: { TRUST_PROXY: 'true' } });
      try {
        // Without TRUST_PROXY, a forged X-Forwarded-For does not make a new address.
        const forged: number[] = [];
        for (let i = 0; i <= RATE_LIMITS.authPhoneCheck.points; i++)
          forged.push((await check(direct, null, `198.51.100.${i + 1}`)).status);
        expect(forged.slice(0, -1).every((s) => s === 401)).toBe(true);
        expect(forged.at(-1)).toBe(429);
        // Behind a proxy, each client address has its own count.
        for (let i = 0; i < RATE_LIMITS.authPhoneCheck.points; i++)
          expect((await check(proxied, null, '203.0.113.7')).status).toBe(401);
        expect((await check(proxied, null, '203.0.113.7')).status).toBe(429);
        expect((await check(proxied, null, '203.0.113.8')).status).toBe(401);
      } finally {
        await direct.stop();
        await proxied.stop();
      }
    });

    it(`answers at most ${RATE_LIMITS.phoneCheckGlobal.points} lookups a minute in all, whatever the addresses and accounts`, async () => {
      const limited = await startTestApp(db, { env: { TRUST_PROXY: 'true' } });
      try {
        const perAccount = RATE_LIMITS.phoneCheckAccount.points;
        const accounts = await Promise.all(
          Array.from({ length: Math.ceil(RATE_LIMITS.phoneCheckGlobal.points / perAccount) + 1 }, () => signUpInEmulator()),
        );
        const statuses: number[] = [];
        for (let i = 0; i <= RATE_LIMITS.phoneCheckGlobal.points; i++) {
          // A fresh address every few calls and a fresh account every five: only the global limit binds.
          const address = `192.0.2.${Math.floor(i / (RATE_LIMITS.authPhoneCheck.points - 1)) + 1}`;
          const res = await check(limited, accounts[Math.floor(i / perAccount)]!.idToken, address);
          statuses.push(res.status);
          await res.arrayBuffer();
        }
        expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
        expect(statuses.at(-1)).toBe(429);
      } finally {
        await limited.stop();
      }
    }, 60_000);
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

import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { signUpInEmulator } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// The per-address limits (sign-in calls, anonymous GraphQL, uploads) count in Redis with REDIS_URL,
// so two instances behind one load balancer hold one limit together (issue 12 item 3).

const REDIS_URL = process.env.REDIS_TEST_URL || undefined;

describe.runIf(REDIS_URL)('per-address limits shared by two instances through Redis', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    a = await startTestApp(db, { env: { REDIS_URL: REDIS_URL! } });
    b = await startTestApp(db, { env: { REDIS_URL: REDIS_URL! } });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
  });

  /** A JSON POST from a chosen loopback address; resolves with the status. */
  const post = (app: TestApp, path: string, opts: { localAddress: string; authorization?: string; body: unknown }) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(`${app.url}${path}`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress: opts.localAddress,
          headers: {
            'content-type': 'application/json',
            origin: 'http://localhost:5173',
            ...(opts.authorization ? { authorization: opts.authorization } : {}),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(opts.body));
    });

  it(`counts the ${RATE_LIMITS.authPhoneCheck.points} phone checks a minute of one address across both instances`, async () => {
    // A loopback address of its own, so earlier runs and other tests do not share the counter.
    const own = `127.0.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 250) + 2}`;
    const check = (app: TestApp) =>
      new Promise<number>((resolve, reject) => {
        import('node:http').then(({ request }) => {
          const url = new URL(`${app.url}/api/auth/check-phone`);
          const req = request(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname,
              method: 'POST',
              localAddress: own,
              headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end(JSON.stringify({ phone: 'not a phone' }));
        }, reject);
      });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.authPhoneCheck.points; i++) statuses.push(await check(i % 2 ? b : a));
    expect(statuses.every((s) => s !== 429)).toBe(true);
    expect(await check(a)).toBe(429);
    expect(await check(b)).toBe(429);
  });

  it(`holds the ${RATE_LIMITS.phoneCheckGlobal.points} phone lookups a minute of everyone together across both instances`, async () => {
    // The global counter's key is shared by every run against this Redis: start it from zero.
    const redis = new Redis(REDIS_URL!);
    await redis.del(`rl:${RATE_LIMITS.phoneCheckGlobal.name}:all`);
    await redis.quit();
    const perAccount = RATE_LIMITS.phoneCheckAccount.points;
    const accounts = await Promise.all(
      Array.from({ length: Math.ceil(RATE_LIMITS.phoneCheckGlobal.points / perAccount) + 2 }, () => signUpInEmulator()),
    );
    const base = Math.floor(Math.random() * 100) + 20;
    const check = (app: TestApp, i: number, account: number) =>
      post(app, '/api/auth/check-phone', {
        // A fresh loopback address every few calls and a fresh account every five: only the global limit binds.
        localAddress: `127.1.${base}.${Math.floor(i / (RATE_LIMITS.authPhoneCheck.points - 1)) + 2}`,
        authorization: `Bearer ${accounts[account]!.idToken}`,
        body: { phone: `+1555${String(i).padStart(7, '0')}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.phoneCheckGlobal.points; i++)
      statuses.push(await check(i % 2 ? b : a, i, Math.floor(i / perAccount)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const last = accounts.length - 1;
    expect(await check(a, RATE_LIMITS.phoneCheckGlobal.points, last)).toBe(429);
    expect(await check(b, RATE_LIMITS.phoneCheckGlobal.points + 1, last)).toBe(429);
  }, 60_000);
});

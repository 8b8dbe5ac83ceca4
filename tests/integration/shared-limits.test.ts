import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../server/modules/auth/auth.rest.js';
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

  it(`counts the ${AUTH_RATE_LIMITS.phoneCheck} phone checks a minute of one address across both instances`, async () => {
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
    for (let i = 0; i < AUTH_RATE_LIMITS.phoneCheck; i++) statuses.push(await check(i % 2 ? b : a));
    expect(statuses.every((s) => s !== 429)).toBe(true);
    expect(await check(a)).toBe(429);
    expect(await check(b)).toBe(429);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino, type Logger } from 'pino';
import { createApp, type RunningApp } from '../../server/app.js';
import type { PrismaClient } from '../../server/db/client.js';
import { loadEnv, type Env } from '../../server/env.js';
import { createIdentityProvider } from '../../server/modules/auth/identity.js';
import { createLocalStorage, type Storage } from '../../server/modules/uploads/storage.js';
import { testIdentity } from './identity.js';
import type { TestDatabase } from './test-db.js';

export interface TestApp extends RunningApp {
  url: string;
  storage: Storage;
  dataDir: string;
  env: Env;
  stop(): Promise<void>;
}

/** The real Express app on a free loopback port, over a test database. */
export async function startTestApp(
  db: TestDatabase,
  opts: {
    clientDir?: string;
    /** The client's server build (entry-server.js); none by default, so no page is rendered on the server. */
    serverDir?: string;
    env?: Record<string, string>;
    /** Changes to the validated configuration (e.g. NODE_ENV 'production', which loadEnv refuses with the emulator). */
    envOverrides?: Partial<Env>;
    /** host:port of the Auth emulator to use (a proxy in front of it, in the identity tests). */
    identityHost?: string;
    log?: Logger;
    prisma?: PrismaClient;
    storage?: Storage;
    /** How often the offline-mail sweep runs (60 s by default, as in production). */
    offlineMailEveryMs?: number;
  } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nyc-rentals-test-'));
  const env = {
    ...loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      PORT: '0',
      // Off unless a test turns it on: tests make rows straight in the database between requests,
      // which no listing write announces (tests/integration/public-cache.test.ts tests the cache).
      PUBLIC_CACHE_SECONDS: '0',
      ...opts.env,
    }),
    ...opts.envOverrides,
  };
  const identity = opts.identityHost ? createIdentityProvider(env, opts.identityHost) : testIdentity();
  const storage = opts.storage ?? createLocalStorage(path.join(dataDir, 'uploads'));
  const running = await createApp({
    env,
    prisma: opts.prisma ?? db.prisma,
    storage,
    log: opts.log ?? pino({ level: process.env.TEST_LOG ?? 'silent' }),
    identity,
    clientDir: opts.clientDir ?? path.join(dataDir, 'no-client'),
    serverDir: opts.serverDir ?? path.join(dataDir, 'no-server'),
    offlineMailEveryMs: opts.offlineMailEveryMs,
  });
  const url = await running.listen(0, '127.0.0.1');
  if (env.REDIS_URL) await untilRedisAnswers(url);
  return {
    ...running,
    url,
    storage,
    dataDir,
    env,
    async stop() {
      await running.close();
      await identity.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With REDIS_URL, the app counts in process until its Redis connection is up (the insurance limiter,
 * server/infra/rate-limits.ts): a test of limits shared through Redis starts once /healthz says Redis is ok.
 */
async function untilRedisAnswers(url: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${url}/healthz`).catch(() => null);
    const body = (await res?.json().catch(() => null)) as { redis?: string } | null;
    if (body?.redis === 'ok') return;
    if (Date.now() > deadline) throw new Error(`Redis did not answer the app within 10 s: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

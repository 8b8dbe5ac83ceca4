import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { createApp, type RunningApp } from '../../server/app.js';
import { loadEnv } from '../../server/env.js';
import { createLocalStorage, type Storage } from '../../server/modules/uploads/storage.js';
import { testIdentity } from './identity.js';
import type { TestDatabase } from './test-db.js';

export interface TestApp extends RunningApp {
  url: string;
  storage: Storage;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real Express app on a free loopback port, over a test database. */
export async function startTestApp(
  db: TestDatabase,
  opts: { clientDir?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nyc-rentals-test-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', ...opts.env });
  const identity = testIdentity();
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  const running = await createApp({
    env,
    prisma: db.prisma,
    storage,
    log: pino({ level: 'silent' }),
    identity,
    clientDir: opts.clientDir ?? path.join(dataDir, 'no-client'),
  });
  const url = await running.listen(0, '127.0.0.1');
  return {
    ...running,
    url,
    storage,
    dataDir,
    async stop() {
      await running.close();
      await identity.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

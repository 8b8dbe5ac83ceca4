// The admin commands lose nothing (issue 24 item 4). PGlite's files under DATA_DIR have one owner:
// the app holds `pglite.lock` with its wire port, and `npm run partner` / `npm run admin` (run here as
// the real commands, in processes of their own) go through that port while the app runs. A key made
// while the app runs works at once and survives a restart; a grant is in effect at once; with nothing
// running, a command opens the files itself; no second process opens files another one holds.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { PGLITE_LOCK, PgliteInUse } from '../../server/db/pglite-lock.js';
import { createUser } from '../factories/index.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import type { TestDatabase } from '../setup/test-db.js';

const run = promisify(execFile);

describe('the partner and admin commands beside a running app on PGlite files', () => {
  const dataDirs: string[] = [];
  afterAll(async () => {
    for (const dir of dataDirs) await fs.rm(dir, { recursive: true, force: true });
  });

  async function command(dataDir: string, cli: string, ...args: string[]) {
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', DATABASE_URL: '' };
    return run(process.execPath, ['--import', 'tsx', cli, ...args], { env, cwd: process.cwd() }).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
  }
  const partner = (dataDir: string, ...args: string[]) => command(dataDir, 'server/modules/partners/partner-cli.ts', ...args);
  const admin = (dataDir: string, ...args: string[]) => command(dataDir, 'server/modules/auth/admin-cli.ts', ...args);

  /** The app as `npm start` runs it on the embedded database: the files opened by this process, served over HTTP. */
  async function startApp(dataDir: string): Promise<{ db: Database; app: TestApp; stop(): Promise<void> }> {
    const db = await createDatabase({ dataDir });
    await applyMigrations(db.adapterFactory);
    const asTestDb: TestDatabase = {
      ...db,
      backend: 'pglite',
      queries: [],
      resetQueries: () => undefined,
      untilQuiet: async () => undefined,
    };
    const app = await startTestApp(asTestDb);
    return {
      db,
      app,
      async stop() {
        await app.stop();
        await db.close();
      },
    };
  }

  const partnerCall = (app: TestApp, key: string) =>
    fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: '{ __typename }' }),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { errors?: Array<{ message: string }> } }));

  it('makes a key that works at once and survives a restart, and a grant in effect at once', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'commands-'));
    dataDirs.push(dataDir);
    let running = await startApp(dataDir);
    try {
      const lock = JSON.parse(await fs.readFile(path.join(dataDir, PGLITE_LOCK), 'utf8')) as {
        pid: number;
        kind: string;
        port: number;
      };
      expect(lock).toMatchObject({ pid: process.pid, kind: 'app' });
      expect(running.db.connectionString).toContain(`:${lock.port}/`);

      const created = await partner(dataDir, 'create', 'Acme Realty');
      expect(created.code, created.out).toBe(0);
      const key = created.out.trim().split('\n').at(-1) ?? '';
      expect(key).toMatch(/^pk_live_/);
      // At once, on the running app (before: 'Invalid or revoked API key' until a restart).
      expect(await partnerCall(running.app, key)).toEqual({
        status: 200,
        body: { data: { __typename: 'Query' }, extensions: { cost: expect.objectContaining({ requested: 0, actual: 0 }) } },
      });
      expect((await partnerCall(running.app, `pk_live_${'x'.repeat(43)}`)).status).toBe(401);

      // A grant: the person signed up through the app; the command makes them an administrator at once.
      const user = await createUser(running.db.prisma, { email: `boss-${Date.now()}@example.com` });
      const granted = await admin(dataDir, 'grant', user.email);
      expect(granted.out).toContain(`${user.email} is now an administrator.`);
      expect((await running.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('ADMIN');
      expect((await admin(dataDir, 'list')).out).toContain(user.email);

      // The app went on serving its own requests meanwhile, and still does.
      expect((await fetch(`${running.app.url}/healthz`)).status).toBe(200);

      // A restart: the key is still there and still works.
      await running.stop();
      await expect(fs.stat(path.join(dataDir, PGLITE_LOCK))).rejects.toMatchObject({ code: 'ENOENT' });
      running = await startApp(dataDir);
      expect((await partnerCall(running.app, key)).status).toBe(200);
      expect((await running.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('ADMIN');

      // Nothing else opens the files while the app holds them.
      await expect(createDatabase({ dataDir, holder: 'command' })).rejects.toBeInstanceOf(PgliteInUse);
    } finally {
      await running.stop();
    }

    // With nothing running, a command opens the files itself (and lets them go when done).
    const listed = await partner(dataDir, 'list');
    expect(listed.code, listed.out).toBe(0);
    expect(listed.out).toContain('Acme Realty');
    await expect(fs.stat(path.join(dataDir, PGLITE_LOCK))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it('takes over a lock its holder left when it ended without closing', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'commands-stale-'));
    dataDirs.push(dataDir);
    // A process that is gone (a crashed app): its lock names a pid no process has.
    await fs.writeFile(path.join(dataDir, PGLITE_LOCK), JSON.stringify({ pid: 2 ** 22 + 17, kind: 'app', port: 1, since: '' }));
    const db = await createDatabase({ dataDir });
    try {
      const lock = JSON.parse(await fs.readFile(path.join(dataDir, PGLITE_LOCK), 'utf8')) as { pid: number };
      expect(lock.pid).toBe(process.pid);
    } finally {
      await db.close();
    }
  }, 60_000);
});

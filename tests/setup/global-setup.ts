import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { startAuthEmulator } from '../../server/modules/auth/emulator.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
    /** An archive of a migrated PGlite data directory (tests/setup/test-db.ts loads it). */
    pgliteTemplatePath: string | undefined;
    /** A migrated PostgreSQL database each file's database is copied from (TEST_DATABASE_URL only). */
    postgresTemplate: string | undefined;
  }
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Once for the whole vitest run: one Firebase Auth emulator (about a second to start) on a free port, and
 * the migrated templates every test file's database starts from (migrations applied once per run,
 * not once per file and backend).
 */
export default async function setup(project: TestProject) {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vitest-setup-'));
  const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
  let dropTemplate: (() => Promise<void>) | undefined;
  // The emulator, the PGlite template (in this process) and the PostgreSQL one (in the server) at once.
  const made = Promise.all([
    startAuthEmulator({ port: await freePort(), dataDir: tmp, log: pino({ level: 'silent' }), persist: false }),
    (async () => {
      const db = await createDatabase({ dataDir: 'memory://' });
      try {
        await applyMigrations(db.adapterFactory);
        const archive = path.join(tmp, 'pglite-template.tar');
        await fs.writeFile(archive, Buffer.from(await (await db.dumpDataDir!()).arrayBuffer()));
        project.provide('pgliteTemplatePath', archive);
      } finally {
        await db.close();
      }
    })(),
    (async () => {
      if (!TEST_DATABASE_URL) {
        project.provide('postgresTemplate', undefined);
        return;
      }
      const name = `test_template_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
      await adminQuery(TEST_DATABASE_URL, `CREATE DATABASE "${name}"`);
      dropTemplate = () => adminQuery(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      const url = new URL(TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      const db = await createDatabase({ databaseUrl: url.toString(), poolSize: 2 });
      try {
        await applyMigrations(db.adapterFactory);
      } finally {
        await db.close();
      }
      project.provide('postgresTemplate', name);
    })(),
  ]);
  // Should one of them fail, the PostgreSQL template made meanwhile is not left on the server.
  const [emulator] = await made.catch(async (err: unknown) => {
    await dropTemplate?.().catch(() => undefined);
    throw err;
  });
  project.provide('authEmulatorHost', emulator.host);

  return async () => {
    await emulator.stop();
    await dropTemplate?.();
    await fs.rm(tmp, { recursive: true, force: true });
  };
}

import { randomUUID } from 'node:crypto';
import { wireEffects } from '../../server/modules/effects.js';
import fs from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';

/**
 * Integration tests run on PGlite always, and on the real PostgreSQL too when TEST_DATABASE_URL is
 * set (CI sets it). Each test file gets a clean database: a fresh in-memory PGlite, or a fresh
 * PostgreSQL database created for the file and dropped after it.
 */
export type Backend = 'pglite' | 'postgres';

// Tests are not the app: they may read their own variables here (the app reads only server/env.ts).
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export const backends: Backend[] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Files that test a transport over rules tested elsewhere (HTTP limits and headers, GraphQL documents,
 * pages rendered, uploads' bytes, fuzzed input, languages, the authorization audit of every write, the
 * partner API's keys and limits) run on PGlite only. PGlite is PostgreSQL's
 * own engine: the PostgreSQL pass is for what differs there (the pg driver and its types, a pool of
 * connections, concurrent transactions and locks, LISTEN/NOTIFY, the job queue, statement counts,
 * raw SQL, migrations on the server's version), which the SQL-heavy files cover (issue 55 item 4).
 */
export const transportBackends: Backend[] = ['pglite'];

/**
 * Files that test rules over statements the SQL-heavy files already run on both databases (the law's
 * checks on a listing, its versions and withdrawal, review verification, a page's limits, the filters
 * the search statement reads, the fair-housing notice on messages, the auth session's rules) run on
 * PGlite only too; a file that counts statements, runs raw SQL of its own, locks, queues or listens
 * stays on both (issue 55 item 4).
 */
export const ruleBackends: Backend[] = ['pglite'];

export interface TestDatabase extends Database {
  backend: Backend;
  /** The PostgreSQL URL of the file's database (postgres only), e.g. for an app's DATABASE_URL. */
  url?: string;
  /** SQL statements seen since the last `resetQueries()`. */
  queries: string[];
  resetQueries(): void;
  /** Waits until no statement has run for `ms` (a fire-and-forget write, such as presence, has landed), then resets. */
  untilQuiet(ms?: number): Promise<void>;
}

/**
 * The migrated templates the global setup made once per run (tests/setup/global-setup.ts): an
 * archive of a migrated PGlite data directory, and a migrated PostgreSQL database to copy
 * (`CREATE DATABASE … TEMPLATE`). A file's database starts from them instead of applying every
 * migration again (3–5 s each on PGlite).
 */
let pgliteTemplate: Promise<Blob | undefined> | undefined;
function pgliteTemplateArchive(): Promise<Blob | undefined> {
  pgliteTemplate ??= (async () => {
    const file = inject('pgliteTemplatePath');
    return file ? new Blob([await fs.readFile(file)]) : undefined;
  })();
  return pgliteTemplate;
}

export async function createTestDatabase(backend: Backend): Promise<TestDatabase> {
  // Services called directly (without an app) hear events inside their writes as the app does.
  wireEffects();
  const queries: string[] = [];
  const onQuery = (sql: string) => queries.push(sql);
  let db: Database;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  let migrated = false;
  if (backend === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    const name = `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const template = inject('postgresTemplate');
    migrated = Boolean(template);
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    db = await createDatabase({ databaseUrl: url.toString(), onQuery, poolSize: 4 });
    drop = async () => {
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  } else {
    const template = await pgliteTemplateArchive();
    migrated = Boolean(template);
    db = await createDatabase({ dataDir: 'memory://', onQuery, loadDataDir: template });
  }
  if (!migrated) await applyMigrations(db.adapterFactory);
  queries.length = 0;
  return {
    ...db,
    backend,
    url: databaseUrl,
    queries,
    resetQueries: () => {
      queries.length = 0;
    },
    async untilQuiet(ms = 150) {
      for (let quiet = false, i = 0; !quiet && i < 40; i++) {
        queries.length = 0;
        await new Promise((r) => setTimeout(r, ms));
        quiet = queries.length === 0;
      }
      queries.length = 0;
    },
    async close() {
      await db.close();
      await drop?.();
    },
  };
}

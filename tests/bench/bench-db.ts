// The throwaway database of a benchmark: in-memory PGlite by default, or a fresh database on the
// PostgreSQL server named by BENCH_DATABASE_URL (dropped afterwards unless BENCH_KEEP=1).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../server/db/client.js';

const log = (msg: string) => console.log(`[bench] ${msg}`);

export async function freshDatabase(): Promise<{ db: Database; label: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const db = await createDatabase({ dataDir: 'memory://' });
    return { db, label: 'PGlite (in-memory, over the wire protocol)', drop: async () => undefined };
  }
  const name = `bench_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?';
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    db,
    label: `PostgreSQL ${version}`,
    drop: async () => {
      if (process.env.BENCH_KEEP === '1') {
        log(`kept ${url.toString()}`);
        return;
      }
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

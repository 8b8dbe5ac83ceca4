import path from 'node:path';
import { loadEnv } from '../env.js';
import { createLocalStorage } from '../modules/uploads/storage.js';
import { openCommandDatabase } from './client.js';
import { servingHolder } from './pglite-lock.js';
import { applyMigrations } from './migrate.js';
import { isEmpty, seed } from './seed/index.js';

/**
 * `npm run db:seed`: migrates, then seeds an empty database. `npm run db:reset`: drops everything
 * first (PGlite: its files; PostgreSQL: the schema), then migrates and seeds.
 */
async function main() {
  const reset = process.argv.includes('--reset');
  const env = loadEnv();
  if (reset) {
    if (env.NODE_ENV === 'production') throw new Error('Refusing to reset a production database.');
    if (!env.DATABASE_URL) {
      const running = await servingHolder(env.dataDir);
      if (running) throw new Error(`The app is running on this database (process ${running.pid}): stop it before a reset.`);
      const { rm } = await import('node:fs/promises');
      await rm(path.join(env.dataDir, 'pglite'), { recursive: true, force: true });
      await rm(path.join(env.dataDir, 'uploads', 'seed'), { recursive: true, force: true });
    }
  }
  // While the app runs, through its database connection (PGlite's files have one owner).
  const { db, shared } = await openCommandDatabase(env);
  try {
    if (reset && env.DATABASE_URL) {
      const schema = new URL(env.DATABASE_URL).searchParams.get('schema') ?? 'public';
      await db.prisma.$executeRawUnsafe(`DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '')}" CASCADE`);
      await db.prisma.$executeRawUnsafe(`CREATE SCHEMA "${schema.replace(/"/g, '')}"`);
    }
    const applied = shared ? [] : await applyMigrations(db.adapterFactory);
    if (applied.length) console.log(`Applied: ${applied.join(', ')}`);
    if (!(await isEmpty(db.prisma))) {
      console.log('The database already has data; nothing seeded (use npm run db:reset to start over).');
      return;
    }
    const started = Date.now();
    const storage = createLocalStorage(path.join(env.dataDir, 'uploads'));
    const summary = await seed(db.prisma, storage, { log: (m) => console.log(m) });
    console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, summary);
  } finally {
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

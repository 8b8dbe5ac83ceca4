import { loadEnv } from '../env.js';
import { createDatabase } from './client.js';
import { servingHolder } from './pglite-lock.js';
import { applyMigrations, createMigration } from './migrate.js';

/**
 * `npm run db:migrate` applies pending migrations; `npm run db:migration NAME` writes a new one from
 * the difference between prisma/migrations and prisma/schema.prisma.
 */
async function main() {
  const [command, name] = process.argv.slice(2);
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    // PGlite's files have one owner; the app applies pending migrations when it starts.
    const running = await servingHolder(env.dataDir);
    if (running)
      throw new Error(
        `The app is running on this database (process ${running.pid}): stop it first; it applies migrations when it starts.`,
      );
  }
  const db = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, holder: 'command' });
  try {
    if (command === 'create') {
      if (!name) throw new Error('Usage: npm run db:migration <snake_case_name>');
      const dir = await createMigration(db.adapterFactory, name);
      console.log(dir ? `Created ${dir}` : 'The schema matches the migrations; nothing to create.');
    } else if (command === 'deploy') {
      const applied = await applyMigrations(db.adapterFactory);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations.');
    } else {
      throw new Error('Usage: migrate-cli.ts deploy | create <name>');
    }
  } finally {
    await db.close();
  }
}

main().then(
  // The WASM engine keeps a 10 s timer alive after applying; exit explicitly.
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

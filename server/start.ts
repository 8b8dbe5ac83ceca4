import { createApp } from './app.js';
import { createDatabase } from './db/client.js';
import { PgliteInUse } from './db/pglite-lock.js';
import { applyMigrations } from './db/migrate.js';
import { isEmpty, seed } from './db/seed/index.js';
import type { Env } from './env.js';
import { createLogger } from './logger.js';
import { DEMO_ACCOUNTS } from './db/seed/demo-accounts.js';
import { startAuthEmulator, type RunningEmulator } from './modules/auth/emulator.js';
import { createIdentityProvider } from './modules/auth/identity.js';
import { createStorage } from './modules/uploads/create-storage.js';
import { backfillNearbyStations } from './modules/transit/backfill.js';

/**
 * The server's start, once the settings are known good (server/main.ts): db → migrate → (seed) →
 * app → listen → graceful shutdown.
 */
export async function start(env: Env) {
  const log = createLogger(env.LOG_LEVEL);
  log.info({ database: env.DATABASE_URL ? 'postgres' : `pglite (${env.dataDir})` }, 'starting');

  // The Auth emulator (about a second to start: server/modules/auth/emulator-host.ts) starts while
  // the database opens and migrates; a second `npm start` serves in about 7 s (issue 24 item 11).
  const startingEmulator =
    env.authEmulator && !env.FIREBASE_AUTH_EMULATOR_HOST
      ? startAuthEmulator({ port: env.AUTH_EMULATOR_PORT, dataDir: env.dataDir, log })
      : null;
  // Awaited below; a failure meanwhile is not an unhandled rejection.
  startingEmulator?.catch(() => undefined);

  let db;
  try {
    db = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir });
  } catch (err) {
    // Another app (or a command) holds the PGlite files: say so plainly and leave them alone.
    if (!(err instanceof PgliteInUse)) throw err;
    console.error(err.message);
    await startingEmulator?.then((e) => e.stop()).catch(() => undefined);
    process.exit(2);
  }
  const applied = await applyMigrations(db.adapterFactory, (msg) => log.debug({ engine: msg }, 'schema engine'));
  if (applied.length) log.info({ applied }, 'migrations applied');
  const backfilled = await backfillNearbyStations(db.prisma);
  if (backfilled) log.info({ backfilled }, 'nearby subway stations computed for existing listings');

  const storage = createStorage(env);
  if (env.SEED_ON_EMPTY && (await isEmpty(db.prisma))) {
    log.info('empty database: seeding demo data (first start only)');
    const summary = await seed(db.prisma, storage, { log: (msg) => log.info(msg), onlyIfEmpty: true });
    if (summary) log.info(summary, 'seeded');
  }

  // Identity: a real Firebase project, or the Auth emulator (started here unless one is given).
  const emulator: RunningEmulator | null = startingEmulator ? await startingEmulator : null;
  const identity = createIdentityProvider(env, env.FIREBASE_AUTH_EMULATOR_HOST ?? emulator?.host ?? null);
  if (identity.mode === 'emulator') {
    // The demo accounts of the README exist in the emulator on every start.
    for (const a of DEMO_ACCOUNTS) {
      await identity.upsertAccount({
        uid: a.uid,
        email: a.email,
        password: a.password,
        displayName: `${a.firstName} ${a.lastName}`,
        phone: a.phone,
      });
    }
    log.warn({ emulator: identity.emulatorUrl }, 'identity: Firebase Auth EMULATOR (development only; tokens are unsigned)');
  }

  const running = await createApp({ env, prisma: db.prisma, storage, log, identity });
  const url = await running.listen(env.PORT, env.HOST);
  log.info(
    { url: env.PUBLIC_URL ?? url, listening: `${env.HOST}:${env.PORT}` },
    `NYC Rentals is serving at ${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await running.close();
      await identity.close();
      await emulator?.stop();
      await db.close();
      log.info('bye');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

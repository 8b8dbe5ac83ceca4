import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaClient } from './generated/prisma/client.js';
import { acquirePgliteLock, servingHolder, type PgliteHolderKind, type PgliteLock } from './pglite-lock.js';
import { registerRawRunner } from './prepared.js';

export type { PrismaClient };

export interface DatabaseOptions {
  /** postgres:// URL; absent means the embedded PGlite database. */
  databaseUrl?: string;
  /** Where PGlite keeps its files (`<dataDir>/pglite`); `memory://` keeps nothing. */
  dataDir?: string;
  /** Called with every SQL statement Prisma sends (tests count statements with it). */
  onQuery?: (sql: string) => void;
  /** Maximum pool size for PostgreSQL (PGlite always uses one connection). */
  poolSize?: number;
  /** PGlite only: start from this archive of a data directory (`Database.dumpDataDir`), e.g. a migrated template. */
  loadDataDir?: Blob;
  /** PGlite files only: who opens them (the app waits a moment for a command that holds them). */
  holder?: PgliteHolderKind;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  prisma: PrismaClient;
  /** Adapter factory for the WASM schema engine (migrations, diff with a shadow database). */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Connection string a plain `pg` client can use (PGlite is served on a loopback port). */
  connectionString: string;
  /** PGlite only: an archive of the data directory, for `DatabaseOptions.loadDataDir`. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * PGlite is served over the PostgreSQL wire protocol on a loopback port, so the embedded default
 * and a real PostgreSQL go through the very same driver (`pg` + `@prisma/adapter-pg`).
 * See docs/decisions/0002-pglite-over-the-wire.md.
 */
async function servePglite(dataDir: string | 'memory://', loadDataDir?: Blob, holder: PgliteHolderKind = 'app') {
  let dir: string | undefined;
  let lock: PgliteLock | null = null;
  if (dataDir !== 'memory://') {
    dir = path.join(dataDir, 'pglite');
    // One process opens the files (issue 24 item 4); the others connect to it through its port.
    lock = await acquirePgliteLock(dataDir, holder);
    await fs.mkdir(dir, { recursive: true });
  }
  try {
    const db = await PGlite.create(dir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
    // The app's own pool holds one connection; the others are the commands run beside it.
    const server = new PGLiteSocketServer({ db: oneClientAtATime(db), host: '127.0.0.1', port: 0, maxConnections: 4 });
    await server.start();
    const conn = server.getServerConn(); // "127.0.0.1:PORT"
    await lock?.publish(Number(conn.split(':').at(-1)));
    const connectionString = `postgresql://postgres:postgres@${conn}/postgres?sslmode=disable`;
    return {
      connectionString,
      dumpDataDir: () => db.dumpDataDir('none'),
      async close() {
        await server.stop();
        await db.close();
        await lock?.release();
      },
    };
  } catch (err) {
    await lock?.release();
    throw err;
  }
}

const PROTOCOL = { query: 0x51, sync: 0x53, terminate: 0x58 } as const;
/** Extended-protocol messages that belong to a batch closed by Sync: Parse, Bind, Describe, Execute, Close, Flush. */
const IN_BATCH = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * PGlite has one session, which pglite-socket shares between its connections message by message,
 * keeping a transaction's messages together. A batch of the extended protocol (Parse … Sync) must be
 * kept together too: another connection's message in between would replace its unnamed statement.
 * The socket server is given this view of the database, which says "in a transaction" from the first
 * message of a batch to its Sync, so the server's queue serves no other connection meanwhile.
 */
function oneClientAtATime(db: PGlite): PGlite {
  let inBatch = false;
  // A batch arrives in one write and is served at once; one whose connection died halfway (its Sync
  // never comes) must not hold the database: after this long its hold ends.
  let batchSeenAt = 0;
  const BATCH_HOLD_MS = 2_000;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'isInTransaction') {
        return () => (inBatch && Date.now() - batchSeenAt < BATCH_HOLD_MS) || target.isInTransaction();
      }
      if (prop === 'execProtocolRawStream') {
        return async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0] ?? 0;
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            if (IN_BATCH.has(type)) {
              inBatch = true;
              batchSeenAt = Date.now();
            } else if (type === PROTOCOL.sync || type === PROTOCOL.query || type === PROTOCOL.terminate) inBatch = false;
          }
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function pgConfig(connectionString: string, max: number) {
  return { connectionString, max, idleTimeoutMillis: 10_000, connectionTimeoutMillis: 15_000 };
}

/**
 * Session settings every connection of the app gets when it opens: the word-similarity threshold
 * of the typo-tolerant search (read by pg_trgm's `<%` operator and its GIN index scans), so a text
 * search needs no transaction to set it; and a plan made with each execution's own values for the
 * hot path's prepared statements (server/db/prepared.ts), never a generic one.
 */
/** pg_trgm word-similarity threshold for a typed word against a column (PostgreSQL's default is 0.6); text-search.ts matches with it. */
export const WORD_SIMILARITY_THRESHOLD = 0.5;
export const SESSION_SETTINGS_SQL = `SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}; SET plan_cache_mode = force_custom_plan`;

function withSessionSettings(pool: pg.Pool): pg.Pool {
  // An idle connection the server ends (a restart, a dropped database) is an event, not a crash:
  // the pool discards it and opens a new one when needed.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    // Queued on the client before any query of the app, so it always runs first.
    client.query(SESSION_SETTINGS_SQL).catch(() => undefined);
  });
  return keepConnectionsAfterStatementErrors(pool);
}

/** An error the database reported on a connection that stays usable (not FATAL, not a lost socket). */
function leavesConnectionUsable(err: unknown): boolean {
  return err instanceof pg.DatabaseError && err.severity !== 'FATAL' && err.severity !== 'PANIC';
}

/**
 * `pool.query` (which Prisma's adapter calls for every statement outside a transaction) closes its
 * connection after any error, even one the database reported on a healthy connection: a unique
 * violation of a double-submitted form, a bad cast, a NUL in a value. On PostgreSQL that costs a
 * reconnect per refused statement; on PGlite, which serves one connection, the next request's new
 * connection could arrive before the old one was gone and be turned away ("Connection terminated
 * unexpectedly"), failing a request that had done nothing wrong. Here the connection goes back to
 * the pool after such an error and is dropped only when it broke.
 */
function keepConnectionsAfterStatementErrors(pool: pg.Pool): pg.Pool {
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const query = async (config: unknown, values?: unknown) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    // A connection error while the query runs is an event on the checked-out client: note it.
    const onError = (err: Error) => {
      broken = err;
    };
    client.once('error', onError);
    try {
      const result = await client.query(config as pg.QueryConfig, values as unknown[] | undefined);
      client.removeListener('error', onError);
      client.release(broken);
      return result;
    } catch (err) {
      client.removeListener('error', onError);
      client.release(broken ?? (leavesConnectionUsable(err) ? undefined : (err as Error)));
      throw err;
    }
  };
  (pool as { query: unknown }).query = (...args: unknown[]) =>
    // The callback form (unused by the app and Prisma) keeps pg-pool's own behaviour.
    args.some((a) => typeof a === 'function') ? original(...args) : query(args[0], args[1]);
  return pool;
}

export async function createDatabase(opts: DatabaseOptions = {}): Promise<Database> {
  const onQuery = opts.onQuery;
  const logOpts = onQuery ? { log: [{ emit: 'event' as const, level: 'query' as const }] } : {};

  if (opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    const schema = url.searchParams.get('schema') ?? undefined;
    url.searchParams.delete('schema');
    const connectionString = url.toString();
    const mainPool = withSessionSettings(
      new pg.Pool({
        ...pgConfig(connectionString, opts.poolSize ?? 10),
        ...(schema ? { options: `-c search_path="${schema}"` } : {}),
      }),
    );
    const mainFactory = new PrismaPg(mainPool, schema ? { schema } : undefined);
    // PrismaPg's own shadow database keeps the connection string, which names the main database;
    // create a throwaway database and point a fresh pool at it instead.
    // The schema engine (migrate.ts) gets one session of its own, closed when it is done. It takes a
    // session-level advisory lock and releases it by another statement: through the app's pool the two
    // could run on different connections, and the lock then stayed with an idle connection of the app,
    // so that another instance, or a command, could not migrate while the app ran (P1002 after 10 s).
    const engineFactory = new PrismaPg(
      { ...pgConfig(connectionString, 1), ...(schema ? { options: `-c search_path="${schema}"` } : {}) },
      schema ? { schema } : undefined,
    );
    const adapterFactory: SqlMigrationAwareDriverAdapterFactory = {
      provider: mainFactory.provider,
      adapterName: mainFactory.adapterName,
      connect: () => engineFactory.connect(),
      async connectToShadowDb() {
        const admin = await mainFactory.connect();
        const name = `prisma_shadow_${randomUUID().replace(/-/g, '')}`;
        await admin.executeScript(`CREATE DATABASE "${name}"`);
        const shadowUrl = new URL(connectionString);
        shadowUrl.pathname = `/${name}`;
        const shadow = await new PrismaPg(pgConfig(shadowUrl.toString(), 2)).connect();
        const dispose = shadow.dispose.bind(shadow);
        shadow.dispose = async () => {
          await dispose();
          await admin.executeScript(`DROP DATABASE IF EXISTS "${name}"`);
          await admin.dispose();
        };
        return shadow;
      },
    };
    const prisma = new PrismaClient({ adapter: mainFactory, ...logOpts });
    if (onQuery) prisma.$on('query' as never, (e: { query: string }) => onQuery(e.query));
    registerRawRunner(prisma, mainPool, onQuery);
    return {
      kind: 'postgres',
      prisma,
      adapterFactory,
      connectionString: opts.databaseUrl,
      async close() {
        await prisma.$disconnect();
        await mainPool.end();
      },
    };
  }

  const main = await servePglite(opts.dataDir ?? 'memory://', opts.loadDataDir, opts.holder);
  // PGlite serves one connection at a time (its multiplexer interleaves protocol messages of
  // concurrent connections), so the app and the migration engine share one single-connection pool.
  // A request waiting for that connection queues for as long as it takes (no acquire timeout):
  // under load PGlite is slow, not broken.
  const pool = withSessionSettings(
    new pg.Pool({ ...pgConfig(main.connectionString, 1), idleTimeoutMillis: 0, connectionTimeoutMillis: 0 }),
  );
  const mainFactory = new PrismaPg(pool);
  const shadows: Array<{ close(): Promise<void> }> = [];
  // PGlite holds a single database, so the shadow database of `diff` is a throwaway in-memory PGlite.
  const adapterFactory: SqlMigrationAwareDriverAdapterFactory = {
    provider: mainFactory.provider,
    adapterName: mainFactory.adapterName,
    connect: () => mainFactory.connect(),
    async connectToShadowDb() {
      const shadow = await servePglite('memory://');
      shadows.push(shadow);
      return new PrismaPg(pgConfig(shadow.connectionString, 1)).connect();
    },
  };
  // Transactions wait for the single connection like any query (Prisma's default is 2 s).
  const prisma = new PrismaClient({
    adapter: mainFactory,
    transactionOptions: { maxWait: 120_000, timeout: 120_000 },
    ...logOpts,
  });
  if (onQuery) prisma.$on('query' as never, (e: { query: string }) => onQuery(e.query));
  registerRawRunner(prisma, pool, onQuery);
  return {
    kind: 'pglite',
    prisma,
    adapterFactory,
    connectionString: main.connectionString,
    dumpDataDir: main.dumpDataDir,
    async close() {
      await prisma.$disconnect();
      await pool.end();
      for (const s of shadows.splice(0)) await s.close();
      await main.close();
    },
  };
}

/**
 * The database of a command (partner keys, admin grants, seeds; issue 24 item 4): PostgreSQL with
 * DATABASE_URL; else, while the app runs, the app's PGlite through its wire port (`shared`: the app
 * migrated it when it started); else the PGlite files, held by the command until it closes them.
 */
export async function openCommandDatabase(env: {
  DATABASE_URL?: string | undefined;
  dataDir: string;
}): Promise<{ db: Database; shared: { pid: number } | null }> {
  if (env.DATABASE_URL) return { db: await createDatabase({ databaseUrl: env.DATABASE_URL }), shared: null };
  const running = await servingHolder(env.dataDir);
  if (running) {
    const url = `postgresql://postgres:postgres@127.0.0.1:${running.port}/postgres?sslmode=disable`;
    const db = await createDatabase({ databaseUrl: url, poolSize: 1 });
    return { db: { ...db, kind: 'pglite' }, shared: { pid: running.pid } };
  }
  return { db: await createDatabase({ dataDir: env.dataDir, holder: 'command' }), shared: null };
}

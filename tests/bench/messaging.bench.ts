// `npm run bench` (fourth part): real-time message delivery across two app instances.
//
// Two app instances share one PostgreSQL database and the real Redis, each a child process running
// server/main.ts exactly as `npm run serve` does (own event loop, own connection pool), with one
// Firebase Auth emulator of the bench's own. Users are real emulator accounts (Bearer ID tokens);
// every limit stays at its real value. Half the users are renters, half agents with one listing
// each; each renter starts a thread with their agent through instance A. Every user holds one
// WebSocket on instance B carrying a live `messageAdded` subscription to their thread — 1,000 sockets,
// at most 50 per source address (the per-address limit), from 127.0.0.2, 127.0.0.3, ... Then
// messages are sent through instance A (GraphQL `sendMessage` over HTTP) at 50 a second for 20 s,
// the renter and then the agent of each thread in turn (each user sends one message per 20 s,
// well under the 30 a minute limit). Latency of a delivery = when the subscriber got it − just before
// the sender's HTTP request was issued (one process clock). After a 5 s grace, every delivery is
// accounted for: lost (must be 0), duplicates, and per-subscriber order against the database's
// commit order. Writes tests/bench/messaging-results.md; exits non-zero when anything was lost.
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgresql://$USER@127.0.0.1:5432/test; a
// throwaway database is created and dropped). Without a reachable PostgreSQL the two instances run in
// this process on in-memory PGlite (PGlite serves one process only), and the results say so;
// BENCH_MESSAGING_PGLITE=1 chooses that.
// BENCH_REDIS_URL (else REDIS_URL, else redis://127.0.0.1:6379). BENCH_MESSAGING_SOCKETS (1000),
// BENCH_MESSAGING_RATE (50 a second), BENCH_MESSAGING_SECONDS (20), after BENCH_MESSAGING_WARMUP (2) seconds
// of the same sends, not measured. BENCH_CPU_PROF=1 writes a V8
// CPU profile of each instance under .tmp/messaging-profiles/ (node --cpu-prof).

import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import { pino } from 'pino';
import type { Client } from 'graphql-ws';
import { createApp, type RunningApp } from '../../server/app.js';
import { createDatabase, type Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { loadEnv } from '../../server/env.js';
import { WS_LIMITS } from '../../server/graphql/ws.js';
import { EMULATOR_PROJECT_ID, startAuthEmulator, type RunningEmulator } from '../../server/modules/auth/emulator.js';
import { createIdentityProvider, type IdentityProvider } from '../../server/modules/auth/identity.js';
import { createLocalStorage } from '../../server/modules/uploads/storage.js';
import { openSocket, TEST_ORIGIN } from '../setup/ws-client.js';
import { freePort } from '../setup/free-port.js';
import { SERVER_NODE_ARGS } from '../../server/node-args.js';

const SOCKETS = Number(process.env.BENCH_MESSAGING_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_MESSAGING_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_MESSAGING_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_MESSAGING_WARMUP ?? 2);
const WARM_UP = 'warm-up ';
const GRACE_MS = 5_000;
/** The whole bench (setup, run, teardown) fails past this. */
const HARD_TIMEOUT_MS = 240_000;
const PAIRS = Math.floor(SOCKETS / 2);
const PER_ADDRESS = WS_LIMITS.maxSocketsPerIp;
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.resolve(import.meta.dirname, 'messaging-results.md');
const EARLIER = '## Earlier runs';

/**
 * The earlier runs, kept under the new one (newest first, at most 12): the file's last run as one line
 * (date, load, delivery p50 / p95 / p99 / max, the send's p95), then the lines it kept.
 */
function earlierRuns(previous: string): string {
  const run = /^Run (\S+) on .*?load average ([\d.]+)/m.exec(previous);
  const all = /^\| all \((\d+)\) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \| ([\d.]+) \|/m.exec(previous);
  const send = /^\| send mutation \(HTTP\) p50 \/ p95 \| ([\d.]+) \/ ([\d.]+) ms \|/m.exec(previous);
  const warm = /after (\d+) s of the same sends, not measured/.exec(previous);
  const kept = previous.includes(EARLIER)
    ? previous
        .slice(previous.indexOf(EARLIER) + EARLIER.length)
        .trim()
        .split('\n')
    : [];
  const lines = kept.filter((l) => l.startsWith('- '));
  if (run && all) {
    lines.unshift(
      `- ${run[1]} (load average ${run[2]}${warm ? `, after a ${warm[1]} s warm-up` : ', no warm-up'}): ${all[1]} deliveries, p50 ${all[2]} / p95 ${all[3]} / p99 ${all[4]} / max ${all[5]} ms${send ? `; send p95 ${send[2]} ms` : ''}`,
    );
  }
  return lines.length ? `\n${EARLIER}\n\n${lines.slice(0, 12).join('\n')}\n` : '';
}
const PROFILE_DIR = path.join(ROOT, '.tmp/messaging-profiles');
const log = (msg: string) => console.log(`[bench:messaging] ${msg}`);

const MESSAGE_ADDED = `subscription M($threadId: ID!) { messageAdded(threadId: $threadId) { id content createdAt sender { id } } }`;
const START = `mutation S($p: ID!, $m: String!) { startThread(propertyId: $p, message: $m) { id } }`;
const SEND = `mutation Send($t: ID!, $c: String!) { sendMessage(threadId: $t, content: $c) { id } }`;

let phase = 'start';
const children: ChildProcess[] = [];
const hardTimeout = setTimeout(() => {
  console.error(`[bench:messaging] FAILED: over ${HARD_TIMEOUT_MS / 1000} s (during: ${phase})`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
}, HARD_TIMEOUT_MS);
process.once('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;

/** Runs `fn` over `items` with at most `n` at a time. */
async function pool<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * The bench's own Auth emulator. While other emulators start on the machine (they all reserve the
 * hub's port 4400 and up), one may fail to start, or say it is ready and be gone a moment later: it
 * is checked once more, and started again.
 */
async function startEmulator(dataDir: string): Promise<RunningEmulator> {
  for (let attempt = 1; ; attempt++) {
    let emulator: RunningEmulator;
    try {
      emulator = await startAuthEmulator({ port: await freePort(), dataDir, log: pino({ level: 'silent' }), persist: false });
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`the Auth emulator did not start (${String((err as Error).message).split('\n')[0]}); starting another`);
      continue;
    }
    await sleep(1_500);
    const alive = await fetch(`http://${emulator.host}/`).then(
      async (r) => Boolean(((await r.json()) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready),
      () => false,
    );
    if (alive) return emulator;
    await emulator.stop();
    if (attempt >= 3) throw new Error('the Auth emulator does not stay up');
    log(`the Auth emulator on ${emulator.host} went away after starting; starting another`);
  }
}

/** The emulator's HTTP server now and then resets a kept-alive connection: such a call is retried. */
async function emulatorCall<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as T;
      if (!res.ok) throw new Error(`emulator ${url} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
      return json;
    } catch (err) {
      const reset = /fetch failed|ECONNRESET|socket hang up/.test(String((err as Error).message) + String((err as Error).cause));
      if (!reset || attempt >= 3) throw err;
      await sleep(50);
    }
  }
}

// --- the database --------------------------------------------------------------------------------

interface BenchDatabase {
  db: Database;
  /** A URL the instances can use (PostgreSQL only). */
  url: string | null;
  label: string;
  drop(): Promise<void>;
}

async function postgresDatabase(): Promise<BenchDatabase | null> {
  if (process.env.BENCH_MESSAGING_PGLITE === '1') return null;
  const serverUrl = process.env.BENCH_DATABASE_URL || `postgresql://${os.userInfo().username}@127.0.0.1:5432/test`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch (err) {
    if (process.env.BENCH_DATABASE_URL) throw err;
    log(`no PostgreSQL at ${serverUrl} (${(err as Error).message}): falling back to PGlite, both instances in this process`);
    return null;
  }
  const name = `bench_msg_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?';
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    db,
    url: url.toString(),
    label: `PostgreSQL ${version}`,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

async function benchDatabase(): Promise<BenchDatabase> {
  const pgDb = await postgresDatabase();
  const out: BenchDatabase = pgDb ?? {
    db: await createDatabase({ dataDir: 'memory://' }),
    url: null,
    label: 'PGlite (in-memory)',
    drop: async () => out.db.close(),
  };
  try {
    await applyMigrations(out.db.adapterFactory);
  } catch (err) {
    await out.drop();
    throw err;
  }
  return out;
}

// --- the two instances -----------------------------------------------------------------------------

interface Instance {
  name: string;
  url: string;
  /** CPU seconds used so far (child processes only). */
  cpuSeconds(): number | null;
  /** The last of what the instance printed (warnings and errors; LOG_LEVEL=warn). */
  output(): string;
  stop(): Promise<void>;
}

async function childInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `bench-msg-${name}-`));
  const args = [
    // One profile per thread: the main thread's, and that of tsx's loader (a worker thread).
    ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `instance-${name}-${Date.now()}`)}`] : []),
    ...SERVER_NODE_ARGS,
    'server/main.ts',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.homedir(),
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_ON_EMPTY: 'false',
      ...env,
    },
  });
  children.push(child);
  let out = '';
  const collect = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`instance ${name} did not answer /healthz in 60 s:\n${out}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  const ticks = 100; // USER_HZ on Linux
  return {
    name,
    url,
    cpuSeconds() {
      try {
        const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) / ticks; // utime + stime
      } catch {
        return null;
      }
    },
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        const t0 = performance.now();
        child.kill('SIGTERM'); // graceful: drains sockets, writes the CPU profile
        const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(t);
        const seconds = (performance.now() - t0) / 1000;
        if (child.exitCode !== 0 || seconds > 5)
          log(
            `note: instance ${name} took ${seconds.toFixed(1)} s to stop on SIGTERM (exit ${child.exitCode ?? child.signalCode})`,
          );
      }
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function inProcessInstance(name: string, db: Database, env: Record<string, string>): Promise<Instance> {
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), `bench-msg-${name}-`));
  const appEnv = loadEnv({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_ON_EMPTY: 'false', ...env });
  const identity: IdentityProvider = createIdentityProvider(appEnv, env.FIREBASE_AUTH_EMULATOR_HOST!);
  const running: RunningApp = await createApp({
    env: appEnv,
    prisma: db.prisma,
    storage: createLocalStorage(path.join(dataDir, 'uploads')),
    log: pino({ level: 'silent' }),
    identity,
    clientDir: path.join(dataDir, 'no-client'),
  });
  const url = await running.listen(0, '127.0.0.1');
  return {
    name,
    url,
    cpuSeconds: () => null,
    output: () => '',
    async stop() {
      await running.close();
      await identity.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}

// --- users -------------------------------------------------------------------------------------------

interface User {
  uid: string;
  email: string;
  phone: string;
  idToken: string;
  role: 'RENTER' | 'AGENT';
}

/** Accounts in the emulator (one batch import, then a password sign-in each for a real ID token). */
async function createUsers(emulatorHost: string, runId: string): Promise<User[]> {
  const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const users = Array.from({ length: PAIRS * 2 }, (_, i) => {
    const role = i < PAIRS ? ('RENTER' as const) : ('AGENT' as const);
    const n = i % PAIRS;
    const tag = role === 'RENTER' ? 'r' : 'a';
    return {
      uid: `bench-${tag}${n}-${runId}`,
      email: `bench-${tag}${n}-${runId}@bench.test`,
      phone: `+1556${role === 'RENTER' ? 0 : 1}${String(n).padStart(6, '0')}`,
      role,
    };
  });
  const password = 'bench-password-1';
  for (let i = 0; i < users.length; i += 500) {
    await emulatorCall(
      `${base}/projects/${EMULATOR_PROJECT_ID}/accounts:batchCreate`,
      {
        users: users.slice(i, i + 500).map((u) => ({
          localId: u.uid,
          email: u.email,
          rawPassword: password, // the emulator's import accepts a plain password
          phoneNumber: u.phone,
          displayName: u.role === 'RENTER' ? 'Bench Renter' : 'Bench Agent',
          emailVerified: true,
        })),
      },
      { authorization: 'Bearer owner' },
    );
  }
  return pool(users, 6, async (u) => {
    const signedIn = await emulatorCall<{ idToken: string }>(`${base}/accounts:signInWithPassword?key=bench`, {
      email: u.email,
      password,
      returnSecureToken: true,
    });
    return { ...u, idToken: signedIn.idToken };
  });
}

/** The users' rows (as the sign-up service makes them) and one listing per agent. */
async function createRows(db: Database, users: User[]): Promise<string[]> {
  await db.prisma.user.createMany({
    data: users.map((u) => ({
      id: u.uid,
      email: u.email,
      phone: u.phone,
      role: u.role,
      firstName: 'Bench',
      lastName: u.role === 'RENTER' ? 'Renter' : 'Agent',
    })),
  });
  const agents = users.filter((u) => u.role === 'AGENT');
  const agentIds = agents.map(() => randomUUID());
  await db.prisma.agent.createMany({ data: agents.map((a, i) => ({ id: agentIds[i]!, userId: a.uid })) });
  const listingIds = agents.map(() => randomUUID());
  await db.prisma.property.createMany({
    data: agents.map((a, i) => ({
      id: listingIds[i]!,
      slug: `bench-listing-${i}-${listingIds[i]!.slice(0, 6)}`,
      title: `Bench listing ${i}`,
      address: `${100 + i} Bedford Avenue`,
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN' as const,
      price: 3000,
      netEffectivePrice: 3000,
      bedrooms: 1,
      bathrooms: 1,
      propertyType: 'APARTMENT' as const,
      availableDate: new Date('2026-12-01'),
      leaseTerm: 'ONE_YEAR' as const,
      locationLat: 40.7081,
      locationLng: -73.9571,
      ownerId: a.uid,
      agentId: agentIds[i]!,
    })),
  });
  return listingIds;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function gql(baseUrl: string, idToken: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  if (body.errors?.length) throw new Error(`${body.errors[0]!.extensions?.code ?? res.status}: ${body.errors[0]!.message}`);
  return body.data;
}

// --- the run -----------------------------------------------------------------------------------------

interface Delivery {
  socket: number;
  k: number;
  id: string;
  at: number;
}

async function main() {
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? 0;
  const runId = randomUUID().slice(0, 6);
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  await redis.connect().catch((err: unknown) => {
    throw new Error(`Redis is needed at ${redisUrl} (BENCH_REDIS_URL): ${(err as Error).message}`);
  });
  const redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? '?';

  phase = 'emulator and database';
  const emuDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-msg-auth-'));
  const [emulatorStarted, dbMade] = await Promise.allSettled([startEmulator(emuDir), benchDatabase()]);
  if (emulatorStarted.status === 'rejected' || dbMade.status === 'rejected') {
    if (emulatorStarted.status === 'fulfilled') await emulatorStarted.value.stop();
    if (dbMade.status === 'fulfilled') await dbMade.value.drop();
    redis.disconnect();
    throw emulatorStarted.status === 'rejected' ? emulatorStarted.reason : (dbMade as PromiseRejectedResult).reason;
  }
  const [emulator, bdb] = [emulatorStarted.value, dbMade.value];
  const mode = bdb.url ? 'child processes' : 'in process';
  log(
    `${bdb.label}, Redis ${redisVersion}, emulator ${emulator.host}; instances: ${mode} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (CPU_PROF) await fsp.mkdir(PROFILE_DIR, { recursive: true });

  const instanceEnv = {
    REDIS_URL: redisUrl,
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
    ...(bdb.url ? { DATABASE_URL: bdb.url } : {}),
  };
  const instances: Instance[] = [];
  const sockets: Array<{ client: Client; close(): Promise<void> }> = [];
  let failure: string | null = null;
  try {
    phase = 'instances and accounts';
    const t0 = performance.now();
    const startInstance = (name: string) =>
      bdb.url ? childInstance(name, instanceEnv) : inProcessInstance(name, bdb.db, instanceEnv);
    // One after the other: each applies pending migrations under PostgreSQL's advisory lock at start.
    const startBoth = async () => {
      const first = await startInstance('A');
      instances.push(first);
      const second = await startInstance('B');
      instances.push(second);
      return [first, second] as const;
    };
    const [[a, b], users] = await Promise.all([startBoth(), createUsers(emulator.host, runId)]);
    const listingIds = await createRows(bdb.db, users);
    log(`instances up and ${users.length} accounts made (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const renters = users.slice(0, PAIRS);
    const agents = users.slice(PAIRS);

    phase = 'threads';
    const t1 = performance.now();
    const threadIds = await pool(renters, 8, async (r, i) => {
      const data = await gql(a.url, r.idToken, START, { p: listingIds[i], m: 'Hello, is this still available?' });
      return data.startThread.id as string;
    });
    log(`${threadIds.length} threads started through A (${((performance.now() - t1) / 1000).toFixed(1)} s)`);

    phase = 'sockets';
    const t2 = performance.now();
    // Socket s: the renter (s < PAIRS) or the agent (s >= PAIRS) of thread s % PAIRS.
    const deliveries: Delivery[] = [];
    const subscriptionErrors: string[] = [];
    let socketsClosed = 0;
    const keyOf = (content: string) => Number(/^bench (\d+)$/.exec(content)?.[1] ?? -1);
    await pool(users, 20, async (u, s) => {
      const sock = openSocket(b.url, { idToken: u.idToken }, { localAddress: `127.0.0.${2 + Math.floor(s / PER_ADDRESS)}` });
      sockets[s] = sock;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`socket ${s} did not connect in 20 s`)), 20_000);
        const offOk = sock.client.on('connected', () => {
          clearTimeout(timer);
          offOk();
          offClosed();
          resolve();
        });
        const offClosed = sock.client.on('closed', (e) => {
          clearTimeout(timer);
          offOk();
          offClosed();
          reject(
            new Error(
              `socket ${s} closed while connecting: ${(e as { code?: number; reason?: string }).code} ${(e as { reason?: string }).reason ?? ''}`,
            ),
          );
        });
      });
      sock.client.on('closed', () => socketsClosed++);
      sock.client.subscribe(
        { query: MESSAGE_ADDED, variables: { threadId: threadIds[s % PAIRS] } },
        {
          next: (r) => {
            const at = performance.now();
            const m = (r.data as { messageAdded?: { id: string; content: string } } | null)?.messageAdded;
            if (!m) subscriptionErrors.push(`socket ${s}: ${JSON.stringify(r.errors ?? r).slice(0, 200)}`);
            // The warm-up's messages are delivered too, and not counted.
            else if (!m.content.startsWith(WARM_UP)) deliveries.push({ socket: s, k: keyOf(m.content), id: m.id, at });
          },
          error: (e) => subscriptionErrors.push(`socket ${s} ended: ${JSON.stringify(e).slice(0, 200)}`),
          complete: () => subscriptionErrors.push(`socket ${s}: subscription completed early`),
        },
      );
    });
    // Every thread's Redis channel is subscribed by instance B, then the subscribers' one catch-up
    // read (1 s after subscribing) is let pass, so the run measures live delivery only.
    const channels = threadIds.map((id) => `thread:${id}`);
    const deadline = Date.now() + 20_000;
    for (;;) {
      let live = 0;
      for (let i = 0; i < channels.length; i += 200) {
        const r = (await redis.pubsub('NUMSUB', ...channels.slice(i, i + 200))) as Array<string | number>;
        for (let j = 1; j < r.length; j += 2) if (Number(r[j]) > 0) live++;
      }
      if (live === channels.length) break;
      if (Date.now() > deadline) throw new Error(`only ${live} of ${channels.length} thread channels subscribed in Redis`);
      await sleep(200);
    }
    await sleep(1_500);
    if (subscriptionErrors.length) throw new Error(`subscriptions refused: ${subscriptionErrors.slice(0, 3).join('; ')}`);
    const addresses = Math.ceil(users.length / PER_ADDRESS);
    log(
      `${users.length} sockets open on B from ${addresses} addresses (≤ ${PER_ADDRESS} each), each with a live messageAdded subscription (${((performance.now() - t2) / 1000).toFixed(1)} s)`,
    );

    // A warm-up at the same rate through the same path, not measured: the first requests of a new
    // process pay for compiling its code and opening its database connections (the first dozen sends
    // took 100–200 ms, and were all of the p99). An instance serving traffic is warm.
    phase = 'warm-up';
    const warmUps = Math.round(RATE * WARMUP_SECONDS);
    const warmStart = performance.now();
    const warming: Array<Promise<unknown>> = [];
    for (let k = 0; k < warmUps; k++) {
      const wait = warmStart + k * (1000 / RATE) - performance.now();
      if (wait > 1) await sleep(wait);
      // The last threads, the renter's turn: the run's senders start from the first ones.
      const pair = PAIRS - 1 - (k % PAIRS);
      warming.push(gql(a.url, renters[pair]!.idToken, SEND, { t: threadIds[pair], c: `${WARM_UP}${k}` }));
    }
    await Promise.all(warming);
    await sleep(1_000);
    log(`warm-up: ${warmUps} messages in ${WARMUP_SECONDS} s, not measured`);

    phase = 'run';
    const total = Math.round(RATE * SECONDS);
    const interval = 1000 / RATE;
    const sentAt = new Array<number>(total);
    const sendMs: number[] = [];
    const sendDone = new Array<number>(total);
    const sendErrors: string[] = [];
    const cpuBefore = instances.map((i) => i.cpuSeconds());
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const runStart = performance.now();
    const inflight: Array<Promise<void>> = [];
    for (let k = 0; k < total; k++) {
      const wait = runStart + k * interval - performance.now();
      if (wait > 1) await sleep(wait);
      const pair = Math.floor(k / 2) % PAIRS;
      const sender = k % 2 === 0 ? renters[pair]! : agents[pair]!;
      const t = performance.now();
      sentAt[k] = t;
      inflight.push(
        gql(a.url, sender.idToken, SEND, { t: threadIds[pair], c: `bench ${k}` }).then(
          () => {
            const done = performance.now();
            sendDone[k] = done;
            sendMs.push(done - t);
          },
          (err: unknown) => void sendErrors.push(`message ${k}: ${(err as Error).message}`),
        ),
      );
    }
    const lastIssued = performance.now();
    await Promise.all(inflight);
    const cpuAfter = instances.map((i) => i.cpuSeconds());
    const runSeconds = (performance.now() - runStart) / 1000;
    const sent = total - sendErrors.length;
    const expected = sent * 2; // the renter's and the agent's socket
    const graceEnd = performance.now() + GRACE_MS;
    while (new Set(deliveries.map((d) => `${d.socket}:${d.k}`)).size < expected && performance.now() < graceEnd) await sleep(100);
    loop.disable();

    phase = 'accounting';
    const seen = new Set<string>();
    let duplicates = 0;
    let unknown = 0;
    const all: number[] = [];
    const toOther: number[] = [];
    const perSocket = new Map<number, string[]>();
    for (const d of deliveries) {
      if (d.k < 0 || d.k >= total) {
        unknown++;
        continue;
      }
      const key = `${d.socket}:${d.k}`;
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      const ms = d.at - sentAt[d.k]!;
      all.push(ms);
      const senderIsRenter = d.k % 2 === 0;
      if (senderIsRenter === d.socket >= PAIRS) toOther.push(ms);
      const list = perSocket.get(d.socket) ?? [];
      list.push(d.id);
      perSocket.set(d.socket, list);
    }
    const lost = expected - seen.size;
    // Order: each subscriber got its thread's messages in the database's commit order.
    const stored = await bdb.db.prisma.message.findMany({
      where: { threadId: { in: threadIds }, content: { startsWith: 'bench ' } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, threadId: true },
    });
    const byThread = new Map<string, string[]>();
    for (const m of stored) byThread.set(m.threadId, [...(byThread.get(m.threadId) ?? []), m.id]);
    let outOfOrder = 0;
    for (const [s, got] of perSocket) {
      const want = byThread.get(threadIds[s % PAIRS]!) ?? [];
      if (got.join() !== want.filter((id) => got.includes(id)).join()) outOfOrder++;
    }
    // BENCH_MESSAGING_SLOW=1: the slowest deliveries, with when they were sent and how long the send
    // took (its answer from A), to tell a slow send from a slow delivery on B.
    if (process.env.BENCH_MESSAGING_SLOW === '1') {
      const slow = deliveries
        .filter((d) => d.k >= 0 && d.k < total)
        .map((d) => ({
          k: d.k,
          ms: d.at - sentAt[d.k]!,
          send: (sendDone[d.k] ?? NaN) - sentAt[d.k]!,
          at: sentAt[d.k]! - runStart,
        }))
        .sort((x, y) => y.ms - x.ms)
        .slice(0, 30);
      for (const d of slow)
        log(
          `slow: message ${d.k} sent at ${(d.at / 1000).toFixed(2)} s: delivered after ${d.ms.toFixed(0)} ms, its send answered after ${d.send.toFixed(0)} ms`,
        );
    }
    all.sort((x, y) => x - y);
    toOther.sort((x, y) => x - y);
    sendMs.sort((x, y) => x - y);
    const openSockets = users.length - socketsClosed;
    const achieved = (total - 1) / ((lastIssued - runStart) / 1000);
    const cpu = instances.map((inst, i) => {
      const before = cpuBefore[i];
      const after = cpuAfter[i];
      return before != null && after != null ? `${inst.name} ${(((after - before) / runSeconds) * 100).toFixed(0)} %` : null;
    });
    const cpuNote = cpu.every(Boolean) ? cpu.join(', ') : 'n/a (in process)';
    const serverOutput = instances.map((i) => i.output()).join('');
    const serverErrors = (serverOutput.match(/"level":(50|60)/g) ?? []).length;

    const summary = {
      sent,
      sendErrors: sendErrors.length,
      expected,
      received: seen.size,
      lost,
      duplicates,
      outOfOrder,
      unknown,
      openSockets,
      p50: pct(all, 50),
      p95: pct(all, 95),
      p99: pct(all, 99),
      max: all.at(-1) ?? NaN,
    };
    const f = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
    log(
      `${sent} messages sent at ${achieved.toFixed(1)}/s through A; ${seen.size}/${expected} deliveries on B; lost ${lost}, duplicates ${duplicates}, out of order ${outOfOrder}; ${openSockets} sockets open`,
    );
    log(
      `delivery latency p50 ${f(summary.p50)} ms, p95 ${f(summary.p95)} ms, p99 ${f(summary.p99)} ms, max ${f(summary.max)} ms`,
    );
    log(`send mutation p50 ${f(pct(sendMs, 50))} ms, p95 ${f(pct(sendMs, 95))} ms; instance CPU during the run: ${cpuNote}`);
    if (sendErrors.length) log(`send errors: ${sendErrors.slice(0, 3).join('; ')}`);
    if (subscriptionErrors.length) log(`subscription errors: ${subscriptionErrors.slice(0, 3).join('; ')}`);
    if (serverErrors) log(`the instances logged ${serverErrors} errors:\n${serverOutput.slice(-3_000)}`);

    const problems = [
      lost > 0 && `${lost} deliveries lost`,
      duplicates > 0 && `${duplicates} duplicates`,
      outOfOrder > 0 && `${outOfOrder} subscribers out of order`,
      sendErrors.length > 0 && `${sendErrors.length} sends failed (${sendErrors[0]})`,
      subscriptionErrors.length > 0 && `${subscriptionErrors.length} subscriptions ended (${subscriptionErrors[0]})`,
      openSockets < users.length && `${users.length - openSockets} sockets closed`,
      unknown > 0 && `${unknown} deliveries of messages the run did not send`,
    ].filter(Boolean);
    failure = problems.length ? problems.join('; ') : null;

    // --- One user, 50 sockets × 50 subscriptions (issue 25 item 5) ---------------------------------
    // The renter of thread 0 opens 50 more sockets on B (from an address of their own, at its limit of
    // ${PER_ADDRESS}) and subscribes 50 times on each to their thread: what one account can make B do.
    // The per-user cap (WS_LIMITS.maxOperationsPerUser) accepts up to that many live operations and
    // refuses the rest. Then the agent sends FAN_MESSAGES messages through A, one every 200 ms, and B's
    // CPU for them is measured (minus B's own idle use over as long): under 100 ms a message.
    phase = 'one user, 50 × 50';
    const FAN_SOCKETS = 50;
    const FAN_SUBSCRIPTIONS = 50;
    const FAN_MESSAGES = 10;
    const fanUser = renters[0]!;
    let fanRefused = 0;
    let fanDelivered = 0;
    const fanSockets: Array<{ client: Client; close(): Promise<void> }> = [];
    for (let i = 0; i < FAN_SOCKETS; i++) {
      const sock = openSocket(b.url, { idToken: fanUser.idToken }, { localAddress: '127.0.0.240' });
      fanSockets.push(sock);
      sockets.push(sock);
      for (let j = 0; j < FAN_SUBSCRIPTIONS; j++) {
        sock.client.subscribe(
          { query: MESSAGE_ADDED, variables: { threadId: threadIds[0] } },
          {
            next: () => void fanDelivered++,
            error: () => void fanRefused++,
            complete: () => undefined,
          },
        );
      }
    }
    const fanAttempted = FAN_SOCKETS * FAN_SUBSCRIPTIONS;
    // Refusals arrive as errors; wait until they stop coming (and B's catch-up reads are done).
    for (let last = -1, still = 0; still < 3; ) {
      await sleep(1_000);
      still = fanRefused === last ? still + 1 : 0;
      last = fanRefused;
    }
    const fanAccepted = fanAttempted - fanRefused;
    const idleFrom = b.cpuSeconds();
    const idleT0 = performance.now();
    await sleep(2_000);
    const idleRate = idleFrom == null ? null : (b.cpuSeconds()! - idleFrom) / ((performance.now() - idleT0) / 1000);
    fanDelivered = 0;
    const fanCpu0 = b.cpuSeconds();
    const fanT0 = performance.now();
    for (let k = 0; k < FAN_MESSAGES; k++) {
      await gql(a.url, agents[0]!.idToken, SEND, { t: threadIds[0], c: `fan ${k}` });
      await sleep(200);
    }
    // Every accepted subscription gets every message (socket 0's deliveries are counted by the run above).
    const fanExpected = FAN_MESSAGES * fanAccepted;
    const fanDeadline = performance.now() + 15_000;
    while (fanDelivered < fanExpected && performance.now() < fanDeadline) await sleep(100);
    const fanSeconds = (performance.now() - fanT0) / 1000;
    const fanCpu1 = b.cpuSeconds();
    const cpuPerMessageMs =
      fanCpu0 == null || fanCpu1 == null || idleRate == null
        ? null
        : (Math.max(0, fanCpu1 - fanCpu0 - idleRate * fanSeconds) / FAN_MESSAGES) * 1000;
    await Promise.all(fanSockets.map((s) => s.close().catch(() => undefined)));
    log(
      `one user, ${FAN_SOCKETS} sockets × ${FAN_SUBSCRIPTIONS} subscriptions: ${fanAccepted} of ${fanAttempted} accepted (cap ${WS_LIMITS.maxOperationsPerUser} live operations a user, 1 already live), ` +
        `${fanDelivered}/${fanExpected} deliveries of ${FAN_MESSAGES} messages; B's CPU a message: ${cpuPerMessageMs == null ? 'n/a (in process)' : `${cpuPerMessageMs.toFixed(1)} ms`}`,
    );
    const fanProblems = [
      fanAccepted + 1 > WS_LIMITS.maxOperationsPerUser &&
        `one user holds ${fanAccepted + 1} live subscriptions (cap ${WS_LIMITS.maxOperationsPerUser})`,
      fanDelivered < fanExpected && `50 × 50: ${fanExpected - fanDelivered} deliveries lost`,
      cpuPerMessageMs != null &&
        cpuPerMessageMs >= 100 &&
        `50 × 50: ${cpuPerMessageMs.toFixed(0)} ms of CPU a message (over 100)`,
    ].filter(Boolean);
    if (fanProblems.length) failure = [failure, ...fanProblems].filter(Boolean).join('; ');

    const cpus = os.cpus();
    const md = [
      '# Message delivery across instances',
      '',
      `Run ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} (shared with other work; load average ${loadBefore.toFixed(1)} at the start), Node ${process.version}, ` +
        `${bdb.label}, Redis ${redisVersion}, by \`npm run bench\` (tests/bench/messaging.bench.ts). ` +
        (bdb.url
          ? 'Two app instances, each a child process running `server/main.ts` (own event loop and connection pool), share the database and Redis; '
          : 'On PGlite (no PostgreSQL reachable, or BENCH_MESSAGING_PGLITE=1) the two app instances run inside the bench process on one in-memory database (one event loop for both and for the clients); ') +
        `the Firebase Auth emulator is the bench's own. All limits are the real ones.`,
      '',
      `${users.length} users (${PAIRS} renters, ${PAIRS} agents with a listing each; emulator accounts, Bearer ID tokens), ${PAIRS} threads started through instance A. ` +
        `Each user holds one WebSocket on instance B with a live \`messageAdded\` subscription to their thread: ${users.length} sockets from ${addresses} loopback addresses ` +
        `(at most ${PER_ADDRESS} per address, the per-address limit). Messages are sent through instance A (\`sendMessage\` over HTTP) at ${RATE} a second for ${SECONDS} s (after ${WARMUP_SECONDS} s of the same sends, not measured: a new process is slow on its first requests), ` +
        `the renter and then the agent of each thread in turn (each user sends one message per ${((PAIRS * 2) / RATE).toFixed(0)} s; the limit is ${RATE_LIMITS.messageSend.points} a minute). ` +
        `Each message reaches two subscribers on B: the other participant and the sender's own socket. ` +
        `Latency = received by the subscriber − just before the send request was issued (one clock). After ${GRACE_MS / 1000} s of grace every delivery is accounted for; ` +
        `order is checked per subscriber against the database's commit order. ` +
        `The tail (p95 and above) moves with other work on the shared machine (see the load average); the instances' own CPU use is in the second table.`,
      '',
      '| deliveries | p50 ms | p95 ms | p99 ms | max ms |',
      '| ---------- | -----: | -----: | -----: | -----: |',
      `| all (${all.length}) | ${f(summary.p50)} | ${f(summary.p95)} | ${f(summary.p99)} | ${f(summary.max)} |`,
      `| to the other participant (${toOther.length}) | ${f(pct(toOther, 50))} | ${f(pct(toOther, 95))} | ${f(pct(toOther, 99))} | ${f(toOther.at(-1) ?? NaN)} |`,
      '',
      '| measure | value |',
      '| ------- | ----: |',
      `| sockets open on B (with a live subscription) | ${openSockets} |`,
      `| messages sent through A | ${sent} (${sendErrors.length} failed) |`,
      `| achieved send rate | ${achieved.toFixed(1)} / s |`,
      `| deliveries expected / received | ${expected} / ${seen.size} |`,
      `| **lost** | **${lost}** |`,
      `| duplicates | ${duplicates} |`,
      `| subscribers out of commit order | ${outOfOrder} |`,
      `| send mutation (HTTP) p50 / p95 | ${f(pct(sendMs, 50))} / ${f(pct(sendMs, 95))} ms |`,
      `| instance CPU during the run | ${cpuNote} |`,
      `| bench process event loop delay max (clients' clock) | ${(loop.max / 1e6).toFixed(0)} ms |`,
      '',
      '## One user, 50 sockets × 50 subscriptions',
      '',
      `The renter of one thread opens ${FAN_SOCKETS} more sockets on B from one address and subscribes ${FAN_SUBSCRIPTIONS} times on each to their thread ` +
        `(${fanAttempted} subscribes, all sent at once). Then the thread's agent sends ${FAN_MESSAGES} messages through A, one every 200 ms. ` +
        `B's CPU for them is measured less B's idle use over as long (before this work, one message in this case cost 8.9 s of CPU; issue 25).`,
      '',
      '| measure | value |',
      '| ------- | ----: |',
      `| subscribes sent / accepted | ${fanAttempted} / ${fanAccepted} (cap: ${WS_LIMITS.maxOperationsPerUser} live operations per user, ${WS_LIMITS.maxOperationsPerSocket} per socket; 1 was already live) |`,
      `| deliveries expected / received | ${fanExpected} / ${fanDelivered} |`,
      `| **B's CPU per message** | **${cpuPerMessageMs == null ? 'n/a (in process)' : `${cpuPerMessageMs.toFixed(1)} ms`}** (must be under 100 ms) |`,
      '',
      failure
        ? `**FAILED**: ${failure}.`
        : 'Nothing lost, no duplicates, every subscriber in commit order; the 50 × 50 case stays within its caps and under 100 ms of CPU a message.',
      '',
    ].join('\n');
    await fsp.writeFile(RESULTS, md + earlierRuns(await fsp.readFile(RESULTS, 'utf8').catch(() => '')));
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    phase = 'teardown';
    await Promise.all(sockets.filter(Boolean).map((s) => s.close().catch(() => undefined)));
    await Promise.all(
      instances.map((i) => i.stop().catch((err: unknown) => log(`stopping ${i.name}: ${(err as Error).message}`))),
    );
    await bdb.drop().catch((err: unknown) => log(`dropping the database: ${(err as Error).message}`));
    await emulator.stop();
    await fsp.rm(emuDir, { recursive: true, force: true });
    redis.disconnect();
  }
  log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  if (failure) throw new Error(failure);
}

main().then(
  () => {
    clearTimeout(hardTimeout);
    process.exit(0);
  },
  (err: unknown) => {
    console.error(`[bench:messaging] FAILED:`, err);
    process.exit(1);
  },
);

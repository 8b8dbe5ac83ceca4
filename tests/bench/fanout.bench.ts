// `npm run bench` (fan-out phase, issue 58 item 12): the server's CPU for one open-house event per
// subscriber of the listing's `openHouseChanged`, through real HTTP and WebSocket.
//
// The app is a child process running server/main.ts exactly as `npm run serve` does (every limit at its
// real value), with a Firebase Auth emulator of the bench's own; its CPU is read from
// /proc/<pid>/stat (utime + stime, every thread of the process). Users are emulator accounts (Bearer
// ID tokens) with the rows the factories make (tests/factories). One user may hold only
// OPEN_HOUSE_LIVE_LIMITS.perUserAndListing (3) live `openHouseChanged` per listing, so N subscribers
// are spread over BENCH_FANOUT_USERS watchers (default 100; one socket each, at most 50 per source
// address, from 127.0.0.2, 127.0.0.3, ...), one subscription each while N ≤ the watchers, up to 3
// each beyond. They subscribe with the client's own document (OpenHouseChanged, the RSVP widget's).
//
// Each scenario has a listing of its own with one open house (no capacity). Its subscribers are
// opened, then one renter's RSVP is sent and every subscriber must receive it (not measured: the
// subscriptions are live after it). The app's idle CPU is read over 1 s; then M other renters RSVP one
// after another (the client's RsvpOpenHouse mutation over HTTP, each awaited: one RSVP change each,
// within their real limit of RATE_LIMITS.openHouseRsvp), and the bench waits until every subscriber has
// received every event (BENCH_FANOUT_DEADLINE_S, default 30 s, past which what is missing is counted
// lost). The app's CPU from the first RSVP until the last delivery, less its idle rate over as long,
// is divided by the events and by the subscribers. The floor is the same M RSVPs with no subscriber
// (the mutations themselves, the event's publication): the fan-out's own cost per event per
// subscriber is (CPU with N − CPU of the floor) / M / N.
//
// Scenarios: two unmeasured warm-ups (10 subscribers; a new process is slow on its first requests), the
// floor, BENCH_FANOUT_SUBSCRIBERS (default 1,100,300) subscribers, the floor again (the shared machine's
// speed drifts; the mean of the two is used), BENCH_FANOUT_EVENTS (default 20) RSVPs each. PGlite in a
// temporary folder by default; BENCH_DATABASE_URL for a throwaway database on that PostgreSQL server;
// BENCH_REDIS_URL gives the app REDIS_URL (events through Redis). Writes tests/bench/fanout-results.md
// (a section per database); exits non-zero when a delivery was lost, a subscription refused, or 100
// subscribers or more cost over 2 ms of CPU an event each (6.5 before). About 25 s a run, never over
// 2 minutes (hard timeout BENCH_FANOUT_TIMEOUT_S, default 120 s).

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { print } from 'graphql';
import { pino } from 'pino';
import { OpenHouseChangedDocument, RsvpOpenHouseDocument } from '../../client/src/gql/graphql.js';
import { persistedHash } from '../../client/src/lib/apollo/trusted-documents.js';
import { createDatabase, type Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { WS_LIMITS } from '../../server/graphql/ws.js';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { EMULATOR_PROJECT_ID, startAuthEmulator, type RunningEmulator } from '../../server/modules/auth/emulator.js';
import { OPEN_HOUSE_LIVE_LIMITS } from '../../server/modules/tours/open-house-live.service.js';
import { SERVER_NODE_ARGS } from '../../server/node-args.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { freePort } from '../setup/free-port.js';
import { openSocket, TEST_ORIGIN } from '../setup/ws-client.js';
import { freshDatabase } from './bench-db.js';

const SCENARIOS = (process.env.BENCH_FANOUT_SUBSCRIBERS ?? '1,100,300').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_FANOUT_EVENTS ?? 20);
const WATCHERS = Number(process.env.BENCH_FANOUT_USERS ?? 100);
const DEADLINE_MS = Number(process.env.BENCH_FANOUT_DEADLINE_S ?? 30) * 1000;
const HARD_TIMEOUT_MS = Number(process.env.BENCH_FANOUT_TIMEOUT_S ?? 120) * 1000;
const WARM_UP = 10;
/** Warm-up scenarios: after one, the first floor still cost PGlite 1.5-1.8 times the last. */
const WARM_UPS = 2;
const PER_USER = OPEN_HOUSE_LIVE_LIMITS.perUserAndListing;
const PER_ADDRESS = WS_LIMITS.maxSocketsPerIp;
/** The measure before the fan-out was shared: 100 subscriptions × 20 RSVP changes, 13 s of CPU. */
const BEFORE_MS = 6.5;
/** A scenario of 100 or more subscribers fails the run above this CPU an event per subscriber (under a third of before). */
const BOUND_MS = 2;
const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.resolve(import.meta.dirname, 'fanout-results.md');
const ORIGIN = TEST_ORIGIN;
const log = (msg: string) => console.log(`[bench:fanout] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const SUBSCRIPTION = print(OpenHouseChangedDocument);
const RSVP_HASH = persistedHash(RsvpOpenHouseDocument)!;

let phase = 'start';
const children: ChildProcess[] = [];
const hardTimeout = setTimeout(() => {
  console.error(`[bench:fanout] FAILED: over ${HARD_TIMEOUT_MS / 1000} s (during: ${phase})`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
}, HARD_TIMEOUT_MS);
process.once('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
const fmt = (n: number | null, digits = 2) => (n == null || !Number.isFinite(n) ? '—' : n.toFixed(digits));

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

// --- the Auth emulator and its accounts ------------------------------------------------------------

/** The bench's own emulator, checked once more after it says it is ready (another may take its hub port). */
async function startEmulator(dataDir: string): Promise<RunningEmulator> {
  for (let attempt = 1; ; attempt++) {
    let emulator: RunningEmulator;
    try {
      emulator = await startAuthEmulator({ port: await freePort(), dataDir, log: pino({ level: 'silent' }), persist: false });
    } catch (err) {
      if (attempt >= 3) throw err;
      continue;
    }
    await sleep(1_000);
    const alive = await fetch(`http://${emulator.host}/`).then(
      async (r) => Boolean(((await r.json()) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready),
      () => false,
    );
    if (alive) return emulator;
    await emulator.stop();
    if (attempt >= 3) throw new Error('the Auth emulator does not stay up');
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

interface Renter {
  uid: string;
  email: string;
  idToken: string;
}

/** Renters: user rows by the factory, emulator accounts of the same ids (one import), a sign-in each. */
async function createRenters(db: Database, emulatorHost: string, count: number, tag: string): Promise<Renter[]> {
  const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const password = 'bench-password-1';
  const users = [];
  for (let i = 0; i < count; i++) {
    users.push(
      await createUser(db.prisma, {
        id: `bench-${tag}-${i}`,
        email: `bench-${tag}-${i}@bench.test`,
        firstName: 'Bench',
        lastName: `${tag} ${i}`,
        role: 'RENTER',
      }),
    );
  }
  for (let i = 0; i < users.length; i += 500) {
    await emulatorCall(
      `${base}/projects/${EMULATOR_PROJECT_ID}/accounts:batchCreate`,
      {
        users: users.slice(i, i + 500).map((u) => ({
          localId: u.id,
          email: u.email,
          rawPassword: password,
          displayName: `${u.firstName} ${u.lastName}`,
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
    return { uid: u.id, email: u.email, idToken: signedIn.idToken };
  });
}

// --- the app -------------------------------------------------------------------------------------------

interface App {
  url: string;
  /** CPU seconds the app's process has used so far (every thread). */
  cpuSeconds(): number;
  output(): string;
  stop(): Promise<void>;
}

async function startApp(dataDir: string, env: Record<string, string>): Promise<App> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, 'server/main.ts'], {
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
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) throw new Error(`the app did not start in 90 s:\n${out}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(250);
  }
  return {
    url,
    cpuSeconds() {
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in USER_HZ ticks
    },
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(t);
      }
    },
  };
}

async function rsvp(appUrl: string, who: Renter, openHouseId: string): Promise<void> {
  const res = await fetch(`${appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, authorization: `Bearer ${who.idToken}` },
    body: JSON.stringify({
      variables: { id: openHouseId },
      extensions: { persistedQuery: { version: 1, sha256Hash: RSVP_HASH } },
    }),
  });
  const body = (await res.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
  if (res.status !== 200 || body.errors?.length)
    throw new Error(`rsvpOpenHouse answered ${res.status}: ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
}

// --- a scenario ---------------------------------------------------------------------------------------

interface Outcome {
  subscribers: number;
  users: number;
  events: number;
  /** The app's CPU for the events (less its idle rate), ms. */
  cpuMs: number;
  seconds: number;
  expected: number;
  received: number;
  refused: number;
  /** Subscribers whose last result is not the open house's final count. */
  stale: number;
  /** Received − when its RSVP was sent, ms (the i-th result of a subscriber against the i-th RSVP). */
  latencies: number[];
}

interface Stage {
  listingId: string;
  openHouseId: string;
  takers: Renter[];
}

async function scenario(app: App, stage: Stage, watchers: Renter[], subscribers: number): Promise<Outcome> {
  const users = Math.min(subscribers, watchers.length);
  const perUser = users ? Math.ceil(subscribers / users) : 0;
  if (perUser > PER_USER)
    throw new Error(`${subscribers} subscribers need ${perUser} a user: at most ${PER_USER} (more BENCH_FANOUT_USERS)`);
  const sockets = watchers
    .slice(0, users)
    .map((w, u) => openSocket(app.url, { idToken: w.idToken }, { localAddress: `127.0.0.${2 + Math.floor(u / PER_ADDRESS)}` }));
  let refused = 0;
  const results: Array<Array<{ at: number; goingCount: number }>> = [];
  try {
    await Promise.all(sockets.map((s) => s.connected));
    for (let i = 0; i < subscribers; i++) {
      const mine: Array<{ at: number; goingCount: number }> = [];
      results.push(mine);
      sockets[i % users]!.client.subscribe(
        { query: SUBSCRIPTION, variables: { listingId: stage.listingId } },
        {
          next: (r) => {
            const oh = (r.data as { openHouseChanged?: { goingCount: number } } | null)?.openHouseChanged;
            if (oh) mine.push({ at: performance.now(), goingCount: oh.goingCount });
            else refused++;
          },
          error: () => void refused++,
          complete: () => undefined,
        },
      );
    }
    const [probe, ...takers] = stage.takers;
    // The subscriptions are live once each has the first RSVP (not measured).
    await rsvp(app.url, probe!, stage.openHouseId);
    const liveBy = performance.now() + DEADLINE_MS;
    while (results.some((r) => r.length < 1) && refused === 0 && performance.now() < liveBy) await sleep(20);
    if (refused || results.some((r) => r.length < 1))
      throw new Error(`${subscribers} subscribers: ${refused} refused, ${results.filter((r) => r.length < 1).length} not live`);
    await sleep(300);
    const idle0 = app.cpuSeconds();
    const idleT = performance.now();
    await sleep(1_000);
    const idleRate = (app.cpuSeconds() - idle0) / ((performance.now() - idleT) / 1000);

    const sentAt: number[] = [];
    const c0 = app.cpuSeconds();
    const t0 = performance.now();
    for (const taker of takers.slice(0, EVENTS)) {
      sentAt.push(performance.now());
      await rsvp(app.url, taker, stage.openHouseId);
    }
    const doneBy = performance.now() + DEADLINE_MS;
    while (results.some((r) => r.length < 1 + EVENTS) && performance.now() < doneBy) await sleep(5);
    const seconds = (performance.now() - t0) / 1000;
    const cpuMs = Math.max(0, app.cpuSeconds() - c0 - idleRate * seconds) * 1000;
    const latencies = results.flatMap((r) => r.slice(1, 1 + EVENTS).map((d, k) => d.at - sentAt[k]!)).sort((a, b) => a - b);
    return {
      subscribers,
      users,
      events: EVENTS,
      cpuMs,
      seconds,
      expected: subscribers * EVENTS,
      received: results.reduce((n, r) => n + Math.min(EVENTS, r.length - 1), 0),
      refused,
      stale: results.filter((r) => r.at(-1)?.goingCount !== 1 + EVENTS).length,
      latencies,
    };
  } finally {
    await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    await sleep(300);
  }
}

// --- the run -----------------------------------------------------------------------------------------

async function main() {
  const startedAt = new Date();
  const t0 = performance.now();
  const loadBefore = os.loadavg();
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const redisUrl = process.env.BENCH_REDIS_URL;
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-fanout-'));
  const appDir = path.join(tmp, 'app');
  await fsp.mkdir(appDir, { recursive: true });
  let emulator: RunningEmulator | null = null;
  let drop = async () => undefined as void;
  let app: App | null = null;
  let failure: string | null = null;
  try {
    phase = 'database and emulator';
    let db: Database;
    let label: string;
    if (kind === 'postgres') {
      const made = await freshDatabase();
      db = made.db;
      label = made.label;
      drop = made.drop;
    } else {
      db = await createDatabase({ dataDir: appDir });
      label = 'PGlite (files in a temporary folder)';
    }
    const [emu] = await Promise.all([startEmulator(path.join(tmp, 'auth')), applyMigrations(db.adapterFactory)]);
    emulator = emu;

    phase = 'accounts and listings';
    // The floor before and after the measured scenarios (the shared machine's speed drifts).
    const counts = [...Array<number>(WARM_UPS).fill(WARM_UP), 0, ...SCENARIOS, 0];
    const { user: agentUser, agent } = await createAgent(db.prisma, { user: { firstName: 'Olga', lastName: 'Owner' } });
    const stages: Stage[] = [];
    const allTakers = await createRenters(db, emu.host, counts.length * (EVENTS + 1), 'taker');
    const watchers = await createRenters(db, emu.host, WATCHERS, 'watcher');
    for (let s = 0; s < counts.length; s++) {
      const listing = await createProperty(
        db.prisma,
        { userId: agentUser.id, agentId: agent.id },
        { title: `Fan-out loft ${s}` },
      );
      const startsAt = new Date(Date.now() + 3 * 86_400_000);
      const openHouse = await db.prisma.openHouse.create({
        data: { propertyId: listing.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) },
      });
      stages.push({
        listingId: listing.id,
        openHouseId: openHouse.id,
        takers: allTakers.slice(s * (EVENTS + 1), (s + 1) * (EVENTS + 1)),
      });
    }
    const dbUrl = kind === 'postgres' ? db.connectionString : null;
    await db.close();
    log(
      `${label}: ${allTakers.length + watchers.length} accounts, ${stages.length} listings (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    phase = 'app';
    app = await startApp(appDir, {
      FIREBASE_AUTH_EMULATOR_HOST: emu.host,
      ...(dbUrl ? { DATABASE_URL: dbUrl } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });

    const outcomes: Outcome[] = [];
    for (let s = 0; s < counts.length; s++) {
      phase = `${counts[s]} subscribers`;
      const o = await scenario(app, stages[s]!, watchers, counts[s]!);
      log(
        `${s < WARM_UPS ? 'warm-up, ' : ''}${o.subscribers} subscribers (${o.users} users): ${o.received}/${o.expected} deliveries of ${o.events} RSVPs in ${o.seconds.toFixed(1)} s, ` +
          `app CPU ${o.cpuMs.toFixed(0)} ms (${fmt(o.cpuMs / o.events, 1)} ms an event), p95 ${fmt(pct(o.latencies, 95), 0)} ms`,
      );
      if (s >= WARM_UPS) outcomes.push(o);
    }
    const appOutput = app.output();
    await app.stop();
    app = null;

    const floors = [outcomes[0]!, outcomes.at(-1)!];
    const measured = outcomes.slice(1, -1);
    const floorMs = (floors[0]!.cpuMs + floors[1]!.cpuMs) / 2;
    const perSubscriber = (o: Outcome) => (o.cpuMs - floorMs) / o.events / o.subscribers;
    const lost = measured.reduce((n, o) => n + o.expected - o.received, 0);
    const stale = measured.reduce((n, o) => n + o.stale, 0);
    const problems = [
      lost > 0 && `${lost} deliveries lost`,
      stale > 0 && `${stale} subscribers did not end on the final count`,
      ...measured
        .filter((o) => o.subscribers >= 100 && o.cpuMs / o.events / o.subscribers > BOUND_MS)
        .map(
          (o) =>
            `${o.subscribers} subscribers: ${fmt(o.cpuMs / o.events / o.subscribers)} ms of CPU an event per subscriber (over ${BOUND_MS})`,
        ),
    ].filter(Boolean);
    failure = problems.length ? problems.join('; ') : null;

    const cpus = os.cpus();
    const warnings = appOutput.split('\n').filter((l) => /"level":(40|50|60)/.test(l) && !l.includes('Firebase Auth EMULATOR'));
    const warn = warnings.length;
    for (const w of warnings.slice(0, 3)) log(`the app logged: ${w.slice(0, 400)}`);
    const command = `${kind === 'postgres' ? 'BENCH_DATABASE_URL=postgresql://$USER@127.0.0.1:5432/test ' : ''}${redisUrl ? 'BENCH_REDIS_URL=… ' : ''}npx tsx tests/bench/fanout.bench.ts`;
    const lines = [
      `<!-- BEGIN ${kind} -->`,
      `## ${label}${redisUrl ? ', events through Redis' : ''}`,
      '',
      `Run on ${startedAt.toISOString()} by \`${command}\` (in \`npm run bench\`), ${((performance.now() - t0) / 1000).toFixed(0)} s.`,
      `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? '?'} (nproc ${os.availableParallelism()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};`,
      `load average ${loadBefore.map((x) => x.toFixed(1)).join(' / ')} at the start (the machine is shared; the subscribers' sockets run on it too).`,
      `${EVENTS} RSVPs a scenario, one after another; ${WATCHERS} watcher accounts (one socket each, at most ${PER_USER} subscriptions a user and listing).`,
      '',
      '| subscribers | users | deliveries received / expected | app CPU for the events | CPU an event | **CPU an event per subscriber** | fan-out only (less the floor) | p50 / p95 delivery |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| 0 (floor: the RSVPs alone; before / after the others) | 0 | — | ${floors.map((f) => f.cpuMs.toFixed(0)).join(' / ')} ms | ${floors.map((f) => fmt(f.cpuMs / f.events, 1)).join(' / ')} ms | — | — | — |`,
      ...measured.map(
        (o) =>
          `| ${o.subscribers} | ${o.users} | ${o.received} / ${o.expected} | ${o.cpuMs.toFixed(0)} ms | ${fmt(o.cpuMs / o.events, 1)} ms | **${fmt(o.cpuMs / o.events / o.subscribers)} ms** | ${fmt(perSubscriber(o))} ms | ${fmt(pct(o.latencies, 50), 0)} / ${fmt(pct(o.latencies, 95), 0)} ms |`,
      ),
      '',
      failure
        ? `**FAILED**: ${failure}.`
        : `Every subscriber received every event and ended on the open house's final count, under ${BOUND_MS} ms of CPU an event per subscriber from 100 subscribers up; the app logged ${warn} warnings or errors.`,
      `The floor's two runs differ by ${Math.abs(floors[0]!.cpuMs - floors[1]!.cpuMs).toFixed(0)} ms (${fmt(Math.abs(floors[0]!.cpuMs - floors[1]!.cpuMs) / EVENTS, 1)} ms an event): a fan-out share (less their mean) smaller than that is noise.`,
      `<!-- END ${kind} -->`,
    ];
    const header = [
      '# Open-house fan-out: CPU per event per subscriber',
      '',
      'Written by `npm run bench` (tests/bench/fanout.bench.ts; how it works is at the top of that file). The app',
      '(`server/main.ts`, a child process, every limit at its real value) serves N live `openHouseChanged`',
      "subscriptions of one listing (the client's own document) over graphql-ws; M renters RSVP one after another",
      "through `POST /graphql`. The app's CPU (`/proc/<pid>/stat`, less its idle rate) from the first RSVP until every",
      'subscriber has every event is divided by M and by N. The floor is the same RSVPs with no subscriber.',
      '',
      `**Before** (issue 58, each subscriber reading the open house on its own): one renter's 100 subscriptions × 20 RSVP`,
      `changes cost 13 s of server CPU, **≈${BEFORE_MS} ms per event per subscriber**. One user may now hold only ${PER_USER}`,
      'live subscriptions per listing, so the bench spreads its subscribers over many accounts. A section per database.',
      '',
    ].join('\n');
    const previous = await fsp.readFile(RESULTS, 'utf8').catch(() => header);
    const sections = [...previous.matchAll(/<!-- BEGIN (\w+) -->[\s\S]*?<!-- END \1 -->/g)]
      .filter((m) => m[1] !== kind)
      .map((m) => m[0]);
    const notes = previous.includes('\n## Notes') ? previous.slice(previous.indexOf('\n## Notes')) : '';
    const ordered = [...sections, lines.join('\n')].sort((a, b) =>
      a.includes('BEGIN pglite') ? -1 : b.includes('BEGIN pglite') ? 1 : 0,
    );
    await fsp.writeFile(RESULTS, `${header}\n${ordered.join('\n\n')}\n${notes}`);
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
    for (const o of measured)
      log(
        `${o.subscribers} subscribers: ${fmt(o.cpuMs / o.events / o.subscribers)} ms of CPU an event per subscriber (fan-out only ${fmt(perSubscriber(o))} ms; before: ≈${BEFORE_MS} ms)`,
      );
    log(
      `limits: ${RATE_LIMITS.openHouseRsvp.points} RSVPs a day and ${RATE_LIMITS.signedIn.points} GraphQL operations a minute per user, real values`,
    );
  } finally {
    phase = 'teardown';
    await app?.stop().catch(() => undefined);
    await emulator?.stop().catch(() => undefined);
    await drop().catch((err: unknown) => log(`dropping the database: ${(err as Error).message}`));
    await fsp.rm(tmp, { recursive: true, force: true });
  }
  log(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  if (failure) throw new Error(failure);
}

main().then(
  () => {
    clearTimeout(hardTimeout);
    process.exit(0);
  },
  (err: unknown) => {
    console.error('[bench:fanout] FAILED:', err);
    process.exit(1);
  },
);

// `npm run bench` (mixed phase, issue 12 item 6): the message-send path alone, then a mixed workload
// (search page, listing detail, save a favourite, send a message), each driven at a CONSTANT ARRIVAL
// RATE through real HTTP, stepping the rate up to find the highest one that keeps p95 under 200 ms
// with under 1% errors.
//
// Open model: requests are fired on a schedule (request i of a step at start + i / rate) whatever the
// answers, each on its own connection slot (a keep-alive agent with no socket limit), and a request's
// latency runs from its scheduled time, not from when it could be sent, so a stalled server shows in
// the numbers instead of slowing the load down (coordinated omission avoided). A request unanswered
// after 10 s is an error; so is any non-2xx answer and any GraphQL error (a 429 or RATE_LIMITED too).
//
// The app is a child process running server/main.ts exactly as `npm run serve` does, every limit at
// its real value: 30 messages a minute per user, so the sends are spread over BENCH_MIXED_RENTERS
// renters (default 1,000, Auth-emulator accounts with Bearer ID tokens), each with a thread started
// about a listing of one of the seeded agents. Every request is a signed-in renter's, named by the
// client's persisted hash (decision 0025). The data is bench-data.ts' (BENCH_LISTINGS, default 100,000),
// on PGlite in a temporary folder, or on a throwaway database of BENCH_DATABASE_URL.
//
// Steps: BENCH_MIXED_RATES (default 25, 35, 50, 70, 100, 140, 200, 280, 400, 560, 800 requests/s: × √2), BENCH_MIXED_SECONDS (default 8)
// each after 1 s at the same rate unmeasured; a series stops at the first step that misses the target.
// Writes tests/bench/mixed-results.md (a section per database).

import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { spawn, type ChildProcess } from 'node:child_process';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { SEARCH_PAGE_SIZE } from '../../common/search.js';
import {
  PropertyDetailDocument,
  SavePropertyDocument,
  SearchPropertiesDocument,
  SendMessageDocument,
  StartThreadDocument,
} from '../../client/src/gql/graphql.js';
import { persistedHash } from '../../client/src/lib/apollo/trusted-documents.js';
import { createDatabase, type Database } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { EMULATOR_PROJECT_ID, startAuthEmulator, type RunningEmulator } from '../../server/modules/auth/emulator.js';
import { LISTINGS, seed } from './bench-data.js';
import { freshDatabase } from './bench-db.js';
import { freePort } from '../setup/free-port.js';
import { SERVER_NODE_ARGS } from '../../server/node-args.js';

const RATES = (process.env.BENCH_MIXED_RATES ?? '25,35,50,70,100,140,200,280,400,560,800').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 8);
const WARMUP_SECONDS = 1;
const RENTERS = Number(process.env.BENCH_MIXED_RENTERS ?? 1000);
const TIMEOUT_MS = 10_000;
const P95_TARGET_MS = 200;
const ERROR_TARGET = 0.01;
const HARD_TIMEOUT_MS = Number(process.env.BENCH_MIXED_TIMEOUT_S ?? 600) * 1000;
const ORIGIN = 'http://localhost:5173';
const ROOT = path.resolve(import.meta.dirname, '../..');
const RESULTS = path.resolve(import.meta.dirname, 'mixed-results.md');
const log = (msg: string) => console.log(`[bench:mixed] ${msg}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let phase = 'start';
const children: ChildProcess[] = [];
const hardStop = setTimeout(() => {
  console.error(`[bench:mixed] hard timeout (${HARD_TIMEOUT_MS / 1000} s) in phase "${phase}"`);
  for (const c of children) c.kill('SIGKILL');
  process.exit(1);
}, HARD_TIMEOUT_MS);
hardStop.unref();

// --- the app ------------------------------------------------------------------------------------------

async function startApp(dataDir: string, env: Record<string, string>) {
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

// --- users ----------------------------------------------------------------------------------------------

async function emulatorPost<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function pool<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

interface Renter {
  uid: string;
  idToken: string;
  threadId: string;
}

/** Renters: emulator accounts (one batch import, a password sign-in each) and their user rows. */
async function createRenters(db: Database, emulatorHost: string): Promise<Array<Omit<Renter, 'threadId'>>> {
  const base = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;
  const password = 'bench-password-1';
  const users = Array.from({ length: RENTERS }, (_, i) => ({
    uid: `bench-mixed-r${i}`,
    email: `bench-mixed-r${i}@bench.test`,
    phone: `+1557${String(i).padStart(7, '0')}`,
  }));
  for (let i = 0; i < users.length; i += 500) {
    await emulatorPost(
      `${base}/projects/${EMULATOR_PROJECT_ID}/accounts:batchCreate`,
      {
        users: users.slice(i, i + 500).map((u) => ({
          localId: u.uid,
          email: u.email,
          rawPassword: password,
          phoneNumber: u.phone,
          displayName: 'Bench Renter',
          emailVerified: true,
        })),
      },
      { authorization: 'Bearer owner' },
    );
  }
  await db.prisma.user.createMany({
    data: users.map((u) => ({
      id: u.uid,
      email: u.email,
      phone: u.phone,
      role: 'RENTER' as const,
      firstName: 'Bench',
      lastName: 'Renter',
    })),
  });
  return pool(users, 6, async (u) => {
    const signedIn = await emulatorPost<{ idToken: string }>(`${base}/accounts:signInWithPassword?key=bench`, {
      email: u.email,
      password,
      returnSecureToken: true,
    });
    return { uid: u.uid, idToken: signedIn.idToken };
  });
}

// --- the open-model driver ---------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 512 });

interface Outcome {
  kind: string;
  /** From the scheduled time to the end of the answer. */
  ms: number;
  ok: boolean;
  error?: string;
}

type Op = { kind: string; body: string; token: string };

function post(url: URL, op: Op, scheduled: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/graphql',
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          authorization: `Bearer ${op.token}`,
          'content-length': Buffer.byteLength(op.body),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const ms = performance.now() - scheduled;
          const text = Buffer.concat(chunks).toString();
          let error: string | undefined;
          if (res.statusCode !== 200) error = `HTTP ${res.statusCode}`;
          else {
            const body = JSON.parse(text) as { errors?: Array<{ extensions?: { code?: string } }> };
            if (body.errors?.length) error = body.errors[0]!.extensions?.code ?? 'GRAPHQL_ERROR';
          }
          resolve({ kind: op.kind, ms, ok: !error, error });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ kind: op.kind, ms: performance.now() - scheduled, ok: false, error: err.message }));
    req.end(op.body);
  });
}

interface Step {
  rate: number;
  sent: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  errorKinds: Record<string, number>;
  byKind: Record<string, { n: number; p95: number }>;
  pass: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : Number.NaN;

/** Fires `next()`'s requests at `rate` a second for `seconds`; every request's latency from its scheduled time. */
async function drive(app: URL, rate: number, seconds: number, next: () => Op): Promise<Outcome[]> {
  const total = Math.round(rate * seconds);
  const pending: Promise<Outcome>[] = [];
  const start = performance.now();
  let i = 0;
  while (i < total) {
    const now = performance.now();
    while (i < total && start + (i * 1000) / rate <= now) {
      pending.push(post(app, next(), start + (i * 1000) / rate));
      i++;
    }
    await sleep(Math.max(0, Math.min(5, start + (i * 1000) / rate - performance.now())));
  }
  const outcomes = await Promise.all(pending);
  // Throughput: answers per second over the time it took for all of them to come back.
  (outcomes as Outcome[] & { wallSeconds?: number }).wallSeconds = (performance.now() - start) / 1000;
  return outcomes;
}

async function step(app: URL, rate: number, next: () => Op): Promise<Step> {
  await drive(app, rate, WARMUP_SECONDS, next);
  const outcomes = (await drive(app, rate, SECONDS, next)) as Outcome[] & { wallSeconds?: number };
  const all = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const errors = outcomes.filter((o) => !o.ok);
  const errorKinds: Record<string, number> = {};
  for (const e of errors) errorKinds[e.error!] = (errorKinds[e.error!] ?? 0) + 1;
  const byKind: Step['byKind'] = {};
  for (const kind of new Set(outcomes.map((o) => o.kind))) {
    const ms = outcomes
      .filter((o) => o.kind === kind)
      .map((o) => o.ms)
      .sort((a, b) => a - b);
    byKind[kind] = { n: ms.length, p95: percentile(ms, 0.95) };
  }
  const p95 = percentile(all, 0.95);
  return {
    rate,
    sent: outcomes.length,
    throughput: (outcomes.length - errors.length) / (outcomes.wallSeconds ?? SECONDS),
    p50: percentile(all, 0.5),
    p95,
    p99: percentile(all, 0.99),
    errors: errors.length,
    errorKinds,
    byKind,
    pass: p95 < P95_TARGET_MS && errors.length / outcomes.length < ERROR_TARGET,
  };
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main() {
  const startedAt = new Date();
  const t0 = performance.now();
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-mixed-'));
  const appDir = path.join(tmp, 'app');
  await fsp.mkdir(appDir, { recursive: true });
  let emulator: RunningEmulator | null = null;
  let drop = async () => undefined as void;
  let running: Awaited<ReturnType<typeof startApp>> | null = null;
  try {
    phase = 'database';
    let db: Database;
    let label: string;
    if (kind === 'postgres') {
      const made = await freshDatabase();
      db = made.db;
      label = made.label;
      drop = made.drop;
    } else {
      db = await createDatabase({ dataDir: appDir });
      label = 'PGlite (files in a temporary folder, over the wire protocol, one connection)';
    }
    emulator = await startAuthEmulator({
      port: await freePort(),
      dataDir: path.join(tmp, 'auth'),
      log: pino({ level: 'silent' }),
      persist: false,
    });
    await applyMigrations(db.adapterFactory);
    log(`${label}: inserting ${LISTINGS.toLocaleString('en-US')} listings`);
    await seed(db);
    phase = 'users';
    const users = await createRenters(db, emulator.host);
    const ids = (
      await db.prisma.$queryRawUnsafe<Array<{ id: string }>>(
        `SELECT "id"::text FROM "Property" WHERE "status" = 'ACTIVE' AND "agentId" IS NOT NULL ORDER BY "createdAt" DESC LIMIT 200`,
      )
    ).map((r) => r.id);
    const dbUrl = kind === 'postgres' ? db.connectionString : null;
    await db.close();
    log(`${users.length} renters signed in; ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    phase = 'app';
    running = await startApp(appDir, { FIREBASE_AUTH_EMULATOR_HOST: emulator.host, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) });
    const app = new URL(running.url);
    const body = (doc: Parameters<typeof persistedHash>[0], variables: Record<string, unknown>) =>
      JSON.stringify({ variables, extensions: { persistedQuery: { version: 1, sha256Hash: persistedHash(doc)! } } });
    phase = 'threads';
    const renters: Renter[] = await pool(users, 8, async (u, i) => {
      const res = await fetch(`${running!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, authorization: `Bearer ${u.idToken}` },
        body: body(StartThreadDocument, { propertyId: ids[i % ids.length], message: 'Hello, is it still available?' }),
      });
      const json = (await res.json()) as { data?: { startThread: { id: string } }; errors?: unknown };
      if (!json.data) throw new Error(`startThread: ${res.status} ${JSON.stringify(json.errors).slice(0, 300)}`);
      return { ...u, threadId: json.data.startThread.id };
    });

    let n = 0;
    const sendOp = (): Op => {
      const r = renters[n++ % renters.length]!;
      return {
        kind: 'send',
        token: r.idToken,
        body: body(SendMessageDocument, { threadId: r.threadId, content: `bench message ${n}` }),
      };
    };
    const MIX = ['search', 'detail', 'save', 'send'] as const;
    let m = 0;
    const mixOp = (): Op => {
      const k = MIX[m % MIX.length]!;
      const r = renters[Math.floor(m / MIX.length) % renters.length]!;
      const listing = ids[m % ids.length];
      m++;
      if (k === 'send') return sendOp();
      if (k === 'search') return { kind: k, token: r.idToken, body: body(SearchPropertiesDocument, { first: SEARCH_PAGE_SIZE }) };
      if (k === 'detail') return { kind: k, token: r.idToken, body: body(PropertyDetailDocument, { id: listing }) };
      return { kind: k, token: r.idToken, body: body(SavePropertyDocument, { id: listing }) };
    };

    const series: Array<{ name: string; steps: Step[] }> = [
      { name: 'message send (`sendMessage`)', steps: [] },
      { name: 'mixed: search, detail, save, send (¼ each)', steps: [] },
    ];
    for (const [s, next] of [
      [series[0]!, sendOp],
      [series[1]!, mixOp],
    ] as const) {
      phase = s.name;
      for (const rate of RATES) {
        const r = await step(app, rate, next);
        s.steps.push(r);
        log(
          `${s.name} @ ${rate}/s: ${fmt(r.throughput)} ok/s, p50 ${fmt(r.p50)} / p95 ${fmt(r.p95)} / p99 ${fmt(r.p99)} ms, ${r.errors}/${r.sent} errors ${JSON.stringify(r.errorKinds)} ${r.pass ? 'PASS' : 'MISS'}`,
        );
        if (!r.pass) break;
      }
      await sleep(2_000);
    }
    const appOutput = running.output();
    await running.stop();
    running = null;

    const load = os.loadavg().map((x) => x.toFixed(1));
    const cpus = os.cpus();
    const sends = series.reduce((a, s) => a + s.steps.reduce((b, st) => b + st.sent * (s === series[0] ? 1 : 0.25), 0), 0);
    const lines = [
      `<!-- BEGIN ${kind} -->`,
      `## ${label}`,
      '',
      `Run on ${startedAt.toISOString()}: ${LISTINGS.toLocaleString('en-US')} listings, ${RENTERS.toLocaleString('en-US')} signed-in renters (Bearer ID tokens), one thread each.`,
      `Machine: ${cpus.length} × ${cpus[0]?.model.split(' ').slice(0, 2).join(' ') ?? '?'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};`,
      `load average ${load.join(' / ')} at the end (the machine is shared; the load generator runs on it too). Open model: requests fired on schedule at the step's rate,`,
      `latency from the scheduled time; ${WARMUP_SECONDS} s unmeasured then ${SECONDS} s per step; a series stops at its first miss.`,
      `Target: p95 < ${P95_TARGET_MS} ms and < ${ERROR_TARGET * 100}% errors (timeouts at ${TIMEOUT_MS / 1000} s, non-2xx and GraphQL errors, 429 included).`,
      `Limits at their real values: ${RATE_LIMITS.messageSend.points} messages a minute per user (about ${Math.round(sends).toLocaleString('en-US')} sends over the run, spread over the ${RENTERS.toLocaleString('en-US')} renters).`,
      '',
    ];
    for (const s of series) {
      const found = s.steps.filter((x) => x.pass).at(-1);
      lines.push(
        `### ${s.name}: ${found ? `highest rate within target ${found.rate} req/s` : `no step within target (lowest tried ${s.steps[0]?.rate} req/s)`}`,
        '',
        '| rate (req/s) | requests | answered ok/s | p50 | p95 | p99 | errors | p95 by kind | within target |',
        '|---:|---:|---:|---:|---:|---:|---:|---|:---:|',
      );
      for (const x of s.steps) {
        const kinds = Object.entries(x.byKind)
          .map(([k, v]) => `${k} ${fmt(v.p95)}`)
          .join(', ');
        const errs = x.errors
          ? `${x.errors} (${Object.entries(x.errorKinds)
              .map(([k, v]) => `${k} ×${v}`)
              .join(', ')})`
          : '0';
        lines.push(
          `| ${x.rate} | ${x.sent} | ${fmt(x.throughput)} | ${fmt(x.p50)} ms | ${fmt(x.p95)} ms | ${fmt(x.p99)} ms | ${errs} | ${kinds} | ${x.pass ? 'yes' : 'no'} |`,
        );
      }
      lines.push('');
    }
    const warn = appOutput.split('\n').filter((l) => /"level":(40|50|60)/.test(l)).length;
    lines.push(`The app logged ${warn} warnings or errors during the run.`, `<!-- END ${kind} -->`);

    const header = [
      '# Mixed load at a constant arrival rate',
      '',
      'Written by `npm run bench` (tests/bench/mixed.bench.ts): the message-send path alone, then a mix of',
      'search page, listing detail, save a favourite and send a message, stepping a constant arrival rate',
      'up to the highest that keeps p95 under 200 ms with under 1% errors. A section per database.',
      '',
    ].join('\n');
    const previous = await fsp.readFile(RESULTS, 'utf8').catch(() => header);
    const section = lines.join('\n');
    const re = new RegExp(`<!-- BEGIN ${kind} -->[\\s\\S]*?<!-- END ${kind} -->`);
    const next = re.test(previous) ? previous.replace(re, section) : `${previous.trimEnd()}\n\n${section}\n`;
    await fsp.writeFile(RESULTS, next);
    log(`wrote ${path.relative(ROOT, RESULTS)} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  } finally {
    await running?.stop();
    await emulator?.stop();
    await drop();
    agent.destroy();
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`[bench:mixed] failed in phase "${phase}":`, err);
    for (const c of children) c.kill('SIGKILL');
    process.exit(1);
  },
);

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { envSchema, loadEnv } from '../../server/env.js';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts.js';
import { freePort } from '../setup/free-port.js';
import { signInInEmulator } from '../setup/identity.js';
import { SERVE_COMMAND } from '../../server/node-args.js';

// Issue 12 item 9: the production setup (docker-compose.yml: the app on PostgreSQL, Redis and MinIO,
// built by the Dockerfile) is checked without a Docker engine: `docker compose config` where the
// compose plugin exists, else the YAML read and held to a schema here; then two app processes are
// started the way the image starts them, with the compose file's environment on the local
// PostgreSQL and Redis, and the acceptance path runs through both.

const root = path.resolve(import.meta.dirname, '../..');
const COMPOSE_FILE = path.join(root, 'docker-compose.yml');
const DOCKERFILE = path.join(root, 'Dockerfile');

/** What the required `${VAR:?…}` variables of the compose file are given in these tests. */
const FIREBASE_PLACEHOLDERS = {
  FIREBASE_PROJECT_ID: 'rentals-prod',
  FIREBASE_API_KEY: 'api-key',
  FIREBASE_AUTH_DOMAIN: 'rentals-prod.firebaseapp.com',
  FIREBASE_SERVICE_ACCOUNT: '{"type":"service_account"}',
};

/** The part of the Compose specification this file uses (https://compose-spec.io), strictly. */
const healthcheck = z
  .object({
    test: z.union([z.array(z.string()).min(2), z.string().min(1)]),
    interval: z
      .string()
      .regex(/^\d+(ms|s|m)$/)
      .optional(),
    timeout: z
      .string()
      .regex(/^\d+(ms|s|m)$/)
      .optional(),
    retries: z.number().int().positive().optional(),
    start_period: z.string().optional(),
  })
  .strict();
const service = z
  .object({
    image: z.string().min(1).optional(),
    build: z.union([z.string().min(1), z.object({ context: z.string(), dockerfile: z.string().optional() }).strict()]).optional(),
    command: z.union([z.string(), z.array(z.string())]).optional(),
    entrypoint: z.union([z.string(), z.array(z.string())]).optional(),
    ports: z.array(z.string().regex(/^\d+:\d+$/)).optional(),
    environment: z.record(z.string(), z.string()).optional(),
    volumes: z.array(z.string().regex(/^[\w.-]+:\/[\w/.-]*$/)).optional(),
    depends_on: z
      .record(
        z.string(),
        z.object({ condition: z.enum(['service_started', 'service_healthy', 'service_completed_successfully']) }).strict(),
      )
      .optional(),
    healthcheck: healthcheck.optional(),
  })
  .strict()
  .refine((s) => Boolean(s.image) !== Boolean(s.build), 'a service has an image or a build, not both');
const composeSchema = z
  .object({
    services: z.record(z.string(), service),
    volumes: z.record(z.string(), z.null().or(z.object({}).strict())).optional(),
  })
  .strict();
type Compose = z.infer<typeof composeSchema>;

/** Compose's interpolation: `${VAR}`, `${VAR:-default}`, `${VAR:?message}` (an error when unset) and `$$`. */
function interpolate(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') {
    return value.replace(
      /\$\$|\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g,
      (whole, name: string | undefined, op?: string, arg?: string) => {
        if (whole === '$$') return '$';
        const set = vars[name!];
        if (set) return set;
        if (op === ':?') throw new Error(`${name}: ${arg}`);
        return op === ':-' ? (arg ?? '') : '';
      },
    );
  }
  if (Array.isArray(value)) return value.map((v) => interpolate(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, vars)]));
  }
  return value;
}

/** `docker compose config` when the compose plugin is there (no engine needed), else null. */
function dockerComposeConfig(vars: Record<string, string>): unknown {
  const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
  if (version.status !== 0) return null;
  const out = spawnSync('docker', ['compose', '-f', COMPOSE_FILE, 'config', '--format', 'json'], {
    encoding: 'utf8',
    env: { ...process.env, ...vars },
  });
  if (out.status !== 0) throw new Error(`docker compose config failed: ${out.stderr}`);
  return JSON.parse(out.stdout);
}

function readCompose(vars: Record<string, string>): { compose: Compose; checkedBy: string } {
  const raw = parseYaml(fs.readFileSync(COMPOSE_FILE, 'utf8')) as unknown;
  // The file itself holds to the schema (before interpolation, as written).
  composeSchema.parse(raw);
  const fromDocker = dockerComposeConfig(vars);
  if (fromDocker) return { compose: fromDocker as Compose, checkedBy: 'docker compose config' };
  return { compose: composeSchema.parse(interpolate(raw, vars)), checkedBy: 'yaml + schema' };
}

/** The Dockerfile's final stage: its ENV, EXPOSE, HEALTHCHECK and CMD. */
function readDockerfile() {
  const text = fs.readFileSync(DOCKERFILE, 'utf8');
  const stages = text.split(/^FROM /m).slice(1);
  const last = stages.at(-1)!;
  const env: Record<string, string> = {};
  for (const line of last.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
  }
  return {
    text,
    stages,
    baseImages: stages.map((s) => s.split(/\s/)[0]!),
    env,
    expose: /^EXPOSE (\d+)/m.exec(last)?.[1],
    healthcheck: /^HEALTHCHECK .*$/m.exec(last)?.[0] ?? '',
    cmd: JSON.parse(/^CMD (\[.*\])$/m.exec(last)?.[1] ?? 'null') as string[] | null,
  };
}

describe('docker-compose.yml and the Dockerfile', () => {
  const { compose, checkedBy } = readCompose(FIREBASE_PLACEHOLDERS);
  const services = compose.services;
  const app = services.app!;
  const docker = readDockerfile();
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    engines: { node: string };
  };

  it(`is a valid compose file (${checkedBy}) with the app, PostgreSQL, Redis and MinIO`, () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'minio', 'minio-bucket', 'postgres', 'redis']);
    expect(services.postgres!.image).toMatch(/^postgres:\d+/);
    expect(services.redis!.image).toMatch(/^redis:\d+/);
    expect(services.minio!.image).toMatch(/^minio\/minio:/);
    // Every named volume a service mounts is declared.
    for (const s of Object.values(services)) {
      for (const v of s.volumes ?? []) expect(Object.keys(compose.volumes ?? {})).toContain(v.split(':')[0]);
    }
  });

  it('names only variables server/env.ts accepts, and env.ts accepts them in production', () => {
    const accepted = Object.keys(envSchema.shape);
    const names = Object.keys(app.environment ?? {});
    expect(names.filter((n) => !accepted.includes(n))).toEqual([]);
    expect(Object.keys(docker.env).filter((n) => !accepted.includes(n))).toEqual([]);
    // The image's ENV with the compose environment over it, as the container sees it.
    const env = loadEnv({ ...docker.env, ...app.environment });
    expect(env.NODE_ENV).toBe('production');
    expect(env.authEmulator).toBe(false);
    expect(env.TRUSTED_DOCUMENTS_ONLY).toBe(true);
    expect(env.SEED_ON_EMPTY).toBe(true);
    expect(env.HOST).toBe('0.0.0.0');
    // The production identity is required: without it the file does not even interpolate.
    expect(() => readCompose({})).toThrow(/FIREBASE_PROJECT_ID/);
  });

  it('points the app at the services by their names, ports and credentials', () => {
    const env = loadEnv({ ...docker.env, ...app.environment });
    const db = new URL(env.DATABASE_URL!);
    const pgEnv = services.postgres!.environment!;
    expect([db.hostname, db.port || '5432', db.username, db.password, db.pathname.slice(1)]).toEqual([
      'postgres',
      '5432',
      pgEnv.POSTGRES_USER,
      pgEnv.POSTGRES_PASSWORD,
      pgEnv.POSTGRES_DB,
    ]);
    expect(new URL(env.REDIS_URL!).host).toBe('redis:6379');
    expect(new URL(env.S3_ENDPOINT!).host).toBe('minio:9000');
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    expect(env.S3_ACCESS_KEY_ID).toBe(services.minio!.environment!.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(services.minio!.environment!.MINIO_ROOT_PASSWORD);
    // The bucket the app writes to is the one minio-bucket makes.
    expect(String(services['minio-bucket']!.entrypoint)).toContain(`mc mb --ignore-existing local/${env.S3_BUCKET}`);
    // The published port is the one the app listens on and the image exposes.
    expect(app.ports).toContain(`${env.PORT}:${env.PORT}`);
    expect(docker.expose).toBe(String(env.PORT));
  });

  it('starts the app only once its dependencies are healthy (or done), and each of those has a healthcheck', () => {
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
    expect(services['minio-bucket']!.depends_on).toEqual({ minio: { condition: 'service_healthy' } });
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(services[dep], `${name} depends on ${dep}`).toBeDefined();
        if (condition === 'service_healthy') expect(services[dep]!.healthcheck, `${dep} has a healthcheck`).toBeDefined();
      }
    }
    expect(services.postgres!.healthcheck!.test).toEqual([
      'CMD-SHELL',
      `pg_isready -U ${services.postgres!.environment!.POSTGRES_USER}`,
    ]);
    expect(services.redis!.healthcheck!.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.minio!.healthcheck!.test).toEqual(['CMD', 'mc', 'ready', 'local']);
  });

  it('builds the app from the Dockerfile: Node 20, the client built, `npm run serve` as the command, /healthz as its healthcheck', () => {
    expect(app.build === '.' || (typeof app.build === 'object' && app.build.context === '.')).toBe(true);
    expect(docker.baseImages.every((img) => /^node:20(\.\d+)*-/.test(img))).toBe(true);
    expect(pkg.engines.node).toBe('>=20.19'); // node:20 images are 20.19 or later
    expect(docker.stages[0]).toMatch(/^RUN npm ci\b/m);
    expect(docker.stages[0]).toMatch(/^RUN npm run build$/m);
    // What `npm ci` runs on install (prisma generate, codegen) finds its inputs before the sources are copied.
    for (const input of ['prisma', 'prisma.config.ts', 'codegen.ts', 'schema.graphql']) {
      expect(docker.stages[0]!.slice(0, docker.stages[0]!.indexOf('RUN npm ci'))).toContain(input);
    }
    expect(docker.cmd).toEqual(['npm', 'run', 'serve']);
    expect(pkg.scripts.serve).toBe(SERVE_COMMAND);
    expect(pkg.scripts.start).toBe(`tsx scripts/build.ts && ${SERVE_COMMAND}`);
    expect(docker.healthcheck).toContain(`http://127.0.0.1:${docker.env.PORT}/healthz`);
    expect(docker.env.DATA_DIR).toBe('/data');
    expect(app.volumes).toContain('appdata:/data');
  });
});

// ----------------------------------------------------------------------------------------------------
// Two instances started as the image starts them, on the local PostgreSQL and Redis.
// ----------------------------------------------------------------------------------------------------

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
const REDIS_URL = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

/** s3rver (npm): an S3-protocol server standing in for MinIO. It ships no types. */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;

const manifest = JSON.parse(fs.readFileSync(path.join(root, 'client/src/gql/persisted-documents.json'), 'utf8')) as Record<
  string,
  string
>;
/** The client build's persisted document of an operation: its hash and text. */
function persisted(operation: string): { hash: string; text: string } {
  const found = Object.entries(manifest).find(([, text]) =>
    new RegExp(`\\b(query|mutation|subscription) ${operation}\\b`).test(text),
  );
  if (!found) throw new Error(`no persisted document for ${operation}`);
  return { hash: found[0].replace(/^sha256:/, ''), text: found[1] };
}

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

// Only meaningful on PostgreSQL and Redis, as in the compose file (CI sets TEST_DATABASE_URL).
const skipReason = TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL is not set: the compose setup runs on PostgreSQL and Redis';
if (skipReason) console.warn(`compose.test.ts, two instances skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('two app instances as docker-compose.yml runs them, on PostgreSQL and Redis', () => {
  let dbName: string;
  let dataDir: string;
  let s3: S3rverInstance;
  const instances: Instance[] = [];
  let publicUrl: string;

  async function startInstance(env: Record<string, string>): Promise<Instance> {
    const port = await freePort();
    // As the image's CMD (`npm run serve`) runs it, with only this environment.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.homedir(), ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const url = `http://127.0.0.1:${port}`;
    const instance = { url, child, output: () => out, exit };
    instances.push(instance);
    let exited = false;
    void exit.then(() => (exited = true));
    for (const until = Date.now() + 240_000; ; ) {
      if ((await fetch(`${url}/healthz`).catch(() => null))?.status === 200) return instance;
      if (exited || Date.now() > until) throw new Error(`the instance did not become healthy:\n${out.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  beforeAll(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'compose-test-'));
    dbName = `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const databaseUrl = new URL(TEST_DATABASE_URL!);
    databaseUrl.pathname = `/${dbName}`;

    const { compose } = readCompose(FIREBASE_PLACEHOLDERS);
    const fromCompose = { ...readDockerfile().env, ...compose.services.app!.environment };
    fs.mkdirSync(path.join(dataDir, 's3'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dataDir, 's3'),
      configureBuckets: [{ name: fromCompose.S3_BUCKET! }],
    });
    const { port: s3Port } = await s3.run();
    publicUrl = fromCompose.PUBLIC_URL!;

    // The compose environment with what differs here, and only that: the local services (a fresh
    // database, the machine's Redis, s3rver for MinIO), the run's Auth emulator for the Firebase
    // project (and so not NODE_ENV=production, which refuses the emulator; only the client's
    // persisted documents still run, as in production), loopback (emulator tokens are unsigned), and
    // a data folder of its own.
    const adapted: Record<string, string> = {
      NODE_ENV: 'development',
      TRUSTED_DOCUMENTS_ONLY: 'true',
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_API_KEY: '',
      FIREBASE_AUTH_DOMAIN: '',
      FIREBASE_APP_ID: '',
      FIREBASE_SERVICE_ACCOUNT: '',
      FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
    expect(Object.keys(adapted).filter((k) => !(k in fromCompose))).toEqual([
      'TRUSTED_DOCUMENTS_ONLY',
      'FIREBASE_AUTH_EMULATOR_HOST',
      'LOG_LEVEL',
    ]);
    const env = { ...fromCompose, ...adapted };
    // One after the other, as the first start migrates and seeds the empty database.
    await startInstance(env);
    await startInstance(env);
  }, 400_000);

  afterAll(async () => {
    for (const i of instances) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => Promise.race([i.exit, new Promise((r) => setTimeout(r, 20_000))])));
    for (const i of instances) i.child.kill('SIGKILL');
    await s3?.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Body = any;
  /** A persisted operation over HTTP, as the client sends it: the hash only, from the public origin. */
  async function op(base: string, operation: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl, ...headers },
      body: JSON.stringify({
        operationName: operation,
        variables,
        extensions: { persistedQuery: { version: 1, sha256Hash: persisted(operation).hash } },
      }),
    });
    const body = (await res.json()) as Body;
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  }

  async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
    const { idToken } = await signInInEmulator(account.email, account.password);
    const res = await fetch(`${base}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: publicUrl },
      body: JSON.stringify({ idToken }),
    });
    expect(res.status).toBe(200);
    return /session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  }

  /** A graphql-ws client on an instance, with the session cookie on the upgrade and the public Origin. */
  function socket(base: string, cookie: string): Client {
    return createClient({
      url: `${base.replace(/^http/, 'ws')}/graphql`,
      retryAttempts: 0,
      lazy: false,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols?: string | string[]) {
          super(url, protocols, { headers: { origin: publicUrl, cookie } });
        }
      },
    });
  }
  function subscribe(client: Client, operation: string, variables: Record<string, unknown> = {}) {
    const { hash, text } = persisted(operation);
    const results: Body[] = [];
    let wake = () => {};
    client.subscribe(
      { query: text, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
      {
        next: (v) => {
          results.push(v);
          wake();
        },
        error: (err) => results.push({ errors: [err] }),
        complete: () => undefined,
      },
    );
    return {
      async first(ms = 10_000): Promise<Body> {
        if (!results.length) {
          await new Promise<void>((resolve, reject) => {
            const t = setTimeout(() => reject(new Error(`no ${operation} within ${ms} ms`)), ms);
            wake = () => {
              clearTimeout(t);
              resolve();
            };
          });
        }
        return results.shift();
      },
    };
  }

  it('searches, signs in on one and is known on the other, and a message sent on A arrives live on B', async () => {
    const [a, b] = instances as [Instance, Instance];
    // Search: the seeded listings, the same on both.
    const search = { first: 6, sort: 'NEWEST', filter: { borough: 'BROOKLYN' } };
    const onA = (await op(a.url, 'SearchProperties', search)).properties;
    const onB = (await op(b.url, 'SearchProperties', search)).properties;
    expect(onA.edges.length).toBe(6);
    expect(onA.edges.every((e: Body) => e.node.borough === 'BROOKLYN')).toBe(true);
    expect(onB.edges.map((e: Body) => e.node.id)).toEqual(onA.edges.map((e: Body) => e.node.id));
    expect(onA.totalCount).toBeGreaterThan(50);

    // Sign-in on A: its session cookie is good on B.
    const renter = DEMO_ACCOUNTS.find((x) => x.role === 'RENTER')!;
    const agent = DEMO_ACCOUNTS.find((x) => x.role === 'AGENT')!;
    const renterCookie = await signIn(a.url, renter);
    expect((await op(b.url, 'Me', {}, { cookie: renterCookie })).me).toMatchObject({ id: renter.uid, email: renter.email });

    // The agent listens on B; the renter writes about one of the agent's listings on A.
    const agentCookie = await signIn(b.url, agent);
    const db = new pg.Client({
      connectionString: Object.assign(new URL(TEST_DATABASE_URL!), { pathname: `/${dbName}` }).toString(),
    });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `SELECT p.id FROM "Property" p JOIN "Agent" ag ON ag.id = p."agentId" WHERE ag."userId" = $1 AND p.status = 'ACTIVE' LIMIT 1`,
      [agent.uid],
    );
    await db.end();
    const listingId = rows[0]!.id;
    const live = socket(b.url, agentCookie);
    try {
      const inbox = subscribe(live, 'InboxChanged');
      await new Promise((r) => setTimeout(r, 500));
      const started = (
        await op(
          a.url,
          'StartThread',
          { propertyId: listingId, message: 'Is it still available? (two instances)' },
          { cookie: renterCookie },
        )
      ).startThread;
      const changed = await inbox.first();
      expect(changed.errors).toBeUndefined();
      expect(changed.data.inboxChanged.id).toBe(started.id);

      const messages = subscribe(live, 'MessageAdded', { threadId: started.id });
      await new Promise((r) => setTimeout(r, 500));
      const sent = (
        await op(a.url, 'SendMessage', { threadId: started.id, content: 'Sent on A, read on B' }, { cookie: renterCookie })
      ).sendMessage;
      const arrived = await messages.first();
      expect(arrived.errors).toBeUndefined();
      expect(arrived.data.messageAdded).toMatchObject({ id: sent.id, content: 'Sent on A, read on B', threadId: started.id });
    } finally {
      await live.dispose();
    }
    for (const i of instances) expect(i.output()).not.toMatch(/"level":(50|60)/);
  }, 60_000);
});

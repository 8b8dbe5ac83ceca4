import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../server/db/client.js';
import { createLogger } from '../../server/logger.js';
import type { Storage } from '../../server/modules/uploads/storage.js';
import { createAgent, createProperty } from '../factories/index.js';
import { signUpInEmulator } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

/** A logger whose JSON lines are kept for the test to read. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('info', 'test', stream), lines, errors: () => lines.filter((l) => Number(l.level) >= 50) };
}

const SQL_IN_ERROR = 'SELECT "id", "ownerId" FROM "Property" WHERE secret = 42';

describe.each(transportBackends)('bad input and failures on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let broken: TestApp;
  let logs: ReturnType<typeof capturedLogger>;
  let brokenLogs: ReturnType<typeof capturedLogger>;
  let agentId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    agentId = agent.id;
    for (let i = 0; i < 3; i++) await createProperty(db.prisma, { userId: user.id, agentId: agent.id });
    logs = capturedLogger();
    app = await startTestApp(db, { log: logs.log });

    // The same app over a database client whose listing reads fail unexpectedly (with SQL in the
    // message, as a driver error would), and a storage that fails.
    const failing = new Proxy(db.prisma, {
      get(target, prop, receiver) {
        if (prop === 'property') {
          return new Proxy(target.property, {
            get(model, method, r) {
              if (method === 'findMany' || method === 'findFirst') {
                return () => Promise.reject(new Error(`relation failure near ${SQL_IN_ERROR}`));
              }
              return Reflect.get(model, method, r) as unknown;
            },
          });
        }
        // The search page reads its rows in one raw statement (server/db/json-rows.ts).
        if (prop === '$queryRaw') {
          return (sql: TemplateStringsArray | { strings: readonly string[] }, ...values: unknown[]) => {
            const text = 'strings' in sql ? sql.strings.join('?') : sql.join('?');
            return /"Property"/.test(text)
              ? Promise.reject(new Error(`relation failure near ${SQL_IN_ERROR}`))
              : (target.$queryRaw as (...a: unknown[]) => Promise<unknown>)(sql, ...values);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as PrismaClient;
    const failingStorage: Storage = {
      put: () => Promise.reject(new Error('disk full')),
      get: () => Promise.reject(Object.assign(new Error('EIO: i/o error, open /var/data/uploads/x.jpg'), { code: 'EIO' })),
      delete: () => Promise.reject(new Error('disk gone')),
    };
    brokenLogs = capturedLogger();
    broken = await startTestApp(db, { prisma: failing, storage: failingStorage, log: brokenLogs.log });
  });
  afterAll(async () => {
    await app?.stop();
    await broken?.stop();
    await db?.close();
  });

  const gql = async (
    target: TestApp,
    query: string,
    variables?: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${target.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  it('refuses forged and out-of-range cursors with BAD_USER_INPUT on every connection, never a 500', async () => {
    const outOfRange = Buffer.from('GPC:S:not-a-uuid').toString('base64');
    const queries = [
      '{ properties(after: "forged") { totalCount } }',
      `{ properties(after: "${Buffer.from(JSON.stringify({ k: 'search', s: 'newest', v: 'yesterday', id: 'x' })).toString('base64url')}") { totalCount } }`,
      '{ agents(after: "forged") { edges { node { id } } } }',
      `{ agents(after: "${outOfRange}") { edges { node { id } } } }`,
      `{ agent(id: "${agentId}") { listings(after: "forged") { edges { node { id } } } } }`,
      `{ agent(id: "${agentId}") { listings(after: "${outOfRange}") { edges { node { id } } } } }`,
    ];
    for (const q of queries) {
      const r = await gql(app, q);
      expect(r.body.errors?.[0]?.extensions?.code, q).toBe('BAD_USER_INPUT');
      expect(r.body.errors[0].message, q).toMatch(/cursor/i);
    }
    const rest = await fetch(`${app.url}/api/properties?cursor=forged`);
    expect(rest.status).toBe(400);
    expect(logs.errors()).toEqual([]);
  });

  it("keeps Apollo's codes and messages for parse, validation and variable errors, and logs none of them as errors", async () => {
    const before = logs.errors().length;
    const unknownField = await gql(app, '{ properties { nope } }');
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.errors[0]).toMatchObject({
      message: 'Cannot query field "nope" on type "PropertyConnection".',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });

    const wrongType = await gql(app, 'query Q($id: ID!) { property(id: $id) { id } }', { id: { not: 'an id' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(wrongType.body.errors[0].message).toMatch(/Variable "\$id"/);

    const syntax = await gql(app, '{ properties( ');
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(syntax.body.errors[0].message).toMatch(/Syntax Error/);

    for (const r of [unknownField, wrongType, syntax])
      expect(JSON.stringify(r.body)).not.toMatch(/stacktrace|Internal server error/);
    expect(logs.errors().length).toBe(before);
  });

  it('masks an unexpected failure on GraphQL and REST: no message, no SQL, no stack; logged once at error level', async () => {
    const g = await gql(broken, '{ properties(first: 2) { edges { node { id } } } }');
    expect(g.body.errors[0]).toMatchObject({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    const r = await fetch(`${broken.url}/api/properties`);
    expect(r.status).toBe(500);
    const restBody = await r.text();
    expect(JSON.parse(restBody)).toEqual({ error: 'Internal server error' });
    for (const text of [JSON.stringify(g.body), restBody]) {
      expect(text).not.toMatch(/SELECT|secret|relation failure/);
      expect(text).not.toMatch(/\bat .*\.ts:\d+/); // no stack frames
    }
    const logged = brokenLogs.errors().map((l) => JSON.stringify(l));
    expect(logged.filter((l) => l.includes('relation failure'))).toHaveLength(2); // once per request: GraphQL, REST
  });

  it('answers /media with 404 only for a missing file, and 500 for a storage failure', async () => {
    expect((await fetch(`${app.url}/media/nothing/here.jpg`)).status).toBe(404);
    expect((await fetch(`${app.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    const failed = await fetch(`${broken.url}/media/listings/a.jpg`);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ error: 'Internal server error' });
    expect(brokenLogs.errors().some((l) => JSON.stringify(l).includes('EIO'))).toBe(true);
  });

  it('closes the stored file when a client walks away from a /media download', async () => {
    const key = 'listings/big/photo.webp';
    await app.storage.put(key, Buffer.alloc(20 * 1024 * 1024, 7), 'image/webp');
    const file = path.join(app.dataDir, 'uploads', key);
    const openOnFile = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      }).length;
    const { port } = new URL(app.url);
    for (let i = 0; i < 10; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET /media/${key} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        });
        socket.once('data', () => {
          socket.destroy(); // read one chunk, then go away
          resolve();
        });
      });
    }
    await expect.poll(openOnFile, { timeout: 5_000 }).toBe(0);
  });

  it('refuses NUL and control characters in names', async () => {
    const acc = await signUpInEmulator();
    await db.prisma.user.create({ data: { id: acc.uid, email: acc.email, firstName: 'Ok', lastName: 'Name' } });
    for (const bad of ['Ann\u0000a', 'Bo\u0007b', 'Line\nbreak', 'Tab\tbed', 'C1\u0085x']) {
      const r = await gql(
        app,
        'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { firstName } }',
        { input: { firstName: bad } },
        { authorization: `Bearer ${acc.idToken}` },
      );
      expect(r.body.errors?.[0]?.extensions?.code, JSON.stringify(bad)).toBe('BAD_USER_INPUT');
      expect(r.body.errors[0].message).toMatch(/control characters/);
    }
    const ok = await gql(
      app,
      'mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { firstName } }',
      { input: { firstName: 'Zoë-Anne' } },
      { authorization: `Bearer ${acc.idToken}` },
    );
    expect(ok.body.data.updateProfile.firstName).toBe('Zoë-Anne');
  });

  it('never writes the authorization header or cookies to the logs', async () => {
    await fetch(`${app.url}/api/properties?limit=1`, {
      headers: { authorization: 'Bearer secret-token-xyz', cookie: 'session=secret-cookie-abc; vid=secret-visitor' },
    });
    await gql(app, 'mutation { recordPropertyView(id: "nope") { id } }', {}, { cookie: 'session=secret-cookie-abc' });
    const text = logs.lines.map((l) => JSON.stringify(l)).join('\n');
    expect(logs.lines.some((l) => (l.req as { url?: string } | undefined)?.url === '/api/properties?limit=1')).toBe(true);
    expect(text).not.toMatch(/secret-token-xyz|secret-cookie-abc|secret-visitor/);
  });
});

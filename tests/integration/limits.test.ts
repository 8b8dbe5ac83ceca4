import { request as httpRequest } from 'node:http';
import { createClient } from 'graphql-ws';
import { Lexer, print, Source, TokenKind, validate, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import * as documents from '../../client/src/gql/graphql.js';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { allValidationRules, costVariables, GRAPHQL_LIMITS, operationCost } from '../../server/graphql/limits.js';
import { EXECUTOR_HEADER, PLANNED } from '../../server/graphql/planned/index.js';
import { getSchema } from '../../server/graphql/schema.js';
import { WS_LIMITS } from '../../server/graphql/ws.js';
import { addPhotos, createAgent, createProperty } from '../factories/index.js';
import { createAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

function tokenCount(doc: DocumentNode): number {
  const lexer = new Lexer(new Source(print(doc)));
  let n = 0;
  while (lexer.advance().kind !== TokenKind.EOF) n++;
  return n;
}

describe("the app's own operations", () => {
  const docs = Object.entries(documents).filter(([name]) => name.endsWith('Document')) as Array<[string, DocumentNode]>;

  it('are all checked (the generated documents are found)', () => {
    expect(docs.length).toBeGreaterThanOrEqual(8);
  });

  it.each(docs)('%s passes every limit with room to spare', (_name, doc) => {
    const schema = getSchema();
    expect(validate(schema, doc, allValidationRules({ production: true }))).toEqual([]);
    expect(tokenCount(doc)).toBeLessThan(GRAPHQL_LIMITS.maxTokens / 2);
    // With the largest pages the client asks for.
    expect(operationCost(schema, doc, undefined, { first: 50 })).toBeLessThan(GRAPHQL_LIMITS.maxCost / 2);
  });
});

describe.each(transportBackends)('bounded GraphQL on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let prod: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    for (let a = 0; a < 3; a++) {
      const { user, agent } = await createAgent(db.prisma);
      for (let i = 0; i < 3; i++)
        await addPhotos(db.prisma, (await createProperty(db.prisma, { userId: user.id, agentId: agent.id })).id, 2);
    }
    app = await startTestApp(db);
    prod = await startTestApp(db, { envOverrides: { NODE_ENV: 'production' } });
  });
  afterAll(async () => {
    await app?.stop();
    await prod?.stop();
    await db?.close();
  });

  const http = async (target: TestApp, query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${target.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, executor: res.headers.get(EXECUTOR_HEADER), body: (await res.json()) as Body };
  };

  const overWs = (target: TestApp, query: string, variables?: Record<string, unknown>) =>
    new Promise<Body>((resolve) => {
      const client = createClient({
        url: `${target.url.replace('http', 'ws')}/graphql`,
        retryAttempts: 0,
        webSocketImpl: class extends WebSocket {
          constructor(url: string, protocols?: string | string[]) {
            super(url, protocols, { headers: { origin: ORIGIN } });
          }
        },
      });
      client.subscribe(
        { query, variables },
        {
          next: (v) => resolve(v),
          error: (errors) => {
            resolve({ errors });
            void client.dispose();
          },
          complete: () => void client.dispose(),
        },
      );
    });

  const nested = (first1: number, first2: number) =>
    `{ agents(first: ${first1}) { edges { node { listings(first: ${first2}) { edges { node { agent { listings(first: ${first2}) { edges { node { title } } } } } } } } } } }`;
  const wide = `{ agents(first: 50) { edges { node { listings(first: 100) { edges { node { agent { displayName } photos { url } } } } } } } }`;
  const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;
  const directives = (n: number) => `{ __typename ${Array.from({ length: n }, () => '@skip(if: false)').join(' ')} }`;

  const cases: Array<[string, string, RegExp]> = [
    ['too deep (the nested agents/listings query)', nested(50, 100), /depth/i],
    ['too expensive (50 agents × 100 listings)', wide, /too expensive/i],
    ['too many aliases', aliases(GRAPHQL_LIMITS.maxAliases + 1), /aliases/i],
    ['of 3,000 aliases (too many tokens)', aliases(3_000), /tokens/i],
    ['too many directives', directives(GRAPHQL_LIMITS.maxDirectives + 1), /directives/i],
  ];

  it.each(cases)('refuses a query %s over HTTP, with a clear error and no SQL', async (_what, query, message) => {
    db.resetQueries();
    const r = await http(app, query);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toMatch(message);
    expect(['GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']).toContain(r.body.errors[0].extensions.code);
    expect(r.body.data).toBeUndefined();
    expect(db.queries).toEqual([]);
  });

  it.each(cases)('refuses a query %s over WebSocket the same way, with no SQL', async (_what, query, message) => {
    db.resetQueries();
    const r = await overWs(app, query);
    expect(r.errors?.[0]?.message).toMatch(message);
    expect(db.queries).toEqual([]);
  });

  it('refuses a 20,000-alias request body over HTTP as too large, and runs no SQL', async () => {
    db.resetQueries();
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ query: aliases(20_000) }),
    });
    expect(res.status).toBe(413);
    expect(db.queries).toEqual([]);
  });

  it('runs the same kind of query when it is small enough, on both transports', async () => {
    const small =
      '{ agents(first: 3) { edges { node { listings(first: 3) { edges { node { title agent { displayName } } } } } } } }';
    const r = await http(app, small);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.agents.edges).toHaveLength(3);
    expect((await overWs(app, small)).data.agents.edges).toHaveLength(3);
  });

  it('caps every page: agents and listings at 50, the search at 50', async () => {
    const agents = await http(app, '{ agents(first: 500) { edges { node { id } } } }');
    expect(agents.body.errors?.[0]?.message ?? '').not.toMatch(/Internal/);
    const search = await http(app, '{ properties(first: 51) { edges { node { id } } } }');
    expect(search.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('counts the page size of a numbered page (myListings pageSize) in the cost', async () => {
    const q = (n: number) => `{ myListings(pageSize: ${n}) { items { id photos { url } agent { displayName } } } }`;
    const schema = getSchema();
    const { parse } = await import('graphql');
    expect(operationCost(schema, parse(q(50)), undefined)).toBeGreaterThan(operationCost(schema, parse(q(9)), undefined) * 4);
  });

  it('names the variables a cost depends on: those given to a page size, in the operation or a fragment', async () => {
    const { parse } = await import('graphql');
    const doc = parse(
      'query Q($n: Int, $m: Int, $id: ID!) { agent(id: $id) { id } agents(first: $n) { edges { node { ...L } } } } fragment L on Agent { listings(first: $m) { edges { node { id } } } }',
    );
    expect(costVariables(doc)).toEqual(['m', 'n']);
    expect(
      costVariables(parse('query Q($id: ID!) { agents(first: 3) { edges { node { id } } } property(id: $id) { id } }')),
    ).toEqual([]);
  });

  it('counts the variables of the operation in its cost', async () => {
    const q =
      'query Q($n: Int) { agents(first: $n) { edges { node { listings(first: $n) { edges { node { agent { displayName } photos { url } } } } } } } }';
    expect((await http(app, q, { n: 3 })).body.errors).toBeUndefined();
    expect((await http(app, q, { n: 50 })).body.errors[0].message).toMatch(/too expensive/i);
  });

  it('keeps a planned text within the limit: a variable left out (its default applies) is not one sent as null', async () => {
    const q =
      'query D($a: Int = 50, $b: Int = 50) { agents(first: $a) { edges { node { listings(first: $b) { edges { node { agent { displayName } } } } } } } }';
    await http(app, q, { a: null, b: null }); // seen once: Apollo answers, the text is remembered
    const small = await http(app, q, { a: null, b: null }); // planned: pages of the fields' own size
    expect(small.executor).toBe(PLANNED);
    expect(small.body.errors).toBeUndefined();
    const defaults = await http(app, q, {}); // 50 agents × 50 listings
    expect(defaults.executor).toBeNull();
    expect(defaults.status).toBe(400);
    expect(defaults.body.errors[0].message).toMatch(/too expensive/i);
  });

  it('turns introspection and field suggestions off in production only', async () => {
    const intro = '{ __schema { types { name } } }';
    expect((await http(app, intro)).body.data.__schema.types.length).toBeGreaterThan(10);
    const refused = await http(prod, intro);
    expect(refused.body.errors[0].message).toMatch(/introspection/i);
    expect((await overWs(prod, intro)).errors[0].message).toMatch(/introspection/i);

    const typo = '{ propertie { totalCount } }';
    expect((await http(app, typo)).body.errors[0].message).toMatch(/Did you mean/);
    const prodTypo = await http(prod, typo);
    expect(prodTypo.body.errors[0].message).toBe('Cannot query field "propertie" on type "Query".');
    expect(prodTypo.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await overWs(app, typo)).errors[0].message).toMatch(/Did you mean/);
    expect((await overWs(prod, typo)).errors[0].message).toBe('Cannot query field "propertie" on type "Query".');
  });

  it(`closes a WebSocket that sends more than ${WS_LIMITS.maxPayloadBytes / 1024 / 1024} MiB in one message`, async () => {
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
        headers: { origin: ORIGIN },
      });
      ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { pad: 'x'.repeat(2 * 1024 * 1024) } })));
      ws.on('close', (c) => resolve(c));
      ws.on('error', () => undefined);
    });
    expect(code).toBe(1009); // message too big
  });

  it('gives an address its socket slot back when a handshake fails', async () => {
    const { port } = new URL(app.url);
    for (let i = 0; i < WS_LIMITS.maxSocketsPerIp + 5; i++) {
      const status = await new Promise<number>((resolve) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port: Number(port),
          path: '/graphql',
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'bad',
            origin: ORIGIN,
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('upgrade', () => resolve(101));
        req.on('error', () => resolve(0));
        req.end();
      });
      expect(status).toBe(400);
    }
    const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', { headers: { origin: ORIGIN } });
    const opened = await new Promise<number>((resolve) => {
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0));
    });
    ws.terminate();
    expect(opened).toBe(101);
  });

  it(`allows ${WS_LIMITS.maxSocketsPerIp} open sockets per address, and refuses one more`, async () => {
    const url = `${app.url.replace('http', 'ws')}/graphql`;
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < WS_LIMITS.maxSocketsPerIp; i++) {
        const ws = new WebSocket(url, 'graphql-transport-ws', { headers: { origin: ORIGIN } });
        sockets.push(ws);
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('unexpected-response', (_q, res) => reject(new Error(`socket ${i}: ${res.statusCode}`)));
        });
      }
      const status = await new Promise<number>((resolve) => {
        const extra = new WebSocket(url, 'graphql-transport-ws', { headers: { origin: ORIGIN } });
        extra.once('unexpected-response', (_q, res) => resolve(res.statusCode ?? 0));
        extra.once('open', () => {
          sockets.push(extra);
          resolve(101);
        });
      });
      expect(status).toBe(429);
    } finally {
      for (const ws of sockets) ws.terminate();
    }
  });

  it(`counts anonymous WebSocket operations against the same ${RATE_LIMITS.anonymous.points} a minute per address as HTTP`, async () => {
    const limited = await startTestApp(db);
    try {
      // Most of the budget spent over HTTP, the rest over one socket.
      const viaHttp = RATE_LIMITS.anonymous.points - 100;
      for (let i = 0; i < viaHttp; i += 50) {
        await Promise.all(
          Array.from({ length: Math.min(50, viaHttp - i) }, () =>
            fetch(`${limited.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: ORIGIN },
              body: JSON.stringify({ query: '{ __typename }' }),
            }).then((r) => r.arrayBuffer()),
          ),
        );
      }
      const client = createClient({
        url: `${limited.url.replace('http', 'ws')}/graphql`,
        retryAttempts: 0,
        webSocketImpl: class extends WebSocket {
          constructor(url: string, protocols?: string | string[]) {
            super(url, protocols, { headers: { origin: ORIGIN } });
          }
        },
      });
      const one = () =>
        new Promise<string>((resolve) => {
          client.subscribe(
            { query: '{ __typename }' },
            {
              next: (v) => resolve(v.errors?.[0]?.extensions?.code ? String(v.errors[0].extensions.code) : 'ok'),
              error: (e) => resolve(String((e as Array<{ extensions?: { code?: string } }>)[0]?.extensions?.code ?? 'error')),
              complete: () => undefined,
            },
          );
        });
      const results: string[] = [];
      for (let i = 0; i < 110; i++) results.push(await one());
      await client.dispose();
      expect(results.filter((r) => r === 'ok')).toHaveLength(100);
      expect(results.filter((r) => r === 'RATE_LIMITED')).toHaveLength(10);
    } finally {
      await limited.stop();
    }
  });

  it(`limits anonymous GraphQL traffic to ${RATE_LIMITS.anonymous.points} requests a minute per address`, async () => {
    const limited = await startTestApp(db);
    try {
      const statuses: number[] = [];
      const send = async () => {
        const r = await fetch(`${limited.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        statuses.push(r.status);
        if (r.status === 429) expect(((await r.json()) as Body).errors[0].extensions.code).toBe('RATE_LIMITED');
        else await r.arrayBuffer();
      };
      const total = RATE_LIMITS.anonymous.points + 5;
      for (let i = 0; i < total; i += 25) await Promise.all(Array.from({ length: Math.min(25, total - i) }, send));
      expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.anonymous.points);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    } finally {
      await limited.stop();
    }
  });

  it('holds anonymous REST reads to the same per-address budget as anonymous GraphQL; signed-in reads are not counted', async () => {
    const limited = await startTestApp(db);
    try {
      const graphql = () =>
        fetch(`${limited.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          body: JSON.stringify({ query: '{ __typename }' }),
        }).then(async (r) => (await r.arrayBuffer(), r.status));
      // A cache-busting crawl: every request a different page.
      let n = 0;
      const rest = (headers: Record<string, string> = {}) =>
        fetch(`${limited.url}/api/properties?limit=1&minPrice=${++n}`, { headers }).then(async (r) => ({
          status: r.status,
          retryAfter: r.headers.get('retry-after'),
          body: (await r.json()) as Body,
        }));
      const viaGraphql = RATE_LIMITS.anonymous.points - 10;
      for (let i = 0; i < viaGraphql; i += 50)
        expect(new Set(await Promise.all(Array.from({ length: Math.min(50, viaGraphql - i) }, graphql)))).toEqual(new Set([200]));
      const reads = [];
      for (let i = 0; i < 12; i++) reads.push(await rest());
      expect(reads.map((r) => r.status)).toEqual([...Array<number>(10).fill(200), 429, 429]);
      expect(reads[10]!.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(reads[10]!.retryAfter)).toBeGreaterThan(0);
      // The budget is the address's: GraphQL is refused as well now.
      expect(await graphql()).toBe(429);
      // A signed-in person's reads are theirs, not the address's.
      const account = await createAccount(db.prisma);
      expect((await rest({ authorization: `Bearer ${account.idToken}` })).status).toBe(200);
    } finally {
      await limited.stop();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTOR_HEADER, PLANNED } from '../../server/graphql/planned/index.js';
import { createAgent, createProperty } from '../factories/index.js';
import { openSocket } from '../setup/ws-client.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// Issue 58 item 9: every path validates with graphql-js' standard rules plus the limits, every time.
// The planned path validated with the limits alone: an invalid text was refused by Apollo the first
// time, then planned and answered (200, or 500) from its second request on.

const ORIGIN = 'http://localhost:5173';
const node = (fields: string) => `edges { node { ${fields} } }`;

/** [what, invalid document, variables, the valid equivalent]. */
const CASES: Array<[string, string, Record<string, unknown>, string]> = [
  [
    'a composite field without a selection',
    `{ properties(first: 1) { ${node('id location')} } }`,
    {},
    `{ properties(first: 1) { ${node('id location { lat lng }')} } }`,
  ],
  [
    'an unknown argument',
    `{ properties(first: 1, newest: true) { ${node('id')} } }`,
    {},
    `{ properties(first: 1) { ${node('id')} } }`,
  ],
  [
    'an unused variable',
    `query U($n: Int) { properties(first: 1) { ${node('id')} } }`,
    { n: 1 },
    `query U($n: Int) { properties(first: $n) { ${node('id')} } }`,
  ],
  [
    'an undefined variable',
    `query D { properties(first: $n) { ${node('id')} } }`,
    { n: 1 },
    `query D($n: Int) { properties(first: $n) { ${node('id')} } }`,
  ],
  [
    'duplicate fragments',
    `{ properties(first: 1) { edges { node { ...F } } } } fragment F on Property { id } fragment F on Property { title }`,
    {},
    `{ properties(first: 1) { edges { node { ...F } } } } fragment F on Property { id title }`,
  ],
  [
    'cyclic fragments',
    `{ properties(first: 1) { edges { node { ...A } } } } fragment A on Property { id ...B } fragment B on Property { title ...A }`,
    {},
    `{ properties(first: 1) { edges { node { ...A } } } } fragment A on Property { id ...B } fragment B on Property { title }`,
  ],
  [
    'a selection on a leaf',
    `{ properties(first: 1) { ${node('id title { length }')} } }`,
    {},
    `{ properties(first: 1) { ${node('id title')} } }`,
  ],
  [
    "a partner's typo: an unknown input field",
    `{ properties(first: 2, filter: { boroughs: [BROOKLYN] }) { ${node('id borough')} } }`,
    {},
    `{ properties(first: 2, filter: { borough: BROOKLYN }) { ${node('id borough')} } }`,
  ],
  [
    'a wrongly typed variable',
    `query W($n: String) { properties(first: $n) { ${node('id')} } }`,
    { n: 1 },
    `query W($n: Int) { properties(first: $n) { ${node('id')} } }`,
  ],
  [
    'more aliases than the limit',
    `{ properties(first: 1) { edges { node { ${Array.from({ length: 16 }, (_, i) => `a${i}: id`).join(' ')} } } } }`,
    {},
    `{ properties(first: 1) { edges { node { ${Array.from({ length: 15 }, (_, i) => `a${i}: id`).join(' ')} } } } }`,
  ],
  [
    'a depth over the limit',
    `{ properties(first: 1) { edges { node { agent { listings(first: 1) { edges { node { agent { listings(first: 1) { edges { node { id } } } } } } } } } } } }`,
    {},
    `{ properties(first: 1) { edges { node { agent { listings(first: 1) { edges { node { id } } } } } } } }`,
  ],
];

describe.each(transportBackends)('GraphQL validation on every path, every time, on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { borough: 'BROOKLYN' });
    await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { borough: 'QUEENS' });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  async function post(query: string, variables: Record<string, unknown>) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
    return {
      status: res.status,
      executor: res.headers.get(EXECUTOR_HEADER),
      body,
      codes: body.errors?.map((e) => e.extensions?.code),
    };
  }

  let fresh = 0;
  it.each(CASES)(
    'refuses %s the same way three times, by the same text (the planned path) and by new texts (Apollo)',
    async (_what, invalid, variables) => {
      const same = [];
      for (let i = 0; i < 3; i++) same.push(await post(invalid, variables));
      const unseen = [];
      for (let i = 0; i < 3; i++) unseen.push(await post(`${invalid}\n# unseen ${backend} ${++fresh}`, variables));
      for (const answer of [...same, ...unseen]) {
        expect(answer.status).toBe(400);
        expect(answer.codes).toEqual(expect.arrayContaining(['GRAPHQL_VALIDATION_FAILED']));
        expect(answer.codes?.every((c) => c === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
        expect(answer.body.data).toBeUndefined();
        expect(answer.executor).toBeNull();
      }
    },
  );

  it.each(CASES)(
    'answers the valid twin of %s with 200, on the planned path from its second request',
    async (_what, _invalid, variables, valid) => {
      const first = await post(valid, variables);
      const second = await post(valid, variables);
      expect(first.status).toBe(200);
      expect(first.body.errors).toBeUndefined();
      expect(second.status).toBe(200);
      expect(second.executor).toBe(PLANNED);
      expect(second.body).toEqual(first.body);
    },
  );

  it("filters a partner's corrected query (Brooklyn only), never answers the typo unfiltered", async () => {
    const valid = CASES.find(([what]) => what.includes('typo'))![3];
    const { body } = await post(valid, {});
    const boroughs = (body.data as { properties: { edges: Array<{ node: { borough: string } }> } }).properties.edges.map(
      (e) => e.node.borough,
    );
    expect(boroughs).toEqual(['BROOKLYN']);
  });

  it.each(CASES)('refuses %s the same way three times over graphql-ws', async (_what, invalid, variables) => {
    const socket = openSocket(app.url);
    await socket.connected;
    try {
      {
        for (let i = 0; i < 3; i++) {
          const sub = socket.subscribe(invalid, variables);
          const ended = await sub.ended;
          const errors = (ended.error ?? []) as Array<{ extensions?: { code?: string } }>;
          expect(Array.isArray(errors) && errors.length > 0).toBe(true);
          expect(errors.every((e) => e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED')).toBe(true);
          expect(sub.results).toEqual([]);
        }
      }
    } finally {
      await socket.close();
    }
  });
});

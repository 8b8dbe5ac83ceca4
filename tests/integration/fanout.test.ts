import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_LIMITS } from '../../server/graphql/ws.js';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { openSocket, TEST_ORIGIN } from '../setup/ws-client.js';

// Live fan-out (issue 25 item 5): the per-socket cap is counted before any await, one user has a
// cap across sockets, and one message costs one read for all of its subscribers, not one each.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const MESSAGE_ADDED = `subscription M($threadId: ID!) { messageAdded(threadId: $threadId) { id content sender { id } } }`;
const INBOX = `subscription { inboxChanged { id } }`;
const START = `mutation S($p: ID!, $m: String!) { startThread(propertyId: $p, message: $m) { id } }`;
const SEND = `mutation Send($t: ID!, $c: String!) { sendMessage(threadId: $t, content: $c) { id } }`;

/** SQL statements that read or write data (not transaction control). */
const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

async function must(app: TestApp, acc: TestAccount, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...acc.bearer },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as Body;
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A raw graphql-transport-ws socket: acknowledged, then any number of subscribes sent in one burst. */
async function rawSocket(app: TestApp, idToken: string) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { origin: TEST_ORIGIN },
  });
  const messages: Array<{ id?: string; type: string; payload?: Body }> = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${idToken}` } }));
  for (let i = 0; i < 100 && !messages.some((m) => m.type === 'connection_ack'); i++) await new Promise((r) => setTimeout(r, 20));
  return {
    messages,
    burst(prefix: string, n: number, query: string) {
      for (let i = 0; i < n; i++) ws.send(JSON.stringify({ id: `${prefix}${i}`, type: 'subscribe', payload: { query } }));
    },
    /** Subscribes refused with an error message so far. */
    refused: () => messages.filter((m) => m.type === 'error'),
    close: () => ws.terminate(),
  };
}

describe.each(backends)('live fan-out on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it(`accepts exactly ${WS_LIMITS.maxOperationsPerSocket} of 500 subscribes sent at once on one socket`, async () => {
    const user = await createAccount(db.prisma, 'renter', { firstName: 'Bea', lastName: 'Burst' });
    const socket = await rawSocket(app, user.idToken);
    try {
      socket.burst('s', 500, INBOX);
      const wanted = 500 - WS_LIMITS.maxOperationsPerSocket;
      for (let i = 0; i < 200 && socket.refused().length < wanted; i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 200));
      const refused = socket.refused();
      expect(refused).toHaveLength(wanted);
      expect(new Set(refused.map((m) => m.payload?.[0]?.extensions?.code))).toEqual(new Set(['RATE_LIMITED']));
    } finally {
      socket.close();
    }
  });

  it(`holds one user to ${WS_LIMITS.maxOperationsPerUser} live operations across sockets, and frees them when sockets close`, async () => {
    const user = await createAccount(db.prisma, 'renter', { firstName: 'Max', lastName: 'Many' });
    const sockets: Array<Awaited<ReturnType<typeof rawSocket>>> = [];
    try {
      const perSocket = WS_LIMITS.maxOperationsPerSocket;
      const count = Math.ceil(WS_LIMITS.maxOperationsPerUser / perSocket) + 1;
      for (let s = 0; s < count; s++) {
        const socket = await rawSocket(app, user.idToken);
        sockets.push(socket);
        socket.burst(`u${s}-`, perSocket, INBOX);
      }
      const wanted = count * perSocket - WS_LIMITS.maxOperationsPerUser;
      const refusedNow = () => sockets.reduce((n, s) => n + s.refused().length, 0);
      for (let i = 0; i < 200 && refusedNow() < wanted; i++) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 200));
      expect(refusedNow()).toBe(wanted);
      // Closing a socket gives its operations back.
      sockets.shift()!.close();
      await new Promise((r) => setTimeout(r, 300));
      const again = await rawSocket(app, user.idToken);
      sockets.push(again);
      again.burst('again-', 10, INBOX);
      await new Promise((r) => setTimeout(r, 300));
      expect(again.refused()).toHaveLength(0);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('loads a message once for all of its subscribers: the same statements for 1 subscriber as for 40', async () => {
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Fan', lastName: 'Out' });
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Abe', lastName: 'Agent' });
    const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    const listing = await createProperty(db.prisma, { userId: agent.uid, agentId: agentRow.id }, { title: 'Fan-out loft' });
    const threadId = (await must(app, renter, START, { p: listing.id, m: 'Hello' })).startThread.id as string;

    /** Statements from sending one message until every subscriber has it. */
    async function statementsFor(subscribers: number): Promise<number> {
      const sockets = Array.from({ length: Math.ceil(subscribers / 10) }, () => openSocket(app.url, { idToken: agent.idToken }));
      try {
        await Promise.all(sockets.map((s) => s.connected));
        const subs = Array.from({ length: subscribers }, (_, i) =>
          sockets[i % sockets.length]!.subscribe(MESSAGE_ADDED, { threadId }),
        );
        // Every subscription has read its starting point and waits, and its one catch-up read (1 s after
        // the server started it, later on a busy machine) is done: the database has been quiet for 400 ms.
        await new Promise((r) => setTimeout(r, 1_500));
        await db.untilQuiet(400);
        const sent = (await must(app, renter, SEND, { t: threadId, c: `to ${subscribers}` })).sendMessage.id as string;
        await Promise.all(subs.map((s) => s.waitFor(1, 10_000)));
        for (const s of subs) expect(s.results[0]!.data.messageAdded.id).toBe(sent);
        await new Promise((r) => setTimeout(r, 200));
        const n = dataStatements(db.queries).length;
        for (const s of subs) s.stop();
        return n;
      } finally {
        await Promise.all(sockets.map((s) => s.close()));
      }
    }
    const one = await statementsFor(1);
    const forty = await statementsFor(40);
    expect(forty).toBe(one);
  });
});

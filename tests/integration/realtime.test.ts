import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handOverThreads } from '../../server/modules/messaging/messaging.service.js';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { openSocket, settle, TEST_ORIGIN } from '../setup/ws-client.js';
import { freePort } from '../setup/free-port.js';
import { until } from '../setup/until.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const MESSAGE_ADDED = `subscription M($threadId: ID!) { messageAdded(threadId: $threadId) { id content createdAt sender { id } } }`;
const INBOX = `subscription { inboxChanged { id unreadCount lastMessage { content } } }`;
const ACTIVITY = `subscription A($threadId: ID!) { threadActivity(threadId: $threadId) { kind userId threadId } }`;
const START = `mutation S($p: ID!, $m: String!) { startThread(propertyId: $p, message: $m) { id } }`;
const SEND = `mutation Send($t: ID!, $c: String!) { sendMessage(threadId: $t, content: $c) { id createdAt } }`;

async function gql(app: TestApp, acc: TestAccount | null, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(acc ? acc.bearer : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function must(app: TestApp, acc: TestAccount, query: string, variables: Record<string, unknown> = {}) {
  const r = await gql(app, acc, query, variables);
  if (r.body.errors?.length) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
}

/** A renter, an agent with a listing, and the renter's thread about it. */
async function conversation(db: TestDatabase, app: TestApp) {
  const renter = await createAccount(db.prisma, 'renter', { firstName: 'Rae', lastName: 'Renter' });
  const agent = await createAccount(db.prisma, 'agent', { firstName: 'Abe', lastName: 'Agent' });
  const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
  const listing = await createProperty(db.prisma, { userId: agent.uid, agentId: agentRow.id }, { title: 'Loft on Kent' });
  const started = await must(app, renter, START, { p: listing.id, m: 'Hello there' });
  return { renter, agent, listingId: listing.id, threadId: started.startThread.id as string };
}

describe.each(backends)('live messaging over real sockets on %s', (backend) => {
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

  it('delivers new messages, inbox changes, typing and reads to the other participant', async () => {
    const { renter, agent, threadId } = await conversation(db, app);
    const agentSocket = openSocket(app.url, { idToken: agent.idToken });
    const renterSocket = openSocket(app.url, { idToken: renter.idToken });
    try {
      const added = agentSocket.subscribe(MESSAGE_ADDED, { threadId });
      const inbox = agentSocket.subscribe(INBOX);
      const activity = renterSocket.subscribe(ACTIVITY, { threadId });
      // The first sockets of the app: their auth may take a while under load before the subscriptions register.
      await Promise.all([agentSocket.connected, renterSocket.connected]);
      await settle();
      const sent = await must(app, renter, SEND, { t: threadId, c: 'Is it still available?' });
      const got = await added.next();
      expect(got.data.messageAdded).toMatchObject({
        id: sent.sendMessage.id,
        content: 'Is it still available?',
        sender: { id: renter.uid },
        createdAt: sent.sendMessage.createdAt,
      });
      const changed = await inbox.next();
      expect(changed.data.inboxChanged).toMatchObject({
        id: threadId,
        unreadCount: 2,
        lastMessage: { content: 'Is it still available?' },
      });

      await must(app, agent, `mutation { setTyping(threadId: "${threadId}", typing: true) }`);
      expect((await activity.next()).data.threadActivity).toEqual({ kind: 'TYPING', userId: agent.uid, threadId });
      await must(app, agent, `mutation { markThreadRead(threadId: "${threadId}") { id } }`);
      expect((await activity.next()).data.threadActivity).toEqual({ kind: 'READ', userId: agent.uid, threadId });
      expect(added.results).toHaveLength(1);
    } finally {
      await agentSocket.close();
      await renterSocket.close();
    }
  });

  it('refuses subscriptions to other people’s threads at subscribe time, and signed-out ones', async () => {
    const { threadId } = await conversation(db, app);
    const stranger = await createAccount(db.prisma, 'renter');
    const socket = openSocket(app.url, { idToken: stranger.idToken });
    const anon = openSocket(app.url);
    try {
      for (const query of [MESSAGE_ADDED, ACTIVITY]) {
        const sub = socket.subscribe(query, { threadId });
        await sub.ended;
        expect(sub.results).toHaveLength(1);
        expect(sub.results[0]!.errors?.[0]).toMatchObject({
          message: 'That conversation does not exist.',
          extensions: { code: 'NOT_FOUND' },
        });
      }
      for (const [query, variables] of [
        [MESSAGE_ADDED, { threadId }],
        [INBOX, {}],
      ] as const) {
        const sub = anon.subscribe(query, variables);
        await sub.ended;
        expect(sub.results[0]!.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
      // The socket stays usable after a refusal.
      const me = socket.subscribe('{ me { id } }');
      expect((await me.next()).data.me.id).toBe(stranger.uid);
    } finally {
      await socket.close();
      await anon.close();
    }
  });

  it('stops delivering to a participant removed from the thread', async () => {
    const { renter, agent, threadId, listingId } = await conversation(db, app);
    const next = await createAccount(db.prisma, 'agent', { firstName: 'Nia', lastName: 'Next' });
    const oldSocket = openSocket(app.url, { idToken: agent.idToken });
    const newSocket = openSocket(app.url, { idToken: next.idToken });
    try {
      const old = oldSocket.subscribe(MESSAGE_ADDED, { threadId });
      await settle();
      await must(app, renter, SEND, { t: threadId, c: 'before' });
      expect((await old.next()).data.messageAdded.content).toBe('before');
      await handOverThreads({ prisma: db.prisma }, listingId, next.uid);
      const end = await old.ended;
      expect(JSON.stringify(end.error)).toMatch(/no longer part of this conversation/);
      const fresh = newSocket.subscribe(MESSAGE_ADDED, { threadId });
      await settle();
      await must(app, renter, SEND, { t: threadId, c: 'after' });
      expect((await fresh.next()).data.messageAdded.content).toBe('after');
      expect(old.results.map((r) => r.data.messageAdded.content)).toEqual(['before']);
      const refused = await gql(app, agent, SEND, { t: threadId, c: 'still here?' });
      expect(refused.body.errors[0].extensions.code).toBe('NOT_FOUND');
    } finally {
      await oldSocket.close();
      await newSocket.close();
    }
  });

  it('lets go of every live subscription of a socket that closes (a closed tab), on any channel', async () => {
    const { renter, threadId } = await conversation(db, app);
    const before = app.realtime.subscriberCount();
    const sockets = [0, 1, 2].map(() => openSocket(app.url, { idToken: renter.idToken }));
    for (const socket of sockets) {
      await socket.connected;
      socket.subscribe(INBOX);
      socket.subscribe(MESSAGE_ADDED, { threadId });
      socket.subscribe(`subscription { notificationAdded { id } }`);
    }
    await until(async () => app.realtime.subscriberCount() === before + 9);
    // Nothing more is published on these channels: each subscription ends with its socket, not with
    // a next event (an async generator waiting for one heard the stop only then).
    await Promise.all(sockets.map((socket) => socket.close()));
    await until(async () => app.realtime.subscriberCount() === before);
  });

  it('keeps order under concurrent sends from both sides: every message once, in commit order', async () => {
    const { renter, agent, threadId } = await conversation(db, app);
    const socket = openSocket(app.url, { idToken: renter.idToken });
    try {
      const added = socket.subscribe(MESSAGE_ADDED, { threadId });
      await settle();
      const sends = Array.from({ length: 20 }, (_, i) => must(app, i % 2 ? agent : renter, SEND, { t: threadId, c: `n${i}` }));
      await Promise.all(sends);
      const got = await added.waitFor(20, 10_000);
      const stored = await db.prisma.message.findMany({
        where: { threadId, content: { startsWith: 'n' } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      expect(got.map((r) => r.data.messageAdded.id)).toEqual(stored.map((m) => m.id));
      const times = stored.map((m) => m.createdAt.getTime());
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
      await settle(300);
      expect(added.results).toHaveLength(20);
    } finally {
      await socket.close();
    }
  });

  it(`limits sends per user (${RATE_LIMITS.messageSend.points} a minute) with a clear message`, async () => {
    const { renter, threadId } = await conversation(db, app);
    // startThread took one point.
    for (let i = 1; i < RATE_LIMITS.messageSend.points; i++) await must(app, renter, SEND, { t: threadId, c: `m${i}` });
    const over = await gql(app, renter, SEND, { t: threadId, c: 'one too many' });
    expect(over.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(over.body.errors[0].message).toMatch(/sending messages too quickly\. Please wait \d+ seconds/);
    expect(await db.prisma.message.count({ where: { threadId } })).toBe(RATE_LIMITS.messageSend.points);
  });
});

// ----------------------------------------------------------------------------------------------------
// Scale-out: two app instances sharing one database and one Redis.
// ----------------------------------------------------------------------------------------------------

const REDIS_URL = process.env.REDIS_TEST_URL || undefined;

/** A Redis server of the test's own (so it can be stopped and restarted without disturbing others). */
async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 50; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (up) return proc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

describe.skipIf(!REDIS_URL).each(backends)('two app instances and Redis on %s', (backend) => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    a = await startTestApp(db, { env: { REDIS_URL: REDIS_URL! } });
    b = await startTestApp(db, { env: { REDIS_URL: REDIS_URL! } });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
  });

  it('delivers a message sent through one instance to a subscriber on the other', async () => {
    expect(a.realtime.mode).toBe('redis');
    const { renter, agent, threadId } = await conversation(db, a);
    const onB = openSocket(b.url, { idToken: agent.idToken });
    try {
      const added = onB.subscribe(MESSAGE_ADDED, { threadId });
      const inbox = onB.subscribe(INBOX);
      await settle(300);
      const sent = await must(a, renter, SEND, { t: threadId, c: 'across instances' });
      expect((await added.next()).data.messageAdded).toMatchObject({ id: sent.sendMessage.id, content: 'across instances' });
      expect((await inbox.next()).data.inboxChanged.id).toBe(threadId);
    } finally {
      await onB.close();
    }
  });

  it('holds the send limit across instances (counted in Redis)', async () => {
    const { renter, threadId } = await conversation(db, a);
    for (let i = 1; i < RATE_LIMITS.messageSend.points; i++) await must(i % 2 ? a : b, renter, SEND, { t: threadId, c: `x${i}` });
    for (const app of [a, b]) {
      const over = await gql(app, renter, SEND, { t: threadId, c: 'over' });
      expect(over.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    }
  });

  it('survives a Redis restart: the subscriber gets what was sent while Redis was down', async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const x = await startTestApp(db, { env: { REDIS_URL: url } });
    const y = await startTestApp(db, { env: { REDIS_URL: url } });
    try {
      const { renter, agent, threadId } = await conversation(db, x);
      const onY = openSocket(y.url, { idToken: agent.idToken });
      try {
        const added = onY.subscribe(MESSAGE_ADDED, { threadId });
        await settle(1_200);
        await must(x, renter, SEND, { t: threadId, c: 'before the outage' });
        expect((await added.next()).data.messageAdded.content).toBe('before the outage');

        redis.kill('SIGKILL');
        await new Promise((r) => redis.once('exit', r));
        await settle(300);
        // Both instances keep serving while Redis is down; the message is stored.
        const during = await must(x, renter, SEND, { t: threadId, c: 'while redis was down' });
        expect(during.sendMessage.id).toBeTruthy();
        expect((await gql(y, agent, '{ unreadMessagesCount }')).body.data.unreadMessagesCount).toBeGreaterThan(0);

        redis = await startRedis(port);
        expect((await added.next(15_000)).data.messageAdded.content).toBe('while redis was down');
        await settle(500);
        await must(x, renter, SEND, { t: threadId, c: 'after the outage' });
        expect((await added.next(10_000)).data.messageAdded.content).toBe('after the outage');
        expect(added.results.map((r) => r.data.messageAdded.content)).toEqual([
          'before the outage',
          'while redis was down',
          'after the outage',
        ]);
      } finally {
        await onY.close();
      }
    } finally {
      await x.stop();
      await y.stop();
      redis.kill('SIGKILL');
    }
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_CLOSE } from '../../server/graphql/ws.js';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { OPEN_HOUSE_LIVE_LIMITS, openHouseWatches } from '../../server/modules/tours/open-house-live.service.js';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';
import { openSocket, TEST_ORIGIN } from '../setup/ws-client.js';

// Issue 58 item 12: fan-out and bursts cost CPU. One event of an open house is read once for all of
// its subscribers; one user holds a few live subscriptions per listing; a socket's messages are
// limited and a socket that keeps sending invalid documents is closed; signed-in GraphQL has a budget.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const CHANGED = `subscription S($listingId: ID!) { openHouseChanged(listingId: $listingId) { id goingCount placesLeft waitlistCount viewerRsvp } }`;
const RSVP = `mutation R($id: ID!) { rsvpOpenHouse(id: $id) { id } }`;

/** SQL statements that read or write data (not transaction control). */
const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A raw graphql-transport-ws socket: its messages as they came, and how it closed. */
async function rawSocket(app: TestApp, idToken?: string) {
  const ws = new WebSocket(`${app.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws', {
    headers: { origin: TEST_ORIGIN },
  });
  const messages: Array<{ id?: string; type: string; payload?: Body }> = [];
  let closedWith: number | null = null;
  const closed = new Promise<number>((resolve) =>
    ws.once('close', (code) => {
      closedWith = code;
      resolve(code);
    }),
  );
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'connection_init', payload: idToken ? { authorization: `Bearer ${idToken}` } : {} }));
  for (let i = 0; i < 200 && !messages.some((m) => m.type === 'connection_ack'); i++) await sleep(20);
  expect(messages.some((m) => m.type === 'connection_ack')).toBe(true);
  return {
    messages,
    closed,
    closedWith: () => closedWith,
    send: (message: object) => ws.send(JSON.stringify(message)),
    errors: () => messages.filter((m) => m.type === 'error'),
    close: () => ws.terminate(),
  };
}

async function until(what: string, ok: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(transportBackends)('live budgets on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    owner = await createAccount(db.prisma, 'agent', { firstName: 'Olga', lastName: 'Owner' });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = async (who: TestAccount | null, query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(who?.bearer ?? {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const renter = (firstName: string) => createAccount(db.prisma, 'renter', { firstName, lastName: 'Live' });
  async function listingWithOpenHouse() {
    const listing = await createProperty(db.prisma, { userId: owner.uid }, { title: 'Open house loft' });
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const openHouse = await db.prisma.openHouse.create({
      data: { propertyId: listing.id, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) },
    });
    return { listing, openHouse };
  }

  it(`holds one user to ${OPEN_HOUSE_LIVE_LIMITS.perUserAndListing} live openHouseChanged subscriptions per listing; a further one is refused`, async () => {
    const { listing } = await listingWithOpenHouse();
    const other = await listingWithOpenHouse();
    const rae = await renter('Rae');
    const socket = openSocket(app.url, { idToken: rae.idToken });
    try {
      await socket.connected;
      const cap = OPEN_HOUSE_LIVE_LIMITS.perUserAndListing;
      const live = Array.from({ length: cap }, () => socket.subscribe(CHANGED, { listingId: listing.id }));
      await until('the subscriptions', () => openHouseWatches(rae.uid, listing.id) === cap);
      const over = socket.subscribe(CHANGED, { listingId: listing.id });
      await over.ended;
      expect(over.results[0]!.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(openHouseWatches(rae.uid, listing.id)).toBe(cap);
      // Another listing is another count; one stopped gives its slot back.
      const elsewhere = socket.subscribe(CHANGED, { listingId: other.listing.id });
      await until('the other listing', () => openHouseWatches(rae.uid, other.listing.id) === 1);
      live[0]!.stop();
      await until('the slot back', () => openHouseWatches(rae.uid, listing.id) === cap - 1);
      const again = socket.subscribe(CHANGED, { listingId: listing.id });
      await until('the slot taken again', () => openHouseWatches(rae.uid, listing.id) === cap);
      expect(again.results).toEqual([]);
      elsewhere.stop();
    } finally {
      await socket.close();
    }
    // A closed socket gives every slot back.
    await until('the slots back', () => openHouseWatches(rae.uid, listing.id) === 0);
  });

  it('reads an open house once per event for all of its subscribers: the same statements for 1 subscriber as for 30', async () => {
    const { listing, openHouse } = await listingWithOpenHouse();
    const watchers = await Promise.all(Array.from({ length: 10 }, (_, i) => renter(`Watcher${i}`)));
    const takers = await Promise.all([renter('TakerA'), renter('TakerB')]);

    /** Statements from one RSVP until every subscriber has the change. */
    async function statementsFor(subscribers: number, taker: TestAccount, going: number): Promise<number> {
      const sockets = watchers
        .slice(0, Math.ceil(subscribers / OPEN_HOUSE_LIVE_LIMITS.perUserAndListing))
        .map((w) => openSocket(app.url, { idToken: w.idToken }));
      try {
        await Promise.all(sockets.map((s) => s.connected));
        const subs = Array.from({ length: subscribers }, (_, i) =>
          sockets[i % sockets.length]!.subscribe(CHANGED, { listingId: listing.id }),
        );
        await sleep(500);
        await db.untilQuiet(400);
        db.resetQueries();
        expect((await gql(taker, RSVP, { id: openHouse.id })).body.errors).toBeUndefined();
        await Promise.all(subs.map((s) => s.waitFor(1, 10_000)));
        for (const s of subs)
          expect(s.results[0]!.data.openHouseChanged).toMatchObject({ id: openHouse.id, goingCount: going, viewerRsvp: null });
        await sleep(200);
        const n = dataStatements(db.queries).length;
        for (const s of subs) s.stop();
        return n;
      } finally {
        await Promise.all(sockets.map((s) => s.close()));
      }
    }
    const one = await statementsFor(1, takers[0]!, 1);
    const thirty = await statementsFor(30, takers[1]!, 2);
    expect(thirty).toBe(one);
  });

  it(`closes a socket after ${RATE_LIMITS.socketInvalidDocuments.points} invalid documents (4400), each refused until then`, async () => {
    const socket = await rawSocket(app);
    try {
      const points = RATE_LIMITS.socketInvalidDocuments.points;
      // Valid documents do not count.
      for (let i = 0; i < 5; i++) socket.send({ id: `ok${i}`, type: 'subscribe', payload: { query: '{ __typename }' } });
      await until('the valid answers', () => socket.messages.filter((m) => m.type === 'complete').length === 5);
      for (let i = 0; i < points; i++) {
        socket.send({ id: `bad${i}`, type: 'subscribe', payload: { query: i % 2 ? '{ nope }' : '{ properties(first: 1) {' } });
      }
      await until('the refusals', () => socket.errors().length === points);
      expect(socket.closedWith()).toBeNull();
      socket.send({ id: 'last', type: 'subscribe', payload: { query: '{ nope }' } });
      expect(await socket.closed).toBe(WS_CLOSE.invalidDocuments);
      for (const e of socket.errors()) expect(e.payload[0].extensions.code).toMatch(/^GRAPHQL_(VALIDATION|PARSE)_FAILED$/);
    } finally {
      socket.close();
    }
  });

  it(`answers at most ${RATE_LIMITS.socketMessages.points} messages per socket in ${RATE_LIMITS.socketMessages.durationSeconds} s: a subscribe over it is refused unread, twice over it closes the socket (4429)`, async () => {
    const socket = await rawSocket(app);
    try {
      const points = RATE_LIMITS.socketMessages.points;
      // connection_init was the first message.
      for (let i = 1; i < points; i++) socket.send({ type: 'ping' });
      await until('the pongs', () => socket.messages.filter((m) => m.type === 'pong').length === points - 1);
      socket.send({ id: 'over', type: 'subscribe', payload: { query: '{ __typename }' } });
      await until('the refusal', () => socket.errors().length === 1);
      expect(socket.errors()[0]).toMatchObject({ id: 'over', payload: [{ extensions: { code: 'RATE_LIMITED' } }] });
      expect(socket.messages.some((m) => m.type === 'next')).toBe(false);
      for (let i = 0; i < points; i++) socket.send({ type: 'ping' });
      expect(await socket.closed).toBe(WS_CLOSE.tooManyMessages);
    } finally {
      socket.close();
    }
  });

  it(`gives a signed-in user ${RATE_LIMITS.signedIn.points} GraphQL requests a minute, then RATE_LIMITED (429); others are not affected`, async () => {
    const [busy, calm] = await Promise.all([renter('Busy'), renter('Calm')]);
    const points = RATE_LIMITS.signedIn.points;
    let ok = 0;
    for (let sent = 0; sent < points; sent += 25) {
      const batch = await Promise.all(Array.from({ length: Math.min(25, points - sent) }, () => gql(busy, '{ __typename }')));
      ok += batch.filter((r) => r.status === 200).length;
    }
    expect(ok).toBe(points);
    const over = await gql(busy, '{ me { id } }');
    expect(over.status).toBe(429);
    expect(over.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // Its WebSocket operations take from the same budget.
    const socket = await rawSocket(app, busy.idToken);
    try {
      socket.send({ id: 'ws', type: 'subscribe', payload: { query: '{ __typename }' } });
      await until('the refusal', () => socket.errors().length === 1);
      expect(socket.errors()[0]!.payload[0].extensions.code).toBe('RATE_LIMITED');
    } finally {
      socket.close();
    }
    expect((await gql(calm, '{ me { id } }')).body.data).toEqual({ me: { id: calm.uid } });
  }, 120_000);
});

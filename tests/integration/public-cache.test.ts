import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { updateMyLicense } from '../../server/modules/agents/licenses.service.js';
import { createListing, updateListing } from '../../server/modules/listings/listing-write.service.js';
import { addPhotos, createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { until } from '../setup/until.js';
import { openSocket } from '../setup/ws-client.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The short-lived cache of anonymous public answers (server/infra/public-cache.ts,
// server/http/public-cache.ts): what is served from it, what never is, and what empties it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';
const SEARCH = `query S($first: Int!) { properties(first: $first) { totalCount edges { node { id title price isSaved } } } }`;
const MAP_POINTS = `query M { propertyMapPoints { placed points { count } } }`;
const DETAIL = `query D($id: ID!) { property(id: $id) { id title price } }`;
const STATUS = 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id status } }';
const REDIS_URL = process.env.REDIS_TEST_URL || undefined;
const viewerOf = (account: TestAccount): Viewer => ({ uid: account.uid, email: account.email, role: null });

async function post(app: TestApp, query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, cache: res.headers.get('x-public-cache'), body: (await res.json()) as Body };
}

async function get(app: TestApp, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers: { origin: ORIGIN, ...headers } });
  return { status: res.status, cache: res.headers.get('x-public-cache'), body: (await res.json()) as Body };
}

describe.each(transportBackends)('the public cache on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;
  let listingId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Olive', lastName: 'Owner' });
    const p = await createProperty(db.prisma, { userId: owner.uid }, { title: 'Cached loft', price: 3000 });
    listingId = p.id;
    await addPhotos(db.prisma, p.id, 1);
    app = await startTestApp(db, { env: { PUBLIC_CACHE_SECONDS: '30' } });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  /** A change no listing write announces: only the cache can hide it. */
  const quietlyRename = (title: string) => db.prisma.property.update({ where: { id: listingId }, data: { title } });

  it('answers the anonymous search page and detail from the cache until a listing write', async () => {
    const first = await post(app, SEARCH, { first: 5 });
    expect(first.cache).toBe('MISS');
    await quietlyRename('Renamed quietly');
    const second = await post(app, SEARCH, { first: 5 });
    expect(second.cache).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.body.data.properties.edges[0].node.title).toBe('Cached loft');

    const detail = await post(app, DETAIL, { id: listingId });
    expect(detail.cache).toBe('MISS');
    expect(detail.body.data.property.title).toBe('Renamed quietly');
    expect((await post(app, DETAIL, { id: listingId })).cache).toBe('HIT');

    // Other variables are another answer.
    expect((await post(app, SEARCH, { first: 4 })).cache).toBe('MISS');

    // The owner deactivates and reactivates the listing through GraphQL: everything cached is stale.
    expect((await post(app, STATUS, { id: listingId, status: 'INACTIVE' }, owner.bearer)).body.data.setListingStatus.status).toBe(
      'INACTIVE',
    );
    const after = await post(app, SEARCH, { first: 5 });
    expect(after.cache).toBe('MISS');
    expect(after.body.data.properties.edges).toEqual([]);
    expect((await post(app, DETAIL, { id: listingId })).body.data.property).toBeNull();
    const active = await post(app, STATUS, { id: listingId, status: 'ACTIVE' }, owner.bearer);
    expect(active.body).toEqual({ data: { setListingStatus: { id: listingId, status: 'ACTIVE' } } });
    expect((await post(app, SEARCH, { first: 5 })).body.data.properties.edges[0].node.title).toBe('Renamed quietly');
  });

  it('is emptied by a listing write sent over the WebSocket too', async () => {
    const cached = await post(app, DETAIL, { id: listingId });
    expect((await post(app, DETAIL, { id: listingId })).cache).toBe('HIT');
    expect(cached.body.data.property).not.toBeNull();
    const socket = openSocket(app.url, { idToken: owner.idToken });
    try {
      await socket.connected;
      const write = socket.subscribe(STATUS, { id: listingId, status: 'INACTIVE' });
      expect(await write.ended).toEqual({});
      expect(write.results[0]!.data).toEqual({ setListingStatus: { id: listingId, status: 'INACTIVE' } });
      // Gone for everyone at once, not PUBLIC_CACHE_SECONDS later.
      const after = await post(app, DETAIL, { id: listingId });
      expect(after.cache).toBe('MISS');
      expect(after.body.data.property).toBeNull();
      const back = socket.subscribe(STATUS, { id: listingId, status: 'ACTIVE' });
      expect(await back.ended).toEqual({});
      expect((await post(app, DETAIL, { id: listingId })).body.data.property).not.toBeNull();
    } finally {
      await socket.close();
    }
  });

  it('never serves or stores a signed-in answer, an answer with errors, a private field, or a reload', async () => {
    await post(app, SEARCH, { first: 3 });
    expect((await post(app, SEARCH, { first: 3 })).cache).toBe('HIT');
    const signedIn = await post(app, SEARCH, { first: 3 }, owner.bearer);
    expect(signedIn.cache).toBeNull();
    expect(signedIn.body.data.properties.edges[0].node.isSaved).toBe(false);

    const refused = await post(app, SEARCH, { first: 3 }, { authorization: 'Bearer not-a-token' });
    expect(refused.cache).not.toBe('HIT');

    const reload = await post(app, SEARCH, { first: 3 }, { 'cache-control': 'no-cache' });
    expect(reload.cache).toBeNull();

    const bad = `query B { properties(after: "forged") { totalCount } }`;
    expect((await post(app, bad, {})).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const again = await post(app, bad, {});
    expect(again.cache).toBe('BYPASS');
    expect(again.body.errors).toHaveLength(1);

    const mixed = `query M { me { id } properties(first: 1) { totalCount } }`;
    await post(app, mixed, {});
    expect((await post(app, mixed, {})).cache).toBe('BYPASS');
  });

  it('caches GET /api/properties and /api/properties/{id} for anonymous callers; a visible REST write empties it', async () => {
    const list = await get(app, '/api/properties?limit=5');
    expect(list.status).toBe(200);
    expect(list.cache).toBe('MISS');
    await quietlyRename('Renamed again');
    const hit = await get(app, '/api/properties?limit=5');
    expect(hit.cache).toBe('HIT');
    expect(hit.body).toEqual(list.body);
    expect((await get(app, '/api/properties?limit=5', owner.bearer)).cache).toBeNull();
    expect((await get(app, `/api/properties/${listingId}`)).cache).toBe('MISS');
    expect((await get(app, `/api/properties/${listingId}`)).cache).toBe('HIT');
    expect((await get(app, '/api/properties/no-such-listing')).status).toBe(404);
    expect((await get(app, '/api/properties/no-such-listing')).cache).toBe('MISS');

    const setStatus = (status: string) =>
      fetch(`${app.url}/api/properties/${listingId}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: ORIGIN, ...owner.bearer },
        body: JSON.stringify({ status }),
      });
    // Asking for the status it has changes nothing a visitor sees: the cache stays.
    expect((await setStatus('active')).status).toBe(200);
    expect((await get(app, '/api/properties?limit=5')).cache).toBe('HIT');
    expect((await setStatus('inactive')).status).toBe(200);
    expect(JSON.stringify((await get(app, '/api/properties?limit=5')).body)).not.toContain(listingId);
    expect((await setStatus('active')).status).toBe(200);
    const fresh = await get(app, '/api/properties?limit=5');
    expect(fresh.cache).toBe('MISS');
    expect(JSON.stringify(fresh.body)).toContain('Renamed again');
  });

  it('keys an answer by what it read: two spellings of one read are one entry, on GraphQL and REST', async () => {
    const spelled = `query S($first: Int! = 6) { properties(first: $first) { totalCount edges { node { id title price isSaved } } } }`;
    const respelled = `
      # the same search, spelled otherwise
      query Other($first: Int! = 6) {
        properties(first: $first) {
          totalCount, edges { node { id, title, price, isSaved } }
        }
      }`;
    const first = await post(app, spelled, { first: 6 });
    expect(first.cache).toBe('MISS');
    await quietlyRename('Read by spelling');
    // Other whitespace, commas, a comment, another operation name, the variable left to its default.
    const second = await post(app, respelled, {});
    expect(second.cache).toBe('HIT');
    expect(second.body).toEqual(first.body);
    // A document that fails validation fails every time, whatever a valid one of the same read left:
    // an unused fragment is refused, with the cache and without it.
    for (let i = 0; i < 2; i++) {
      const invalid = await post(app, `${spelled} fragment Unused on Property { id }`, { first: 6 });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }

    // REST: the query string's order, case and aliases do not make another entry; the search they mean does.
    const rest = await get(app, '/api/properties?limit=7&type=rent&borough=manhattan');
    expect(rest.cache).toBe('MISS');
    const again = await get(app, '/api/properties?borough=MANHATTAN&type=rental&limit=7');
    expect(again.cache).toBe('HIT');
    expect(again.body).toEqual(rest.body);
    expect((await get(app, '/api/properties?borough=brooklyn&type=rental&limit=7')).cache).toBe('MISS');
    // A query string the search refuses is answered as always, and never stored.
    expect((await get(app, '/api/properties?limit=seven')).status).toBe(400);
    expect((await get(app, '/api/properties?limit=seven')).cache).toBeNull();
    await quietlyRename('Renamed again');
  });

  it("keeps its answers through a renter's 200 draft saves: only what a visitor sees empties it", async () => {
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Dana', lastName: 'Drafter' });
    const draft = await createListing(db.prisma, viewerOf(renter), listingInput({ title: 'A draft nobody sees' }), 'DRAFT');
    await post(app, SEARCH, { first: 5 });
    await post(app, DETAIL, { id: listingId });
    const caches: Array<string | null> = [];
    for (let i = 0; i < 200; i++) {
      await updateListing(
        db.prisma,
        viewerOf(renter),
        draft.id,
        listingInput({ title: `A draft nobody sees, take ${i}` }),
        'DRAFT',
      );
      caches.push((await post(app, i % 2 ? SEARCH : DETAIL, i % 2 ? { first: 5 } : { id: listingId })).cache);
    }
    const hits = caches.filter((c) => c === 'HIT').length;
    expect(hits / caches.length).toBeGreaterThanOrEqual(0.95);
  });

  it("shows a listing published a moment ago to anonymous searches at once, and keeps other listings' details", async () => {
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Pia', lastName: 'Publisher' });
    const other = await createProperty(db.prisma, { userId: owner.uid }, { title: 'Another cached loft', price: 2500 });
    const before = await post(app, SEARCH, { first: 50 });
    expect((await post(app, SEARCH, { first: 50 })).cache).toBe('HIT');
    const pointsBefore = await post(app, MAP_POINTS, {});
    expect((await post(app, MAP_POINTS, {})).cache).toBe('HIT');
    await post(app, DETAIL, { id: other.id });
    expect((await post(app, DETAIL, { id: other.id })).cache).toBe('HIT');
    const published = await createListing(
      db.prisma,
      viewerOf(renter),
      listingInput({ title: 'Published a moment ago', photos: [] }),
      'ACTIVE',
    );
    const after = await post(app, SEARCH, { first: 50 });
    expect(after.cache).toBe('MISS');
    expect(after.body.data.properties.totalCount).toBe(before.body.data.properties.totalCount + 1);
    expect(JSON.stringify(after.body)).toContain(published.id);
    // The map's points are the search's: they show it at once too.
    const pointsAfter = await post(app, MAP_POINTS, {});
    expect(pointsAfter.cache).toBe('MISS');
    expect(pointsAfter.body.data.propertyMapPoints.placed).toBe(pointsBefore.body.data.propertyMapPoints.placed + 1);
    // Another listing's details were not what changed: still served from the cache.
    expect((await post(app, DETAIL, { id: other.id })).cache).toBe('HIT');
  });

  it("is emptied by a change of what cards show of an agent (the 'Licensed' badge), details included", async () => {
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Lia', lastName: 'Licensed' });
    const agentRow = await db.prisma.agent.update({
      where: { userId: agent.uid },
      data: { license: '10401234567', licenseVerifiedAt: new Date() },
    });
    const listing = await createProperty(db.prisma, { userId: agent.uid, agentId: agentRow.id }, { title: 'Badge loft' });
    await post(app, DETAIL, { id: listing.id });
    await post(app, SEARCH, { first: 5 });
    expect((await post(app, DETAIL, { id: listing.id })).cache).toBe('HIT');
    expect((await post(app, SEARCH, { first: 5 })).cache).toBe('HIT');
    // A new number loses the verification, and so the badge.
    await updateMyLicense({ prisma: db.prisma }, viewerOf(agent), { license: '10409999999' });
    expect((await post(app, DETAIL, { id: listing.id })).cache).toBe('MISS');
    expect((await post(app, SEARCH, { first: 5 })).cache).toBe('MISS');
  });

  it('forgets an answer after its seconds', async () => {
    const short = await startTestApp(db, { env: { PUBLIC_CACHE_SECONDS: '1' } });
    try {
      await post(short, DETAIL, { id: listingId });
      expect((await post(short, DETAIL, { id: listingId })).cache).toBe('HIT');
      await new Promise((r) => setTimeout(r, 1_100));
      expect((await post(short, DETAIL, { id: listingId })).cache).toBe('MISS');
    } finally {
      await short.stop();
    }
  });
});

describe.runIf(REDIS_URL)('the public cache shared by two instances through Redis', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let owner: TestAccount;
  let listingId = '';

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Olive', lastName: 'Owner' });
    listingId = (await createProperty(db.prisma, { userId: owner.uid }, { title: `Shared ${Date.now()}` })).id;
    await addPhotos(db.prisma, listingId, 1);
    a = await startTestApp(db, { env: { PUBLIC_CACHE_SECONDS: '30', REDIS_URL: REDIS_URL! } });
    b = await startTestApp(db, { env: { PUBLIC_CACHE_SECONDS: '30', REDIS_URL: REDIS_URL! } });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
  });

  it('serves on one instance what the other stored, and a write on either empties both', async () => {
    const vars = { id: listingId };
    await until(async () => (await post(a, DETAIL, vars)).cache !== null);
    await until(async () => (await post(b, DETAIL, vars)).cache === 'HIT');
    await db.prisma.property.update({ where: { id: listingId }, data: { title: 'Renamed under the cache' } });
    expect((await post(a, DETAIL, vars)).body.data.property.title).not.toBe('Renamed under the cache');

    expect((await post(b, STATUS, { id: listingId, status: 'INACTIVE' }, owner.bearer)).body.data.setListingStatus.status).toBe(
      'INACTIVE',
    );
    await until(async () => (await post(a, DETAIL, vars)).body.data.property === null);
    expect((await post(b, STATUS, { id: listingId, status: 'ACTIVE' }, owner.bearer)).body.data.setListingStatus.status).toBe(
      'ACTIVE',
    );
    await until(async () => (await post(a, DETAIL, vars)).body.data.property?.title === 'Renamed under the cache');
  });
  it("empties both instances' details when an agent's badge changes", async () => {
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Rhea', lastName: 'Redis' });
    const agentRow = await db.prisma.agent.update({
      where: { userId: agent.uid },
      data: { license: '10401234568', licenseVerifiedAt: new Date() },
    });
    const listing = await createProperty(db.prisma, { userId: agent.uid, agentId: agentRow.id }, { title: 'Shared badge loft' });
    const vars = { id: listing.id };
    await until(async () => (await post(a, DETAIL, vars)).cache !== null);
    await until(async () => (await post(b, DETAIL, vars)).cache === 'HIT');
    await updateMyLicense({ prisma: db.prisma }, viewerOf(agent), { license: '10409999998' });
    // The first answer after the change, on either instance, is drawn anew.
    expect((await post(b, DETAIL, vars)).cache).toBe('MISS');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotos, createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { TEST_ORIGIN } from '../setup/ws-client.js';

// Two tabs editing one listing never lose a change silently (issue 58 item 5): every edit carries the
// version it was read at; an edit at a version the listing has moved on from writes nothing and
// answers CONFLICT with the listing as it is now; of edits made at once at one version exactly one
// wins. REST: the ETag of GET /api/properties/{id}, If-Match on PATCH (412 when stale).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const READ = 'query R($id: ID!) { property(id: $id) { id version price description } }';
const UPDATE = `mutation U($id: ID!, $input: ListingInput!, $expectedVersion: Int) {
  updateListing(id: $id, input: $input, expectedVersion: $expectedVersion) { id version price description }
}`;
const STATUS = 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id version } }';

describe.each(ruleBackends)('listing versions on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;

  const gql = (who: TestAccount | null, source: string, variables: Record<string, unknown> = {}): Promise<Body> =>
    postGraphql(app.url, who, source, variables);

  /** A live listing of the owner at 3,800 a month, with a photo (so an edit may keep it published). */
  const liveListing = async () => {
    const listing = await createProperty(db.prisma, { userId: owner.uid }, { price: 3800, description: 'First words.' });
    await addPhotos(db.prisma, listing.id, 1);
    await db.prisma.priceChange.create({ data: { propertyId: listing.id, oldPrice: null, newPrice: 3800 } });
    const photos = [{ url: `/media/test/${listing.id}-0.jpg` }];
    return {
      id: listing.id,
      input: (o: Record<string, unknown> = {}) =>
        listingInput({ photos, description: 'First words.', securityDeposit: 3000, ...o }),
    };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Vera', lastName: 'Version' });
    stranger = await createAccount(db.prisma, 'renter', { firstName: 'Sid', lastName: 'Stranger' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('two tabs at one version: the second edit is refused with the first one’s values, and the first one’s rent stays', async () => {
    const listing = await liveListing();
    const read = (await gql(owner, READ, { id: listing.id })).data.property;
    expect(read.version).toBe(1);
    // Tab 1 lowers the rent.
    const first = await gql(owner, UPDATE, {
      id: listing.id,
      input: listing.input({ price: 3500 }),
      expectedVersion: read.version,
    });
    expect(first.errors).toBeUndefined();
    expect(first.data.updateListing).toMatchObject({ price: 3500, version: 2 });
    // Tab 2, opened before, changes only the description (with the old rent still in its form).
    const second = await gql(owner, UPDATE, {
      id: listing.id,
      input: listing.input({ price: 3800, description: 'Second words.' }),
      expectedVersion: read.version,
    });
    expect(second.data).toBeNull();
    expect(second.errors[0].extensions).toMatchObject({
      code: 'CONFLICT',
      reason: 'STALE_VERSION',
      expectedVersion: 1,
      currentVersion: 2,
      current: { price: 3500, description: 'First words.', version: 2 },
    });
    expect(second.errors[0].message).toContain('changed by someone else');
    const row = await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } });
    expect(row).toMatchObject({ price: 3500, description: 'First words.', version: 2 });
    // The history has the one drop, no rise after it.
    const history = await db.prisma.priceChange.findMany({ where: { propertyId: listing.id }, orderBy: { changedAt: 'asc' } });
    expect(history.map((h) => h.newPrice)).toEqual([3800, 3500]);
    // Saving over it consciously: at the version the conflict named.
    const over = await gql(owner, UPDATE, {
      id: listing.id,
      input: listing.input({ price: 3500, description: 'Second words.' }),
      expectedVersion: 2,
    });
    expect(over.data.updateListing).toMatchObject({ price: 3500, description: 'Second words.', version: 3 });
  });

  it('edits sent at once at one version: exactly one is written, every other is a CONFLICT', async () => {
    const listing = await liveListing();
    const prices = [3100, 3200, 3300, 3400, 3500, 3600];
    const answers = await Promise.all(
      prices.map((price) => gql(owner, UPDATE, { id: listing.id, input: listing.input({ price }), expectedVersion: 1 })),
    );
    const won = answers.filter((a) => a.data?.updateListing);
    const refused = answers.filter((a) => a.errors?.[0]?.extensions?.code === 'CONFLICT');
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(prices.length - 1);
    const row = await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } });
    expect(row.version).toBe(2);
    expect(row.price).toBe(won[0].data.updateListing.price);
    // One price change for the one edit written.
    expect(await db.prisma.priceChange.count({ where: { propertyId: listing.id } })).toBe(2);
  });

  it('a status change moves the version on; the version is its managers’ only; a bad version is refused', async () => {
    const listing = await liveListing();
    const status = await gql(owner, STATUS, { id: listing.id, status: 'INACTIVE' });
    expect(status.data.setListingStatus.version).toBe(2);
    const stale = await gql(owner, UPDATE, { id: listing.id, input: listing.input({ price: 3000 }), expectedVersion: 1 });
    expect(stale.errors[0].extensions).toMatchObject({ code: 'CONFLICT', currentVersion: 2 });
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } })).price).toBe(3800);
    await gql(owner, STATUS, { id: listing.id, status: 'ACTIVE' });
    expect((await gql(stranger, READ, { id: listing.id })).data.property.version).toBeNull();
    expect((await gql(null, READ, { id: listing.id })).data.property.version).toBeNull();
    expect((await gql(owner, READ, { id: listing.id })).data.property.version).toBe(3);
    // A copy is a new listing: its edits start from version 1.
    const copy = await gql(owner, 'mutation D($id: ID!) { duplicateListing(id: $id) { version } }', { id: listing.id });
    expect(copy.data.duplicateListing.version).toBe(1);
    const bad = await gql(owner, UPDATE, { id: listing.id, input: listing.input(), expectedVersion: -1 });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // A stranger learns nothing of the listing's values from a conflict: refused before any version check.
    const foreign = await gql(stranger, UPDATE, { id: listing.id, input: listing.input(), expectedVersion: 1 });
    expect(foreign.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(foreign.errors[0].extensions.current).toBeUndefined();
  });

  it('REST: GET gives its managers the ETag; PATCH with a stale If-Match is 412 with the current values, with the current one it is written', async () => {
    const listing = await liveListing();
    const headers = (who: TestAccount | null, extra: Record<string, string> = {}) => ({
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      ...(who ? who.bearer : {}),
      ...extra,
    });
    const get = (who: TestAccount | null) => fetch(`${app.url}/api/properties/${listing.id}`, { headers: headers(who) });
    const patch = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
      fetch(`${app.url}/api/properties/${listing.id}`, {
        method: 'PATCH',
        headers: headers(owner, extra),
        body: JSON.stringify(body),
      });
    const read = await get(owner);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    expect((await get(stranger)).headers.get('etag')).toBeNull();
    expect((await get(null)).headers.get('etag')).toBeNull();

    const ok = await patch(listing.input({ price: 3600 }), { 'if-match': '"1"' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe('"2"');
    expect((await ok.json()).price).toBe(3600);

    const stale = await patch(listing.input({ description: 'From an old read.' }), { 'if-match': '"1"' });
    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe('"2"');
    expect(await stale.json()).toMatchObject({
      code: 'CONFLICT',
      currentVersion: 2,
      current: { price: 3600, description: 'First words.' },
    });
    // A weak tag never matches (If-Match compares strongly).
    expect((await patch(listing.input(), { 'if-match': 'W/"2"' })).status).toBe(412);
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } })).description).toBe('First words.');

    // Without If-Match (the SPEC's own client) or with `*`, the edit is made as before.
    const unconditional = await patch(listing.input({ description: 'No precondition.' }));
    expect(unconditional.status).toBe(200);
    expect(unconditional.headers.get('etag')).toBe('"3"');
    expect((await patch(listing.input(), { 'if-match': '*' })).status).toBe(200);
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } })).version).toBe(4);
  });

  it('REST PATCH is a partial update: only the price changes, the rest stays, and the merged listing is validated (issue 53 item 5)', async () => {
    const listing = await liveListing();
    // A listing valid as a whole today (the factory's says the tenant pays a fee of no amount).
    await db.prisma.property.update({ where: { id: listing.id }, data: { brokerFeePayer: 'NO_FEE', brokerFee: null } });
    const openHouse = await db.prisma.openHouse.create({
      data: {
        propertyId: listing.id,
        startsAt: new Date(Date.now() + 3 * 86_400_000),
        endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000),
        capacity: 5,
        note: 'Ring 4B',
      },
    });
    const before = await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id }, include: { photos: true } });
    const patch = (body: Record<string, unknown>, extra: Record<string, string> = {}) =>
      fetch(`${app.url}/api/properties/${listing.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...owner.bearer, ...extra },
        body: JSON.stringify(body),
      });

    const res = await patch({ price: 4100 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ price: 4100, status: 'active' });
    const after = await db.prisma.property.findUniqueOrThrow({
      where: { id: listing.id },
      include: { photos: true, openHouses: true },
    });
    // What follows the rent (its net effective rent, a drop's amount and day) moves with it; nothing else does.
    const {
      price,
      version,
      updatedAt: _u,
      priceDropAmount: _a,
      priceDroppedAt: _d,
      netEffectivePrice,
      photos,
      openHouses,
      ...rest
    } = after;
    const {
      price: p0,
      version: v0,
      updatedAt: _u0,
      priceDropAmount: _a0,
      priceDroppedAt: _d0,
      netEffectivePrice: n0,
      photos: ph0,
      ...rest0
    } = before;
    expect(price).toBe(4100);
    expect(netEffectivePrice).toBe(4100);
    expect(n0).toBe(3800);
    expect(version).toBe(v0 + 1);
    expect(rest).toEqual(rest0);
    expect(photos.map((p) => p.url)).toEqual(ph0.map((p) => p.url));
    // The open house and its id (its RSVPs) stay.
    expect(openHouses).toEqual([expect.objectContaining({ id: openHouse.id, capacity: 5, note: 'Ring 4B' })]);
    expect(p0).toBe(3800);
    // The price went to the history as any edit's does.
    expect(
      (await db.prisma.priceChange.findMany({ where: { propertyId: listing.id }, orderBy: { changedAt: 'asc' } })).map(
        (c) => c.newPrice,
      ),
    ).toEqual([3800, 4100]);

    // Nested and aliased names as POST takes them; an explicit null clears an optional field.
    expect((await patch({ pricing: { securityDeposit: 2000 }, square_feet: 900, description: null })).status).toBe(200);
    expect(await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
      securityDeposit: 2000,
      sqft: 900,
      description: null,
      price: 4100,
      title: before.title,
    });

    // Validation runs on the merged listing: a deposit above one month's rent (New York's cap) is refused,
    // as is a rent below the deposit already there; nothing is written.
    const capped = await patch({ pricing: { securityDeposit: 5000 } });
    expect(capped.status).toBe(400);
    const lower = await patch({ price: 1500 });
    expect(lower.status).toBe(400);
    expect((await lower.json()).error).toMatch(/deposit/i);
    expect(await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } })).toMatchObject({
      price: 4100,
      securityDeposit: 2000,
    });

    // With If-Match the merge is made at that version or not at all.
    const version4 = (await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id } })).version;
    expect((await patch({ price: 4000 }, { 'if-match': `"${version4 - 1}"` })).status).toBe(412);
    expect((await patch({ price: 4000 }, { 'if-match': `"${version4}"` })).status).toBe(200);
    // Someone else's listing is not theirs to patch.
    const foreign = await fetch(`${app.url}/api/properties/${listing.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...stranger.bearer },
      body: JSON.stringify({ price: 1 }),
    });
    expect(foreign.status).toBe(403);
  });
});

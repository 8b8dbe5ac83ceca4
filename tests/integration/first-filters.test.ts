import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { summarizeFilter } from '../../common/saved-search.js';
import { runListingAlert } from '../../server/modules/alerts/alerts.service.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { createProperty, createSavedSearch, createUser } from '../factories/index.js';
import { dayIn, listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// The filters a New York renter reaches for first (issue 59 item 1), each through GraphQL (the site's and
// a partner's), REST, and a saved search's alerts: 'No fee', rentals the tenant pays no broker fee for
// (none, or the landlord pays it), as the cards say (common/broker-fee.ts isNoFee); bathrooms, at least
// that many (in halves); amenities, each read from the listing's own fields.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
/** Runs the new-listing alert of each listing, as publishing them would. */
async function alertAll(app: TestApp, db: TestDatabase, listingIds: string[]) {
  const deps = {
    prisma: db.prisma,
    mailer: { send: async () => {} },
    log: pino({ level: 'silent' }),
    publicUrl: app.env.publicUrl,
  } as unknown as Parameters<typeof runListingAlert>[0];
  for (const id of listingIds) await runListingAlert(deps, { propertyId: id, event: 'PUBLISHED' });
}

const SEARCH = `query S($filter: PropertyFilter) { properties(filter: $filter, first: 50) { totalCount edges { node { id } } } }`;

describe.each(ruleBackends)("the 'No fee' filter on %s", (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  const ids = { tenantPays: '', landlordPays: '', noFee: '', tenantPaysNothing: '' };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Fay', lastName: 'Fee' });
    const owner = { userId: agent.uid };
    ids.tenantPays = (await createProperty(db.prisma, owner, { brokerFeePayer: 'TENANT', brokerFee: 3000, title: 'Fee' })).id;
    ids.landlordPays = (await createProperty(db.prisma, owner, { brokerFeePayer: 'LANDLORD', brokerFee: 3000, title: 'OP' })).id;
    ids.noFee = (await createProperty(db.prisma, owner, { brokerFeePayer: 'NO_FEE', brokerFee: null, title: 'None' })).id;
    ids.tenantPaysNothing = (
      await createProperty(db.prisma, owner, { brokerFeePayer: 'TENANT', brokerFee: 0, title: 'Zero' })
    ).id;
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const idsOf = (body: Body) => (body.data.properties.edges as Body[]).map((e) => e.node.id as string).sort();
  const noFee = () => [ids.landlordPays, ids.noFee, ids.tenantPaysNothing].sort();

  it('GraphQL: only the listings the tenant pays no broker fee for; false or absent is any', async () => {
    const on = await postGraphql(app.url, null, SEARCH, { filter: { noFee: true } });
    expect(on.errors).toBeUndefined();
    expect(idsOf(on)).toEqual(noFee());
    expect(on.data.properties.totalCount).toBe(3);
    const off = await postGraphql(app.url, null, SEARCH, { filter: { noFee: false } });
    expect(idsOf(off)).toContain(ids.tenantPays);
    expect(off.data.properties.totalCount).toBe(4);
  });

  it("a partner's key gets the same", async () => {
    const { key } = await createPartnerKey(db.prisma, 'NoFeeFeed');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: SEARCH, variables: { filter: { noFee: true } } }),
    });
    expect(res.status).toBe(200);
    expect(idsOf(await res.json())).toEqual(noFee());
  });

  it('REST: ?no_fee=true (or 1) filters the same way; anything but true or false is refused', async () => {
    for (const value of ['true', '1']) {
      const res = await fetch(`${app.url}/api/properties?no_fee=${value}&limit=50`);
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: Array<{ id: string }> };
      expect(items.map((i) => i.id).sort()).toEqual(noFee());
    }
    const all = (await (await fetch(`${app.url}/api/properties?no_fee=false&limit=50`)).json()) as { items: unknown[] };
    expect(all.items).toHaveLength(4);
    const refused = await fetch(`${app.url}/api/properties?no_fee=maybe`);
    expect(refused.status).toBe(400);
  });

  it("a saved search of 'No fee' is named so, kept, and alerts on no-fee listings only", async () => {
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Nia', lastName: 'Nofee' });
    const saved = await postGraphql(
      app.url,
      renter,
      `mutation($input: SaveSearchInput!) { saveSearch(input: $input) { id name filter { noFee } } }`,
      { input: { name: summarizeFilter({ noFee: true }), filter: { noFee: true } } },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveSearch).toMatchObject({ name: 'Rentals no fee', filter: { noFee: true } });

    const reader = await createUser(db.prisma, { firstName: 'Ola' });
    const search = await createSavedSearch(db.prisma, reader.id, { filter: { noFee: true } });
    await alertAll(app, db, Object.values(ids));
    const delivered = await db.prisma.alertDelivery.findMany({ where: { savedSearchId: search.id } });
    expect(delivered.map((d) => d.propertyId).sort()).toEqual(noFee());
  });
});

describe.each(ruleBackends)('the bathrooms filter on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  const ids = { one: '', oneAndHalf: '', two: '', three: '' };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Bo', lastName: 'Bath' });
    const owner = { userId: agent.uid };
    ids.one = (await createProperty(db.prisma, owner, { bathrooms: 1, title: 'One bath' })).id;
    ids.oneAndHalf = (await createProperty(db.prisma, owner, { bathrooms: 1.5, title: 'One and a half' })).id;
    ids.two = (await createProperty(db.prisma, owner, { bathrooms: 2, title: 'Two baths' })).id;
    ids.three = (await createProperty(db.prisma, owner, { bathrooms: 3, title: 'Three baths' })).id;
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const idsOf = (body: Body) => (body.data.properties.edges as Body[]).map((e) => e.node.id as string).sort();

  it('GraphQL and a partner: at least that many bathrooms, a half bath counted; not a half number is refused', async () => {
    const half = await postGraphql(app.url, null, SEARCH, { filter: { minBaths: 1.5 } });
    expect(idsOf(half)).toEqual([ids.oneAndHalf, ids.two, ids.three].sort());
    const two = await postGraphql(app.url, null, SEARCH, { filter: { minBaths: 2 } });
    expect(idsOf(two)).toEqual([ids.two, ids.three].sort());
    const bad = await postGraphql(app.url, null, SEARCH, { filter: { minBaths: 1.25 } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const { key } = await createPartnerKey(db.prisma, 'BathFeed');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: SEARCH, variables: { filter: { minBaths: 3 } } }),
    });
    expect(idsOf(await res.json())).toEqual([ids.three]);
  });

  it('REST: ?minBaths=1.5 filters the same way; not a number is refused', async () => {
    const res = await fetch(`${app.url}/api/properties?minBaths=1.5&limit=50`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Array<{ id: string }> };
    expect(items.map((i) => i.id).sort()).toEqual([ids.oneAndHalf, ids.two, ids.three].sort());
    expect((await fetch(`${app.url}/api/properties?minBaths=lots`)).status).toBe(400);
    expect((await fetch(`${app.url}/api/properties?minBaths=1.25`)).status).toBe(400);
  });

  it('a saved search keeps it, is named by it, and alerts on listings with enough bathrooms only', async () => {
    expect(summarizeFilter({ minBeds: 2, minBaths: 2 })).toBe('2+ beds 2+ baths');
    const reader = await createUser(db.prisma, { firstName: 'Bea' });
    const search = await createSavedSearch(db.prisma, reader.id, { filter: { minBaths: 2 } });
    await alertAll(app, db, Object.values(ids));
    const delivered = await db.prisma.alertDelivery.findMany({ where: { savedSearchId: search.id } });
    expect(delivered.map((d) => d.propertyId).sort()).toEqual([ids.two, ids.three].sort());
  });
});

describe.each(ruleBackends)('the amenities filter on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  const ids = { laundry: '', washer: '', doormanGym: '', balcony: '', roof: '', elevatorAccess: '', bare: '' };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Amy', lastName: 'Amenity' });
    const owner = { userId: agent.uid };
    const none = {
      laundry: 'NONE' as const,
      appliancesIncluded: [],
      unitFeatures: [],
      buildingAmenities: [],
      accessibilityFeatures: [],
    };
    const make = async (data: Record<string, unknown>) => (await createProperty(db.prisma, owner, { ...none, ...data })).id;
    ids.laundry = await make({ laundry: 'IN_UNIT', unitFeatures: ['DISHWASHER'] });
    ids.washer = await make({ appliancesIncluded: ['WASHER_DRYER', 'DISHWASHER'] });
    ids.doormanGym = await make({ buildingAmenities: ['DOORMAN', 'FITNESS_CENTER', 'ELEVATOR'] });
    ids.balcony = await make({ unitFeatures: ['BALCONY'] });
    ids.roof = await make({ buildingAmenities: ['ROOFTOP_DECK'] });
    ids.elevatorAccess = await make({ accessibilityFeatures: ['ELEVATOR'] });
    ids.bare = await make({ laundry: 'IN_BUILDING' });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const idsOf = (body: Body) => (body.data.properties.edges as Body[]).map((e) => e.node.id as string).sort();
  const find = async (amenities: string[]) => idsOf(await postGraphql(app.url, null, SEARCH, { filter: { amenities } }));

  it('GraphQL: each amenity from the fields that say it, every one asked for together', async () => {
    expect(await find(['IN_UNIT_LAUNDRY'])).toEqual([ids.laundry, ids.washer].sort());
    expect(await find(['DISHWASHER'])).toEqual([ids.laundry, ids.washer].sort());
    expect(await find(['DOORMAN'])).toEqual([ids.doormanGym]);
    expect(await find(['GYM'])).toEqual([ids.doormanGym]);
    expect(await find(['ELEVATOR'])).toEqual([ids.doormanGym, ids.elevatorAccess].sort());
    expect(await find(['OUTDOOR_SPACE'])).toEqual([ids.balcony, ids.roof].sort());
    expect(await find(['IN_UNIT_LAUNDRY', 'DISHWASHER'])).toEqual([ids.laundry, ids.washer].sort());
    expect(await find(['DOORMAN', 'OUTDOOR_SPACE'])).toEqual([]);
    const bad = await postGraphql(app.url, null, SEARCH, { filter: { amenities: ['POOL'] } });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("REST: ?amenities=doorman,gym filters the same way; an unknown one is refused; a partner's key gets the same", async () => {
    const res = await fetch(`${app.url}/api/properties?amenities=doorman,gym&limit=50`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as { items: Array<{ id: string }> };
    expect(items.map((i) => i.id)).toEqual([ids.doormanGym]);
    expect((await fetch(`${app.url}/api/properties?amenities=moat`)).status).toBe(400);
    const { key } = await createPartnerKey(db.prisma, 'AmenityFeed');
    const partner = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: SEARCH, variables: { filter: { amenities: ['OUTDOOR_SPACE'] } } }),
    });
    expect(idsOf(await partner.json())).toEqual([ids.balcony, ids.roof].sort());
  });

  it('a saved search keeps them, is named by them, and alerts on listings with them only', async () => {
    expect(summarizeFilter({ amenities: ['DOORMAN', 'GYM'] })).toBe('Rentals with doorman, gym');
    const reader = await createUser(db.prisma, { firstName: 'Cy' });
    const search = await createSavedSearch(db.prisma, reader.id, { filter: { amenities: ['IN_UNIT_LAUNDRY'] } });
    await alertAll(app, db, Object.values(ids));
    const delivered = await db.prisma.alertDelivery.findMany({ where: { savedSearchId: search.id } });
    expect(delivered.map((d) => d.propertyId).sort()).toEqual([ids.laundry, ids.washer].sort());
  });
});

// Furnishing (issue 59 item 1), the first listing field added by its declaration alone (common/listing-fields.ts):
// written and read through GraphQL and REST (by value or label), searched as the amenity FURNISHED everywhere.
describe.each(ruleBackends)('furnishing, a declared field, and its filter on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Fern', lastName: 'Furnish' });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const CREATE = `mutation C($input: ListingInput!) { createListing(input: $input, status: ACTIVE) { id furnishing } }`;

  it('is written and read through GraphQL and REST, and filters as the amenity FURNISHED (GraphQL, REST, a saved search)', async () => {
    const viaGraphql = await postGraphql(app.url, agent, CREATE, { input: listingInput({ furnishing: 'FURNISHED' }) });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.createListing.furnishing).toBe('FURNISHED');
    const furnished = viaGraphql.data.createListing.id as string;
    const rest = await fetch(`${app.url}/api/properties`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...agent.bearer },
      body: JSON.stringify({ ...listingInput(), furnishing: 'Partly furnished', status: 'active' }),
    });
    const partly = (await rest.json()) as Body;
    expect([rest.status, partly.furnishing]).toEqual([201, 'Partly furnished']);
    const plain = (await postGraphql(app.url, agent, CREATE, { input: listingInput() })).data.createListing;
    expect(plain.furnishing).toBeNull();
    const refused = await postGraphql(app.url, agent, CREATE, { input: listingInput({ furnishing: 'SOFA' }) });
    expect(refused.errors?.[0]?.message).toMatch(/SOFA/);

    const ours = new Set([furnished, partly.id, plain.id]);
    const found = (body: Body) =>
      (body.data.properties.edges as Body[]).map((e) => e.node.id as string).filter((id) => ours.has(id));
    expect(found(await postGraphql(app.url, null, SEARCH, { filter: { amenities: ['FURNISHED'] } }))).toEqual([furnished]);
    const viaRest = (await (await fetch(`${app.url}/api/properties?amenities=furnished&limit=50`)).json()) as Body;
    expect((viaRest.items as Body[]).map((i) => i.id).filter((id: string) => ours.has(id))).toEqual([furnished]);
    expect(summarizeFilter({ amenities: ['FURNISHED'] })).toBe('Rentals with furnished');
    const reader = await createUser(db.prisma, { firstName: 'Flo' });
    const search = await createSavedSearch(db.prisma, reader.id, { filter: { amenities: ['FURNISHED'] } });
    await alertAll(app, db, [...ours]);
    const delivered = await db.prisma.alertDelivery.findMany({ where: { savedSearchId: search.id } });
    expect(delivered.map((d) => d.propertyId)).toEqual([furnished]);
  });
});

// The filters declared in common/search-filters.ts (issue 59 item 1): a bedroom range (`maxBeds` with
// `minBeds`) and a move-in date (`moveInBy`), through GraphQL, a partner's key, REST and a saved search.
describe.each(ruleBackends)('the bedroom range and move-in date on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  const ids = { studio: '', one: '', two: '', three: '', six: '', now: '', soon: '', later: '' };
  const day = (offset: number) => dayIn(offset);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Rae', lastName: 'Range' });
    const owner = { userId: agent.uid };
    const make = async (bedrooms: number, offset: number, title: string) =>
      (
        await createProperty(db.prisma, owner, {
          bedrooms,
          title,
          availableDate: new Date(`${day(offset)}T00:00:00Z`),
        })
      ).id;
    ids.studio = await make(0, 90, 'Studio');
    ids.one = await make(1, 90, 'One');
    ids.two = await make(2, 90, 'Two');
    ids.three = await make(3, 90, 'Three');
    ids.six = await make(6, 90, 'Six');
    ids.now = await make(4, -3, 'Available now');
    ids.soon = await make(4, 14, 'In two weeks');
    ids.later = await make(4, 60, 'In two months');
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const idsOf = (body: Body) => (body.data.properties.edges as Body[]).map((e) => e.node.id as string).sort();
  const rooms = (body: Body) => idsOf(body).filter((id) => ![ids.now, ids.soon, ids.later].includes(id));

  it('GraphQL and a partner: a bedroom range, from a studio up with a maximum; studios alone without one', async () => {
    const range = await postGraphql(app.url, null, SEARCH, { filter: { minBeds: 1, maxBeds: 2 } });
    expect(range.errors).toBeUndefined();
    expect(idsOf(range)).toEqual([ids.one, ids.two].sort());
    expect(rooms(await postGraphql(app.url, null, SEARCH, { filter: { minBeds: 0, maxBeds: 1 } }))).toEqual(
      [ids.studio, ids.one].sort(),
    );
    expect(idsOf(await postGraphql(app.url, null, SEARCH, { filter: { minBeds: 0 } }))).toEqual([ids.studio]);
    // 5 bounds nothing: 5 means 5 or more.
    expect(rooms(await postGraphql(app.url, null, SEARCH, { filter: { minBeds: 3, maxBeds: 5 } }))).toEqual(
      [ids.three, ids.six].sort(),
    );
    const upsideDown = await postGraphql(app.url, null, SEARCH, { filter: { minBeds: 3, maxBeds: 1 } });
    expect(upsideDown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await postGraphql(app.url, null, SEARCH, { filter: { maxBeds: 9 } })).errors?.[0]?.extensions?.code).toBe(
      'BAD_USER_INPUT',
    );
    const { key } = await createPartnerKey(db.prisma, 'RangeFeed');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query: SEARCH, variables: { filter: { maxBeds: 0 } } }),
    });
    expect(idsOf(await res.json())).toEqual([ids.studio]);
  });

  it('GraphQL: a move-in date finds homes available by that day, those available now included; not a day is refused', async () => {
    const byThreeWeeks = await postGraphql(app.url, null, SEARCH, { filter: { moveInBy: day(21), minBeds: 4 } });
    expect(byThreeWeeks.errors).toBeUndefined();
    expect(idsOf(byThreeWeeks)).toEqual([ids.now, ids.soon].sort());
    expect(idsOf(await postGraphql(app.url, null, SEARCH, { filter: { moveInBy: day(0), minBeds: 4 } }))).toEqual([ids.now]);
    for (const bad of ['2027-02-30', 'next week', '2027-3-1']) {
      const refused = await postGraphql(app.url, null, SEARCH, { filter: { moveInBy: bad } });
      expect(refused.errors?.[0]?.extensions?.code, bad).toBe('BAD_USER_INPUT');
    }
  });

  it('REST: ?min_beds… max_beds=2 (or maxBeds) and move_in_by (or moveInBy) filter the same way; bad values are refused', async () => {
    const list = async (query: string) => {
      const res = await fetch(`${app.url}/api/properties?limit=50&${query}`);
      expect(res.status, query).toBe(200);
      return ((await res.json()) as { items: Array<{ id: string }> }).items.map((i) => i.id).sort();
    };
    expect(await list('minBeds=1&max_beds=2')).toEqual([ids.one, ids.two].sort());
    expect(await list('minBeds=1&maxBeds=2')).toEqual([ids.one, ids.two].sort());
    expect(await list(`minBeds=4&move_in_by=${day(21)}`)).toEqual([ids.now, ids.soon].sort());
    expect(await list(`minBeds=4&moveInBy=${day(61)}`)).toEqual([ids.now, ids.soon, ids.later].sort());
    for (const bad of ['max_beds=many', 'max_beds=7', 'move_in_by=soon', 'move_in_by=2027-13-01', 'minBeds=3&max_beds=1']) {
      expect((await fetch(`${app.url}/api/properties?${bad}`)).status, bad).toBe(400);
    }
  });

  it('a saved search keeps them, is named by them, and alerts on listings in the range and available by the day only', async () => {
    expect(summarizeFilter({ minBeds: 1, maxBeds: 2 })).toBe('1+ beds up to 2 beds');
    expect(summarizeFilter({ maxBeds: 0 })).toBe('Rentals up to a studio');
    expect(summarizeFilter({ moveInBy: '2027-03-01' })).toBe('Rentals move in by Mar 1, 2027');
    const reader = await createAccount(db.prisma, 'renter', { firstName: 'Sal', lastName: 'Saver' });
    const saved = await postGraphql(
      app.url,
      reader,
      `mutation S($input: SaveSearchInput!) { saveSearch(input: $input) { id name filter { minBeds maxBeds moveInBy } } }`,
      { input: { name: '4 beds soon', filter: { minBeds: 4, maxBeds: 4, moveInBy: day(21) }, frequency: 'INSTANT' } },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveSearch.filter).toEqual({ minBeds: 4, maxBeds: 4, moveInBy: day(21) });
    await alertAll(app, db, Object.values(ids));
    const delivered = await db.prisma.alertDelivery.findMany({ where: { savedSearchId: saved.data.saveSearch.id } });
    expect(delivered.map((d) => d.propertyId).sort()).toEqual([ids.now, ids.soon].sort());
  });
});

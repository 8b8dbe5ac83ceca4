import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchPropertiesDocument } from '../../client/src/gql/graphql.js';
import { persistedHash } from '../../client/src/lib/apollo/trusted-documents.js';
import { EXECUTOR_HEADER, PLANNED } from '../../server/graphql/planned/index.js';
import { loadTrustedDocuments } from '../../server/graphql/trusted-documents.js';
import { addPhotos, createAgent, createProperty, createReducedProperty } from '../factories/index.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { withoutBudget } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The search page's own executor (server/graphql/search-page.ts) answers the client's persisted
// SearchProperties document byte for byte as Apollo does: each case is sent twice, by its persisted
// hash (the executor) and as the same text with a comment never sent before (a text the executor
// sees for the first time: Apollo answers it), and the two answers are compared as text (key order
// included). A partner's own query of a search page is planned on its second request.

const ORIGIN = 'http://localhost:5173';
const HASH = persistedHash(SearchPropertiesDocument)!;
const TEXT = loadTrustedDocuments({ required: true }).get(HASH)!;
const DAY = 86_400_000;

interface Answer {
  status: number;
  executor: string | null;
  type: string | null;
  text: string;
}

async function send(app: TestApp, body: object, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    executor: res.headers.get(EXECUTOR_HEADER),
    type: res.headers.get('content-type'),
    text: await res.text(),
  };
}

let once = 0;
/** The document's text as the executor has never seen it (a new comment): Apollo answers it. */
const unseen = (text: string) => `${text}\n# ${++once}`;

/** The same request by hash (the executor) and as a text seen for the first time (Apollo). */
async function both(app: TestApp, variables: Record<string, unknown>, headers: Record<string, string> = {}) {
  const fast = await send(app, { variables, extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } }, headers);
  const apollo = await send(app, { variables, query: unseen(TEXT) }, headers);
  return { fast, apollo };
}

describe.each(transportBackends)('the search page executor on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let owner: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    [renter, owner] = await Promise.all([
      createAccount(db.prisma, 'renter', { firstName: 'Rae', lastName: 'Renter' }),
      createAccount(db.prisma, 'agent', { firstName: 'Otto', lastName: 'Owner' }),
    ]);
    const licensed = await createAgent(db.prisma, {
      user: {
        firstName: 'Lia',
        lastName: 'Licensed',
        photoUrl: '/media/agents/lia.jpg',
        createdAt: new Date(Date.now() - 400 * DAY),
      },
      agent: { rating: 4.7, reviewCount: 12, license: '10401234567', licenseVerifiedAt: new Date() },
    });
    const fresh = await createAgent(db.prisma, { user: { firstName: '', lastName: '', email: 'newbie@example.com' } });
    const ownerAgent = await db.prisma.agent.findUniqueOrThrow({ where: { userId: owner.uid } });
    const made = [
      await createProperty(
        db.prisma,
        { userId: licensed.user.id, agentId: licensed.agent.id },
        {
          title: 'Sunny loft near the L',
          price: 3200,
          bedrooms: 2,
          bathrooms: 1.5,
          createdAt: new Date(Date.now() - 1 * DAY),
          brokerFeePayer: 'LANDLORD',
        },
      ),
      await createProperty(
        db.prisma,
        { userId: fresh.user.id, agentId: fresh.agent.id },
        {
          title: 'Quiet studio in Astoria',
          neighborhood: 'Astoria',
          borough: 'QUEENS',
          price: 2100,
          bedrooms: 0,
          locationLat: 40.7644,
          locationLng: -73.9235,
          createdAt: new Date(Date.now() - 20 * DAY),
          brokerFee: 2100,
          brokerFeePayer: 'TENANT',
          originalPrice: 2300,
          unit: '4B',
        },
      ),
      await createProperty(
        db.prisma,
        { userId: owner.uid, agentId: ownerAgent.id },
        {
          title: 'Owner-listed two bedroom',
          price: 4100,
          bedrooms: 3,
          createdAt: new Date(Date.now() - 5 * DAY),
          views: 50,
        },
      ),
      await createProperty(
        db.prisma,
        { userId: licensed.user.id },
        {
          title: 'No location house',
          propertyType: 'HOUSE',
          locationLat: null,
          locationLng: null,
          nearbyStations: [],
          createdAt: new Date(Date.now() - 40 * DAY),
          listingType: 'SUBLET',
        },
      ),
      await createReducedProperty(
        db.prisma,
        { userId: licensed.user.id, agentId: licensed.agent.id },
        { oldPrice: 3600, droppedAt: new Date(Date.now() - 2 * DAY) },
        { title: 'Reduced one bedroom', price: 3300 },
      ),
    ];
    for (let i = 0; i < 14; i++) {
      made.push(
        await createProperty(
          db.prisma,
          { userId: licensed.user.id, agentId: i % 2 ? licensed.agent.id : fresh.agent.id },
          {
            title: `Filler apartment ${i}`,
            price: 1800 + i * 150,
            bedrooms: i % 4,
            createdAt: new Date(Date.now() - (3 + i) * DAY),
          },
        ),
      );
    }
    await createProperty(db.prisma, { userId: licensed.user.id }, { title: 'Draft, never public', status: 'DRAFT' });
    await addPhotos(db.prisma, made[0]!.id, 3);
    await addPhotos(db.prisma, made[1]!.id, 1);
    await addPhotos(db.prisma, made[4]!.id, 2);
    await db.prisma.favorite.createMany({
      data: [made[0]!, made[2]!, made[7]!].map((p) => ({ userId: renter.uid, propertyId: p.id })),
    });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const cases: Array<[string, Record<string, unknown>]> = [
    ['the first page', { first: 12 }],
    ['a short page without the count', { first: 5, withCount: false }],
    ...(['NEWEST', 'OLDEST', 'POPULAR', 'PRICE_HIGH', 'PRICE_LOW', 'RECENTLY_REDUCED'] as const).map(
      (sort) => [`sorted ${sort}`, { first: 7, sort }] as [string, Record<string, unknown>],
    ),
    ['filters', { first: 12, filter: { minPrice: 2000, maxPrice: 3500, minBeds: 1, borough: 'BROOKLYN' } }],
    ['a text search', { first: 12, filter: { search: 'loft' } }],
    ['a neighborhood', { first: 12, filter: { neighborhood: 'Astoria' } }],
    ['subway lines and walk', { first: 12, filter: { lines: ['L', 'G'], walkMinutes: 15 } }],
    ['a map area', { first: 12, filter: { bounds: { north: 40.75, south: 40.7, east: -73.9, west: -74.0 } } }],
    [
      'a commute, sorted by it',
      {
        first: 12,
        sort: 'COMMUTE',
        filter: { commuteTo: { lat: 40.7506, lng: -73.9935 } },
        commuteTo: { lat: 40.7506, lng: -73.9935 },
      },
    ],
    ['a commute to a station', { first: 12, commuteTo: { stationId: 'L08' } }],
    ['nothing found', { first: 12, filter: { minPrice: 99_000 } }],
    ['explicit nulls', { first: 12, filter: null, sort: null, after: null, commuteTo: null }],
  ];

  it.each(cases)('answers %s as Apollo does, anonymous', async (_name, variables) => {
    const { fast, apollo } = await both(app, variables);
    expect(fast.status).toBe(200);
    expect(fast.executor).toBe(PLANNED);
    expect(apollo.executor).toBeNull();
    expect(JSON.parse(fast.text).errors).toBeUndefined();
    expect(fast.text).toBe(apollo.text);
    expect(fast.type).toBe(apollo.type);
  });

  it('answers a signed-in renter (saved listings) and an owner (listings they manage) as Apollo does', async () => {
    for (const who of [renter, owner]) {
      const { fast, apollo } = await both(app, { first: 20 }, who.bearer);
      expect(fast.executor).toBe(PLANNED);
      expect(fast.text).toBe(apollo.text);
      const nodes = JSON.parse(fast.text).data.properties.edges.map((e: { node: unknown }) => e.node) as Array<{
        isSaved: boolean;
        viewerCanManage: boolean;
      }>;
      if (who === renter) expect(nodes.filter((n) => n.isSaved)).toHaveLength(3);
      else expect(nodes.filter((n) => n.viewerCanManage)).toHaveLength(1);
    }
  });

  it('pages on with the cursor as Apollo does', async () => {
    const first = await both(app, { first: 6, sort: 'PRICE_LOW' });
    const end = JSON.parse(first.fast.text).data.properties.pageInfo.endCursor as string;
    const { fast, apollo } = await both(app, { first: 6, sort: 'PRICE_LOW', after: end, withCount: false });
    expect(fast.executor).toBe(PLANNED);
    expect(fast.text).toBe(apollo.text);
    expect(JSON.parse(fast.text).data.properties.edges).toHaveLength(6);
  });

  it("follows Apollo's content type for the browser's Accept header", async () => {
    const accept = { accept: 'application/graphql-response+json,application/json;q=0.9' };
    const { fast, apollo } = await both(app, { first: 3 }, accept);
    expect(fast.executor).toBe(PLANNED);
    expect(fast.type).toBe('application/graphql-response+json; charset=utf-8');
    expect(fast.type).toBe(apollo.type);
  });

  it('stores its anonymous answer in the public cache, which then answers it', async () => {
    const cached = await startTestApp(db, { env: { PUBLIC_CACHE_SECONDS: '30' } });
    try {
      const body = { variables: { first: 4 }, extensions: { persistedQuery: { version: 1, sha256Hash: HASH } } };
      const first = await fetch(`${cached.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(body),
      });
      expect(first.headers.get(EXECUTOR_HEADER)).toBe(PLANNED);
      expect(first.headers.get('x-public-cache')).toBe('MISS');
      const firstText = await first.text();
      const second = await fetch(`${cached.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify(body),
      });
      expect(second.headers.get('x-public-cache')).toBe('HIT');
      expect(JSON.parse(await second.text())).toEqual(JSON.parse(firstText));
      // A signed-in page is neither stored nor served from it.
      const signedIn = await send(cached, body, renter.bearer);
      expect(signedIn.executor).toBe(PLANNED);
      expect(signedIn.text).not.toBe(firstText);
    } finally {
      await cached.stop();
    }
  });

  it("answers a partner's own query of a search page from its second request, as Apollo does", async () => {
    const { key } = await createPartnerKey(db.prisma, `Feed ${backend}`);
    const partner = { authorization: `Bearer ${key}` };
    // Written by hand: other names, an alias, fields in another order, a fragment, no __typename.
    const query = `query Feed($n: Int!, $b: Borough) {
      properties(first: $n, filter: { borough: $b }, sort: PRICE_LOW) {
        totalCount
        edges { cursor node { ...Card rent: price agent { displayName rating licenseVerified } } }
        pageInfo { hasNextPage endCursor }
      }
    }
    fragment Card on Property { id title bedrooms bathrooms noFee isNew location { lat lng } photos { url width } nearbyStations { name walkMinutes subwayLines { bullet color } } }`;
    const variables = { n: 6, b: 'BROOKLYN' };
    const first = await send(app, { query, variables }, partner);
    expect(first.executor).toBeNull();
    const second = await send(app, { query, variables }, partner);
    expect(second.executor).toBe(PLANNED);
    expect(second.status).toBe(200);
    expect(JSON.parse(second.text).data.properties.edges.length).toBeGreaterThan(0);
    const apollo = await send(app, { query: unseen(query), variables }, partner);
    expect(apollo.executor).toBeNull();
    expect(second.text).toMatch(/"budget":\{"limit":/);
    expect(withoutBudget(second.text)).toBe(withoutBudget(apollo.text));
    expect(withoutBudget(first.text)).toBe(withoutBudget(apollo.text));
    // What a partner key may not read is refused as Apollo refuses it, never answered here.
    const owner = `query Owners($n: Int!) { properties(first: $n) { edges { node { id ownerId } } } }`;
    for (let i = 0; i < 3; i++) {
      const refused = await send(app, { query: owner, variables: { n: 2 } }, partner);
      expect(refused.executor).toBeNull();
      expect(JSON.parse(refused.text).errors[0].message).toMatch(/Not available with a partner API key: Property.ownerId/);
    }
  });

  it.each([
    ['a page too large', { first: 1000 }],
    ['a broken cursor', { first: 5, after: 'not-a-cursor' }],
    ['a variable of the wrong type', { first: 'twelve' }],
    ['an unknown filter field', { first: 5, filter: { minBedrooms: 2 } }],
    ['an unknown commute station', { first: 5, commuteTo: { stationId: 'NOPE' } }],
  ])('leaves %s to Apollo, which answers its error', async (_name, variables) => {
    const { fast, apollo } = await both(app, variables);
    expect(fast.executor).toBeNull();
    expect(fast.status).toBe(apollo.status);
    expect(JSON.parse(fast.text).errors?.length ?? 0).toBeGreaterThan(0);
    expect(fast.text).toBe(apollo.text);
  });
});

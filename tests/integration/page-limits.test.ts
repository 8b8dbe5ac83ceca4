import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_LIMITS } from '../../common/page-limits.js';
import { createAgent, createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

/**
 * Every list reads its page sizes from one table (common/page-limits.ts): each answers its row's
 * `max` and does above it what it did before the table (refuses with BAD_USER_INPUT / 400, or
 * clamps to `max`).
 */
describe.each(ruleBackends)('the page limits on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let listingId: string;
  let agentId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    renter = await createAccount(db.prisma, 'renter');
    const agent = await createAgent(db.prisma);
    agentId = agent.agent.id;
    const listing = await createProperty(db.prisma, { userId: agent.user.id, agentId });
    listingId = listing.id;
    // More price changes than a page holds.
    const changes = PAGE_LIMITS.priceHistory.max + 5;
    await db.prisma.priceChange.createMany({
      data: Array.from({ length: changes }, (_, i) => ({
        propertyId: listingId,
        oldPrice: 4000 - i,
        newPrice: 3999 - i,
        changedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...renter.bearer },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Body;
  };
  const restStatus = async (path: string) => (await fetch(`${app.url}${path}`, { headers: { ...renter.bearer } })).status;

  /** The GraphQL reads that refuse a page above their row's max, each with `$n` as its size. */
  const refusing: Array<[keyof typeof PAGE_LIMITS, string]> = [
    ['search', 'query Q($n: Int) { properties(first: $n) { edges { node { id } } } }'],
    ['myListings', 'query Q($n: Int) { myListings(pageSize: $n) { totalCount } }'],
    ['reviews', 'query Q($n: Int) { myReviews(role: GIVEN, first: $n) { edges { node { id } } } }'],
    ['savedListings', 'query Q($n: Int) { savedProperties(first: $n) { edges { node { id } } } }'],
    ['notifications', 'query Q($n: Int) { notifications(first: $n) { id } }'],
  ];

  it.each(refusing)('%s: answers max and refuses max + 1 with BAD_USER_INPUT', async (name, query) => {
    const { max } = PAGE_LIMITS[name];
    const atMax = await gql(query, { n: max });
    expect(atMax.errors, JSON.stringify(atMax.errors)).toBeUndefined();
    const over = await gql(query, { n: max + 1 });
    expect(over.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(over.errors?.[0]?.message).toContain(String(max));
  });

  it("refuses a REST `limit` above its list's max with a 400, and answers the max", async () => {
    const rest: Array<[string, number]> = [
      ['/api/properties?limit=', PAGE_LIMITS.search.max],
      ['/api/reviews?role=given&limit=', PAGE_LIMITS.reviews.max],
      ['/api/me/saved-listings?limit=', PAGE_LIMITS.savedListings.max],
      [`/api/messages?userId=${renter.uid}&limit=`, PAGE_LIMITS.restMessages.max],
      ['/api/threads?limit=', PAGE_LIMITS.threads.max],
    ];
    for (const [path, max] of rest) {
      expect(await restStatus(`${path}${max}`), `${path}${max}`).toBe(200);
      expect(await restStatus(`${path}${max + 1}`), `${path}${max + 1}`).toBe(400);
    }
  });

  it('clamps to max where it always did: connections of agents, price history, conversations, messages, reviews of an agent', async () => {
    const clamped = [
      ['agents', 'query Q($n: Int) { agents(first: $n) { edges { node { id } } } }', PAGE_LIMITS.agents.max],
      [
        'agent listings',
        `query Q($n: Int) { agent(id: "${agentId}") { listings(first: $n) { edges { node { id } } } } }`,
        PAGE_LIMITS.agentListings.max,
      ],
      [
        'agent reviews',
        `query Q($n: Int) { agent(id: "${agentId}") { reviews(first: $n) { id } } }`,
        PAGE_LIMITS.agentReviews.max,
      ],
      ['threads', 'query Q($n: Int) { threads(first: $n) { hasMore } }', PAGE_LIMITS.threads.max],
    ] as const;
    for (const [what, query, max] of clamped) {
      const r = await gql(query, { n: max + 1 });
      expect(r.errors, `${what}: ${JSON.stringify(r.errors)}`).toBeUndefined();
    }
    // The price history holds more than a page: asking for more than max answers max, its newest.
    const history = await gql('query Q($id: ID!, $n: Int) { property(id: $id) { priceHistory(first: $n) { newPrice } } }', {
      id: listingId,
      n: PAGE_LIMITS.priceHistory.max + 3,
    });
    expect(history.errors).toBeUndefined();
    const prices = history.data.property.priceHistory.map((c: Body) => c.newPrice);
    expect(prices).toHaveLength(PAGE_LIMITS.priceHistory.max);
    expect(prices.at(-1)).toBe(3999 - (PAGE_LIMITS.priceHistory.max + 4));
    // Without `first`, its row's default.
    const byDefault = await gql('query Q($id: ID!) { property(id: $id) { priceHistory { newPrice } } }', { id: listingId });
    expect(byDefault.data.property.priceHistory).toHaveLength(PAGE_LIMITS.priceHistory.default);
  });

  it("gives each list its row's default when no size is named", async () => {
    // More public listings than a search page holds.
    const owner = await createAgent(db.prisma);
    for (let i = 0; i < PAGE_LIMITS.search.default + 2; i++) await createProperty(db.prisma, { userId: owner.user.id });
    const page = await gql('{ properties { edges { node { id } } } }');
    expect(page.data.properties.edges).toHaveLength(PAGE_LIMITS.search.default);
    const rest = await fetch(`${app.url}/api/properties`);
    const body = (await rest.json()) as Body;
    expect((body.items ?? body.properties ?? body.data).length).toBe(PAGE_LIMITS.search.default);
  });
});

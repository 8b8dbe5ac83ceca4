import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// A listing's numbers (views, inquiries, saves) are its owner's, its listing agent's and administrators'
// (issue 24 item 9): null to anyone else on GraphQL and REST, partners included.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

describe.each(ruleBackends)("a listing's views and inquiries on %s", (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;
  let listingAgent: TestAccount;
  let renter: TestAccount;
  let otherAgent: TestAccount;
  let admin: TestAccount;
  let partnerKey: string;
  let listing: { id: string; slug: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    [owner, listingAgent, renter, otherAgent, admin] = await Promise.all([
      createAccount(db.prisma, 'renter'),
      createAccount(db.prisma, 'agent'),
      createAccount(db.prisma, 'renter'),
      createAccount(db.prisma, 'agent'),
      createAccount(db.prisma, 'renter'),
    ]);
    await db.prisma.user.update({ where: { id: admin.uid }, data: { role: 'ADMIN' } });
    const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: listingAgent.uid } });
    listing = await createProperty(db.prisma, { userId: owner.uid, agentId: agentRow.id }, { views: 41, inquiriesCount: 7 });
    // Saved by two people (issue 59 item 2: saves are counted, for its managers only, as views are).
    await db.prisma.favorite.createMany({
      data: [renter.uid, otherAgent.uid].map((userId) => ({ userId, propertyId: listing.id })),
    });
    // A tour requested of it, and later declined (issue 59 item 2: a lead, whatever became of it).
    const thread = await db.prisma.thread.create({
      data: { propertyId: listing.id, renterId: renter.uid, agentUserId: listingAgent.uid },
    });
    await db.prisma.tourRequest.create({
      data: {
        propertyId: listing.id,
        renterId: renter.uid,
        agentUserId: listingAgent.uid,
        threadId: thread.id,
        status: 'DECLINED',
        expiresAt: new Date(),
      },
    });
    partnerKey = (await createPartnerKey(db.prisma, 'Numbers Feed')).key;
    app = await startTestApp(db);
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const NUMBERS = 'query N($id: ID!) { property(id: $id) { id views inquiriesCount savesCount tourRequestsCount } }';
  const SEARCH = '{ properties(first: 50) { edges { node { id views inquiriesCount savesCount tourRequestsCount } } } }';

  async function graphql(query: string, headers: Record<string, string>, variables: Record<string, unknown> = {}) {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as Body;
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  }
  async function rest(path: string, headers: Record<string, string>) {
    const res = await fetch(`${app.url}${path}`, { headers: { origin: ORIGIN, ...headers } });
    expect(res.status, path).toBe(200);
    return (await res.json()) as Body;
  }

  const who = () => [
    { name: 'signed out', headers: {} as Record<string, string>, reads: false },
    { name: 'a renter', headers: renter.bearer, reads: false },
    { name: 'another agent', headers: otherAgent.bearer, reads: false },
    { name: 'a partner key', headers: { authorization: `Bearer ${partnerKey}` }, reads: false },
    { name: 'the owner', headers: owner.bearer, reads: true },
    { name: 'the listing agent', headers: listingAgent.bearer, reads: true },
    { name: 'an administrator', headers: admin.bearer, reads: true },
  ];

  it('GraphQL: the detail and the search answer them to the owner, the listing agent and administrators only', async () => {
    for (const viewer of who()) {
      const expected = viewer.reads
        ? { views: 41, inquiriesCount: 7, savesCount: 2, tourRequestsCount: 1 }
        : { views: null, inquiriesCount: null, savesCount: null, tourRequestsCount: null };
      const one = await graphql(NUMBERS, viewer.headers, { id: listing.id });
      expect(one.property, viewer.name).toEqual({ id: listing.id, ...expected });
      const page = await graphql(SEARCH, viewer.headers);
      const node = page.properties.edges.map((e: Body) => e.node).find((n: Body) => n.id === listing.id);
      expect(node, viewer.name).toEqual({ id: listing.id, ...expected });
    }
  });

  it('REST: the detail, the search and the agent profile answer them to the same people only', async () => {
    const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: listingAgent.uid } });
    for (const viewer of who().filter((v) => v.name !== 'a partner key')) {
      const expected = viewer.reads
        ? { views: 41, inquiriesCount: 7, inquiries_count: 7, saves_count: 2 }
        : { views: null, inquiriesCount: null, inquiries_count: null, saves_count: null };
      const pick = (item: Body) => ({
        views: item.views,
        inquiriesCount: item.inquiriesCount,
        inquiries_count: item.inquiries_count,
        saves_count: item.saves_count,
      });
      expect(pick(await rest(`/api/properties/${listing.slug}`, viewer.headers)), viewer.name).toEqual(expected);
      const list = await rest('/api/properties?limit=50', viewer.headers);
      expect(pick(list.items.find((i: Body) => i.id === listing.id)), viewer.name).toEqual(expected);
      const profile = await rest(`/api/agents/${agentRow.id}`, viewer.headers);
      expect(pick(profile.properties.find((i: Body) => i.id === listing.id)), viewer.name).toEqual(expected);
    }
  });

  it("pages by popularity without its cursors telling anyone a listing's views", async () => {
    const runnerUp = await createProperty(db.prisma, { userId: owner.uid }, { views: 40, title: 'Runner-up' });
    const POPULAR =
      'query P($after: String) { properties(sort: POPULAR, first: 1, after: $after) { edges { cursor node { id } } pageInfo { endCursor hasNextPage } } }';
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const data = await graphql(POPULAR, {}, { after });
      const { edges, pageInfo } = data.properties;
      seen.push(...edges.map((e: Body) => e.node.id));
      const cursors = [...edges.map((e: Body) => e.cursor), pageInfo.endCursor].filter((c) => c !== null);
      expect(cursors.length).toBeGreaterThan(0);
      for (const cursor of cursors) {
        const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
        // Its kind, the sort, the row and no number of it.
        expect(Object.keys(decoded).sort()).toEqual(['id', 'k', 's', 'v']);
        expect(decoded.v, JSON.stringify(decoded)).toBe(0);
      }
      after = pageInfo.endCursor;
      if (!pageInfo.hasNextPage) break;
    }
    // Still in order, each listing once: the most viewed (41), then the next (40), then the others.
    expect(seen.slice(0, 2)).toEqual([listing.id, runnerUp.id]);
    expect(new Set(seen).size).toBe(seen.length);
  });
});

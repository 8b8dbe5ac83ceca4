import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotos, createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { LISTING_CHANGES_KEPT_DAYS, pruneListingChanges } from '../../server/modules/listings/listing-changes.service.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { TEST_ORIGIN } from '../setup/ws-client.js';

// The change feed (issue 53 item 1): a partner that replays `listingChanges` from its last cursor has a
// copy equal to the public listings, removals included (tombstones), while agents edit. On both
// databases: the feed is written by a trigger, in commit order under a lock.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const FEED = `query Feed($after: String, $first: Int) {
  listingChanges(after: $after, first: $first) {
    edges { cursor node { listingId kind visible at listing { id price title } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const SEARCH = `query All($after: String) {
  properties(first: 50, after: $after, sort: NEWEST) { edges { node { id price title } } pageInfo { hasNextPage endCursor } }
}`;
const UPDATE = `mutation U($id: ID!, $input: ListingInput!) { updateListing(id: $id, input: $input) { id } }`;
const STATUS = `mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id } }`;
const DELETE = `mutation D($id: ID!) { deleteListing(id: $id) { id } }`;

interface Copy {
  listings: Map<string, { price: number; title: string }>;
  cursor: string | null;
  kinds: Array<{ listingId: string; kind: string; visible: boolean }>;
}

describe.each(backends)('the change feed on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let key = '';

  const partner = async (query: string, variables: Record<string, unknown> = {}): Promise<Body> => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({ query, variables }),
    });
    return res.json();
  };
  const asAgent = async (query: string, variables: Record<string, unknown>) => {
    const r = await postGraphql(app.url, agent, query, variables);
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    return r.data;
  };

  /** Replays the feed from the copy's cursor to its end, as a partner's sync does. */
  async function follow(copy: Copy, first = 7) {
    for (;;) {
      const r = await partner(FEED, { after: copy.cursor, first });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const page = r.data.listingChanges;
      for (const { node } of page.edges) {
        copy.kinds.push({ listingId: node.listingId, kind: node.kind, visible: node.visible });
        if (node.listing) copy.listings.set(node.listingId, { price: node.listing.price, title: node.listing.title });
        else copy.listings.delete(node.listingId);
      }
      copy.cursor = page.pageInfo.endCursor;
      if (!page.pageInfo.hasNextPage) return copy;
    }
  }

  /** The public listings as the search has them, every page. */
  async function live() {
    const all = new Map<string, { price: number; title: string }>();
    let after: string | null = null;
    for (;;) {
      const r = await partner(SEARCH, { after });
      for (const { node } of r.data.properties.edges) all.set(node.id, { price: node.price, title: node.title });
      if (!r.data.properties.pageInfo.hasNextPage) return all;
      after = r.data.properties.pageInfo.endCursor;
    }
  }

  /** A public listing of the agent's (with a photo, fees a published listing may have). */
  const liveListing = async (price: number) => {
    const l = await createProperty(db.prisma, { userId: agent.uid }, { price, brokerFeePayer: 'NO_FEE', securityDeposit: null });
    await addPhotos(db.prisma, l.id, 1);
    return l;
  };
  const input = (id: string, o: Record<string, unknown>) =>
    listingInput({ photos: [{ url: `/media/test/${id}-0.jpg` }], securityDeposit: null, ...o });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Fay', lastName: 'Feed' });
    key = (await createPartnerKey(db.prisma, 'Mirror Feed')).key;
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('a copy kept by replaying the feed equals the public listings while agents edit, removals included', async () => {
    const listings = await Promise.all([3000, 3100, 3200, 3300, 3400, 3500].map(liveListing));
    const [a, b, c, d, e, f] = listings;
    // A draft made and edited before it is published: not in the feed until it is public.
    const draft = await createProperty(
      db.prisma,
      { userId: agent.uid },
      { status: 'DRAFT', brokerFeePayer: 'NO_FEE', price: 2900 },
    );
    await addPhotos(db.prisma, draft.id, 1);
    await db.prisma.property.update({ where: { id: draft.id }, data: { title: 'Draft, still private' } });

    const copy = await follow({ listings: new Map(), cursor: null, kinds: [] });
    expect(copy.listings).toEqual(await live());
    expect(copy.kinds.some((k) => k.listingId === draft.id)).toBe(false);

    // Agents edit while the partner follows: a price change, a deactivation, a deletion, a publish, a
    // title edit over REST, moderation hiding one, and a listing made anew.
    const edits = [
      () => asAgent(UPDATE, { id: a!.id, input: input(a!.id, { price: 2800 }) }),
      () => asAgent(STATUS, { id: b!.id, status: 'INACTIVE' }),
      () => asAgent(DELETE, { id: c!.id }),
      () => asAgent(STATUS, { id: draft.id, status: 'ACTIVE' }),
      async () => {
        const res = await fetch(`${app.url}/api/properties/${d!.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...agent.bearer },
          body: JSON.stringify({ title: 'Renamed over REST' }),
        });
        expect(res.status).toBe(200);
      },
      // As moderation's hide writes it.
      () => db.prisma.property.update({ where: { id: e!.id }, data: { hiddenAt: new Date(), hiddenReason: 'SCAM' } }),
      () => liveListing(3900),
      () => asAgent(STATUS, { id: b!.id, status: 'ACTIVE' }),
      () => asAgent(UPDATE, { id: f!.id, input: input(f!.id, { price: 3450, title: 'Cheaper now' }) }),
    ];
    for (const [i, edit] of edits.entries()) {
      await Promise.all([edit(), i % 2 === 0 ? follow(copy, 3) : Promise.resolve()]);
    }
    await follow(copy);
    const now = await live();
    expect(copy.listings).toEqual(now);
    expect(now.get(a!.id)?.price).toBe(2800);
    expect(now.has(c!.id)).toBe(false);
    expect(now.has(e!.id)).toBe(false);
    expect(now.get(d!.id)?.title).toBe('Renamed over REST');
    expect(now.get(draft.id)?.title).toBe('Draft, still private');

    // What each change was: tombstones for the deletion and the hide, the weightiest kind of each write.
    const after = copy.kinds.slice(copy.kinds.findIndex((k) => k.listingId === a!.id && k.kind === 'PRICE_CHANGED'));
    expect(after).toEqual(
      expect.arrayContaining([
        { listingId: a!.id, kind: 'PRICE_CHANGED', visible: true },
        { listingId: b!.id, kind: 'STATUS_CHANGED', visible: false },
        { listingId: c!.id, kind: 'DELETED', visible: false },
        { listingId: draft.id, kind: 'STATUS_CHANGED', visible: true },
        { listingId: d!.id, kind: 'UPDATED', visible: true },
        { listingId: e!.id, kind: 'HIDDEN', visible: false },
        { listingId: b!.id, kind: 'STATUS_CHANGED', visible: true },
        { listingId: f!.id, kind: 'PRICE_CHANGED', visible: true },
      ]),
    );
    // One edit is one entry, though it writes the listing's row twice (its version, then its fields).
    expect(after.filter((k) => k.listingId === a!.id)).toHaveLength(1);
    // A view or an inquiry counted is no change.
    const before = copy.cursor;
    await db.prisma.property.update({
      where: { id: a!.id },
      data: { views: { increment: 1 }, inquiriesCount: { increment: 1 } },
    });
    await follow(copy);
    expect(copy.cursor).toBe(before);
  });

  it('edits committed at once are all in the feed, each once, in commit order', async () => {
    const listings = await Promise.all([4000, 4100, 4200, 4300].map(liveListing));
    const start = (await partner(FEED, { first: 0 })).data.listingChanges.pageInfo.endCursor as string;
    await Promise.all(listings.map((l, i) => asAgent(UPDATE, { id: l.id, input: input(l.id, { price: 3600 + i }) })));
    const copy = await follow({ listings: new Map(), cursor: start, kinds: [] });
    expect(copy.kinds.map((k) => k.listingId).sort()).toEqual(listings.map((l) => l.id).sort());
    expect([...copy.listings.values()].map((l) => l.price).sort()).toEqual([3600, 3601, 3602, 3603]);
    // The feed's order is the order the writes committed: each entry after the one before it.
    const rows = await db.prisma.listingChange.findMany({
      where: { listingId: { in: listings.map((l) => l.id) } },
      orderBy: { id: 'asc' },
    });
    const updates = rows.filter((r) => r.kind === 'PRICE_CHANGED');
    expect(updates).toHaveLength(4);
    for (let i = 1; i < updates.length; i++)
      expect(updates[i]!.at.getTime()).toBeGreaterThanOrEqual(updates[i - 1]!.at.getTime());
  });

  it('answers its position with first: 0, refuses paging backwards, a cursor not its own and one older than it keeps', async () => {
    const newest = await db.prisma.listingChange.findFirst({ orderBy: { id: 'desc' } });
    const position = await partner(FEED, { first: 0 });
    expect(position.data.listingChanges.edges).toEqual([]);
    const decoded = JSON.parse(Buffer.from(position.data.listingChanges.pageInfo.endCursor, 'base64url').toString());
    expect(decoded).toMatchObject({ k: 'changes', id: newest!.id.toString() });

    const backwards = await partner('{ listingChanges(last: 5) { edges { cursor } } }');
    expect(backwards.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const foreign = await partner(FEED, { after: Buffer.from(JSON.stringify({ k: 'search', id: '1' })).toString('base64url') });
    expect(foreign.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const tooMany = await partner(FEED, { first: 201 });
    expect(tooMany.errors[0].extensions.code).toBe('BAD_USER_INPUT');

    const old = new Date(Date.now() - (LISTING_CHANGES_KEPT_DAYS + 1) * 86_400_000);
    const expired = await partner(FEED, {
      after: Buffer.from(JSON.stringify({ k: 'changes', id: '1', t: old.toISOString() })).toString('base64url'),
    });
    expect(expired.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', reason: 'CURSOR_EXPIRED' });

    // Changes older than it keeps (and a day's grace) are forgotten; newer ones stay.
    const l = await liveListing(4500);
    await db.prisma.listingChange.updateMany({ where: { listingId: l.id }, data: { at: new Date(old.getTime() - 86_400_000) } });
    expect(await pruneListingChanges(db.prisma)).toBe(1);
    expect(await db.prisma.listingChange.count({ where: { listingId: l.id } })).toBe(0);
    expect(await db.prisma.listingChange.count()).toBeGreaterThan(0);
  });

  it('reads a page and the listings it shows in two statements', async () => {
    await Promise.all([4600, 4700, 4800].map(liveListing));
    db.resetQueries();
    const r = await partner(FEED, { first: 20 });
    expect(r.errors).toBeUndefined();
    expect(r.data.listingChanges.edges.length).toBeGreaterThan(3);
    const counted = db.queries.filter((q) => !/"PartnerKey"/.test(q));
    expect(counted).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { createListing, setListingStatus, updateListing } from '../../server/modules/listings/listing-write.service.js';
import { createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { query } from '../setup/graphql.js';
import { startTestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Days on market (issue 26 item 7): a listing is on the market from its first publication, not from
// when its draft began; 'Newest' and 'Oldest' sort by it.

const DAY = 24 * 3_600_000;
const viewerOf = (a: TestAccount): Viewer => ({ uid: a.uid, email: a.email, role: null });
const LISTING = 'query L($id: ID!) { property(id: $id) { id listedAt daysOnMarket isNew } }';
type Listing = { property: { id: string; listedAt: string | null; daysOnMarket: number | null; isNew: boolean } };

describe.each(ruleBackends)('days on market on %s', (backend) => {
  let db: TestDatabase;
  let owner: TestAccount;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Dora', lastName: 'Days' });
  });
  afterAll(() => db?.close());

  const read = async (id: string) => (await query<Listing>(db.prisma, LISTING, { id }, viewerOf(owner))).property;
  const backdate = (id: string, days: number) =>
    db.prisma.property.update({ where: { id }, data: { createdAt: new Date(Date.now() - days * DAY) } });

  it('starts when a draft is published, not when the draft began; a relisting keeps its first day', async () => {
    const { id } = await createListing(db.prisma, viewerOf(owner), listingInput({ title: 'Draft for a month' }), 'DRAFT');
    await backdate(id, 30);
    expect(await read(id)).toMatchObject({ listedAt: null, daysOnMarket: null, isNew: false });

    const before = Date.now();
    await updateListing(db.prisma, viewerOf(owner), id, listingInput({ title: 'Draft for a month' }), 'ACTIVE');
    const published = await read(id);
    expect(Date.parse(published.listedAt!)).toBeGreaterThanOrEqual(before - 1000);
    expect(published).toMatchObject({ daysOnMarket: 0, isNew: true });

    // Off the market and back: still its first day.
    await db.prisma.property.update({ where: { id }, data: { listedAt: new Date(Date.now() - 12 * DAY) } });
    await setListingStatus(db.prisma, viewerOf(owner), id, 'INACTIVE');
    await setListingStatus(db.prisma, viewerOf(owner), id, 'ACTIVE');
    expect(await read(id)).toMatchObject({ daysOnMarket: 12, isNew: false });
  });

  it('lists a listing created live at once, and keeps a check: no listing but a draft without its day', async () => {
    const { id } = await createListing(db.prisma, viewerOf(owner), listingInput({ title: 'Live at once' }), 'ACTIVE');
    expect((await read(id)).daysOnMarket).toBe(0);
    await expect(db.prisma.property.update({ where: { id }, data: { listedAt: null } })).rejects.toThrow();
  });

  it("sorts 'Newest' and 'Oldest' by the day on the market", async () => {
    // Made long ago but listed today, against one made and listed 5 days ago.
    const tag = `Sortcheck${backend}`;
    const lateDraft = await createProperty(
      db.prisma,
      { userId: owner.uid },
      { title: `${tag} late`, createdAt: new Date(Date.now() - 40 * DAY), listedAt: new Date() },
    );
    const early = await createProperty(
      db.prisma,
      { userId: owner.uid },
      { title: `${tag} early`, createdAt: new Date(Date.now() - 5 * DAY), listedAt: new Date(Date.now() - 5 * DAY) },
    );
    const ids = async (sort: string) =>
      (
        await query<{ properties: { edges: Array<{ node: { id: string } }> } }>(
          db.prisma,
          'query S($filter: PropertyFilter, $sort: PropertySort) { properties(filter: $filter, sort: $sort, first: 5) { edges { node { id } } } }',
          { filter: { search: tag }, sort },
        )
      ).properties.edges.map((e) => e.node.id);
    expect(await ids('NEWEST')).toEqual([lateDraft.id, early.id]);
    expect(await ids('OLDEST')).toEqual([early.id, lateDraft.id]);
  });

  it('REST items carry listed_at and days_on_market, from the same field definitions', async () => {
    const listed = new Date(Date.now() - 9 * DAY);
    const p = await createProperty(db.prisma, { userId: owner.uid }, { title: 'Rest days', listedAt: listed });
    const app = await startTestApp(db);
    try {
      const res = await fetch(`${app.url}/api/properties/${p.id}`);
      const body = (await res.json()) as { listed_at: string; listedAt: string; days_on_market: number };
      expect(body.listed_at).toBe(listed.toISOString());
      expect(body.listedAt).toBe(listed.toISOString());
      expect(body.days_on_market).toBeGreaterThanOrEqual(8);
      expect(body.days_on_market).toBeLessThanOrEqual(10);
    } finally {
      await app.stop();
    }
  });
});

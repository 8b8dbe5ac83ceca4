import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netEffectiveRent } from '../../common/listing.js';
import { summarizeFilter } from '../../common/saved-search.js';
import { runListingAlert, sendDueAlerts } from '../../server/modules/alerts/alerts.service.js';
import { createListing, updateListing } from '../../server/modules/listings/listing-write.service.js';
import { searchMapPoints } from '../../server/modules/listings/map-points.js';
import { createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { execute, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Net-effective rent and concessions (issue 26 item 2): the advertised price stays the gross rent;
// the net effective rent spreads the free months over the lease. The price filter and the price
// sorts read either (priceBasis); GraphQL, REST, the map and alerts carry both; the move-in total
// stays the real amount due.

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

const SEARCH = `query S($filter: PropertyFilter, $sort: PropertySort, $after: String, $first: Int) {
  properties(filter: $filter, sort: $sort, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    edges { node { id price netEffectivePrice } }
  }
}`;
type Search = {
  properties: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: Array<{ node: { id: string; price: number; netEffectivePrice: number } }>;
  };
};
const DETAIL = `query P($id: ID!) { property(id: $id) { price netEffectivePrice totalMoveInCost concession { monthsFree leaseMonths terms label } } }`;
type Detail = {
  property: {
    price: number;
    netEffectivePrice: number;
    totalMoveInCost: number;
    concession: { monthsFree: number; leaseMonths: number; terms: string | null; label: string } | null;
  };
};

describe.each(backends)('net-effective rent and concessions on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;
  // Gross 3,600 with 1 month free on 12: 3,300 net. Gross 3,400 without: 3,400 net. Gross 3,500 with 2 on 24: 3,208 net.
  let oneFree: { id: string };
  let none: { id: string };
  let twoFree: { id: string };
  const viewer = () => ({ uid: owner.uid, email: owner.email, role: null });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    owner = await createAccount(db.prisma, 'renter', { firstName: 'Cora', lastName: 'Concession' });
    oneFree = await createProperty(
      db.prisma,
      { userId: owner.uid },
      {
        price: 3600,
        concessionMonthsFree: 1,
        concessionLeaseMonths: 12,
        concessionTerms: 'Applied to month 12',
        locationLat: 40.71,
      },
    );
    none = await createProperty(db.prisma, { userId: owner.uid }, { price: 3400, locationLat: 40.72 });
    twoFree = await createProperty(
      db.prisma,
      { userId: owner.uid },
      { price: 3500, concessionMonthsFree: 2, concessionLeaseMonths: 24, locationLat: 40.73 },
    );
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('computes the net effective rent to the dollar', () => {
    expect(netEffectiveRent(3600, { monthsFree: 1, leaseMonths: 12 })).toBe(3300);
    expect(netEffectiveRent(3500, { monthsFree: 2, leaseMonths: 24 })).toBe(3208);
    expect(netEffectiveRent(2950, { monthsFree: 1.5, leaseMonths: 13 })).toBe(2610);
    expect(netEffectiveRent(3000, { monthsFree: null, leaseMonths: null })).toBe(3000);
  });

  it('reads both rents and the concession; the move-in total stays the gross first month', async () => {
    const { property } = await query<Detail>(db.prisma, DETAIL, { id: oneFree.id });
    expect(property).toMatchObject({
      price: 3600,
      netEffectivePrice: 3300,
      concession: { monthsFree: 1, leaseMonths: 12, terms: 'Applied to month 12', label: '1 month free on 12' },
    });
    // First month (gross) + the factory's nothing else.
    expect(property.totalMoveInCost).toBe(3600);
    const plain = await query<Detail>(db.prisma, DETAIL, { id: none.id });
    expect(plain.property).toMatchObject({ price: 3400, netEffectivePrice: 3400, concession: null });
  });

  it('filters on either rent, in the one statement of the search page', async () => {
    db.resetQueries();
    const net = await query<Search>(db.prisma, SEARCH, { filter: { maxPrice: 3350, priceBasis: 'NET_EFFECTIVE' } });
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(new Set(net.properties.edges.map((e) => e.node.id))).toEqual(new Set([oneFree.id, twoFree.id]));
    expect(net.properties.totalCount).toBe(2);
    const gross = await query<Search>(db.prisma, SEARCH, { filter: { maxPrice: 3350 } });
    expect(gross.properties.edges).toEqual([]);
    const explicitGross = await query<Search>(db.prisma, SEARCH, { filter: { minPrice: 3550, priceBasis: 'GROSS' } });
    expect(explicitGross.properties.edges.map((e) => e.node.id)).toEqual([oneFree.id]);
  });

  it('sorts by either rent, page after page, and refuses a cursor of the other basis', async () => {
    const ids = (s: Search) => s.properties.edges.map((e) => e.node.id);
    const gross = await query<Search>(db.prisma, SEARCH, { sort: 'PRICE_LOW' });
    expect(ids(gross)).toEqual([none.id, twoFree.id, oneFree.id]);
    const netFilter = { priceBasis: 'NET_EFFECTIVE' };
    const page1 = await query<Search>(db.prisma, SEARCH, { sort: 'PRICE_LOW', filter: netFilter, first: 2 });
    expect(ids(page1)).toEqual([twoFree.id, oneFree.id]);
    expect(page1.properties.pageInfo.hasNextPage).toBe(true);
    const page2 = await query<Search>(db.prisma, SEARCH, {
      sort: 'PRICE_LOW',
      filter: netFilter,
      first: 2,
      after: page1.properties.pageInfo.endCursor,
    });
    expect(ids(page2)).toEqual([none.id]);
    const high = await query<Search>(db.prisma, SEARCH, { sort: 'PRICE_HIGH', filter: netFilter });
    expect(ids(high)).toEqual([none.id, oneFree.id, twoFree.id]);
    const mixed = await execute(db.prisma, SEARCH, { sort: 'PRICE_LOW', first: 2, after: page1.properties.pageInfo.endCursor });
    expect(mixed.errors?.[0]?.message).toMatch(/Invalid cursor/);
  });

  it('puts the lowest rent of the basis on the map', async () => {
    const gross = await searchMapPoints(db.prisma, {});
    const net = await searchMapPoints(db.prisma, { priceBasis: 'NET_EFFECTIVE' });
    const priceAt = (m: typeof gross, lat: number) => m.points.find((p) => Math.abs(p.lat - lat) < 1e-6)?.price;
    expect(priceAt(gross, 40.71)).toBe(3600);
    expect(priceAt(net, 40.71)).toBe(3300);
    expect(priceAt(net, 40.72)).toBe(3400);
  });

  it('writes a concession with the listing, recomputes it with the price and drops it when cleared', async () => {
    const { id } = await createListing(
      db.prisma,
      viewer(),
      listingInput({ title: 'Free month flat', price: 3900, concessionMonthsFree: 1.5, concessionLeaseMonths: 13 }),
      'ACTIVE',
    );
    expect((await query<Detail>(db.prisma, DETAIL, { id })).property).toMatchObject({
      price: 3900,
      netEffectivePrice: 3450,
      concession: { monthsFree: 1.5, leaseMonths: 13, terms: null, label: '1.5 months free on 13' },
    });
    await updateListing(
      db.prisma,
      viewer(),
      id,
      listingInput({ title: 'Free month flat', price: 3640, concessionMonthsFree: 1.5, concessionLeaseMonths: 13 }),
    );
    expect((await query<Detail>(db.prisma, DETAIL, { id })).property.netEffectivePrice).toBe(3220);
    await updateListing(db.prisma, viewer(), id, listingInput({ title: 'Free month flat', price: 3640 }));
    expect((await query<Detail>(db.prisma, DETAIL, { id })).property).toMatchObject({
      netEffectivePrice: 3640,
      concession: null,
    });
  });

  it('refuses a concession that does not add up, with a message on the field', async () => {
    const refused = async (overrides: Record<string, unknown>) => {
      try {
        await createListing(db.prisma, viewer(), listingInput({ title: 'Bad concession', ...overrides }), 'ACTIVE');
      } catch (err) {
        return (err as { details?: { fields?: Array<{ path: string; message: string }> } }).details?.fields?.[0];
      }
      throw new Error('accepted');
    };
    expect(await refused({ concessionMonthsFree: 1 })).toEqual({
      path: 'concessionLeaseMonths',
      message: 'Enter the length of the lease the free months come with',
    });
    expect(await refused({ concessionMonthsFree: 12, concessionLeaseMonths: 12 })).toEqual({
      path: 'concessionMonthsFree',
      message: 'Months free must be fewer than the months of the lease',
    });
    expect(await refused({ concessionMonthsFree: 1.3, concessionLeaseMonths: 12 })).toMatchObject({
      message: 'Months free must be a whole or half number',
    });
    expect(await refused({ concessionTerms: 'Ask us' })).toMatchObject({ path: 'concessionMonthsFree' });
    expect(await refused({ concessionMonthsFree: 1, concessionLeaseMonths: 37 })).toMatchObject({
      path: 'concessionLeaseMonths',
    });
    expect(
      await refused({ concessionMonthsFree: 1, concessionLeaseMonths: 12, concessionTerms: 'No vouchers accepted' }),
    ).toMatchObject({ path: 'concessionTerms' });
  });

  it('keeps the stored figure honest: the database refuses a net rent without a concession to explain it', async () => {
    await expect(db.prisma.property.update({ where: { id: none.id }, data: { netEffectivePrice: 3000 } })).rejects.toThrow();
    await expect(db.prisma.property.update({ where: { id: oneFree.id }, data: { concessionLeaseMonths: 1 } })).rejects.toThrow();
  });

  it('REST: items carry both rents and the concession; ?price_basis= filters and sorts', async () => {
    const res = await fetch(`${app.url}/api/properties?price_basis=net_effective&maxPrice=3350&sort=price_low`);
    expect(res.status).toBe(200);
    const { items } = (await res.json()) as {
      items: Array<{
        id: string;
        price: number;
        net_effective_price: number;
        netEffectivePrice: number;
        concession: { months_free: number; lease_months: number; terms: string | null; label: string } | null;
        pricing: { monthlyRent: number; netEffectiveRent: number };
      }>;
    };
    expect(items.map((i) => i.id)).toEqual([twoFree.id, oneFree.id]);
    expect(items[1]).toMatchObject({
      price: 3600,
      net_effective_price: 3300,
      netEffectivePrice: 3300,
      concession: { months_free: 1, lease_months: 12, terms: 'Applied to month 12', label: '1 month free on 12' },
      pricing: { monthlyRent: 3600, netEffectiveRent: 3300 },
    });
    const one = (await (await fetch(`${app.url}/api/properties/${none.id}`)).json()) as Record<string, unknown>;
    expect(one).toMatchObject({ price: 3400, net_effective_price: 3400, concession: null });
    expect((await fetch(`${app.url}/api/properties?price_basis=cheapest`)).status).toBe(400);
  });

  it('REST writes take a concession as GET answers it (or flat), and refuse one that does not add up', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${app.url}/api/properties`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...owner.bearer },
        body: JSON.stringify({ ...listingInput({ title: 'REST concession', price: 3000 }), ...body }),
      });
    const created = await post({ price: 3000, concession: { months_free: 1, lease_months: 12, terms: 'Month 12 free' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await query<Detail>(db.prisma, DETAIL, { id })).property).toMatchObject({
      netEffectivePrice: 2750,
      concession: { monthsFree: 1, leaseMonths: 12, terms: 'Month 12 free' },
    });
    const flat = await post({ price: 3000, concessionMonthsFree: '2', concessionLeaseMonths: 24 });
    expect(flat.status).toBe(201);
    const refused = await post({ concession: { months_free: 13, lease_months: 12 } });
    expect(refused.status).toBe(400);
  });

  it('a saved search keeps the basis and names it; its alerts say both rents', async () => {
    const seeker = await createAccount(db.prisma, 'renter', { firstName: 'Sal', lastName: 'Saver' });
    const filter = { maxPrice: 3350, priceBasis: 'NET_EFFECTIVE' };
    expect(summarizeFilter(filter)).toBe('Rentals under $3,350 net effective');
    const saved = await query<{ saveSearch: { id: string; filter: { maxPrice: number; priceBasis: string } } }>(
      db.prisma,
      `mutation S($input: SaveSearchInput!) { saveSearch(input: $input) { id filter { maxPrice priceBasis } } }`,
      { input: { name: 'Net under 3,350', filter } },
      { uid: seeker.uid, email: seeker.email, role: null },
    );
    expect(saved.saveSearch.filter).toEqual(filter);

    const fresh = await createProperty(
      db.prisma,
      { userId: owner.uid },
      { title: 'Alert loft', price: 3600, concessionMonthsFree: 2, concessionLeaseMonths: 12 },
    );
    const sent: Array<{ to: string; text: string }> = [];
    const deps = {
      prisma: db.prisma,
      mailer: {
        kind: 'outbox' as const,
        send: async (m: { to: string; text: string }) => void sent.push(m),
        close: async () => {},
      },
      log: pino({ level: 'silent' }),
      publicUrl: app.env.publicUrl,
    } as unknown as Parameters<typeof runListingAlert>[0];
    expect(await runListingAlert(deps, { propertyId: fresh.id, event: 'PUBLISHED' })).toBe(1);
    const note = await db.prisma.notification.findFirstOrThrow({ where: { userId: seeker.uid, propertyId: fresh.id } });
    expect(note.body).toContain('$3,600/mo ($3,000 net effective, 2 months free on 12) in Williamsburg');
    await sendDueAlerts(deps, 'INSTANT', { propertyId: fresh.id });
    expect(sent.find((m) => m.to === seeker.email)?.text).toContain(
      'New: Alert loft — $3,600/mo ($3,000 net effective, 2 months free on 12), Williamsburg',
    );
  });
});

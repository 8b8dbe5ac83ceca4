import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { searchMapPoints } from '../../server/modules/listings/map-points.js';
import { runListingAlert } from '../../server/modules/alerts/alerts.service.js';
import type { MailMessage } from '../../server/modules/mail/mailer.js';
import { createProperty, createReducedProperty, createSavedSearch, createUser } from '../factories/index.js';
import { dayIn, listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Issue 58 items 2 and 3: fees New York caps are not published (a security deposit of at most one
// month's rent, GOL § 7-108; an application fee of at most $20, RPL § 238-a), drafts may keep them;
// sales are not rentals: searches of every kind are of rentals unless sales are asked for, and a sale
// has an asking price, no lease, concession or broker fee payer.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';

const CREATE = `mutation C($input: ListingInput!, $status: ListingStatus) {
  createListing(input: $input, status: $status) { id status price leaseTerm brokerFeePayer brokerFee concession { monthsFree } netEffectivePrice }
}`;
const STATUS = 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id status } }';
const SEARCH = `query S($filter: PropertyFilter, $sort: PropertySort) {
  properties(filter: $filter, sort: $sort, first: 50) { totalCount edges { node { id listingType price } } }
}`;

const DEPOSIT_CAP = "A security deposit can be at most one month's rent ($2,000) under New York law (GOL § 7-108)";
const FEE_CAP = 'An application fee can be at most $20';

describe.each(ruleBackends)("New York's fee caps and sales apart from rentals on %s", (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  const ids = { rent: '', sublet: '', sale: '', bigSale: '' };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Lou', lastName: 'Law' });
    const owner = { userId: agent.uid };
    ids.rent = (await createProperty(db.prisma, owner, { price: 2500, title: 'Rental loft' })).id;
    ids.sublet = (await createProperty(db.prisma, owner, { price: 2100, listingType: 'SUBLET', title: 'Sublet room' })).id;
    ids.sale = (await createProperty(db.prisma, owner, { price: 950_000, listingType: 'FOR_SALE', title: 'Condo for sale' })).id;
    ids.bigSale = (
      await createProperty(db.prisma, owner, { price: 3_200_000, listingType: 'FOR_SALE', title: 'Townhouse for sale' })
    ).id;
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const gql = (source: string, variables: Record<string, unknown> = {}, who: TestAccount | null = agent) =>
    postGraphql(app.url, who, source, variables);
  const rest = async (method: string, path: string, body?: unknown, who: TestAccount | null = agent) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(who ? who.bearer : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };

  describe('the available date (issue 59 item 5)', () => {
    const LONG_AGO = 'The available date is more than 30 days ago: if the home is free now, enter today';
    const UPDATE = `mutation U($id: ID!, $input: ListingInput!) { updateListing(id: $id, input: $input) { id availableDate } }`;

    it('refuses publishing a date long gone (2020 for 2026), through GraphQL, REST and a draft going live; a draft may keep it', async () => {
      const typo = await gql(CREATE, { input: listingInput({ availableDate: '2020-12-15' }), status: 'ACTIVE' });
      expect(typo.errors?.[0]?.extensions?.fields).toContainEqual({ path: 'availableDate', message: LONG_AGO });
      const r = await rest('POST', '/api/properties', { ...listingInput({ availableDate: '2020-12-15' }), status: 'active' });
      expect([r.status, r.body.error]).toEqual([400, LONG_AGO]);
      const draft = await gql(CREATE, { input: listingInput({ availableDate: '2020-12-15' }), status: 'DRAFT' });
      expect(draft.errors).toBeUndefined();
      const live = await gql(STATUS, { id: draft.data.createListing.id, status: 'ACTIVE' });
      expect(live.errors?.[0]?.message).toBe(LONG_AGO);
      // Today, and a date a little in the past (free now), are published.
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
      for (const availableDate of [today, dayIn(-20)]) {
        const ok = await gql(CREATE, { input: listingInput({ availableDate }), status: 'ACTIVE' });
        expect(ok.errors, availableDate).toBeUndefined();
      }
    });

    it("keeps a live listing's date as it is when an edit does not change it, however long ago it has become", async () => {
      const made = await gql(CREATE, { input: listingInput(), status: 'ACTIVE' });
      const id = made.data.createListing.id;
      await db.prisma.property.update({ where: { id }, data: { availableDate: new Date('2026-01-05T00:00:00Z') } });
      const kept = await gql(UPDATE, { id, input: listingInput({ availableDate: '2026-01-05', price: 3700 }) });
      expect(kept.errors).toBeUndefined();
      const moved = await gql(UPDATE, { id, input: listingInput({ availableDate: '2026-01-04' }) });
      expect(moved.errors?.[0]?.message).toBe(LONG_AGO);
    });
  });

  describe('fee caps', () => {
    it('refuses publishing a deposit over one month of rent or an application fee over $20 through GraphQL, naming the cap and the law', async () => {
      const deposit = await gql(CREATE, { input: listingInput({ price: 2000, securityDeposit: 6000 }), status: 'ACTIVE' });
      expect(deposit.errors?.[0]?.message).toBe(DEPOSIT_CAP);
      expect(deposit.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(deposit.errors?.[0]?.extensions?.fields).toContainEqual({ path: 'securityDeposit', message: DEPOSIT_CAP });
      const fee = await gql(CREATE, {
        input: listingInput({ price: 2000, securityDeposit: 2000, applicationFee: 500 }),
        status: 'ACTIVE',
      });
      expect(fee.errors?.[0]?.message).toContain(FEE_CAP);
      expect(fee.errors?.[0]?.message).toContain('RPL § 238-a');
      // At the caps, it is published.
      const atCaps = await gql(CREATE, {
        input: listingInput({ price: 2000, securityDeposit: 2000, applicationFee: 20 }),
        status: 'ACTIVE',
      });
      expect(atCaps.errors).toBeUndefined();
      expect(atCaps.data.createListing.status).toBe('ACTIVE');
      expect(await db.prisma.property.count({ where: { ownerId: agent.uid, securityDeposit: 6000 } })).toBe(0);
    });

    it('refuses them through REST too, with the same message', async () => {
      const r = await rest('POST', '/api/properties', {
        ...listingInput({ price: 2000, securityDeposit: 2000, applicationFee: 75 }),
        status: 'active',
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toContain(FEE_CAP);
      const d = await rest('POST', '/api/properties', {
        ...listingInput({ price: 2000, securityDeposit: 6000 }),
        status: 'active',
      });
      expect(d.status).toBe(400);
      expect(d.body.error).toBe(DEPOSIT_CAP);
    });

    it('keeps a draft over the caps, and does not publish it (nor an old listing over them) until the fees are lowered', async () => {
      const draft = await gql(CREATE, { input: listingInput({ price: 2000, securityDeposit: 6000 }), status: 'DRAFT' });
      expect(draft.errors).toBeUndefined();
      const published = await gql(STATUS, { id: draft.data.createListing.id, status: 'ACTIVE' });
      expect(published.errors?.[0]?.message).toBe(DEPOSIT_CAP);
      const old = await createProperty(db.prisma, { userId: agent.uid }, { price: 2000, applicationFee: 75, status: 'INACTIVE' });
      const relisted = await gql(STATUS, { id: old.id, status: 'ACTIVE' });
      expect(relisted.errors?.[0]?.message).toContain(FEE_CAP);
      expect((await db.prisma.property.findUniqueOrThrow({ where: { id: old.id } })).status).toBe('INACTIVE');
    });

    it('does not apply rental caps to a sale', async () => {
      const sale = await gql(CREATE, {
        input: listingInput({ listingType: 'FOR_SALE', price: 1_500_000, securityDeposit: 150_000 }),
        status: 'DRAFT',
      });
      expect(sale.errors).toBeUndefined();
    });
  });

  describe('what a published listing says is so (issue 59 item 7)', () => {
    const TENANT_FEE = 'Enter the broker fee the tenant pays';
    const PAST = 'An open house must start in the future';
    const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

    it("refuses 'Tenant pays' a broker fee without its amount, through GraphQL and REST; a draft keeps it", async () => {
      const tenantPays = listingInput({ brokerFeePayer: 'TENANT', brokerFee: 0 });
      const active = await gql(CREATE, { input: tenantPays, status: 'ACTIVE' });
      expect(active.errors?.[0]?.message).toBe(TENANT_FEE);
      expect(active.errors?.[0]?.extensions?.fields).toContainEqual({ path: 'brokerFee', message: TENANT_FEE });
      const viaRest = await rest('POST', '/api/properties', { ...tenantPays, status: 'active' });
      expect(viaRest.status).toBe(400);
      expect(viaRest.body.error).toBe(TENANT_FEE);
      const draft = await gql(CREATE, { input: tenantPays, status: 'DRAFT' });
      expect(draft.errors).toBeUndefined();
      // The draft is not published until the amount is said.
      expect((await gql(STATUS, { id: draft.data.createListing.id, status: 'ACTIVE' })).errors?.[0]?.message).toBe(TENANT_FEE);
      // A listing that was live before comes back with the terms it had (an older row: tenant pays, no amount).
      const older = await createProperty(
        db.prisma,
        { userId: agent.uid },
        { status: 'INACTIVE', brokerFeePayer: 'TENANT', brokerFee: null },
      );
      expect((await gql(STATUS, { id: older.id, status: 'ACTIVE' })).errors).toBeUndefined();
      const withAmount = await gql(CREATE, {
        input: listingInput({ brokerFeePayer: 'TENANT', brokerFee: 3800 }),
        status: 'ACTIVE',
      });
      expect(withAmount.errors).toBeUndefined();
      expect(withAmount.data.createListing).toMatchObject({ status: 'ACTIVE', brokerFeePayer: 'TENANT', brokerFee: 3800 });
    });

    it('refuses a new open house that has already begun; one to come is published', async () => {
      const past = await gql(CREATE, {
        input: listingInput({
          openHouses: [
            { startsAt: at(48), endsAt: at(49) },
            { startsAt: at(-3), endsAt: at(-2) },
          ],
        }),
        status: 'ACTIVE',
      });
      expect(past.errors?.[0]?.message).toBe(PAST);
      expect(past.errors?.[0]?.extensions?.fields).toContainEqual({ path: 'openHouses.1.startsAt', message: PAST });
      const viaRest = await rest('POST', '/api/properties', {
        ...listingInput({ openHouses: [{ startsAt: at(-3), endsAt: at(-2) }] }),
        status: 'active',
      });
      expect(viaRest.status).toBe(400);
      expect(viaRest.body.error).toBe(PAST);
      const coming = await gql(CREATE, {
        input: listingInput({ openHouses: [{ startsAt: at(48), endsAt: at(49) }] }),
        status: 'ACTIVE',
      });
      expect(coming.errors).toBeUndefined();
      expect(coming.data.createListing.status).toBe('ACTIVE');
    });
  });

  describe('a sale', () => {
    it('is posted with an asking price over the rent cap and without lease, concession or broker fee payer; a rent that high is refused', async () => {
      const input = listingInput({
        listingType: 'FOR_SALE',
        price: 3_200_000,
        leaseTerm: null,
        brokerFeePayer: null,
        brokerFee: 50_000,
        concessionMonthsFree: 1.5,
        concessionLeaseMonths: 12,
      });
      const r = await gql(CREATE, { input, status: 'DRAFT' });
      expect(r.errors).toBeUndefined();
      expect(r.data.createListing).toMatchObject({
        price: 3_200_000,
        leaseTerm: null,
        brokerFeePayer: null,
        brokerFee: null,
        concession: null,
        netEffectivePrice: 3_200_000,
      });
      const rent = await gql(CREATE, { input: listingInput({ price: 3_200_000 }), status: 'DRAFT' });
      expect(rent.errors?.[0]?.message).toContain('Price is too large');
      const noLease = await gql(CREATE, { input: listingInput({ leaseTerm: null }), status: 'DRAFT' });
      expect(noLease.errors?.[0]?.message).toContain('Choose a lease term');
    });
  });

  describe('searches are of rentals unless sales are asked for', () => {
    const idsOf = (r: Body) => r.data.properties.edges.map((e: Body) => e.node.id as string);

    it('GraphQL: rentals (sublets included) by default, sorted by price without sales; FOR_SALE answers sales only', async () => {
      const rentals = await gql(SEARCH, { sort: 'PRICE_HIGH' }, null);
      expect(idsOf(rentals)).toContain(ids.rent);
      expect(idsOf(rentals)).toContain(ids.sublet);
      expect(idsOf(rentals)).not.toContain(ids.bigSale);
      expect(rentals.data.properties.edges.every((e: Body) => e.node.listingType !== 'FOR_SALE')).toBe(true);
      const sales = await gql(SEARCH, { filter: { listingType: 'FOR_SALE' }, sort: 'PRICE_HIGH' }, null);
      expect(idsOf(sales)).toEqual([ids.bigSale, ids.sale]);
      expect(sales.data.properties.totalCount).toBe(2);
      const sortedByPrice = await gql(SEARCH, { filter: { listingType: 'FOR_RENT' }, sort: 'PRICE_HIGH' }, null);
      expect(idsOf(sortedByPrice)).toEqual(idsOf(rentals));
    });

    it('the map points: rentals by default, sales when asked', async () => {
      const total = (m: { placed: number; unplaced: number }) => m.placed + m.unplaced;
      const rentals = await gql(SEARCH, {}, null);
      expect(total(await searchMapPoints(db.prisma, {}))).toBe(rentals.data.properties.totalCount);
      expect(total(await searchMapPoints(db.prisma, { listingType: 'FOR_RENT' }))).toBe(rentals.data.properties.totalCount);
      const sales = await searchMapPoints(db.prisma, { listingType: 'FOR_SALE' });
      expect(total(sales)).toBe(2);
      expect(sales.points.reduce((n, p) => n + p.count, 0)).toBe(2);
    });

    it('REST: rentals by default, type=sale for sales (with their asking price, no monthly rent), anything else refused', async () => {
      const rentals = await rest('GET', '/api/properties?limit=50&sort=price_high', undefined, null);
      const rentalIds = rentals.body.items.map((i: Body) => i.id);
      expect(rentalIds).toContain(ids.rent);
      expect(rentalIds).not.toContain(ids.sale);
      expect(rentalIds).not.toContain(ids.bigSale);
      const sales = await rest('GET', '/api/properties?type=sale&sort=price_high', undefined, null);
      expect(sales.body.items.map((i: Body) => i.id)).toEqual([ids.bigSale, ids.sale]);
      expect(sales.body.items[0].pricing).toMatchObject({ askingPrice: 3_200_000, monthlyRent: null, netEffectiveRent: null });
      expect((await rest('GET', '/api/properties?type=rent', undefined, null)).body.items.map((i: Body) => i.id)).toContain(
        ids.rent,
      );
      expect((await rest('GET', '/api/properties?type=lease', undefined, null)).status).toBe(400);
    });

    it('the partner API: rentals unless it asks for FOR_SALE', async () => {
      const { key } = await createPartnerKey(db.prisma, 'SaleFeed');
      const call = async (filter: Record<string, unknown>) => {
        const res = await fetch(`${app.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ query: SEARCH, variables: { filter } }),
        });
        return (await res.json()) as Body;
      };
      const rentals = idsOf(await call({}));
      expect(rentals).toContain(ids.rent);
      expect(rentals).not.toContain(ids.sale);
      expect(idsOf(await call({ listingType: 'FOR_SALE' })).sort()).toEqual([ids.sale, ids.bigSale].sort());
    });

    it('a saved search (and its alerts) without a type is of rentals', async () => {
      const renter = await createAccount(db.prisma, 'renter', { firstName: 'Al', lastName: 'Ert' });
      const user = await db.prisma.user.findUniqueOrThrow({ where: { id: renter.uid } });
      const make = (name: string, filter: object) =>
        db.prisma.savedSearch.create({
          data: { userId: user.id, name, filter, frequency: 'INSTANT', unsubscribeToken: `${name}-${Date.now()}` },
        });
      const any = await make('any', {});
      const sales = await make('sales', { listingType: 'FOR_SALE' });
      const deps = {
        prisma: db.prisma,
        mailer: { send: async () => {} },
        log: pino({ level: 'silent' }),
        publicUrl: app.env.publicUrl,
      } as unknown as Parameters<typeof runListingAlert>[0];
      await runListingAlert(deps, { propertyId: ids.sale, event: 'PUBLISHED' });
      await runListingAlert(deps, { propertyId: ids.rent, event: 'PUBLISHED' });
      const deliveries = await db.prisma.alertDelivery.findMany({ where: { savedSearchId: { in: [any.id, sales.id] } } });
      const got = (s: { id: string }) => deliveries.filter((d) => d.savedSearchId === s.id).map((d) => d.propertyId);
      expect(got(any)).toEqual([ids.rent]);
      expect(got(sales)).toEqual([ids.sale]);
    });
  });

  describe("a sale's alerts", () => {
    // Issue 58 item 3 (follow-up): a saved search of sales is told a sale's asking price, never a
    // monthly rent, in the notification and the e-mail, in English, Spanish and Chinese, new or dropped.
    it('word its asking price without a month, in every language, for a new sale and a price drop; a rental still says /mo', async () => {
      const seller = await createUser(db.prisma, { firstName: 'Sal', lastName: 'Seller' });
      const owner = { userId: seller.id };
      const readers = {
        en: await createUser(db.prisma, { firstName: 'Ann', locale: null }),
        es: await createUser(db.prisma, { firstName: 'Ana', locale: 'es' }),
        zh: await createUser(db.prisma, { firstName: 'An', locale: 'zh' }),
      };
      const sales: Record<string, string> = {};
      for (const [lang, user] of Object.entries(readers)) {
        const search = await createSavedSearch(db.prisma, user.id, {
          name: `Condos ${lang}`,
          filter: { listingType: 'FOR_SALE', neighborhood: 'Tribeca' },
        });
        sales[lang] = search.id;
      }
      const rentals = await createSavedSearch(db.prisma, readers.en.id, { name: 'Rentals', filter: { neighborhood: 'Tribeca' } });
      const sent: MailMessage[] = [];
      const deps = {
        prisma: db.prisma,
        mailer: { kind: 'outbox', send: async (m: MailMessage) => void sent.push(m) },
        log: pino({ level: 'silent' }),
        publicUrl: app.env.publicUrl,
      } as unknown as Parameters<typeof runListingAlert>[0];

      const sale = await createProperty(db.prisma, owner, {
        listingType: 'FOR_SALE',
        price: 950_000,
        title: 'Tribeca condo',
        neighborhood: 'Tribeca',
        borough: 'MANHATTAN',
      });
      const dropped = await createReducedProperty(
        db.prisma,
        owner,
        { oldPrice: 1_000_000, droppedAt: new Date() },
        { listingType: 'FOR_SALE', price: 900_000, title: 'Tribeca loft', neighborhood: 'Tribeca', borough: 'MANHATTAN' },
      );
      const rental = await createProperty(db.prisma, owner, {
        price: 4_000,
        title: 'Tribeca rental',
        neighborhood: 'Tribeca',
        borough: 'MANHATTAN',
      });
      // (Searches of earlier tests may match too: each search's own alert is looked at below.)
      await runListingAlert(deps, { propertyId: sale.id, event: 'PUBLISHED' });
      await runListingAlert(deps, { propertyId: dropped.id, event: 'PRICE_CHANGED' });
      await runListingAlert(deps, { propertyId: rental.id, event: 'PUBLISHED' });

      const notes = await db.prisma.notification.findMany({
        where: { savedSearchId: { in: [...Object.values(sales), rentals.id] } },
        orderBy: { createdAt: 'asc' },
      });
      const of = (search: string, propertyId: string) => {
        const n = notes.find((x) => x.savedSearchId === search && x.propertyId === propertyId);
        expect(n, `${search} ${propertyId}`).toBeDefined();
        return `${n!.title} ${n!.body}`.replace(/\u00a0/g, ' ');
      };
      const mailTo = (email: string, title: string) => {
        const m = sent.find((x) => x.to === email && x.text.includes(title));
        expect(m, `${email} ${title}`).toBeDefined();
        return `${m!.subject}\n${m!.text}`.replace(/\u00a0/g, ' ');
      };
      const texts = {
        en: [
          of(sales.en!, sale.id),
          of(sales.en!, dropped.id),
          mailTo(readers.en.email, 'Tribeca condo'),
          mailTo(readers.en.email, 'Tribeca loft'),
        ],
        es: [
          of(sales.es!, sale.id),
          of(sales.es!, dropped.id),
          mailTo(readers.es.email, 'Tribeca condo'),
          mailTo(readers.es.email, 'Tribeca loft'),
        ],
        zh: [
          of(sales.zh!, sale.id),
          of(sales.zh!, dropped.id),
          mailTo(readers.zh.email, 'Tribeca condo'),
          mailTo(readers.zh.email, 'Tribeca loft'),
        ],
      };
      // No month in any language: '/mo', 'al mes', '每月', nor a net effective rent.
      for (const text of Object.values(texts).flat()) {
        expect(text).not.toMatch(/\/mo|al mes|每月|net effective|neto efectivo|净有效/);
      }
      const [enNew, enDrop, enMail, enDropMail] = texts.en;
      expect(enNew).toContain('$950,000 asking price in Tribeca');
      expect(enDrop).toContain('Now $900,000 asking price (was $1,000,000) in Tribeca');
      expect(enMail).toContain('New: Tribeca condo — $950,000 asking price, Tribeca');
      expect(enDropMail).toContain('Price drop: Tribeca loft — $900,000 asking price (was $1,000,000), Tribeca');
      expect(texts.es[0]).toContain('950.000 US$ (precio de venta) en Tribeca');
      expect(texts.es[3]).toContain('900.000 US$ (precio de venta; antes 1.000.000 US$)');
      expect(texts.zh[0]).toContain('要价 $950,000，位于 Tribeca');
      expect(texts.zh[3]).toContain('要价 $900,000（原价 $1,000,000）');
      // A rental is still a monthly rent.
      expect(of(rentals.id, rental.id)).toContain('$4,000/mo in Tribeca');
    });
  });
});

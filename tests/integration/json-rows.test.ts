import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../server/db/generated/prisma/client.js';
import { rowJsonSql, UnsupportedQuery } from '../../server/db/json-rows.js';
import { COUNT_CAP } from '../../server/modules/listings/listings.service.js';
import { listingItemInclude } from '../../server/modules/listings/listings.rest.js';
import { addPhotos, createAgent, createProperty, createUser } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// The one-statement reads (server/db/json-rows.ts) must give back exactly what Prisma gives for the
// same select/include: same keys, Dates, Decimals, JSON, enum lists, nested relations in order.

describe.each(backends)('rows as JSON in one statement on %s', (backend) => {
  let db: TestDatabase;
  let ids: string[] = [];
  let renterId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const made = await createAgent(db.prisma);
    const agent = { userId: made.user.id, agentId: made.agent.id };
    const renter = await createUser(db.prisma);
    renterId = renter.id;
    const a = await createProperty(db.prisma, agent, {
      title: 'Sunny loft',
      bedrooms: 2.5,
      bathrooms: 1.5,
      locationLat: 40.7081234,
      locationLng: -73.9571234,
      petTypesAllowed: ['CATS', 'SMALL_DOGS_ONLY'],
      utilitiesIncluded: ['HEAT', 'WATER'],
      amenities: ['Roof deck', 'Doorman, 24 h'],
      otherFees: [{ label: 'Amenity fee', amount: 75, frequency: 'MONTHLY' }],
      description: 'Quotes " and \\ backslashes, {braces}, and ünïcødé',
      createdAt: new Date('2026-10-01T12:34:56.789Z'),
    });
    const b = await createProperty(db.prisma, { userId: agent.userId }, { locationLat: null, locationLng: null, unit: null });
    ids = [a.id, b.id];
    await addPhotos(db.prisma, a.id, 3);
    await db.prisma.favorite.create({ data: { userId: renter.id, propertyId: a.id } });
    await db.prisma.priceChange.createMany({
      data: [3100, 3050, 2990].map((newPrice, i) => ({
        propertyId: a.id,
        oldPrice: 3200,
        newPrice,
        changedAt: new Date(Date.UTC(2026, 8, 1 + i)),
      })),
    });
    await db.prisma.openHouse.create({
      data: { propertyId: a.id, startsAt: new Date('2026-12-01T15:00:00Z'), endsAt: new Date('2026-12-01T16:00:00Z') },
    });
  });
  afterAll(() => db?.close());

  async function both(q: Record<string, unknown>) {
    const json = rowJsonSql('Property', 'p', q);
    const [r] = await db.prisma.$queryRaw<Array<{ rows: unknown[] }>>`
      SELECT jsonb_agg(${json.sql} ORDER BY p."createdAt") AS rows FROM "Property" p WHERE p."id" IN (${Prisma.join(ids)})`;
    const mine = r!.rows.map((row) => json.decode(row));
    const prismas = await db.prisma.property.findMany({
      ...q,
      where: { id: { in: ids } },
      orderBy: { createdAt: 'asc' },
    } as never);
    return { mine, prismas };
  }

  it.each([
    [
      'the search card (Pothos include, signed in)',
      {
        include: {
          agent: {
            include: { user: { select: { firstName: true, lastName: true, email: true, photoUrl: true, createdAt: true } } },
          },
          photos: { orderBy: { position: 'asc' } },
          favorites: { where: { userId: 'RENTER' }, select: { id: true }, take: 1 },
        },
      },
    ],
    [
      'a select with to-one and limited to-many relations',
      {
        select: {
          id: true,
          price: true,
          bedrooms: true,
          locationLat: true,
          availableDate: true,
          otherFees: true,
          petTypesAllowed: true,
          agent: { select: { rating: true, user: true } },
          priceChanges: { orderBy: [{ changedAt: 'desc' }, { id: 'desc' }], take: 2 },
          openHouses: true,
        },
      },
    ],
    [
      'the detail page (Pothos include: the last price changes, a negative take)',
      {
        include: {
          agent: {
            include: { user: { select: { firstName: true, lastName: true, email: true, createdAt: true, photoUrl: true } } },
          },
          photos: { orderBy: { position: 'asc' } },
          openHouses: { orderBy: { startsAt: 'asc' } },
          priceChanges: { orderBy: [{ changedAt: 'asc' }, { id: 'asc' }], take: -20 },
        },
      },
    ],
    [
      'the last two of a list in its own order (a negative take that cuts)',
      { select: { id: true, priceChanges: { orderBy: [{ changedAt: 'asc' }, { id: 'asc' }], take: -2 } } },
    ],
    [
      'an include of every kind of relation',
      {
        include: {
          owner: true,
          agent: true,
          photos: true,
          openHouses: { orderBy: { startsAt: 'asc' } },
          reviews: { select: { score: true } },
        },
      },
    ],
    ["REST's item as REST reads it (relation counts, every review's score)", { include: listingItemInclude }],
    [
      'counts of several relations in a select',
      { select: { id: true, _count: { select: { favorites: true, photos: true, priceChanges: true, openHouses: false } } } },
    ],
  ])('reads %s exactly as Prisma does', async (_name, shape) => {
    const q = JSON.parse(JSON.stringify(shape).replace('RENTER', renterId)) as Record<string, unknown>;
    const { mine, prismas } = await both(q);
    expect(mine).toEqual(prismas);
    const first = mine[0] as Record<string, unknown>;
    if ('bedrooms' in first) expect(first.bedrooms).toBeInstanceOf(Prisma.Decimal);
    if ('availableDate' in first) expect(first.availableDate).toBeInstanceOf(Date);
  });

  it('remembers a frozen query by the object itself, per model and alias, and refuses it again as before', () => {
    const shape = { include: { photos: { orderBy: { position: 'asc' as const } } } };
    const frozen = Object.freeze({
      include: Object.freeze({ photos: Object.freeze({ orderBy: Object.freeze({ position: 'asc' }) }) }),
    });
    const made = rowJsonSql('Property', 'p', frozen);
    expect(rowJsonSql('Property', 'p', frozen)).toBe(made);
    // The same shape unfrozen is the same statement (remembered by its printed shape).
    expect(rowJsonSql('Property', 'p', structuredClone(shape))).toBe(made);
    // Another alias is another statement, for the frozen object too.
    const q = rowJsonSql('Property', 'q', frozen);
    expect(q).not.toBe(made);
    expect(q.sql.text).toContain('q."id"');
    expect(rowJsonSql('Property', 'q', frozen)).toBe(q);
    const refused = Object.freeze({ include: Object.freeze({ _count: true }) });
    expect(() => rowJsonSql('Property', 'p', refused)).toThrow(UnsupportedQuery);
    expect(() => rowJsonSql('Property', 'p', refused)).toThrow(UnsupportedQuery);
  });

  it('refuses what it does not understand, so the caller reads through Prisma', () => {
    expect(() => rowJsonSql('Property', 'p', { include: { _count: true } })).toThrow(UnsupportedQuery);
    // A count of what is not a list of rows, or of some of them only.
    expect(() => rowJsonSql('Property', 'p', { include: { _count: { select: { agent: true } } } })).toThrow(UnsupportedQuery);
    expect(() =>
      rowJsonSql('Property', 'p', { include: { _count: { select: { favorites: { where: { userId: 'x' } } } } } }),
    ).toThrow(UnsupportedQuery);
    expect(() => rowJsonSql('Property', 'p', { include: { _count: { select: {} } } })).toThrow(UnsupportedQuery);
    expect(() => rowJsonSql('Property', 'p', { include: { photos: { where: { position: { gt: 1 } } } } })).toThrow(
      UnsupportedQuery,
    );
    expect(() => rowJsonSql('Property', 'p', { include: { photos: { cursor: { id: 'x' } } } } as never)).toThrow(
      UnsupportedQuery,
    );
    expect(() => rowJsonSql('Property', 'p', { select: { 'id"; DROP TABLE x; --': true } })).toThrow(UnsupportedQuery);
    // The last n needs an order to be the last of.
    expect(() => rowJsonSql('Property', 'p', { include: { photos: { take: -2 } } })).toThrow(UnsupportedQuery);
    expect(() => rowJsonSql('Property', 'p', { include: { photos: { orderBy: { position: 'asc' }, take: 0 } } })).toThrow(
      UnsupportedQuery,
    );
  });

  it(`counts matches up to ${COUNT_CAP.toLocaleString('en-US')} and says when there are more`, async () => {
    const { user } = await createAgent(db.prisma);
    const base = { ownerId: user.id, borough: 'BRONX' as const, neighborhood: 'Mott Haven', bedrooms: 1, bathrooms: 1 };
    const rows = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...base,
        slug: `capped-${from + i}`,
        title: `Capped ${from + i}`,
        address: `${from + i} Capped Street`,
        price: 2000,
        netEffectivePrice: 2000,
        propertyType: 'APARTMENT' as const,
        availableDate: new Date('2026-12-01'),
        leaseTerm: 'ONE_YEAR' as const,
      }));
    await db.prisma.property.createMany({ data: rows(COUNT_CAP, 0) });
    const COUNT = `query C($filter: PropertyFilter) { properties(filter: $filter, first: 1) { totalCount totalCountCapped } }`;
    const at = await query<{ properties: { totalCount: number; totalCountCapped: boolean } }>(db.prisma, COUNT, {
      filter: { borough: 'BRONX' },
    });
    expect(at.properties).toEqual({ totalCount: COUNT_CAP, totalCountCapped: false });
    await db.prisma.property.createMany({ data: rows(1, COUNT_CAP) });
    const past = await query<{ properties: { totalCount: number; totalCountCapped: boolean } }>(db.prisma, COUNT, {
      filter: { borough: 'BRONX' },
    });
    expect(past.properties).toEqual({ totalCount: COUNT_CAP, totalCountCapped: true });
  });
});

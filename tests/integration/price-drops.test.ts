import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setListingStatus, updateListing } from '../../server/modules/listings/listing-write.service.js';
import type { Viewer } from '../../server/core/viewer.js';
import { addPhotos, createAgent, createProperty, createReducedProperty, dayIn } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Issue 14 item 3: price drops and freshness. Dates are relative to now (the server applies the
// 14-day and 3-day windows at the time of the request) and set by the factories, never slept for.
const DAY = 24 * 3_600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

const PAGE = /* GraphQL */ `
  query Reduced($first: Int, $after: String, $sort: PropertySort) {
    properties(sort: $sort, first: $first, after: $after) {
      edges {
        node {
          id
          title
          isNew
          priceDrop {
            amount
            at
          }
          photos {
            url
          }
          agent {
            displayName
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
type Node = { id: string; title: string; isNew: boolean; priceDrop: { amount: number; at: string } | null };
type PageResult = { properties: { edges: Array<{ node: Node }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

describe.each(backends)('price drops and freshness on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: { userId: string; agentId: string };
  /** Every active listing, in the order 'Recently reduced' must give. */
  let expected: string[];
  const byKey: Record<string, string> = {};

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, { user: { firstName: 'Rae', lastName: 'Kim' } });
    owner = { userId: user.id, agentId: agent.id };
    const tieDrop = ago(5);
    const tieCreated = ago(30);
    const made: Array<{ key: string; id: string; droppedAt: Date | null; createdAt: Date }> = [];
    const reduced = async (
      key: string,
      oldPrice: number,
      price: number,
      droppedAt: Date,
      createdAt?: Date,
      status = 'ACTIVE',
    ) => {
      const p = await createReducedProperty(
        db.prisma,
        owner,
        { oldPrice, droppedAt },
        { title: key, price, status: status as 'ACTIVE', ...(createdAt ? { createdAt } : {}) },
      );
      byKey[key] = p.id;
      if (status === 'ACTIVE') made.push({ key, id: p.id, droppedAt, createdAt: p.createdAt });
    };
    const plain = async (key: string, createdAt: Date) => {
      const p = await createProperty(db.prisma, owner, { title: key, createdAt });
      byKey[key] = p.id;
      made.push({ key, id: p.id, droppedAt: null, createdAt });
    };
    await reduced('drop-1d', 3200, 3000, ago(1), ago(10));
    await reduced('drop-5d-a', 2800, 2600, tieDrop, ago(12));
    await reduced('drop-5d-b', 2900, 2600, tieDrop, ago(8));
    await reduced('drop-13.9d', 4000, 3750, ago(13.9), ago(40));
    await reduced('drop-14.1d', 4000, 3900, ago(14.1), ago(40));
    await reduced('drop-60d', 5000, 4500, ago(60), ago(90));
    await reduced('drop-inactive', 3000, 2500, ago(2), ago(20), 'INACTIVE');
    await plain('new-1d', ago(1));
    await plain('new-2.9d', ago(2.9));
    await plain('old-3.1d', ago(3.1));
    await plain('old-30d-a', tieCreated);
    await plain('old-30d-b', tieCreated);
    for (const m of made) await addPhotos(db.prisma, m.id, 1);
    const t = (d: Date | null) => d?.getTime() ?? -Infinity;
    expected = [...made]
      .sort(
        (a, b) =>
          t(b.droppedAt) - t(a.droppedAt) ||
          b.createdAt.getTime() - a.createdAt.getTime() ||
          (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .map((m) => m.key);
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const keyOf = (id: string) => Object.entries(byKey).find(([, v]) => v === id)?.[0];

  it('shows a drop for 14 days and New for 3 days, decided by the server', async () => {
    const data = await query<PageResult>(db.prisma, PAGE, { first: 50 });
    const nodes = new Map(data.properties.edges.map((e) => [e.node.title, e.node]));
    expect(nodes.get('drop-1d')?.priceDrop?.amount).toBe(200);
    expect(nodes.get('drop-5d-b')?.priceDrop?.amount).toBe(300);
    expect(nodes.get('drop-13.9d')?.priceDrop?.amount).toBe(250);
    expect(nodes.get('drop-14.1d')?.priceDrop).toBeNull();
    expect(nodes.get('drop-60d')?.priceDrop).toBeNull();
    expect(nodes.get('new-1d')?.priceDrop).toBeNull();
    expect(new Date(nodes.get('drop-1d')!.priceDrop!.at).getTime()).toBeGreaterThan(ago(1.01).getTime());
    expect(nodes.get('new-1d')?.isNew).toBe(true);
    expect(nodes.get('new-2.9d')?.isNew).toBe(true);
    expect(nodes.get('old-3.1d')?.isNew).toBe(false);
    expect(nodes.get('drop-1d')?.isNew).toBe(false);
    expect(nodes.has('drop-inactive')).toBe(false);
  });

  it("sorts 'Recently reduced': latest drop first, then no drop by newest, one statement a page", async () => {
    db.resetQueries();
    const data = await query<PageResult>(db.prisma, PAGE, { first: 50, sort: 'RECENTLY_REDUCED' });
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(data.properties.edges.map((e) => e.node.title)).toEqual(expected);
    expect(expected.slice(0, 6)).toEqual(['drop-1d', 'drop-5d-b', 'drop-5d-a', 'drop-13.9d', 'drop-14.1d', 'drop-60d']);
    expect(expected.slice(6, 9)).toEqual(['new-1d', 'new-2.9d', 'old-3.1d']);
  });

  it.each([1, 2, 3, 5])('pages through the sort %s at a time with no duplicates or gaps across the boundary', async (first) => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      db.resetQueries();
      const data: PageResult = await query<PageResult>(db.prisma, PAGE, { first, after, sort: 'RECENTLY_REDUCED' });
      expect(dataStatements(db.queries)).toHaveLength(1);
      seen.push(...data.properties.edges.map((e) => e.node.title));
      if (!data.properties.pageInfo.hasNextPage) break;
      after = data.properties.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor of another sort for this one', async () => {
    const newest = await query<PageResult>(db.prisma, PAGE, { first: 1 });
    await expect(
      query(db.prisma, PAGE, { first: 1, sort: 'RECENTLY_REDUCED', after: newest.properties.pageInfo.endCursor }),
    ).rejects.toThrow(/Invalid cursor/);
  });

  it('REST: sort=recently_reduced pages the same order; items carry price_drop and is_new', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    type Item = { title: string; price_drop: { amount: number; at: string } | null; is_new: boolean };
    const items: Item[] = [];
    for (let i = 0; i < 20; i++) {
      const qs: string = `sort=recently_reduced&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await fetch(`${app.url}/api/properties?${qs}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: Item[]; nextCursor: string | null };
      items.push(...body.items);
      seen.push(...body.items.map((it) => it.title));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    expect(seen).toEqual(expected);
    const drop = items.find((it) => it.title === 'drop-5d-b')!;
    expect(drop.price_drop?.amount).toBe(300);
    expect(Date.parse(drop.price_drop!.at)).toBeGreaterThan(0);
    expect(drop.is_new).toBe(false);
    expect(items.find((it) => it.title === 'drop-14.1d')!.price_drop).toBeNull();
    expect(items.find((it) => it.title === 'new-1d')!.is_new).toBe(true);
    const one = (await (await fetch(`${app.url}/api/properties/${byKey['drop-1d']}`)).json()) as {
      price_drop: unknown;
      is_new: boolean;
    };
    expect(one).toMatchObject({ price_drop: { amount: 200 }, is_new: false });
  });

  it('keeps the last-drop columns true through drops, rises, deactivation and reactivation', async () => {
    const p = await createProperty(db.prisma, owner, { title: 'writes', price: 3800, description: 'Bright.' });
    await addPhotos(db.prisma, p.id, 1);
    const photo = await db.prisma.propertyPhoto.findFirstOrThrow({ where: { propertyId: p.id } });
    await db.prisma.priceChange.create({ data: { propertyId: p.id, oldPrice: null, newPrice: 3800, changedAt: ago(20) } });
    const viewer: Viewer = { uid: owner.userId, email: null, role: 'AGENT' };
    const current = await db.prisma.property.findUniqueOrThrow({ where: { id: p.id } });
    const input = (price: number, title = 'writes') => ({
      title,
      description: current.description,
      address: current.address,
      borough: current.borough,
      neighborhood: current.neighborhood,
      location: { lat: 40.7081, lng: -73.9571 },
      propertyType: current.propertyType,
      listingType: current.listingType,
      bedrooms: 1,
      bathrooms: 1,
      price,
      availableDate: dayIn(10),
      leaseTerm: current.leaseTerm,
      brokerFeePayer: 'NO_FEE',
      petPolicy: 'NO_PETS',
      smokingPolicy: 'NO_SMOKING',
      parking: 'NO_PARKING',
      photos: [{ url: photo.url }],
    });
    const columns = async () => {
      const row = await db.prisma.property.findUniqueOrThrow({
        where: { id: p.id },
        select: { priceDroppedAt: true, priceDropAmount: true, priceChanges: { orderBy: { changedAt: 'desc' }, take: 1 } },
      });
      return { at: row.priceDroppedAt, amount: row.priceDropAmount, lastChange: row.priceChanges[0]! };
    };

    await updateListing(db.prisma, viewer, p.id, input(3500));
    let c = await columns();
    expect(c.amount).toBe(300);
    expect(c.at?.getTime()).toBe(c.lastChange.changedAt.getTime());
    expect(c.lastChange).toMatchObject({ oldPrice: 3800, newPrice: 3500 });

    // An edit that leaves the price alone keeps the drop.
    await updateListing(db.prisma, viewer, p.id, input(3500, 'writes, renamed'));
    expect((await columns()).amount).toBe(300);

    // A later rise clears it.
    await updateListing(db.prisma, viewer, p.id, input(3600));
    c = await columns();
    expect([c.at, c.amount]).toEqual([null, null]);

    await updateListing(db.prisma, viewer, p.id, input(3400));
    expect((await columns()).amount).toBe(200);

    // Deactivated: kept (and not searched); a price edited while inactive is not history yet.
    await setListingStatus(db.prisma, viewer, p.id, 'inactive');
    await updateListing(db.prisma, viewer, p.id, input(3000));
    c = await columns();
    expect(c.amount).toBe(200);
    expect(c.lastChange.newPrice).toBe(3400);

    // Reactivated at a lower price: the drop from the last live price, at the reactivation.
    await setListingStatus(db.prisma, viewer, p.id, 'active');
    c = await columns();
    expect(c.amount).toBe(400);
    expect(c.lastChange).toMatchObject({ oldPrice: 3400, newPrice: 3000 });
    expect(c.at?.getTime()).toBe(c.lastChange.changedAt.getTime());
    const shown = await query<{ property: { priceDrop: { amount: number } | null } }>(
      db.prisma,
      '{ property(id: "' + p.id + '") { priceDrop { amount } } }',
    );
    expect(shown.property.priceDrop?.amount).toBe(400);

    // Deactivated, then reactivated at a higher price: cleared.
    await setListingStatus(db.prisma, viewer, p.id, 'inactive');
    await updateListing(db.prisma, viewer, p.id, input(3300));
    await setListingStatus(db.prisma, viewer, p.id, 'active');
    c = await columns();
    expect([c.at, c.amount]).toEqual([null, null]);
    expect(keyOf(p.id)).toBeUndefined();
  });
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { addPhotos, createAgent, createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

const CARDS = /* GraphQL */ `
  query Cards($filter: PropertyFilter, $first: Int) {
    properties(filter: $filter, first: $first) {
      edges {
        node {
          id
          title
          isSaved
          photos {
            url
          }
          agent {
            displayName
            rating
          }
        }
      }
    }
  }
`;

const SAVE = /* GraphQL */ `
  mutation Save($id: ID!) {
    saveProperty(id: $id) {
      id
      isSaved
    }
  }
`;
const UNSAVE = /* GraphQL */ `
  mutation Unsave($id: ID!) {
    unsaveProperty(id: $id) {
      id
      isSaved
    }
  }
`;
const SAVED = /* GraphQL */ `
  query Saved($first: Int, $after: String) {
    savedProperties(first: $first, after: $after) {
      totalCount
      edges {
        cursor
        savedAt
        node {
          id
          title
          isSaved
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

type Cards = { properties: { edges: Array<{ node: { id: string; title: string; isSaved: boolean } }> } };
type Saved = {
  savedProperties: {
    totalCount: number;
    edges: Array<{ cursor: string; savedAt: string; node: { id: string; title: string; isSaved: boolean } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

describe.each(backends)('saved listings on %s', (backend) => {
  let db: TestDatabase;
  let renter: Viewer;
  let other: Viewer;
  const ids: string[] = [];
  let draftId: string;
  let inactiveId: string;
  let ownDraftId: string;
  let slug: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, { user: { firstName: 'Lee', lastName: 'Chen' } });
    const base = Date.parse('2026-08-01T12:00:00Z');
    for (let i = 0; i < 5; i++) {
      const p = await createProperty(
        db.prisma,
        { userId: user.id, agentId: agent.id },
        { title: `Listing ${i}`, createdAt: new Date(base + i * 60_000) },
      );
      await addPhotos(db.prisma, p.id, 2);
      ids.push(p.id);
      if (i === 0) slug = p.slug;
    }
    draftId = (await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Agent draft', status: 'DRAFT' }))
      .id;
    inactiveId = (
      await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Rented', status: 'INACTIVE' })
    ).id;
    const r = await createUser(db.prisma, { firstName: 'Rita' });
    renter = { uid: r.id, email: r.email, role: 'RENTER' };
    ownDraftId = (await createProperty(db.prisma, { userId: r.id }, { title: 'My own draft', status: 'DRAFT' })).id;
    const o = await createUser(db.prisma);
    other = { uid: o.id, email: o.email, role: 'RENTER' };
  });
  afterAll(() => db?.close());

  it('requires sign-in and a completed account to save', async () => {
    const anon = await execute(db.prisma, SAVE, { id: ids[0] });
    expect(anon.errors?.[0]?.message).toMatch(/sign in/i);
    const ghost = await execute(db.prisma, SAVE, { id: ids[0] }, { uid: 'no-such-user', email: null, role: null });
    expect(ghost.errors?.[0]?.message).toMatch(/Finish creating your account/);
    const list = await execute(db.prisma, SAVED, {});
    expect(list.errors?.[0]?.message).toMatch(/sign in/i);
  });

  it('saves and unsaves idempotently, answering the listing for the cache', async () => {
    expect(
      (await query<{ saveProperty: { id: string; isSaved: boolean } }>(db.prisma, SAVE, { id: ids[1] }, renter)).saveProperty,
    ).toEqual({ id: ids[1], isSaved: true });
    expect(
      (await query<{ saveProperty: { isSaved: boolean } }>(db.prisma, SAVE, { id: ids[1] }, renter)).saveProperty.isSaved,
    ).toBe(true);
    expect(await db.prisma.favorite.count({ where: { userId: renter.uid } })).toBe(1);
    expect(
      (await query<{ unsaveProperty: { id: string; isSaved: boolean } }>(db.prisma, UNSAVE, { id: ids[1] }, renter))
        .unsaveProperty,
    ).toEqual({ id: ids[1], isSaved: false });
    expect(
      (await query<{ unsaveProperty: { isSaved: boolean } }>(db.prisma, UNSAVE, { id: ids[1] }, renter)).unsaveProperty.isSaved,
    ).toBe(false);
    expect(await db.prisma.favorite.count({ where: { userId: renter.uid } })).toBe(0);
  });

  it('keeps the rent of the moment a listing was saved, for the change since (issue 26 item 5)', async () => {
    const saver = await createUser(db.prisma, { firstName: 'Sol' });
    const viewer: Viewer = { uid: saver.id, email: saver.email, role: 'RENTER' };
    // The saver's own draft (visible to them, and to no search of the other tests).
    const listing = await createProperty(
      db.prisma,
      { userId: saver.id },
      { title: 'Watched flat', price: 3200, status: 'DRAFT' },
    );
    await query(db.prisma, SAVE, { id: listing.id }, viewer);
    // Saving again changes nothing, the first rent included.
    await db.prisma.property.update({ where: { id: listing.id }, data: { price: 3000, netEffectivePrice: 3000 } });
    await query(db.prisma, SAVE, { id: listing.id }, viewer);
    const { savedProperties } = await query<{
      savedProperties: { edges: Array<{ priceAtSave: number | null; node: { id: string; price: number } }> };
    }>(db.prisma, '{ savedProperties(first: 5) { edges { priceAtSave node { id price } } } }', {}, viewer);
    expect(savedProperties.edges).toEqual([{ priceAtSave: 3200, node: { id: listing.id, price: 3000 } }]);
  });

  it("gives rows saved before the column the rent of that moment, from the price history (the migration's backfill)", async () => {
    const saver = await createUser(db.prisma, { firstName: 'Bea' });
    const changed = await createProperty(db.prisma, { userId: saver.id }, { price: 2600, status: 'DRAFT' });
    const unchanged = await createProperty(db.prisma, { userId: saver.id }, { price: 2700, status: 'DRAFT' });
    const savedAt = new Date('2026-10-01T12:00:00Z');
    for (const p of [changed, unchanged]) {
      await db.prisma.favorite.create({ data: { userId: saver.id, propertyId: p.id, createdAt: savedAt, priceAtSave: null } });
    }
    // Before the save: 2,900 → 2,800; after it: 2,800 → 2,600.
    await db.prisma.priceChange.createMany({
      data: [
        { propertyId: changed.id, oldPrice: 2900, newPrice: 2800, changedAt: new Date('2026-09-20T00:00:00Z') },
        { propertyId: changed.id, oldPrice: 2800, newPrice: 2600, changedAt: new Date('2026-10-10T00:00:00Z') },
      ],
    });
    const sql = readFileSync(
      new URL('../../prisma/migrations/20261126180000_issue26_saved_price/migration.sql', import.meta.url),
      'utf8',
    );
    const backfill = sql.slice(sql.indexOf('UPDATE'));
    await db.prisma.$executeRawUnsafe(backfill);
    const rows = await db.prisma.favorite.findMany({
      where: { userId: saver.id },
      select: { propertyId: true, priceAtSave: true },
    });
    expect(Object.fromEntries(rows.map((r) => [r.propertyId, r.priceAtSave]))).toEqual({
      [changed.id]: 2800,
      [unchanged.id]: 2700,
    });
  });

  it('saves by slug, and only listings the viewer can see', async () => {
    expect((await query<{ saveProperty: { id: string } }>(db.prisma, SAVE, { id: slug }, renter)).saveProperty.id).toBe(ids[0]);
    await query(db.prisma, UNSAVE, { id: slug }, renter);
    const draft = await execute(db.prisma, SAVE, { id: draftId }, renter);
    expect(draft.errors?.[0]?.message).toBe('That listing does not exist.');
    const unknown = await execute(db.prisma, SAVE, { id: '00000000-0000-4000-8000-000000000000' }, renter);
    expect(unknown.errors?.[0]?.message).toBe('That listing does not exist.');
    expect(
      (await query<{ saveProperty: { isSaved: boolean } }>(db.prisma, SAVE, { id: ownDraftId }, renter)).saveProperty.isSaved,
    ).toBe(true);
    await query(db.prisma, UNSAVE, { id: ownDraftId }, renter);
    const unsaveDraft = await execute(db.prisma, UNSAVE, { id: draftId }, renter);
    expect(unsaveDraft.errors?.[0]?.message).toBe('That listing does not exist.');
  });

  it('shows isSaved per viewer on a page of cards in the same one statement, signed in and signed out', async () => {
    await query(db.prisma, SAVE, { id: ids[2] }, renter);
    await query(db.prisma, SAVE, { id: ids[4] }, renter);
    await query(db.prisma, SAVE, { id: ids[3] }, other);

    db.resetQueries();
    const mine = await query<Cards>(db.prisma, CARDS, { first: 5 }, renter);
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(
      mine.properties.edges
        .filter((e) => e.node.isSaved)
        .map((e) => e.node.id)
        .sort(),
    ).toEqual([ids[2], ids[4]].sort());

    db.resetQueries();
    const anon = await query<Cards>(db.prisma, CARDS, { first: 5 });
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(anon.properties.edges.some((e) => e.node.isSaved)).toBe(false);
    expect(dataStatements(db.queries).join('\n')).not.toMatch(/Favorite/);

    db.resetQueries();
    const theirs = await query<Cards>(db.prisma, CARDS, { first: 5 }, other);
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(theirs.properties.edges.filter((e) => e.node.isSaved).map((e) => e.node.id)).toEqual([ids[3]]);

    db.resetQueries();
    const withText = await query<Cards>(db.prisma, CARDS, { filter: { search: 'listing' }, first: 5 }, renter);
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(withText.properties.edges.filter((e) => e.node.isSaved)).toHaveLength(2);
  });

  it('lists saved listings newest saved first, with cursors, in one statement per page', async () => {
    await db.prisma.favorite.deleteMany({ where: { userId: renter.uid } });
    const savedAt = Date.parse('2026-09-01T00:00:00Z');
    // Saved in the order 3, 0, 4, 1 (the last saved first in the list).
    for (const [i, index] of [3, 0, 4, 1].entries()) {
      await db.prisma.favorite.create({
        data: { userId: renter.uid, propertyId: ids[index]!, createdAt: new Date(savedAt + i * 1000) },
      });
    }
    // A saved listing that was deactivated since drops out of the list.
    await db.prisma.favorite.create({
      data: { userId: renter.uid, propertyId: inactiveId, createdAt: new Date(savedAt + 10_000) },
    });

    db.resetQueries();
    const first = (await query<Saved>(db.prisma, SAVED, { first: 3 }, renter)).savedProperties;
    expect(dataStatements(db.queries)).toHaveLength(2); // the page, and the total
    expect(first.totalCount).toBe(4);
    expect(first.edges.map((e) => e.node.id)).toEqual([ids[1], ids[4], ids[0]]);
    expect(first.edges.every((e) => e.node.isSaved)).toBe(true);
    expect(first.edges[0]?.savedAt).toBe(new Date(savedAt + 3000).toISOString());
    expect(first.pageInfo.hasNextPage).toBe(true);

    const second = (await query<Saved>(db.prisma, SAVED, { first: 3, after: first.pageInfo.endCursor }, renter)).savedProperties;
    expect(second.edges.map((e) => e.node.id)).toEqual([ids[3]]);
    expect(second.pageInfo.hasNextPage).toBe(false);

    // The deactivated listing can still be unsaved by the one who saved it, once.
    expect(
      (await query<{ unsaveProperty: { id: string } }>(db.prisma, UNSAVE, { id: inactiveId }, renter)).unsaveProperty.id,
    ).toBe(inactiveId);
    expect((await execute(db.prisma, UNSAVE, { id: inactiveId }, renter)).errors?.[0]?.message).toBe(
      'That listing does not exist.',
    );

    const bad = await execute(db.prisma, SAVED, { after: 'forged' }, renter);
    expect(bad.errors?.[0]?.message).toMatch(/Invalid cursor/);
    const empty = (await query<Saved>(db.prisma, SAVED, {}, other)).savedProperties;
    expect(empty.totalCount).toBe(1);
  });
});

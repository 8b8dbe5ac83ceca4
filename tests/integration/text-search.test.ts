import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPhotos, createAgent, createProperty } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

const IDS = /* GraphQL */ `
  query Ids($filter: PropertyFilter, $sort: PropertySort, $first: Int, $after: String) {
    properties(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount
      edges {
        node {
          title
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

const CARDS = /* GraphQL */ `
  query Cards($filter: PropertyFilter, $first: Int) {
    properties(filter: $filter, first: $first) {
      edges {
        node {
          id
          title
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

type Page = {
  properties: {
    totalCount: number;
    edges: Array<{ node: { title: string } }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

/** SQL statements that read or write data (not transaction control or settings). */
const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

describe.each(backends)('typo-tolerant text search on %s', (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, { user: { firstName: 'Ana', lastName: 'Reyes' } });
    const owner = { userId: user.id, agentId: agent.id };
    const base = Date.parse('2026-09-01T12:00:00Z');
    const rows = [
      {
        title: 'Industrial Loft with Skyline Views',
        address: '88 Bedford Avenue',
        neighborhood: 'Williamsburg',
        borough: 'BROOKLYN',
        price: 4200,
        bedrooms: 2,
        petPolicy: 'PETS_ALLOWED',
        petTypesAllowed: ['CATS'],
      },
      {
        title: 'Bright 1BR by McCarren Park',
        address: '150 North 12th Street',
        neighborhood: 'Williamsburg',
        borough: 'BROOKLYN',
        price: 3100,
        bedrooms: 1,
        petPolicy: 'NO_PETS',
        petTypesAllowed: [],
      },
      {
        title: 'Quiet Studio off Metropolitan',
        address: '402 Metropolitan Avenue',
        neighborhood: 'Williamsburg',
        borough: 'BROOKLYN',
        price: 2500,
        bedrooms: 0,
        petPolicy: 'NO_PETS',
        petTypesAllowed: [],
      },
      {
        title: 'Garden Duplex near Prospect Park',
        address: '301 7th Avenue',
        neighborhood: 'Park Slope',
        borough: 'BROOKLYN',
        price: 5200,
        bedrooms: 3,
        petPolicy: 'PETS_ALLOWED',
        petTypesAllowed: ['DOGS'],
      },
      {
        title: 'Classic 2BR on Riverside',
        address: '140 Riverside Drive',
        neighborhood: 'Upper West Side',
        borough: 'MANHATTAN',
        price: 4600,
        bedrooms: 2,
        petPolicy: 'NO_PETS',
        petTypesAllowed: [],
      },
      {
        title: '100% No-Fee Corner_Unit',
        address: '12 Ditmars Boulevard',
        neighborhood: 'Astoria',
        borough: 'QUEENS',
        price: 2400,
        bedrooms: 1,
        petPolicy: 'NO_PETS',
        petTypesAllowed: [],
      },
      {
        title: 'Brownstone Floor-through',
        address: '12 Bradford Street',
        neighborhood: 'Bay Ridge',
        borough: 'BROOKLYN',
        price: 3300,
        bedrooms: 2,
        petPolicy: 'NO_PETS',
        petTypesAllowed: [],
      },
    ] as const;
    let i = 0;
    for (const row of rows) {
      const p = await createProperty(db.prisma, owner, {
        ...row,
        petTypesAllowed: [...row.petTypesAllowed],
        createdAt: new Date(base + i++ * 3_600_000),
      });
      await addPhotos(db.prisma, p.id, 2);
    }
    await createProperty(db.prisma, owner, {
      title: 'Draft in Williamsburg',
      address: '1 Bedford Avenue',
      neighborhood: 'Williamsburg',
      status: 'DRAFT',
    });
  });
  afterAll(() => db?.close());

  const search = async (filter: Record<string, unknown>, sort = 'NEWEST', first = 20) =>
    (await query<Page>(db.prisma, IDS, { filter, sort, first })).properties;
  const titles = (r: Page['properties']) => r.edges.map((e) => e.node.title).sort();

  it('tolerates typos in addresses, titles and neighborhoods', async () => {
    expect(titles(await search({ search: 'Bedfrod Ave' }))).toEqual(['Industrial Loft with Skyline Views']);
    expect(titles(await search({ search: 'wiliamsburg' }))).toEqual([
      'Bright 1BR by McCarren Park',
      'Industrial Loft with Skyline Views',
      'Quiet Studio off Metropolitan',
    ]);
    expect(titles(await search({ search: 'skylne' }))).toEqual(['Industrial Loft with Skyline Views']);
    expect(titles(await search({ search: 'riversde drive' }))).toEqual(['Classic 2BR on Riverside']);
  });

  it('still matches exact substrings without regard to case, and needs every word', async () => {
    expect(titles(await search({ search: 'METROPOLITAN' }))).toEqual(['Quiet Studio off Metropolitan']);
    expect(titles(await search({ search: 'park' }))).toEqual(['Bright 1BR by McCarren Park', 'Garden Duplex near Prospect Park']);
    expect(titles(await search({ search: 'park slope' }))).toEqual(['Garden Duplex near Prospect Park']);
    expect(titles(await search({ search: '88' }))).toEqual(['Industrial Loft with Skyline Views']);
    expect((await search({ search: 'zzzz qqqq' })).totalCount).toBe(0);
  });

  it('corrects only words that occur nowhere: a correctly spelled word does not bring look-alikes', async () => {
    // 'Bradford' is a near spelling of 'bedford' (word similarity 0.625), but 'bedford' occurs.
    expect(titles(await search({ search: 'bedford' }))).toEqual(['Industrial Loft with Skyline Views']);
    expect(titles(await search({ search: 'bradford' }))).toEqual(['Brownstone Floor-through']);
    expect(titles(await search({ search: 'bradfrod st' }))).toEqual(['Brownstone Floor-through']);
  });

  it('searches words, so punctuation and LIKE wildcards mean nothing special', async () => {
    expect(titles(await search({ search: '100%' }))).toEqual(['100% No-Fee Corner_Unit']);
    expect(titles(await search({ search: 'no-fee' }))).toEqual(['100% No-Fee Corner_Unit']);
    expect((await search({ search: '%_%' })).totalCount).toBe(7);
  });

  it('combines text with every other filter and never shows drafts', async () => {
    expect(titles(await search({ search: 'williamsburg', minPrice: 3000 }))).toEqual([
      'Bright 1BR by McCarren Park',
      'Industrial Loft with Skyline Views',
    ]);
    expect(titles(await search({ search: 'williamsburg', maxPrice: 3000 }))).toEqual(['Quiet Studio off Metropolitan']);
    expect(titles(await search({ search: 'williamsburg', minBeds: 0 }))).toEqual(['Quiet Studio off Metropolitan']);
    expect(titles(await search({ search: 'williamsburg', minBeds: 2 }))).toEqual(['Industrial Loft with Skyline Views']);
    expect(titles(await search({ search: 'avenue', borough: 'BROOKLYN', neighborhood: 'Park Slope' }))).toEqual([
      'Garden Duplex near Prospect Park',
    ]);
    expect(titles(await search({ search: 'avenue', pets: 'CATS' }))).toEqual(['Industrial Loft with Skyline Views']);
    expect(titles(await search({ search: 'avenue', pets: 'DOGS' }))).toEqual(['Garden Duplex near Prospect Park']);
    expect(titles(await search({ search: 'avenue', pets: 'NONE' }))).toEqual(['Quiet Studio off Metropolitan']);
    expect(titles(await search({ search: 'avenue', propertyType: 'APARTMENT', pets: 'ALLOWED' }))).toEqual([
      'Garden Duplex near Prospect Park',
      'Industrial Loft with Skyline Views',
    ]);
    expect(titles(await search({ search: 'bedford' }))).not.toContain('Draft in Williamsburg');
    const box = { north: 40.72, south: 40.7, east: -73.95, west: -73.96 };
    expect((await search({ search: 'williamsburg', bounds: box })).totalCount).toBe(3);
    expect((await search({ search: 'williamsburg', bounds: { ...box, north: 40.705 } })).totalCount).toBe(0);
  });

  it('counts the total of a text search', async () => {
    expect((await search({ search: 'avenue' })).totalCount).toBe(3);
  });

  it.each(['NEWEST', 'OLDEST', 'PRICE_LOW', 'PRICE_HIGH', 'POPULAR'])(
    'pages a text search with keyset cursors (%s)',
    async (sort) => {
      const all = (await search({ search: 'avenue' }, sort)).edges.map((e) => e.node.title);
      expect(all).toHaveLength(3);
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 10; i++) {
        const r: Page['properties'] = (await query<Page>(db.prisma, IDS, { filter: { search: 'avenue' }, sort, first: 1, after }))
          .properties;
        seen.push(...r.edges.map((e) => e.node.title));
        if (!r.pageInfo.hasNextPage) break;
        after = r.pageInfo.endCursor;
      }
      expect(seen).toEqual(all);
    },
  );

  it('refuses a cursor of another sort', async () => {
    const r = await search({ search: 'avenue' }, 'PRICE_LOW', 1);
    const bad = await execute(db.prisma, IDS, {
      filter: { search: 'avenue' },
      sort: 'NEWEST',
      first: 1,
      after: r.pageInfo.endCursor,
    });
    expect(bad.errors?.[0]?.message).toMatch(/Invalid cursor/);
  });

  it('answers a page of cards in one SQL statement, with text or without, and when no listing matches', async () => {
    db.resetQueries();
    const withText = await query<{
      properties: { edges: Array<{ node: { photos: unknown[]; agent: { displayName: string } } }> };
    }>(db.prisma, CARDS, { filter: { search: 'wiliamsburg' }, first: 2 });
    expect(withText.properties.edges).toHaveLength(2);
    expect(withText.properties.edges[0]?.node.photos).toHaveLength(2);
    expect(withText.properties.edges[0]?.node.agent.displayName).toBe('Ana Reyes');
    expect(dataStatements(db.queries)).toHaveLength(1);
    // No transaction and no SET LOCAL: the similarity threshold is a setting of every connection.
    expect(db.queries.filter((q) => /^(BEGIN|SET)/i.test(q.trim()))).toEqual([]);

    db.resetQueries();
    await query(db.prisma, CARDS, { filter: { search: 'nothing-like-this' }, first: 2 });
    expect(dataStatements(db.queries)).toHaveLength(1);

    db.resetQueries();
    await query(db.prisma, CARDS, { filter: { search: '   ' }, first: 2 });
    expect(dataStatements(db.queries)).toHaveLength(1);
  });

  it('uses the trigram indexes for the text match', async () => {
    if (backend !== 'postgres') return;
    // Few rows: make the planner show whether an index can serve the operators at all.
    const plan = await db.prisma.$transaction([
      db.prisma.$executeRawUnsafe('SET LOCAL enable_seqscan = off'),
      db.prisma.$queryRawUnsafe<Array<{ 'QUERY PLAN': string }>>(
        `EXPLAIN SELECT id FROM "Property" WHERE 'bedfrod' <% address OR address ILIKE '%bedfrod%'`,
      ),
    ]);
    expect(plan[1].map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Property_address_trgm_idx/);
  });
});

describe.each(backends)('keyset cursors across equal sort values on %s', (backend) => {
  let db: TestDatabase;
  const created = new Date('2026-10-10T10:10:10.123Z');

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    for (let i = 0; i < 7; i++) {
      await createProperty(
        db.prisma,
        { userId: user.id, agentId: agent.id },
        { title: `Twin ${i} on Bedford`, price: 3000, views: 5, createdAt: created },
      );
    }
  });
  afterAll(() => db?.close());

  it.each([
    ['NEWEST', undefined],
    ['PRICE_LOW', undefined],
    ['POPULAR', undefined],
    ['NEWEST', 'bedfrod'],
    ['PRICE_HIGH', 'twin'],
  ])('pages %s (text: %s) through ties, each listing once', async (sort, text) => {
    const filter = text ? { search: text } : {};
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const r: Page['properties'] = (await query<Page>(db.prisma, IDS, { filter, sort, first: 2, after })).properties;
      seen.push(...r.edges.map((e) => e.node.title));
      if (!r.pageInfo.hasNextPage) break;
      after = r.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});

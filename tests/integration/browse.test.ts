import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { IP_VIEW_CEILING, pruneListingViews, recordListingView } from '../../server/modules/listings/listing-views.js';
import { addPhotos, createAgent, createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

const VIEW = /* GraphQL */ `
  mutation View($id: ID!) {
    recordPropertyView(id: $id) {
      id
      views
      inquiriesCount
    }
  }
`;

describe.each(backends)('listing views on %s', (backend) => {
  let db: TestDatabase;
  let active: { id: string; slug: string };
  let draftId: string;
  let owner: Viewer;
  let agentViewer: Viewer;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    agentViewer = { uid: user.id, email: user.email, role: 'AGENT' };
    const o = await createUser(db.prisma);
    owner = { uid: o.id, email: o.email, role: 'RENTER' };
    active = await createProperty(db.prisma, { userId: o.id, agentId: agent.id }, { views: 10, inquiriesCount: 3 });
    draftId = (await createProperty(db.prisma, { userId: o.id, agentId: agent.id }, { status: 'DRAFT' })).id;
  });
  afterAll(() => db?.close());

  const views = async () => (await db.prisma.property.findUniqueOrThrow({ where: { id: active.id } })).views;

  const anonymous = (ip: string, cookieId: string | null = null) => ({ viewerUid: null, cookieId, ip });

  it('counts a visit as one view, leaving inquiries alone; by id or slug', async () => {
    const r = await query<{ recordPropertyView: { id: string; views: number; inquiriesCount: number } }>(db.prisma, VIEW, {
      id: active.id,
    });
    // The numbers are the listing's managers' (listing-numbers.test.ts): the visitor reads null.
    expect(r.recordPropertyView).toEqual({ id: active.id, views: null, inquiriesCount: null });
    expect(await views()).toBe(11);
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: active.id } })).inquiriesCount).toBe(3);
    expect(await recordListingView(db.prisma, active.slug, anonymous('10.1.0.1'))).toEqual({ id: active.id, counted: true });
    expect(await views()).toBe(12);
  });

  it('counts a signed-in viewer once per listing within 30 minutes, then again after', async () => {
    const before = await views();
    const account = await createUser(db.prisma);
    const viewer: Viewer = { uid: account.id, email: account.email, role: 'RENTER' };
    await query(db.prisma, VIEW, { id: active.id }, viewer);
    await query(db.prisma, VIEW, { id: active.id }, viewer);
    await query(db.prisma, VIEW, { id: active.slug }, viewer);
    expect(await views()).toBe(before + 1);
    // 29 minutes later: still the same visit; 31 minutes later: a new one.
    const age = async (minutes: number) =>
      db.prisma
        .$executeRaw`UPDATE "ListingView" SET "countedAt" = now() - make_interval(mins => ${minutes}::int) WHERE "visitor" = ${`u:${viewer.uid}`}`;
    await age(29);
    await query(db.prisma, VIEW, { id: active.id }, viewer);
    expect(await views()).toBe(before + 1);
    await age(31);
    await query(db.prisma, VIEW, { id: active.id }, viewer);
    expect(await views()).toBe(before + 2);
  });

  it('counts an anonymous visitor once by their cookie, else by their address', async () => {
    const before = await views();
    for (let i = 0; i < 5; i++)
      await recordListingView(db.prisma, active.id, anonymous('10.2.0.1', '11111111-1111-4111-8111-111111111111'));
    expect(await views()).toBe(before + 1);
    for (let i = 0; i < 5; i++) await recordListingView(db.prisma, active.id, anonymous('10.2.0.2'));
    expect(await views()).toBe(before + 2);
  });

  it(`holds one address to ${IP_VIEW_CEILING} anonymous views per listing, however many cookies it throws away`, async () => {
    const before = await views();
    for (let i = 0; i < IP_VIEW_CEILING + 10; i++) {
      await recordListingView(
        db.prisma,
        active.id,
        anonymous('10.3.0.1', `22222222-2222-4222-8222-${String(i).padStart(12, '0')}`),
      );
    }
    expect(await views()).toBe(before + IP_VIEW_CEILING);
    // Another address is not held by the first one's ceiling.
    expect((await recordListingView(db.prisma, active.id, anonymous('10.3.0.2')))?.counted).toBe(true);
  });

  it('does not count the owner or the agent', async () => {
    const before = await views();
    await query(db.prisma, VIEW, { id: active.id }, owner);
    await query(db.prisma, VIEW, { id: active.id }, agentViewer);
    expect(await views()).toBe(before);
  });

  it('answers null for drafts and unknown listings, counting nothing', async () => {
    expect((await query<{ recordPropertyView: null }>(db.prisma, VIEW, { id: draftId }, owner)).recordPropertyView).toBeNull();
    expect(
      (await query<{ recordPropertyView: null }>(db.prisma, VIEW, { id: '00000000-0000-4000-8000-000000000000' }))
        .recordPropertyView,
    ).toBeNull();
    expect((await query<{ recordPropertyView: null }>(db.prisma, VIEW, { id: 'no-such-slug' })).recordPropertyView).toBeNull();
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: draftId } })).views).toBe(0);
  });

  it('counts an identity whose sign-up is unfinished as its address: 30 of them from one address add at most 1 view', async () => {
    const before = await views();
    // Signed-in identities with no account here (no User row: sign-up never completed).
    for (let i = 0; i < 30; i++)
      await recordListingView(db.prisma, active.id, { viewerUid: `unfinished-${backend}-${i}`, cookieId: null, ip: '10.6.0.1' });
    expect(await views()).toBe(before + 1);
    // That address's cookie-less anonymous visit is the same visitor: still one.
    await recordListingView(db.prisma, active.id, anonymous('10.6.0.1'));
    expect(await views()).toBe(before + 1);
    // An unfinished identity elsewhere is its own address's one view.
    expect(
      (await recordListingView(db.prisma, active.id, { viewerUid: `unfinished-${backend}-x`, cookieId: null, ip: '10.6.0.9' }))
        ?.counted,
    ).toBe(true);
    expect(await views()).toBe(before + 2);
    // Finished accounts from that same address count once each.
    const finished = await Promise.all([createUser(db.prisma), createUser(db.prisma), createUser(db.prisma)]);
    for (const round of [1, 2])
      for (const u of finished) {
        const r = await recordListingView(db.prisma, active.id, { viewerUid: u.id, cookieId: null, ip: '10.6.0.9' });
        expect(r?.counted).toBe(round === 1);
      }
    expect(await views()).toBe(before + 5);
  });

  it('adds exactly one per visitor under concurrency (one statement claims and counts)', async () => {
    const before = await views();
    const accounts = await Promise.all(Array.from({ length: 10 }, () => createUser(db.prisma)));
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordListingView(db.prisma, active.id, { viewerUid: accounts[i % 10]!.id, cookieId: null, ip: '10.4.0.1' }),
      ),
    );
    expect(await views()).toBe(before + 10);
  });

  it('records a view in two statements and forgets visits older than the window', async () => {
    db.resetQueries();
    await recordListingView(db.prisma, active.id, anonymous('10.5.0.1'));
    expect(dataStatements(db.queries)).toHaveLength(2);
    await db.prisma.$executeRaw`UPDATE "ListingView" SET "countedAt" = now() - interval '31 minutes' WHERE "ip" = '10.5.0.1'`;
    expect(await pruneListingViews(db.prisma)).toBe(1);
    expect(await db.prisma.listingView.count({ where: { ip: '10.5.0.1' } })).toBe(0);
  });
});

describe.each(backends)('agent profile on %s', (backend) => {
  let db: TestDatabase;
  let agentId: string;
  let reviewIds: string[];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, {
      user: { firstName: 'Dana', lastName: 'Wu', phone: '+12125550100' },
      agent: { rating: 4.5, reviewCount: 22, license: 'NY-10401', specialties: ['Rentals', 'Lofts'] },
    });
    agentId = agent.id;
    const owner = { userId: user.id, agentId: agent.id };
    const listing = await createProperty(db.prisma, owner, { title: 'Corner 2BR in Astoria' });
    await addPhotos(db.prisma, listing.id, 2);
    await createProperty(db.prisma, owner, { title: 'Second active' });
    await createProperty(db.prisma, owner, { title: 'Hidden draft', status: 'DRAFT' });
    await createProperty(db.prisma, owner, { title: 'Rented out', status: 'INACTIVE' });
    const author = await createUser(db.prisma, {
      firstName: 'Omar',
      lastName: 'Haddad',
      photoUrl: '/media/avatars/omar.jpg',
      phone: '+12125550199',
    });
    const base = Date.parse('2026-01-01T00:00:00Z');
    reviewIds = [];
    for (let i = 0; i < 22; i++) {
      // One review per renter and agent (issue 58 item 10): each by an Omar of their own.
      const by =
        i === 0
          ? author
          : await createUser(db.prisma, { firstName: 'Omar', lastName: 'Haddad', photoUrl: '/media/avatars/omar.jpg' });
      const r = await db.prisma.review.create({
        data: {
          agentId: agent.id,
          authorId: by.id,
          propertyId: i === 21 ? listing.id : null,
          score: (i % 5) + 1,
          communication: i === 21 ? 5 : null,
          comment: `Review number ${i}`,
          createdAt: new Date(base + i * 86_400_000),
        },
      });
      reviewIds.push(r.id);
    }
  });
  afterAll(() => db?.close());

  const PROFILE = /* GraphQL */ `
    query Agent($id: ID!, $reviews: Int) {
      agent(id: $id) {
        id
        displayName
        firstName
        lastName
        email
        phone
        photoUrl
        isNew
        bio
        specialties
        yearsExperience
        propertiesSold
        rating
        reviewCount
        license
        agency
        activeListingsCount
        reviews(first: $reviews) {
          id
          score
          communication
          reliability
          cleanliness
          accuracy
          comment
          createdAt
          listingTitle
          author {
            firstName
            lastName
            photoUrl
          }
        }
        listings(first: 12) {
          totalCount
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
              }
            }
          }
        }
      }
    }
  `;

  type Profile = {
    agent: {
      activeListingsCount: number;
      reviewCount: number;
      specialties: string[];
      reviews: Array<{
        id: string;
        score: number;
        communication: number | null;
        comment: string;
        listingTitle: string | null;
        author: Record<string, unknown>;
      }>;
      listings: { totalCount: number; edges: Array<{ node: { title: string } }> };
    };
  };

  it('reads the whole profile page in one SQL statement', async () => {
    db.resetQueries();
    const data = await query<Profile>(db.prisma, PROFILE, { id: agentId });
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(data.agent.activeListingsCount).toBe(2);
    expect(data.agent.listings.totalCount).toBe(2);
    expect(data.agent.listings.edges.map((e) => e.node.title).sort()).toEqual(['Corner 2BR in Astoria', 'Second active']);
    expect(data.agent.reviewCount).toBe(22);
    expect(data.agent.specialties).toEqual(['Rentals', 'Lofts']);
  });

  it('shows the 5 newest reviews by default, with author name and photo only, and the listing title', async () => {
    const data = await query<Profile>(db.prisma, PROFILE, { id: agentId });
    expect(data.agent.reviews.map((r) => r.id)).toEqual(reviewIds.slice(-5).reverse());
    const [newest] = data.agent.reviews;
    expect(newest).toMatchObject({
      score: 2,
      communication: 5,
      comment: 'Review number 21',
      listingTitle: 'Corner 2BR in Astoria',
    });
    expect(newest?.author).toEqual({ firstName: 'Omar', lastName: 'Haddad', photoUrl: '/media/avatars/omar.jpg' });
    expect(data.agent.reviews[1]?.listingTitle).toBeNull();
  });

  it('reads up to 20 reviews', async () => {
    expect((await query<Profile>(db.prisma, PROFILE, { id: agentId, reviews: 2 })).agent.reviews).toHaveLength(2);
    expect((await query<Profile>(db.prisma, PROFILE, { id: agentId, reviews: 50 })).agent.reviews).toHaveLength(20);
    expect((await query<Profile>(db.prisma, PROFILE, { id: agentId, reviews: 0 })).agent.reviews).toHaveLength(0);
  });

  it('does not expose review authors’ contact details', async () => {
    const r = await execute(db.prisma, `query($id: ID!) { agent(id: $id) { reviews { author { email } } } }`, { id: agentId });
    expect(r.errors?.[0]?.message).toMatch(/Cannot query field "email" on type "ReviewAuthor"/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/graphql/context.js';
import { RecentViews, recordListingView } from '../../server/modules/listings/listing-views.js';
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

describe('the repeat window of views', () => {
  it('counts a caller once per listing within the window, then again after it', () => {
    let now = 0;
    const recent = new RecentViews(10 * 60_000, 100, () => now);
    expect(recent.firstVisit('user:a|l1')).toBe(true);
    expect(recent.firstVisit('user:a|l1')).toBe(false);
    expect(recent.firstVisit('user:b|l1')).toBe(true);
    expect(recent.firstVisit('user:a|l2')).toBe(true);
    now = 10 * 60_000 - 1;
    expect(recent.firstVisit('user:a|l1')).toBe(false);
    now = 10 * 60_000;
    expect(recent.firstVisit('user:a|l1')).toBe(true);
  });

  it('keeps at most its size, dropping the oldest first', () => {
    const recent = new RecentViews(60_000, 3, () => 0);
    for (const k of ['a', 'b', 'c', 'd']) recent.firstVisit(k);
    expect(recent.size).toBe(3);
    expect(recent.firstVisit('a')).toBe(true); // forgotten, so counted again
    expect(recent.firstVisit('d')).toBe(false);
  });
});

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

  it('counts each visit of an anonymous visitor as one view, leaving inquiries alone', async () => {
    const r = await query<{ recordPropertyView: { id: string; views: number; inquiriesCount: number } }>(db.prisma, VIEW, {
      id: active.id,
    });
    expect(r.recordPropertyView).toEqual({ id: active.id, views: 11, inquiriesCount: 3 });
    await query(db.prisma, VIEW, { id: active.slug });
    expect(await views()).toBe(12);
  });

  it('counts a signed-in viewer once per listing within 10 minutes', async () => {
    const before = await views();
    const viewer: Viewer = { uid: `viewer-${backend}`, email: null, role: 'RENTER' };
    await query(db.prisma, VIEW, { id: active.id }, viewer);
    await query(db.prisma, VIEW, { id: active.id }, viewer);
    const r = await query<{ recordPropertyView: { views: number } }>(db.prisma, VIEW, { id: active.slug }, viewer);
    expect(r.recordPropertyView.views).toBe(before + 1);
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

  it('adds exactly one per visit under concurrency (atomic increment)', async () => {
    const before = await views();
    const memory = new RecentViews();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        recordListingView(db.prisma, active.id, { callerKey: `ip:10.0.0.${i}`, viewerUid: null }, memory),
      ),
    );
    expect(await views()).toBe(before + 20);
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
      const r = await db.prisma.review.create({
        data: {
          agentId: agent.id,
          authorId: author.id,
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

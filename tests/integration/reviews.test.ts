import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { getNamedType, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { getSchema } from '../../server/graphql/schema.js';
import { agentsCannotRate } from '../../server/modules/reviews/reviews.service.js';
import { answeredConversation, createAgent, createProperty, createUser } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { execute, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const RATE = /* GraphQL */ `
  mutation Rate($input: RateAgentInput!) {
    rateAgent(input: $input) {
      created
      review {
        id
        score
        communication
        reliability
        cleanliness
        accuracy
        comment
        verified
        isMine
        propertyId
        listingTitle
        createdAt
        updatedAt
        author {
          firstName
          lastName
          photoUrl
        }
      }
      agent {
        id
        rating
        reviewCount
        isNew
        viewerRating {
          allowed
          existingReview {
            id
            score
          }
        }
      }
      givenSummary {
        id
        totalReviews
      }
    }
  }
`;
const RATE_SMALL = /* GraphQL */ `
  mutation Rate($input: RateAgentInput!) {
    rateAgent(input: $input) {
      created
      review {
        id
      }
    }
  }
`;
const VIEWER_RATING = /* GraphQL */ `
  query ViewerRating($id: ID!, $propertyId: ID) {
    agent(id: $id) {
      id
      isNew
      viewerRating(propertyId: $propertyId) {
        allowed
        reason
        title
        message
        verified
        existingReview {
          id
          score
          comment
          propertyId
        }
      }
    }
  }
`;
const SUMMARY = /* GraphQL */ `
  query Summary($role: ReviewRole!) {
    myRatingsSummary(role: $role) {
      id
      role
      averageScore
      totalReviews
      positiveCount
      positivePercent
      verifiedCount
      distribution {
        score
        count
        percent
      }
      categoryAverages {
        communication
        reliability
        cleanliness
        accuracy
      }
    }
  }
`;
const MY_REVIEWS = /* GraphQL */ `
  query MyReviews($role: ReviewRole!, $first: Int, $after: String) {
    myReviews(role: $role, first: $first, after: $after) {
      totalCount
      edges {
        cursor
        node {
          id
          score
          comment
          verified
          listingTitle
          createdAt
          author {
            firstName
            lastName
          }
          agent {
            id
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
const RATEABLE = /* GraphQL */ `
  query Rateable {
    rateableAgents {
      lastContactAt
      agent {
        id
        displayName
        rating
        viewerRating {
          allowed
          existingReview {
            id
          }
        }
      }
      listings {
        id
        title
      }
    }
  }
`;

type RateResult = {
  rateAgent: {
    created: boolean;
    review: {
      id: string;
      score: number;
      communication: number | null;
      comment: string | null;
      verified: boolean;
      isMine: boolean;
      propertyId: string | null;
      listingTitle: string | null;
      createdAt: string;
      updatedAt: string;
      author: { firstName: string; lastName: string; photoUrl: string | null };
    };
    agent: {
      id: string;
      rating: number;
      reviewCount: number;
      isNew: boolean;
      viewerRating: { allowed: boolean; existingReview: { id: string; score: number } | null };
    };
    givenSummary: { id: string; totalReviews: number };
  };
};
type ViewerRatingResult = {
  agent: {
    id: string;
    isNew: boolean;
    viewerRating: {
      allowed: boolean;
      reason: string | null;
      title: string | null;
      message: string | null;
      verified: boolean;
      existingReview: { id: string; score: number; comment: string | null; propertyId: string | null } | null;
    };
  };
};
type Summary = {
  myRatingsSummary: {
    id: string;
    role: string;
    averageScore: number;
    totalReviews: number;
    positiveCount: number;
    positivePercent: number;
    verifiedCount: number;
    distribution: Array<{ score: number; count: number; percent: number }>;
    categoryAverages: Record<'communication' | 'reliability' | 'cleanliness' | 'accuracy', number | null>;
  };
};
type MyReviews = {
  myReviews: {
    totalCount: number;
    edges: Array<{
      cursor: string;
      node: {
        id: string;
        score: number;
        comment: string | null;
        verified: boolean;
        listingTitle: string | null;
        agent: { id: string };
      };
    }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));
const codeOf = (r: { errors?: ReadonlyArray<{ originalError?: Error | null }> }) =>
  (r.errors?.[0]?.originalError as { code?: string } | undefined)?.code;

/** The agent's stored rating and count beside a fresh aggregate of their reviews. */
async function ratingVersusAggregate(db: TestDatabase, agentId: string) {
  const agent = await db.prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { rating: true, reviewCount: true } });
  const [fresh] = await db.prisma.$queryRaw<Array<{ avg: string | null; n: number }>>`
    SELECT ROUND(AVG("score")::numeric, 2)::text AS avg, COUNT(*)::int AS n FROM "Review" WHERE "agentId" = ${agentId}::uuid AND "verified"`;
  return {
    stored: { rating: Number(agent.rating).toFixed(2), reviewCount: agent.reviewCount },
    fresh: { rating: Number(fresh!.avg ?? 0).toFixed(2), reviewCount: fresh!.n },
  };
}

describe.each(backends)('rating agents over GraphQL on %s', (backend) => {
  let db: TestDatabase;
  let agentA: { id: string; userId: string };
  let agentAViewer: Viewer;
  let agentBViewer: Viewer;
  let renter: Viewer;
  let renterEmail: string;
  let renterPhone: string;
  let stranger: Viewer;
  let rosa: Viewer;
  let rick: Viewer;
  let listing1: { id: string; slug: string; title: string };
  let listing2: { id: string; slug: string; title: string };
  let listingOfB: { id: string };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const a = await createAgent(db.prisma, { user: { firstName: 'Ava', lastName: 'Agent' } });
    agentA = { id: a.agent.id, userId: a.user.id };
    agentAViewer = { uid: a.user.id, email: a.user.email, role: 'AGENT' };
    const b = await createAgent(db.prisma, { user: { firstName: 'Ben', lastName: 'Broker' } });
    agentBViewer = { uid: b.user.id, email: b.user.email, role: 'AGENT' };
    listing1 = await createProperty(db.prisma, { userId: a.user.id, agentId: a.agent.id }, { title: 'Sunny 2BR on Bedford' });
    listing2 = await createProperty(
      db.prisma,
      { userId: a.user.id, agentId: a.agent.id },
      { title: 'Loft on Kent', status: 'INACTIVE' },
    );
    listingOfB = await createProperty(db.prisma, { userId: b.user.id, agentId: b.agent.id }, { title: "Ben's studio" });
    const r = await createUser(db.prisma, {
      firstName: 'Rita',
      lastName: 'Renter',
      phone: `+1555${String(Date.now()).slice(-7)}`,
      photoUrl: '/media/avatars/rita.jpg',
    });
    renterEmail = r.email;
    renterPhone = r.phone!;
    renter = { uid: r.id, email: r.email, role: 'RENTER' };
    const s = await createUser(db.prisma, { firstName: 'Sam', lastName: 'Stranger' });
    stranger = { uid: s.id, email: s.email, role: 'RENTER' };
    // Rita talked to Ava about the first listing: her reviews of Ava are 'Verified conversation'.
    await answeredConversation(db.prisma, { propertyId: listing1.id, renterId: r.id, agentUserId: a.user.id });
    // Two more renters Ava answered (about other listings of hers).
    const ro = await createUser(db.prisma, { firstName: 'Rosa', lastName: 'Reader' });
    rosa = { uid: ro.id, email: ro.email, role: 'RENTER' };
    const ri = await createUser(db.prisma, { firstName: 'Rick', lastName: 'Reader' });
    rick = { uid: ri.id, email: ri.email, role: 'RENTER' };
    for (const who of [ro, ri]) await answeredConversation(db.prisma, { renterId: who.id, agentUserId: a.user.id });
  });
  afterAll(() => db?.close());

  it('refuses the signed-out visitor, and tells the page so before the form', async () => {
    const rate = await execute(db.prisma, RATE, { input: { agentId: agentA.id, score: 5 } });
    expect(codeOf(rate)).toBe('UNAUTHENTICATED');
    for (const [q, v] of [
      [SUMMARY, { role: 'RECEIVED' }],
      [SUMMARY, { role: 'GIVEN' }],
      [MY_REVIEWS, { role: 'GIVEN' }],
      [RATEABLE, {}],
    ] as const) {
      const r = await execute(db.prisma, q, v);
      expect(codeOf(r)).toBe('UNAUTHENTICATED');
    }
    const page = await query<ViewerRatingResult>(db.prisma, VIEWER_RATING, { id: agentA.id });
    expect(page.agent.viewerRating).toMatchObject({ allowed: false, reason: 'SIGN_IN_REQUIRED', existingReview: null });
    const ghost = await execute(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 5 } },
      {
        uid: 'no-such-user',
        email: null,
        role: null,
      },
    );
    expect(codeOf(ghost)).toBe('UNAUTHENTICATED');
    expect(await db.prisma.review.count()).toBe(0);
  });

  it('validates with the spec’s messages and writes nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'Please select a rating'],
      [{ score: null }, 'Please select a rating'],
      [{ score: 0 }, 'Please select a rating'],
      [{ score: 6 }, 'Rating must be between 1 and 5'],
      [{ score: -1 }, 'Rating must be between 1 and 5'],
      [{ score: 4, communication: 6 }, 'Communication must be between 1 and 5'],
      [{ score: 4, accuracy: 0 }, 'Accuracy must be between 1 and 5'],
      [{ score: 4, comment: 'x'.repeat(1001) }, 'Comment must be less than 1000 characters'],
      [{ score: 4, comment: `  ${'é'.repeat(1001)}  ` }, 'Comment must be less than 1000 characters'],
    ];
    for (const [fields, message] of cases) {
      const r = await execute(db.prisma, RATE, { input: { agentId: agentA.id, ...fields } }, renter);
      expect(r.errors?.[0]?.message, JSON.stringify(fields).slice(0, 60)).toBe(message);
      expect(codeOf(r)).toBe('BAD_USER_INPUT');
    }
    expect(await db.prisma.review.count()).toBe(0);
  });

  it("answers 'Agent Not Found' for an agent that does not exist", async () => {
    for (const agentId of ['8b0c6f0e-6f55-4a4e-9d2f-2b8f7c1c0a11', 'nope', stranger.uid]) {
      const r = await execute(db.prisma, RATE, { input: { agentId, score: 4 } }, renter);
      expect(r.errors?.[0]?.message).toBe('Agent Not Found');
      expect(codeOf(r)).toBe('NOT_FOUND');
    }
  });

  it('refuses agents rating agents and anyone rating themself, on the page and on submit', async () => {
    const byAgent = await execute(db.prisma, RATE, { input: { agentId: agentA.id, score: 5 } }, agentBViewer);
    expect(codeOf(byAgent)).toBe('FORBIDDEN');
    expect(byAgent.errors?.[0]?.message).toBe(agentsCannotRate());
    expect(byAgent.errors?.[0]?.message).toBe(
      'Agents cannot rate other agents. Only interactions between agents and renters can be rated.',
    );
    const page = await query<ViewerRatingResult>(db.prisma, VIEWER_RATING, { id: agentA.id }, agentBViewer);
    expect(page.agent.viewerRating).toMatchObject({
      allowed: false,
      reason: 'AGENTS_CANNOT_RATE',
      title: 'Rating Not Available',
      message: agentsCannotRate(),
    });

    const self = await execute(db.prisma, RATE, { input: { agentId: agentA.userId, score: 5 } }, agentAViewer);
    expect(codeOf(self)).toBe('FORBIDDEN');
    expect(self.errors?.[0]?.message).toBe('You cannot rate yourself.');
    const own = await query<ViewerRatingResult>(db.prisma, VIEWER_RATING, { id: agentA.id }, agentAViewer);
    expect(own.agent.viewerRating).toMatchObject({ allowed: false, reason: 'OWN_PROFILE', title: 'Rating Not Available' });

    // A renter who also holds an agent profile is an agent here.
    const hybrid = await createAgent(db.prisma, { user: { role: 'RENTER' } });
    const r = await execute(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 5 } },
      {
        uid: hybrid.user.id,
        email: hybrid.user.email,
        role: 'RENTER',
      },
    );
    expect(r.errors?.[0]?.message).toBe(agentsCannotRate());
    expect(await db.prisma.review.count()).toBe(0);
  });

  it('lets a renter rate: verified by their conversation, comment trimmed, rating and count updated at once, New badge gone', async () => {
    const before = await query<ViewerRatingResult>(db.prisma, VIEWER_RATING, { id: agentA.id }, renter);
    expect(before.agent.isNew).toBe(true);
    expect(before.agent.viewerRating).toEqual({
      allowed: true,
      reason: null,
      title: null,
      message: null,
      verified: true,
      existingReview: null,
    });
    const unverified = await query<ViewerRatingResult>(db.prisma, VIEWER_RATING, { id: agentA.id }, stranger);
    expect(unverified.agent.viewerRating).toMatchObject({ allowed: true, verified: false });

    const first = await query<RateResult>(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 4, communication: 5, reliability: 4, comment: '  Quick to answer.  \r\n' } },
      renter,
    );
    const r = first.rateAgent;
    expect(r.created).toBe(true);
    expect(r.review).toMatchObject({
      score: 4,
      communication: 5,
      comment: 'Quick to answer.',
      verified: true,
      isMine: true,
      propertyId: null,
      listingTitle: null,
      author: { firstName: 'Rita', lastName: 'Renter', photoUrl: '/media/avatars/rita.jpg' },
    });
    expect(r.agent).toEqual({
      id: agentA.id,
      rating: 4,
      reviewCount: 1,
      isNew: false,
      viewerRating: { allowed: true, existingReview: { id: r.review.id, score: 4 } },
    });
    expect(r.givenSummary).toEqual({ id: `GIVEN:${renter.uid}`, totalReviews: 1 });
    const row = await db.prisma.review.findUniqueOrThrow({ where: { id: r.review.id } });
    expect(row).toMatchObject({ authorId: renter.uid, agentId: agentA.id, verified: true, isSample: false });
    // The conversation's 'rate this agent' prompt is not offered again.
    const thread = await db.prisma.thread.findFirstOrThrow({ where: { renterId: renter.uid, agentUserId: agentA.userId } });
    expect(thread.userRatingPromptSent).toBe(true);
  });

  it('replaces the earlier review on a second submission, whatever the listing: one review per renter and agent', async () => {
    const earlier = await db.prisma.review.findFirstOrThrow({ where: { authorId: renter.uid, agentId: agentA.id } });
    await db.prisma.review.update({ where: { id: earlier.id }, data: { reply: 'Thank you!', repliedAt: new Date() } });
    const again = await query<RateResult>(db.prisma, RATE, { input: { agentId: agentA.id, score: 2, comment: '   ' } }, renter);
    expect(again.rateAgent.created).toBe(false);
    expect(again.rateAgent.review).toMatchObject({ id: earlier.id, score: 2, communication: null, comment: null });
    expect(new Date(again.rateAgent.review.updatedAt).getTime()).toBeGreaterThanOrEqual(earlier.createdAt.getTime());
    expect(again.rateAgent.review.createdAt).toBe(earlier.createdAt.toISOString());
    expect(again.rateAgent.agent).toMatchObject({ rating: 2, reviewCount: 1 });
    // The agent's reply answered the earlier text: it goes with it.
    expect(await db.prisma.review.findUniqueOrThrow({ where: { id: earlier.id } })).toMatchObject({
      reply: null,
      repliedAt: null,
    });

    // About a listing (by id, then by slug of an inactive one): the same review, replaced again.
    const about1 = await query<RateResult>(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 5, propertyId: listing1.id } },
      renter,
    );
    expect(about1.rateAgent).toMatchObject({
      created: false,
      review: { id: earlier.id, propertyId: listing1.id, listingTitle: listing1.title },
    });
    const about2 = await query<RateResult>(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 4, propertyId: listing2.slug, accuracy: 3 } },
      renter,
    );
    expect(about2.rateAgent).toMatchObject({
      created: false,
      review: { id: earlier.id, propertyId: listing2.id, listingTitle: 'Loft on Kent' },
    });
    const again1 = await query<RateResult>(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 3, propertyId: listing1.id } },
      renter,
    );
    expect(again1.rateAgent).toMatchObject({ created: false, review: { id: earlier.id, score: 3 } });
    expect(again1.rateAgent.agent).toMatchObject({ rating: 3, reviewCount: 1 });
    expect(await db.prisma.review.count({ where: { authorId: renter.uid, agentId: agentA.id } })).toBe(1);

    // The page pre-fills the one review, whatever listing it is asked about.
    for (const propertyId of [listing1.id, listing2.id, undefined]) {
      const page = await query<ViewerRatingResult>(db.prisma, VIEWER_RATING, { id: agentA.id, propertyId }, renter);
      expect(page.agent.viewerRating.existingReview).toMatchObject({ id: earlier.id, score: 3, propertyId: listing1.id });
    }

    // Rosa and Rick, whom Ava answered too: (3 + 4 + 2) / 3 = 3.00
    const byRosa = await query<RateResult>(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 4, propertyId: listing2.slug, accuracy: 3 } },
      rosa,
    );
    expect(byRosa.rateAgent).toMatchObject({ created: true, review: { verified: true, propertyId: listing2.id } });
    const byRick = await query<RateResult>(db.prisma, RATE, { input: { agentId: agentA.id, score: 2 } }, rick);
    expect(byRick.rateAgent.agent).toMatchObject({ rating: 3, reviewCount: 3 });

    const wrong = await execute(db.prisma, RATE, { input: { agentId: agentA.id, score: 5, propertyId: listingOfB.id } }, renter);
    expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
    expect(wrong.errors?.[0]?.message).toBe("That listing is not one of this agent's listings.");
    const missing = await execute(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 5, propertyId: 'no-such-listing' } },
      renter,
    );
    expect(codeOf(missing)).toBe('NOT_FOUND');
  });

  it('stores a review without a conversation unmarked, and a 1000-character comment', async () => {
    const comment = 'é'.repeat(1000);
    const r = await query<RateResult>(
      db.prisma,
      RATE,
      { input: { agentId: agentA.id, score: 5, cleanliness: 5, comment: `  ${comment}  ` } },
      stranger,
    );
    expect(r.rateAgent.review).toMatchObject({ verified: false, comment });
    // Reviews of A: 3 by Rita, 4 by Rosa, 2 by Rick, and 5 by Sam, whom Ava never answered: not counted.
    expect(r.rateAgent.agent).toMatchObject({ rating: 3, reviewCount: 3 });
    const { stored, fresh } = await ratingVersusAggregate(db, agentA.id);
    expect(stored).toEqual(fresh);
  });

  it('summarises received and given reviews in ONE SQL statement each', async () => {
    db.resetQueries();
    const received = await query<Summary>(db.prisma, SUMMARY, { role: 'RECEIVED' }, agentAViewer);
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(received.myRatingsSummary).toEqual({
      id: `RECEIVED:${agentA.userId}`,
      role: 'RECEIVED',
      // As the agent's rating: the verified reviews only (Sam's 5 is not counted).
      averageScore: 3,
      totalReviews: 3,
      positiveCount: 1,
      positivePercent: 33,
      verifiedCount: 3,
      distribution: [
        { score: 5, count: 0, percent: 0 },
        { score: 4, count: 1, percent: 33 },
        { score: 3, count: 1, percent: 33 },
        { score: 2, count: 1, percent: 33 },
        { score: 1, count: 0, percent: 0 },
      ],
      categoryAverages: { communication: null, reliability: null, cleanliness: null, accuracy: 3 },
    });

    db.resetQueries();
    const given = await query<Summary>(db.prisma, SUMMARY, { role: 'GIVEN' }, renter);
    expect(dataStatements(db.queries)).toHaveLength(1);
    expect(given.myRatingsSummary).toMatchObject({
      id: `GIVEN:${renter.uid}`,
      averageScore: 3,
      totalReviews: 1,
      positiveCount: 0,
      positivePercent: 0,
      verifiedCount: 1,
    });

    // A renter receives nothing; an agent gives nothing.
    expect((await query<Summary>(db.prisma, SUMMARY, { role: 'RECEIVED' }, renter)).myRatingsSummary).toMatchObject({
      averageScore: 0,
      totalReviews: 0,
      positivePercent: 0,
      categoryAverages: { communication: null, reliability: null, cleanliness: null, accuracy: null },
    });
    expect((await query<Summary>(db.prisma, SUMMARY, { role: 'GIVEN' }, agentAViewer)).myRatingsSummary.totalReviews).toBe(0);
    expect((await query<Summary>(db.prisma, SUMMARY, { role: 'RECEIVED' }, agentBViewer)).myRatingsSummary.totalReviews).toBe(0);
  });

  it('pages the viewer’s own reviews only, newest first', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: MyReviews = await query<MyReviews>(db.prisma, MY_REVIEWS, { role: 'RECEIVED', first: 3, after }, agentAViewer);
      expect(page.myReviews.totalCount).toBe(4);
      seen.push(...page.myReviews.edges.map((e) => e.node.id));
      for (const e of page.myReviews.edges) expect(e.node.agent.id).toBe(agentA.id);
      if (!page.myReviews.pageInfo.hasNextPage) break;
      after = page.myReviews.pageInfo.endCursor;
    }
    const own = await db.prisma.review.findMany({
      where: { agentId: agentA.id },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    expect(seen).toEqual(own.map((r) => r.id));

    db.resetQueries();
    const received = await query<MyReviews>(db.prisma, MY_REVIEWS, { role: 'RECEIVED', first: 10 }, agentAViewer);
    // The page with its authors, listings and agents in one statement, and totalCount's COUNT.
    expect(dataStatements(db.queries)).toHaveLength(2);
    expect(dataStatements(db.queries).filter((q) => /count\(/i.test(q))).toHaveLength(1);
    expect(received.myReviews.edges).toHaveLength(4);
    expect((await query<MyReviews>(db.prisma, MY_REVIEWS, { role: 'RECEIVED' }, agentBViewer)).myReviews.edges).toHaveLength(0);
    expect((await query<MyReviews>(db.prisma, MY_REVIEWS, { role: 'GIVEN' }, stranger)).myReviews.edges).toHaveLength(1);
    expect((await query<MyReviews>(db.prisma, MY_REVIEWS, { role: 'GIVEN' }, renter)).myReviews.totalCount).toBe(1);

    const tooMany = await execute(db.prisma, MY_REVIEWS, { role: 'GIVEN', first: 51 }, renter);
    expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
    const forged = await execute(db.prisma, MY_REVIEWS, { role: 'GIVEN', after: 'bm9wZQ' }, renter);
    expect(forged.errors?.[0]?.message).toMatch(/Invalid cursor/);
  });

  it('shows reviews publicly by author name and photo only', async () => {
    const authorFields = getSchema().getType('ReviewAuthor');
    expect(isObjectType(authorFields) && Object.keys(authorFields.getFields()).sort()).toEqual([
      'firstName',
      'lastName',
      'photoUrl',
    ]);
    const reviewType = getSchema().getType('Review');
    const reachable = isObjectType(reviewType)
      ? Object.values(reviewType.getFields()).map((f) => `${f.name}:${getNamedType(f.type).name}`)
      : [];
    expect(reachable.filter((f) => /email|phone|User\b/i.test(f))).toEqual([]);
    const profile = await query<{ agent: { reviews: Array<{ author: Record<string, unknown>; verified: boolean }> } }>(
      db.prisma,
      `query($id: ID!) { agent(id: $id) { reviews(first: 20) { id verified author { firstName lastName photoUrl } } } }`,
      { id: agentA.id },
    );
    expect(profile.agent.reviews).toHaveLength(4);
    const text = JSON.stringify(profile);
    expect(text).not.toContain(renterEmail);
    expect(text).not.toContain(renterPhone);
    expect(profile.agent.reviews.filter((r) => r.verified)).toHaveLength(3);
  });

  it('offers the agents and listings the renter has talked to, nothing to agents', async () => {
    const other = await createAgent(db.prisma, { user: { firstName: 'Olga', lastName: 'Other' } });
    const o1 = await createProperty(db.prisma, { userId: other.user.id, agentId: other.agent.id }, { title: 'Garden duplex' });
    await db.prisma.thread.create({
      data: { propertyId: o1.id, renterId: renter.uid, agentUserId: other.user.id, lastMessageAt: new Date(Date.now() + 1000) },
    });
    // A conversation with a plain owner (no agent profile) is not rateable.
    const owner = await createUser(db.prisma, { firstName: 'Owen' });
    const own = await createProperty(db.prisma, { userId: owner.id }, { title: 'By owner' });
    await db.prisma.thread.create({ data: { propertyId: own.id, renterId: renter.uid, agentUserId: owner.id } });

    db.resetQueries();
    const r = await query<{
      rateableAgents: Array<{
        agent: { id: string; displayName: string; viewerRating: { allowed: boolean; existingReview: { id: string } | null } };
        listings: Array<{ id: string; title: string }>;
      }>;
    }>(db.prisma, RATEABLE, {}, renter);
    // The viewer's account, then one statement for the agents, their listings and the viewer's reviews.
    expect(dataStatements(db.queries)).toHaveLength(2);
    expect(r.rateableAgents.map((a) => a.agent.displayName)).toEqual(['Olga Other', 'Ava Agent']);
    expect(r.rateableAgents[0]!.listings).toEqual([{ id: o1.id, title: 'Garden duplex' }]);
    expect(r.rateableAgents[0]!.agent.viewerRating).toEqual({ allowed: true, existingReview: null });
    expect(r.rateableAgents[1]!.listings).toEqual([{ id: listing1.id, title: listing1.title }]);
    expect(r.rateableAgents[1]!.agent.viewerRating.existingReview).not.toBeNull();

    expect((await query<{ rateableAgents: unknown[] }>(db.prisma, RATEABLE, {}, agentBViewer)).rateableAgents).toEqual([]);
    expect((await query<{ rateableAgents: unknown[] }>(db.prisma, RATEABLE, {}, stranger)).rateableAgents).toEqual([]);
  });

  it('keeps the rating exact under 20 concurrent reviews and concurrent updates', async () => {
    const { agent } = await createAgent(db.prisma, { user: { firstName: 'Busy', lastName: 'Agent' } });
    const lst = await createProperty(db.prisma, { userId: agent.userId, agentId: agent.id }, { title: 'Busy listing' });
    const users: Viewer[] = [];
    for (let i = 0; i < 20; i++) {
      const u = await createUser(db.prisma, { firstName: `Rater${i}` });
      await answeredConversation(db.prisma, { renterId: u.id, agentUserId: agent.userId });
      users.push({ uid: u.id, email: u.email, role: 'RENTER' });
    }
    const submit = (v: Viewer, score: number, propertyId?: string) =>
      execute(db.prisma, RATE_SMALL, { input: { agentId: agent.id, score, propertyId } }, v);
    const results = await Promise.all([
      ...users.map((v, i) => submit(v, (i % 5) + 1)),
      // Six of them submit again at the same moment (updates), three twice about the listing.
      ...users.slice(0, 6).map((v, i) => submit(v, 5 - (i % 5))),
      ...users.slice(6, 9).flatMap((v) => [submit(v, 5, lst.id), submit(v, 1, lst.id)]),
    ]);
    for (const r of results) expect(r.errors).toBeUndefined();

    const { stored, fresh } = await ratingVersusAggregate(db, agent.id);
    expect(stored).toEqual(fresh);
    // One review per renter and agent: 20, whatever listing the later ones were about.
    expect(stored.reviewCount).toBe(20);
    const perKey = await db.prisma.review.groupBy({
      by: ['authorId'],
      where: { agentId: agent.id },
      _count: { _all: true },
    });
    expect(perKey).toHaveLength(20);
    expect(perKey.every((k) => k._count._all === 1)).toBe(true);
    const created = results.filter((r) => (r.data as { rateAgent: { created: boolean } }).rateAgent.created).length;
    expect(created).toBe(20);
  });
});

describe.each(backends)('reviews REST shims on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let agentId: string;
  let otherAgent: TestAccount;
  let renter: TestAccount;
  let stranger: TestAccount;
  let listingId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Avery', lastName: 'Agent' });
    otherAgent = await createAccount(db.prisma, 'agent', { firstName: 'Bo', lastName: 'Broker' });
    renter = await createAccount(db.prisma, 'renter', { firstName: 'Rita', lastName: 'Renter' });
    stranger = await createAccount(db.prisma, 'renter', { firstName: 'Sam', lastName: 'Stranger' });
    agentId = (await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } })).id;
    listingId = (await createProperty(db.prisma, { userId: agent.uid, agentId }, { title: 'Sunny 2BR on Bedford' })).id;
    await answeredConversation(db.prisma, { propertyId: listingId, renterId: renter.uid, agentUserId: agent.uid });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const call = async (method: string, path: string, who: TestAccount | null, body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...(who ? who.bearer : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : null) as Body };
  };

  it('answers 401 to the signed-out', async () => {
    const post = await call('POST', '/api/reviews', null, { agentId, rating: 5 });
    expect(post.status).toBe(401);
    expect(post.body.error).toBe('You must sign in to do that.');
    const get = await call('GET', `/api/reviews?targetUserId=${agent.uid}&role=received`, null);
    expect(get.status).toBe(401);
    expect(get.body.error).toBe('You must sign in to do that.');
  });

  it('POST /api/reviews writes the review (201), updates it on a second post (200), with the agent’s new rating', async () => {
    const first = await call('POST', '/api/reviews', renter, { agentId, rating: 5, comment: '  Lovely to deal with.  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      score: 5,
      comment: 'Lovely to deal with.',
      subscores: { communication: null, reliability: null, cleanliness: null, accuracy: null },
      listing_title: null,
      rater_user: { first_name: 'Rita', last_name: 'Renter', avatar: null },
      verified: true,
      created: true,
      agent: { id: agentId, first_name: 'Avery', last_name: 'Agent', rating: 5, review_count: 1 },
    });
    expect(typeof first.body.created_at).toBe('string');
    const second = await call('POST', '/api/reviews', renter, {
      agentId: agent.uid,
      rating: 3,
      comment: '',
      subscores: { communication: 4 },
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: first.body.id,
      score: 3,
      comment: null,
      created: false,
      subscores: { communication: 4 },
    });
    expect(second.body.agent).toMatchObject({ rating: 3, review_count: 1 });
    // About a listing: it replaces the one review.
    const aboutListing = await call('POST', '/api/reviews', renter, { agentId, rating: 4, comment: null, propertyId: listingId });
    expect(aboutListing.status).toBe(200);
    expect(aboutListing.body).toMatchObject({
      id: first.body.id,
      listing_title: 'Sunny 2BR on Bedford',
      property_id: listingId,
      created: false,
      agent: { rating: 4, review_count: 1 },
    });
    // Sam never heard from the agent: stored and shown, not counted.
    const unverified = await call('POST', '/api/reviews', stranger, { agentId, rating: 1 });
    expect(unverified.body).toMatchObject({ verified: false, created: true, agent: { rating: 4, review_count: 1 } });
    // The profile's REST and the partner API's GraphQL answer the same rating.
    const profile = await call('GET', `/api/agents/${agentId}`, null);
    expect(profile.body).toMatchObject({ rating: 4, reviewCount: 1 });
    const partner = await query<{ agent: { rating: number; reviewCount: number } }>(
      db.prisma,
      `query($id: ID!) { agent(id: $id) { rating reviewCount } }`,
      { id: agentId },
    );
    expect(partner.agent).toEqual({ rating: 4, reviewCount: 1 });
  });

  it('POST /api/reviews refuses with the spec’s words in an error field', async () => {
    const cases: Array<[TestAccount, Record<string, unknown>, number, string]> = [
      [renter, { agentId, rating: 0 }, 400, 'Please select a rating'],
      [renter, { agentId }, 400, 'Please select a rating'],
      [renter, { agentId, rating: 7 }, 400, 'Rating must be between 1 and 5'],
      [renter, { agentId, rating: 'five' }, 400, 'Rating must be between 1 and 5'],
      [renter, { agentId, rating: 4, comment: 'x'.repeat(1001) }, 400, 'Comment must be less than 1000 characters'],
      [renter, { agentId: '00000000-0000-4000-8000-000000000000', rating: 4 }, 404, 'Agent Not Found'],
      [otherAgent, { agentId, rating: 5 }, 403, agentsCannotRate()],
      [agent, { agentId, rating: 5 }, 403, 'You cannot rate yourself.'],
    ];
    for (const [who, body, status, error] of cases) {
      const r = await call('POST', '/api/reviews', who, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(r.body.error).toBe(error);
    }
  });

  it('GET /api/reviews answers the viewer’s received or given reviews in the ratings screen’s shape, no contact details', async () => {
    const received = await call('GET', `/api/reviews?targetUserId=${agent.uid}&role=received&nocache=${Date.now()}`, agent);
    expect(received.status).toBe(200);
    expect(received.headers.get('cache-control')).toMatch(/no-store/);
    // Rita's and Sam's (Sam's unverified, listed all the same).
    expect(received.body.items).toHaveLength(2);
    expect(received.body.items.map((i: Body) => i.verified).sort()).toEqual([false, true]);
    expect(received.body.nextCursor).toBeNull();
    const item = received.body.items.find((i: Body) => i.listing_title === 'Sunny 2BR on Bedford');
    expect(Object.keys(item).sort()).toEqual(
      [
        'agent',
        'comment',
        'created_at',
        'hidden',
        'id',
        'listing_title',
        'property_id',
        'rater_user',
        'replied_at',
        'reply',
        'score',
        'subscores',
        'updated_at',
        'verified',
      ].sort(),
    );
    expect(Object.keys(item.rater_user).sort()).toEqual(['avatar', 'first_name', 'last_name']);
    for (const secret of [renter.email, renter.phone, stranger.email, stranger.phone, agent.email, agent.phone])
      expect(received.text).not.toContain(secret);

    const given = await call('GET', `/api/reviews?targetUserId=${renter.uid}&role=given`, renter);
    expect(given.body.items).toHaveLength(1);
    expect(given.body.nextCursor).toBeNull();
    const paged = await call('GET', `/api/reviews?role=received&limit=1`, agent);
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.nextCursor).toEqual(expect.any(String));
    const next = await call('GET', `/api/reviews?role=received&limit=1&cursor=${paged.body.nextCursor}`, agent);
    expect(next.body.items).toHaveLength(1);
    expect(next.body.items[0].id).not.toBe(paged.body.items[0].id);
    expect(next.body.nextCursor).toBeNull();

    const others = await call('GET', `/api/reviews?targetUserId=${renter.uid}&role=given`, stranger);
    expect(others.status).toBe(403);
    expect(others.body.error).toMatch(/only read your own ratings/);
    const badRole = await call('GET', `/api/reviews?role=everyone`, renter);
    expect(badRole.status).toBe(400);
    const empty = await call('GET', `/api/reviews?targetUserId=${renter.uid}&role=received`, renter);
    expect(empty.body).toEqual({ items: [], nextCursor: null });
  });

  it(`limits review submissions to ${RATE_LIMITS.reviewSubmit.points} an hour per user`, async () => {
    expect(RATE_LIMITS.reviewSubmit).toMatchObject({ points: 10, durationSeconds: 3600 });
    const busy = await createAccount(db.prisma, 'renter', { firstName: 'Busy', lastName: 'Bee' });
    for (let i = 0; i < RATE_LIMITS.reviewSubmit.points; i++) {
      const r = await call('POST', '/api/reviews', busy, { agentId, rating: (i % 5) + 1 });
      expect(r.status).toBe(i === 0 ? 201 : 200);
    }
    const over = await call('POST', '/api/reviews', busy, { agentId, rating: 5 });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/too quickly/) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another user is not affected.
    expect((await call('POST', '/api/reviews', stranger, { agentId, rating: 5 })).status).toBe(200);
    const { stored, fresh } = await ratingVersusAggregate(db, agentId);
    expect(stored).toEqual(fresh);
  });
});

import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { inProcessRateLimits } from '../../server/infra/rate-limits.js';
import { MODERATION_MESSAGES, reportReview, REPORTS_TO_HIDE } from '../../server/modules/reviews/review-moderation.js';
import { recomputeAgentRating } from '../../server/modules/reviews/reviews.service.js';
import {
  answeredConversation,
  createAgent,
  createEstablishedUser,
  createProperty,
  createUser,
  establish,
} from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { execute, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const REPLY = /* GraphQL */ `
  mutation Reply($reviewId: ID!, $reply: String!) {
    replyToReview(reviewId: $reviewId, reply: $reply) {
      id
      reply
      repliedAt
      viewerCanReply
      hidden
    }
  }
`;
const REPORT = /* GraphQL */ `
  mutation Report($reviewId: ID!, $reason: ReviewReportReason!, $details: String) {
    reportReview(reviewId: $reviewId, reason: $reason, details: $details) {
      hidden
      review {
        id
        hidden
        viewerHasReported
      }
      agent {
        id
        rating
        reviewCount
      }
    }
  }
`;
const PROFILE = /* GraphQL */ `
  query Profile($id: ID!) {
    agent(id: $id) {
      id
      rating
      reviewCount
      reviews(first: 20) {
        id
        reply
        repliedAt
        hidden
        viewerCanReply
        viewerHasReported
      }
    }
  }
`;
const MY_REVIEWS = /* GraphQL */ `
  query MyReviews($role: ReviewRole!) {
    myReviews(role: $role, first: 50) {
      totalCount
      edges {
        node {
          id
          hidden
          reply
          viewerCanReply
        }
      }
    }
  }
`;
const SUMMARY = /* GraphQL */ `
  query Summary($role: ReviewRole!) {
    myRatingsSummary(role: $role) {
      averageScore
      totalReviews
    }
  }
`;

type ProfileResult = {
  agent: {
    id: string;
    rating: number;
    reviewCount: number;
    reviews: Array<{
      id: string;
      reply: string | null;
      repliedAt: string | null;
      hidden: boolean;
      viewerCanReply: boolean;
      viewerHasReported: boolean;
    }>;
  };
};
type MyReviewsResult = {
  myReviews: {
    totalCount: number;
    edges: Array<{ node: { id: string; hidden: boolean; reply: string | null; viewerCanReply: boolean } }>;
  };
};

const codeOf = (r: { errors?: ReadonlyArray<{ originalError?: Error | null }> }) =>
  (r.errors?.[0]?.originalError as { code?: string } | undefined)?.code;
const messageOf = (r: { errors?: ReadonlyArray<{ message: string }> }) => r.errors?.[0]?.message;

/** The agent's stored rating and count beside a fresh aggregate of their VISIBLE, verified reviews. */
async function ratingVersusAggregate(db: TestDatabase, agentId: string) {
  const agent = await db.prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { rating: true, reviewCount: true } });
  const [fresh] = await db.prisma.$queryRaw<Array<{ avg: string | null; n: number }>>`
    SELECT ROUND(AVG("score")::numeric, 2)::text AS avg, COUNT(*)::int AS n
      FROM "Review" WHERE "agentId" = ${agentId}::uuid AND "hiddenAt" IS NULL AND "verified"`;
  return {
    stored: { rating: Number(agent.rating).toFixed(2), reviewCount: agent.reviewCount },
    fresh: { rating: Number(fresh!.avg ?? 0).toFixed(2), reviewCount: fresh!.n },
  };
}

const asViewer = (u: { id: string; email: string }, role: 'RENTER' | 'AGENT' = 'RENTER'): Viewer => ({
  uid: u.id,
  email: u.email,
  role,
});

describe.each(backends)('review moderation over GraphQL on %s', (backend) => {
  let db: TestDatabase;
  let agent: { id: string; userId: string };
  let agentViewer: Viewer;
  let otherAgentViewer: Viewer;
  let author: Viewer;
  let reporters: Viewer[];

  /** A review of the agent by a new renter, written through the service (the aggregate stays exact). */
  async function review(score: number, by?: Viewer): Promise<{ id: string; author: Viewer }> {
    let who = by;
    if (!who) {
      who = asViewer(await createUser(db.prisma, { firstName: 'Reviewer' }));
      // The agent answered them: the review counts (issue 58 item 10).
      await answeredConversation(db.prisma, { renterId: who.uid, agentUserId: agent.userId });
    }
    const r = await query<{ rateAgent: { review: { id: string } } }>(
      db.prisma,
      `mutation R($input: RateAgentInput!) { rateAgent(input: $input) { review { id } } }`,
      { input: { agentId: agent.id, score, comment: `Scored ${score}` } },
      who,
    );
    return { id: r.rateAgent.review.id, author: who };
  }

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const a = await createAgent(db.prisma, { user: { firstName: 'Ava', lastName: 'Agent' } });
    agent = { id: a.agent.id, userId: a.user.id };
    agentViewer = asViewer(a.user, 'AGENT');
    const b = await createAgent(db.prisma, { user: { firstName: 'Ben', lastName: 'Broker' } });
    otherAgentViewer = asViewer(b.user, 'AGENT');
    author = asViewer(await createUser(db.prisma, { firstName: 'Rita', lastName: 'Renter' }));
    await answeredConversation(db.prisma, { renterId: author.uid, agentUserId: agent.userId });
    reporters = [];
    for (let i = 0; i < 6; i++) reporters.push(asViewer(await createEstablishedUser(db.prisma, { firstName: `Reporter${i}` })));
  });
  afterAll(() => db?.close());

  it('lets only the agent reviewed reply, once, trimmed, at most 1000 characters; the reply is public', async () => {
    const r = await review(4, author);
    const send = (reply: string, who: Viewer | null, reviewId = r.id) => execute(db.prisma, REPLY, { reviewId, reply }, who);

    expect(codeOf(await send('Thanks!', null))).toBe('UNAUTHENTICATED');
    for (const who of [author, reporters[0]!, otherAgentViewer]) {
      const refused = await send('Thanks!', who);
      expect(codeOf(refused)).toBe('FORBIDDEN');
      expect(messageOf(refused)).toBe(MODERATION_MESSAGES.onlyAgentReplies);
    }
    expect(codeOf(await send('Thanks!', agentViewer, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    expect(codeOf(await send('Thanks!', agentViewer, 'not-an-id'))).toBe('NOT_FOUND');
    const blank = await send('   \n ', agentViewer);
    expect(codeOf(blank)).toBe('BAD_USER_INPUT');
    expect(messageOf(blank)).toBe(MODERATION_MESSAGES.replyRequired);
    const long = await send('x'.repeat(1001), agentViewer);
    expect(codeOf(long)).toBe('BAD_USER_INPUT');
    expect(messageOf(long)).toBe('Reply must be at most 1000 characters');
    expect((await db.prisma.review.findUniqueOrThrow({ where: { id: r.id } })).reply).toBeNull();

    const before = await query<ProfileResult>(db.prisma, PROFILE, { id: agent.id }, agentViewer);
    expect(before.agent.reviews.find((x) => x.id === r.id)?.viewerCanReply).toBe(true);
    const ok = await send(`  ${'y'.repeat(993)} Thanks  `, agentViewer);
    expect(ok.errors).toBeUndefined();
    const replied = (ok.data as { replyToReview: { reply: string; repliedAt: string; viewerCanReply: boolean } }).replyToReview;
    expect(replied.reply).toBe(`${'y'.repeat(993)} Thanks`);
    expect(replied.reply).toHaveLength(1000);
    expect(Date.parse(replied.repliedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(replied.viewerCanReply).toBe(false);

    const again = await send('Changed my mind', agentViewer);
    expect(codeOf(again)).toBe('CONFLICT');
    expect(messageOf(again)).toBe('You have already replied to this review.');
    expect((await db.prisma.review.findUniqueOrThrow({ where: { id: r.id } })).reply).toBe(replied.reply);

    // Public: the signed-out profile shows it; nobody else may reply.
    const pub = await query<ProfileResult>(db.prisma, PROFILE, { id: agent.id });
    expect(pub.agent.reviews.find((x) => x.id === r.id)).toMatchObject({ reply: replied.reply, viewerCanReply: false });
  });

  it('validates reports: signed in, a reason, details for Other (at most 500), not the author, once per user', async () => {
    const r = await review(5, asViewer(await createUser(db.prisma, { firstName: 'Val' })));
    const report = (who: Viewer | null, reason: string, details?: string | null, reviewId = r.id) =>
      execute(db.prisma, REPORT, { reviewId, reason, details }, who);

    expect(codeOf(await report(null, 'SPAM'))).toBe('UNAUTHENTICATED');
    const own = await report(r.author, 'SPAM');
    expect(codeOf(own)).toBe('FORBIDDEN');
    expect(messageOf(own)).toBe('You cannot report your own review.');
    // A reason the schema does not know never reaches the service.
    expect((await report(reporters[0]!, 'BORING')).errors?.[0]?.message).toMatch(/ReviewReportReason/);
    for (const details of [undefined, null, '   ']) {
      const other = await report(reporters[0]!, 'OTHER', details);
      expect(codeOf(other)).toBe('BAD_USER_INPUT');
      expect(messageOf(other)).toBe(MODERATION_MESSAGES.detailsRequired);
    }
    const long = await report(reporters[0]!, 'OFFENSIVE', 'z'.repeat(501));
    expect(codeOf(long)).toBe('BAD_USER_INPUT');
    expect(messageOf(long)).toBe('Details must be at most 500 characters');
    expect(codeOf(await report(reporters[0]!, 'SPAM', null, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    expect(await db.prisma.reviewReport.count({ where: { reviewId: r.id } })).toBe(0);

    const ok = await report(reporters[0]!, 'OTHER', `  ${'d'.repeat(500)}  `);
    expect(ok.errors).toBeUndefined();
    expect(ok.data).toMatchObject({
      reportReview: { hidden: false, review: { id: r.id, hidden: false, viewerHasReported: true } },
    });
    const stored = await db.prisma.reviewReport.findFirstOrThrow({ where: { reviewId: r.id } });
    expect(stored).toMatchObject({ reporterId: reporters[0]!.uid, reason: 'OTHER', details: 'd'.repeat(500) });

    const again = await report(reporters[0]!, 'SPAM');
    expect(codeOf(again)).toBe('CONFLICT');
    expect(messageOf(again)).toBe('You have already reported this review.');
    // The agent reviewed may report too (it counts as one of three); the flag is per viewer.
    expect((await report(agentViewer, 'FALSE_INFORMATION')).errors).toBeUndefined();
    const seen = await query<ProfileResult>(db.prisma, PROFILE, { id: agent.id }, reporters[1]!);
    expect(seen.agent.reviews.find((x) => x.id === r.id)?.viewerHasReported).toBe(false);
    expect(await db.prisma.reviewReport.count({ where: { reviewId: r.id } })).toBe(2);
  });

  it('hides a review on the 3rd distinct reporter, and the rating, count and summary leave it out exactly', async () => {
    const { agent: lone } = await createAgent(db.prisma, { user: { firstName: 'Lone', lastName: 'Agent' } });
    const loneViewer = asViewer(await db.prisma.user.findUniqueOrThrow({ where: { id: lone.userId } }), 'AGENT');
    const rate = async (score: number, who: Viewer) =>
      (
        await query<{ rateAgent: { review: { id: string } } }>(
          db.prisma,
          `mutation R($input: RateAgentInput!) { rateAgent(input: $input) { review { id } } }`,
          { input: { agentId: lone.id, score } },
          who,
        )
      ).rateAgent.review.id;
    const answered = async (firstName: string) => {
      const u = await createUser(db.prisma, { firstName });
      await answeredConversation(db.prisma, { renterId: u.id, agentUserId: lone.userId });
      return asViewer(u);
    };
    const harsh = await answered('Harsh');
    const target = await rate(1, harsh);
    await rate(5, await answered('Kind'));
    await rate(4, await answered('Fair'));
    expect(await ratingVersusAggregate(db, lone.id)).toEqual({
      stored: { rating: '3.33', reviewCount: 3 },
      fresh: { rating: '3.33', reviewCount: 3 },
    });

    for (const [i, who] of reporters.slice(0, REPORTS_TO_HIDE).entries()) {
      const r = await query<{ reportReview: { hidden: boolean; agent: { rating: number; reviewCount: number } } }>(
        db.prisma,
        REPORT,
        { reviewId: target, reason: 'OFFENSIVE' },
        who,
      );
      const last = i === REPORTS_TO_HIDE - 1;
      expect(r.reportReview.hidden).toBe(last);
      expect(r.reportReview.agent).toEqual(
        last ? { id: lone.id, rating: 4.5, reviewCount: 2 } : expect.objectContaining({ reviewCount: 3 }),
      );
    }
    const { stored, fresh } = await ratingVersusAggregate(db, lone.id);
    expect(stored).toEqual(fresh);
    expect(stored).toEqual({ rating: '4.50', reviewCount: 2 });
    const hiddenAt = (await db.prisma.review.findUniqueOrThrow({ where: { id: target } })).hiddenAt;
    expect(hiddenAt).toBeInstanceOf(Date);

    // Public lists leave it out; the author and the agent still see it, marked, and not counted.
    for (const who of [null, reporters[0]!, reporters[5]!]) {
      const pub = await query<ProfileResult>(db.prisma, PROFILE, { id: lone.id }, who);
      expect(pub.agent.reviews.map((x) => x.id)).not.toContain(target);
      expect(pub.agent.reviews).toHaveLength(2);
      expect(pub.agent).toMatchObject({ rating: 4.5, reviewCount: 2 });
    }
    const given = await query<MyReviewsResult>(db.prisma, MY_REVIEWS, { role: 'GIVEN' }, harsh);
    expect(given.myReviews.edges.map((e) => e.node)).toEqual([expect.objectContaining({ id: target, hidden: true })]);
    expect(
      (await query<{ myRatingsSummary: { totalReviews: number } }>(db.prisma, SUMMARY, { role: 'GIVEN' }, harsh)).myRatingsSummary
        .totalReviews,
    ).toBe(0);
    const received = await query<MyReviewsResult>(db.prisma, MY_REVIEWS, { role: 'RECEIVED' }, loneViewer);
    expect(received.myReviews.totalCount).toBe(3);
    expect(received.myReviews.edges.find((e) => e.node.id === target)?.node).toMatchObject({
      hidden: true,
      viewerCanReply: true,
    });
    const summary = await query<{ myRatingsSummary: { averageScore: number; totalReviews: number } }>(
      db.prisma,
      SUMMARY,
      { role: 'RECEIVED' },
      loneViewer,
    );
    expect(summary.myRatingsSummary).toEqual({ averageScore: 4.5, totalReviews: 2 });

    // Nobody else can report what they cannot see; the agent's report changes nothing; the agent still replies.
    expect(codeOf(await execute(db.prisma, REPORT, { reviewId: target, reason: 'SPAM' }, reporters[3]!))).toBe('NOT_FOUND');
    const fourth = await query<{ reportReview: { hidden: boolean } }>(
      db.prisma,
      REPORT,
      { reviewId: target, reason: 'CONFLICT_OF_INTEREST' },
      loneViewer,
    );
    expect(fourth.reportReview.hidden).toBe(true);
    expect((await db.prisma.review.findUniqueOrThrow({ where: { id: target } })).hiddenAt).toEqual(hiddenAt);
    expect(await ratingVersusAggregate(db, lone.id)).toEqual({ stored, fresh });
    expect(codeOf(await execute(db.prisma, REPLY, { reviewId: target, reply: 'We disagree.' }, loneViewer))).toBeUndefined();

    // The author submitting again updates the review but does not bring it back; new reviews count.
    await rate(5, harsh);
    expect((await db.prisma.review.findUniqueOrThrow({ where: { id: target } })).hiddenAt).toEqual(hiddenAt);
    await rate(2, await answered('Late'));
    const after = await ratingVersusAggregate(db, lone.id);
    expect(after.stored).toEqual(after.fresh);
    expect(after.stored).toEqual({ rating: '3.67', reviewCount: 3 });
  });

  it('is not hidden by fresh accounts, by the reviewed agent, or by many accounts on one address; those reports still reach moderators', async () => {
    const deps = { prisma: db.prisma, limits: inProcessRateLimits(pino({ level: 'silent' })) };
    const { user: reviewed, agent: profile } = await createAgent(db.prisma, { user: { firstName: 'Pat' } });
    await establish(db.prisma, reviewed.id);
    const author = await createUser(db.prisma, { firstName: 'Honest' });
    const { id } = await db.prisma.review.create({
      data: { agentId: profile.id, authorId: author.id, score: 1 },
      select: { id: true },
    });
    const hidden = async () => (await db.prisma.review.findUniqueOrThrow({ where: { id } })).hiddenAt !== null;

    // Three fresh accounts (signed up today, phone verified, nothing done here yet).
    for (let i = 0; i < 3; i++) {
      const fresh = await createUser(db.prisma, {
        firstName: `Fresh${i}`,
        phone: `+1555777${String(Date.now() % 1000).padStart(3, '0')}${i}`,
      });
      expect(await reportReview(deps, asViewer(fresh), id, { reason: 'SPAM' }, { ip: `203.0.113.${i + 1}` })).toMatchObject({
        hidden: false,
      });
    }
    // Accounts of standing that share one address count once, however many.
    for (let i = 0; i < 3; i++) {
      const sameHouse = await createEstablishedUser(db.prisma, { firstName: `Roommate${i}` });
      const r = await reportReview(deps, asViewer(sameHouse), id, { reason: 'OFFENSIVE' }, { ip: '::ffff:198.51.100.77' });
      expect(r.hidden).toBe(false);
    }
    // The agent reviewed, established as they are, never counts against a review of themselves.
    expect((await reportReview(deps, asViewer(reviewed), id, { reason: 'FALSE_INFORMATION' }, { ip: '192.0.2.9' })).hidden).toBe(
      false,
    );
    // An established account of a month with nothing done here does not count either.
    const idle = await createUser(db.prisma, {
      firstName: 'Idle',
      createdAt: new Date(Date.now() - 40 * 86_400_000),
      phone: '+15557770999',
    });
    expect((await reportReview(deps, asViewer(idle), id, { reason: 'SPAM' }, { ip: '192.0.2.10' })).hidden).toBe(false);
    expect(await hidden()).toBe(false);
    expect(await db.prisma.reviewReport.count({ where: { reviewId: id } })).toBe(8);

    // Two more established readers, each on an address of their own: with the household's, three.
    for (const ip of ['2001:db8:1:2::5', '2001:db8:9:9::5']) {
      const reader = await createEstablishedUser(db.prisma, { firstName: 'Reader' });
      await reportReview(deps, asViewer(reader), id, { reason: 'SPAM' }, { ip });
    }
    expect(await hidden()).toBe(true);
  });

  it('counts addresses of one IPv6 network once', async () => {
    const deps = { prisma: db.prisma, limits: inProcessRateLimits(pino({ level: 'silent' })) };
    const { agent: profile } = await createAgent(db.prisma);
    const author = await createUser(db.prisma);
    const { id } = await db.prisma.review.create({
      data: { agentId: profile.id, authorId: author.id, score: 2 },
      select: { id: true },
    });
    for (const ip of ['2001:db8:5:6::1', '2001:0db8:0005:0006:ffff::2', '2001:db8:5:6:1:2:3:4']) {
      const reader = await createEstablishedUser(db.prisma);
      expect((await reportReview(deps, asViewer(reader), id, { reason: 'SPAM' }, { ip })).hidden).toBe(false);
    }
  });

  it('hides exactly once under 5 concurrent reports, with the aggregate exact', async () => {
    const { agent: busy } = await createAgent(db.prisma, { user: { firstName: 'Busy', lastName: 'Agent' } });
    const scores = [1, 2, 5, 5, 4];
    const ids: string[] = [];
    for (const score of scores) {
      const who = asViewer(await createUser(db.prisma, { firstName: `S${score}` }));
      await answeredConversation(db.prisma, { renterId: who.uid, agentUserId: busy.userId });
      const r = await query<{ rateAgent: { review: { id: string } } }>(
        db.prisma,
        `mutation R($input: RateAgentInput!) { rateAgent(input: $input) { review { id } } }`,
        { input: { agentId: busy.id, score } },
        who,
      );
      ids.push(r.rateAgent.review.id);
    }
    const deps = { prisma: db.prisma, limits: inProcessRateLimits(pino({ level: 'silent' })) };
    const five: Viewer[] = [];
    for (let i = 0; i < 5; i++) five.push(asViewer(await createEstablishedUser(db.prisma, { firstName: `Crowd${i}` })));
    // Five users report the 1-star review at once, and two of them the 2-star one at the same moment.
    const results = await Promise.all([
      ...five.map((v) => reportReview(deps, v, ids[0], { reason: 'FALSE_INFORMATION' })),
      ...five.slice(0, 2).map((v) => reportReview(deps, v, ids[1], { reason: 'SPAM' })),
    ]);
    const onFirst = results.slice(0, 5);
    expect(onFirst.filter((r) => r.hiddenNow)).toHaveLength(1);
    expect(onFirst.filter((r) => r.hidden)).toHaveLength(REPORTS_TO_HIDE);
    expect(await db.prisma.reviewReport.count({ where: { reviewId: ids[0] } })).toBe(5);
    const rows = await db.prisma.review.findMany({ where: { agentId: busy.id }, select: { id: true, hiddenAt: true } });
    expect(rows.filter((r) => r.hiddenAt).map((r) => r.id)).toEqual([ids[0]]);
    const { stored, fresh } = await ratingVersusAggregate(db, busy.id);
    expect(stored).toEqual(fresh);
    expect(stored).toEqual({ rating: '4.00', reviewCount: 4 });

    // Concurrent reports by one user: one is filed, the rest are CONFLICT.
    const same = five[4]!;
    const dupes = await Promise.allSettled([1, 2, 3].map(() => reportReview(deps, same, ids[2], { reason: 'SPAM' })));
    expect(dupes.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
    for (const d of dupes)
      if (d.status === 'rejected')
        expect(d.reason).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.alreadyReported });
    expect(await db.prisma.reviewReport.count({ where: { reviewId: ids[2] } })).toBe(1);
  });
});

describe.each(backends)('review moderation REST shims on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let agentId: string;
  let renter: TestAccount;
  let others: TestAccount[];

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    // Behind a trusted proxy: each reader reports from an address of their own (one per address counts).
    app = await startTestApp(db, { env: { TRUST_PROXY: 'true' } });
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Avery', lastName: 'Agent' });
    renter = await createAccount(db.prisma, 'renter', { firstName: 'Rita', lastName: 'Renter' });
    others = [];
    for (let i = 0; i < 3; i++)
      others.push(await createAccount(db.prisma, 'renter', { firstName: `Other${i}`, lastName: 'Reader' }));
    // Readers of standing: their reports count toward hiding.
    for (const reader of [renter, ...others]) await establish(db.prisma, reader.uid);
    agentId = (await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } })).id;
    await answeredConversation(db.prisma, { renterId: renter.uid, agentUserId: agent.uid });
    await createProperty(db.prisma, { userId: agent.uid, agentId }, { title: 'Sunny 2BR on Bedford' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const addresses = new Map<string, string>();
  /** Each account's own client address. */
  const addressOf = (who: TestAccount) => {
    if (!addresses.has(who.uid)) addresses.set(who.uid, `198.51.100.${addresses.size + 10}`);
    return addresses.get(who.uid) as string;
  };
  const call = async (method: string, path: string, who: TestAccount | null, body?: unknown) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:5173',
        'x-forwarded-for': who ? addressOf(who) : '192.0.2.1',
        ...(who ? who.bearer : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : null) as Body };
  };

  /** Reviews of the agent by fresh users, inserted directly (the aggregate is recomputed after). */
  async function seedReviews(n: number, score = 4): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const u = await createUser(db.prisma, { firstName: `Bulk${i}` });
      ids.push(
        (await db.prisma.review.create({ data: { agentId, authorId: u.id, score, verified: true }, select: { id: true } })).id,
      );
    }
    return ids;
  }

  it('POST /api/reviews/{id}/reply: 401, 403 to others, 400, 200 once, then 409', async () => {
    const posted = await call('POST', '/api/reviews', renter, { agentId, rating: 3, comment: 'Slow to answer.' });
    expect(posted.status).toBe(201);
    const id = posted.body.id as string;
    expect(posted.body).toMatchObject({ hidden: false, reply: null, replied_at: null });

    expect((await call('POST', `/api/reviews/${id}/reply`, null, { reply: 'Hi' })).status).toBe(401);
    const other = await call('POST', `/api/reviews/${id}/reply`, renter, { reply: 'Hi' });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe(MODERATION_MESSAGES.onlyAgentReplies);
    const blank = await call('POST', `/api/reviews/${id}/reply`, agent, { reply: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(MODERATION_MESSAGES.replyRequired);
    const ok = await call('POST', `/api/reviews/${id}/reply`, agent, { reply: '  Sorry — we were short-staffed that week.  ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id, reply: 'Sorry — we were short-staffed that week.', hidden: false });
    expect(Date.parse(ok.body.replied_at)).toBeGreaterThan(Date.now() - 60_000);
    const again = await call('POST', `/api/reviews/${id}/reply`, agent, { reply: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('You have already replied to this review.');
    expect((await call('POST', `/api/reviews/nope/reply`, agent, { reply: 'x' })).status).toBe(404);
  });

  it('POST /api/reviews/{id}/report: reasons, 409 on a second, hidden on the 3rd: gone from the profile, marked for author and agent', async () => {
    const [id] = await seedReviews(1, 1);
    const mine = await call('POST', '/api/reviews', others[2]!, { agentId, rating: 5 });
    expect(mine.status).toBe(201);
    await db.prisma.$transaction((tx) => recomputeAgentRating(tx, agentId));

    expect((await call('POST', `/api/reviews/${id}/report`, null, { reason: 'spam' })).status).toBe(401);
    const noReason = await call('POST', `/api/reviews/${id}/report`, renter, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe(MODERATION_MESSAGES.reasonRequired);
    const badReason = await call('POST', `/api/reviews/${id}/report`, renter, { reason: 'boring' });
    expect(badReason.status).toBe(400);
    const other = await call('POST', `/api/reviews/${id}/report`, renter, { reason: 'other' });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe(MODERATION_MESSAGES.detailsRequired);
    const own = await call('POST', `/api/reviews/${mine.body.id}/report`, others[2]!, { reason: 'spam' });
    expect(own.status).toBe(403);

    const first = await call('POST', `/api/reviews/${id}/report`, renter, { reason: 'spam' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ reviewId: id, hidden: false });
    expect((await call('POST', `/api/reviews/${id}/report`, renter, { reason: 'SPAM' })).status).toBe(409);
    expect((await call('POST', `/api/reviews/${id}/report`, others[0]!, { reason: 'OFFENSIVE' })).body.hidden).toBe(false);
    const third = await call('POST', `/api/reviews/${id}/report`, others[1]!, { reason: 'other', details: 'Never a client.' });
    expect(third.status).toBe(201);
    expect(third.body).toEqual({ reviewId: id, hidden: true });

    const profile = await call('GET', `/api/agents/${agentId}`, null);
    expect(profile.status).toBe(200);
    const listed = JSON.stringify(profile.body);
    expect(listed).not.toContain(id);
    expect(listed).toContain(mine.body.id);
    const { stored, fresh } = await ratingVersusAggregate(db, agentId);
    expect(stored).toEqual(fresh);

    const received = await call('GET', `/api/reviews?role=received`, agent);
    expect(received.body.items.find((r: Body) => r.id === id)).toMatchObject({ hidden: true });
    // Another reader cannot report what they cannot see.
    const ghost = await call('POST', `/api/reviews/${id}/report`, others[2]!, { reason: 'spam' });
    expect(ghost.status).toBe(404);
  });

  it(`limits reports to ${RATE_LIMITS.reviewReport.points} and replies to ${RATE_LIMITS.reviewReply.points} an hour per user`, async () => {
    expect(RATE_LIMITS.reviewReport).toMatchObject({ points: 20, durationSeconds: 3600 });
    expect(RATE_LIMITS.reviewReply).toMatchObject({ points: 30, durationSeconds: 3600 });
    const ids = await seedReviews(RATE_LIMITS.reviewReply.points + 1, 5);

    const busy = await createAccount(db.prisma, 'renter', { firstName: 'Busy', lastName: 'Bee' });
    for (let i = 0; i < RATE_LIMITS.reviewReport.points; i++) {
      const r = await call('POST', `/api/reviews/${ids[i]}/report`, busy, { reason: 'spam' });
      expect(r.status).toBe(201);
    }
    const over = await call('POST', `/api/reviews/${ids[RATE_LIMITS.reviewReport.points]}/report`, busy, { reason: 'spam' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/too quickly/) });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(
      (await call('POST', `/api/reviews/${ids[RATE_LIMITS.reviewReport.points]}/report`, renter, { reason: 'spam' })).status,
    ).toBe(201);

    // The agent replied once in the first test: that counts against the same hour.
    for (let i = 0; i < RATE_LIMITS.reviewReply.points - 1; i++) {
      const r = await call('POST', `/api/reviews/${ids[i]}/reply`, agent, { reply: `Thank you #${i}` });
      expect(r.status).toBe(200);
    }
    const overReply = await call('POST', `/api/reviews/${ids[RATE_LIMITS.reviewReply.points - 1]}/reply`, agent, {
      reply: 'One more',
    });
    expect(overReply.status).toBe(429);
    expect(overReply.body.code).toBe('RATE_LIMITED');
    expect(await db.prisma.review.count({ where: { agentId, reply: { not: null } } })).toBe(RATE_LIMITS.reviewReply.points);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Viewer } from '../../server/core/viewer.js';
import { eventsOf } from '../../server/core/events.js';
import { inProcessRateLimits } from '../../server/infra/rate-limits.js';
import { listenForInteractions, submitReview } from '../../server/modules/reviews/reviews.service.js';
import { answeredConversation, createAgent, createProperty, createUser } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

/**
 * Issue 58 item 10: one fresh renter moved an agent from 4.78 to 2.79 with six one-star reviews. One
 * review per renter and agent; only a review after a real interaction (the agent answered, or
 * confirmed a tour) counts in the agent's rating; the others are shown, unverified.
 */
describe.each(ruleBackends)('review verification on %s', (backend) => {
  let db: TestDatabase;
  let deps: Parameters<typeof submitReview>[0];
  const asViewer = (u: { id: string; email: string }): Viewer => ({ uid: u.id, email: u.email, role: 'RENTER' });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    deps = { prisma: db.prisma, limits: inProcessRateLimits(pino({ level: 'silent' })) };
    listenForInteractions(db.prisma, pino({ level: 'silent' }));
  });
  afterAll(() => db?.close());

  /** An agent rated 4.80 by five renters the agent answered, with six listings. */
  async function wellRatedAgent() {
    const { user, agent } = await createAgent(db.prisma);
    const listings = [];
    for (let i = 0; i < 6; i++) listings.push(await createProperty(db.prisma, { userId: user.id, agentId: agent.id }));
    for (const score of [5, 5, 5, 5, 4]) {
      const r = await createUser(db.prisma);
      await answeredConversation(db.prisma, { renterId: r.id, agentUserId: user.id, propertyId: listings[0]!.id });
      await submitReview(deps, asViewer(r), { agentId: agent.id, score });
    }
    return { user, agent, listings };
  }

  const ratingOf = async (agentId: string) => {
    const a = await db.prisma.agent.findUniqueOrThrow({ where: { id: agentId }, select: { rating: true, reviewCount: true } });
    return { rating: Number(a.rating), reviewCount: a.reviewCount };
  };

  it('six one-star reviews from one fresh renter, one per listing, leave one unverified review and the rating unmoved', async () => {
    const { agent, listings } = await wellRatedAgent();
    expect(await ratingOf(agent.id)).toEqual({ rating: 4.8, reviewCount: 5 });
    const fresh = await createUser(db.prisma);
    const answers = [];
    for (const l of listings)
      answers.push(await submitReview(deps, asViewer(fresh), { agentId: agent.id, score: 1, propertyId: l.id }));
    expect(answers.map((a) => a.created)).toEqual([true, false, false, false, false, false]);
    expect(new Set(answers.map((a) => a.reviewId)).size).toBe(1);
    const mine = await db.prisma.review.findMany({ where: { authorId: fresh.id, agentId: agent.id } });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ verified: false, score: 1, propertyId: listings[5]!.id });
    expect(await ratingOf(agent.id)).toEqual({ rating: 4.8, reviewCount: 5 });
    // Still shown on the profile, not counted.
    const profile = await query<{
      agent: { rating: number; reviewCount: number; reviews: Array<{ id: string; verified: boolean }> };
    }>(db.prisma, `query($id: ID!) { agent(id: $id) { rating reviewCount reviews(first: 20) { id verified } } }`, {
      id: agent.id,
    });
    expect(profile.agent).toMatchObject({ rating: 4.8, reviewCount: 5 });
    expect(profile.agent.reviews).toHaveLength(6);
    expect(profile.agent.reviews.find((r) => r.id === mine[0]!.id)?.verified).toBe(false);
    // The database keeps it so: a second review row of the same renter and agent is refused.
    await expect(db.prisma.review.create({ data: { agentId: agent.id, authorId: fresh.id, score: 1 } })).rejects.toThrow();
  });

  it('counts the review once the agent answers the renter (the message event), and the form says so beforehand', async () => {
    const { user, agent, listings } = await wellRatedAgent();
    const renter = await createUser(db.prisma);
    const thread = await db.prisma.thread.create({
      data: { propertyId: listings[1]!.id, renterId: renter.id, agentUserId: user.id },
    });
    await db.prisma.message.create({ data: { threadId: thread.id, senderId: renter.id, content: 'Is it available?' } });
    // A conversation the agent has not answered is no interaction.
    const written = await submitReview(deps, asViewer(renter), { agentId: agent.id, score: 2 });
    expect(written.verified).toBe(false);
    expect(await ratingOf(agent.id)).toEqual({ rating: 4.8, reviewCount: 5 });
    const VR = `query($id: ID!) { agent(id: $id) { viewerRating { verified existingReview { id score } } } }`;
    const before = await query<{ agent: { viewerRating: { verified: boolean; existingReview: { id: string } | null } } }>(
      db.prisma,
      VR,
      { id: agent.id },
      asViewer(renter),
    );
    expect(before.agent.viewerRating).toEqual({ verified: false, existingReview: { id: written.reviewId, score: 2 } });

    // The agent answers: messaging announces the agent's first reply.
    const reply = await db.prisma.message.create({ data: { threadId: thread.id, senderId: user.id, content: 'Yes, Saturday?' } });
    eventsOf(db.prisma).publish({
      type: 'message.sent',
      threadId: thread.id,
      messageId: reply.id,
      renterId: renter.id,
      agentUserId: user.id,
      firstReply: true,
    });
    await expect.poll(() => ratingOf(agent.id)).toEqual({ rating: 4.33, reviewCount: 6 });
    expect((await db.prisma.review.findUniqueOrThrow({ where: { id: written.reviewId } })).verified).toBe(true);
    const after = await query<{ agent: { viewerRating: { verified: boolean } } }>(
      db.prisma,
      VR,
      { id: agent.id },
      asViewer(renter),
    );
    expect(after.agent.viewerRating.verified).toBe(true);
    // `verified` alone (no `existingReview`): read without an empty selection of reviews (was an internal error).
    const alone = await query<{ agent: { viewerRating: { verified: boolean } } }>(
      db.prisma,
      `query($id: ID!) { agent(id: $id) { viewerRating { verified } } }`,
      { id: agent.id },
      asViewer(renter),
    );
    expect(alone.agent.viewerRating.verified).toBe(true);
  });

  it('counts the review once a tour of the renter is confirmed (the tour event)', async () => {
    const { user, agent, listings } = await wellRatedAgent();
    const renter = await createUser(db.prisma);
    const written = await submitReview(deps, asViewer(renter), { agentId: agent.id, score: 3 });
    expect(written.verified).toBe(false);
    const thread = await db.prisma.thread.create({
      data: { propertyId: listings[2]!.id, renterId: renter.id, agentUserId: user.id },
    });
    const tour = await db.prisma.tourRequest.create({
      data: {
        propertyId: listings[2]!.id,
        renterId: renter.id,
        agentUserId: user.id,
        threadId: thread.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    // Requested only: nothing yet.
    eventsOf(db.prisma).publish({
      type: 'tour.changed',
      tourId: tour.id,
      renterId: renter.id,
      agentUserId: user.id,
      step: 'REQUESTED',
      to: 'AGENT',
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await ratingOf(agent.id)).toEqual({ rating: 4.8, reviewCount: 5 });
    await db.prisma.tourRequest.update({ where: { id: tour.id }, data: { status: 'CONFIRMED', confirmedAt: new Date() } });
    eventsOf(db.prisma).publish({
      type: 'tour.changed',
      tourId: tour.id,
      renterId: renter.id,
      agentUserId: user.id,
      step: 'CONFIRMED',
      to: 'RENTER',
    });
    await expect.poll(() => ratingOf(agent.id)).toEqual({ rating: 4.5, reviewCount: 6 });
  });

  it('verifies a review written after the interaction at once; GraphQL answers the stored rating', async () => {
    const { user, agent } = await wellRatedAgent();
    const renter = await createUser(db.prisma);
    await answeredConversation(db.prisma, { renterId: renter.id, agentUserId: user.id });
    const written = await submitReview(deps, asViewer(renter), { agentId: agent.id, score: 1 });
    expect(written.verified).toBe(true);
    expect(await ratingOf(agent.id)).toEqual({ rating: 4.17, reviewCount: 6 });
    const gql = await query<{ agent: { rating: number; reviewCount: number } }>(
      db.prisma,
      `query($id: ID!) { agent(id: $id) { rating reviewCount } }`,
      { id: agent.id },
    );
    expect(gql.agent).toEqual({ rating: 4.17, reviewCount: 6 });
  });
});

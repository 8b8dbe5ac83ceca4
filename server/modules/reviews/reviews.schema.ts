import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../../graphql/builder.js';
import { shownName } from '../../core/names.js';
import { keysetConnection, type ConnectionWithCount } from '../../graphql/connection.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../core/errors.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import { AgentRef } from '../agents/index.schema.js';
import { requireViewer } from '../../core/authz.js';
import { PropertyRef } from '../listings/index.schema.js';
import {
  encodeReviewCursor,
  memoRaterAccount,
  rateableAgents,
  ratingEligibility,
  ratingsSummary,
  reviewsPage,
  submitReview,
  type Eligibility,
  type RatingsSummary,
  type ReviewQuery,
  type ReviewRole,
  type ReviewsDeps,
} from './reviews.service.js';

/**
 * Ratings of agents over GraphQL (issue 10). Writing: `rateAgent`. Reading: `Agent.viewerRating` (may
 * the viewer rate, and their review so far), `myRatingsSummary` and `myReviews` (the ratings screen),
 * `rateableAgents` (the 'Leave a Review' pickers). Rules live in reviews.service.ts.
 */

export function reviewsDeps(ctx: GraphQLContext): ReviewsDeps {
  return { prisma: ctx.prisma, limits: ctx.limits ?? inProcessRateLimits(ctx.log) };
}

/** The public face of a review's author: a name and a photo, never contact details. */
export interface ReviewAuthorShape {
  firstName: string;
  lastName: string;
  photoUrl: string | null;
}

export const ReviewAuthorRef = builder.objectRef<ReviewAuthorShape>('ReviewAuthor').implement({
  description: "A review's author as shown publicly (name and photo only).",
  fields: (t) => ({
    // A deleted account's name in the reader's language (shownName).
    firstName: t.string({ resolve: (a) => shownName(a).firstName }),
    lastName: t.string({ resolve: (a) => shownName(a).lastName }),
    photoUrl: t.exposeString('photoUrl', { nullable: true }),
  }),
});

/** A renter's rating of an agent (read side). */
export const ReviewRef = builder.prismaObject('Review', {
  description: "A renter's rating of an agent: a score of 1-5 with four optional subscores.",
  fields: (t) => ({
    id: t.exposeID('id'),
    score: t.exposeInt('score'),
    communication: t.exposeInt('communication', { nullable: true }),
    reliability: t.exposeInt('reliability', { nullable: true }),
    cleanliness: t.exposeInt('cleanliness', { nullable: true }),
    accuracy: t.exposeInt('accuracy', { nullable: true }),
    comment: t.exposeString('comment', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', {
      type: 'DateTime',
      description: 'When the author last changed it (equal to createdAt until they submit again).',
    }),
    verified: t.exposeBoolean('verified', {
      description:
        "A real interaction between the author and the agent (the agent answered them in a conversation, or confirmed a tour of theirs): shown as 'Verified conversation' and counted in the agent's rating. Unverified reviews are shown, marked 'Not verified', and not counted.",
    }),
    author: t.field({
      type: ReviewAuthorRef,
      select: { author: { select: { firstName: true, lastName: true, photoUrl: true } } },
      resolve: (review) => review.author,
    }),
    isMine: t.boolean({
      description: 'Whether the signed-in viewer wrote it.',
      select: { authorId: true },
      resolve: (review, _args, ctx) => review.authorId === ctx.viewer?.uid,
    }),
    agent: t.relation('agent', {
      description: 'The agent rated (its rating and reviewCount include this review).',
    }),
    propertyId: t.exposeID('propertyId', { nullable: true, description: 'The listing the review is about, if any.' }),
    listingTitle: t.string({
      nullable: true,
      description: 'Title of the listing the review is about, if any.',
      select: { property: { select: { title: true } } },
      resolve: (review) => review.property?.title ?? null,
    }),
  }),
});

export const ReviewRoleEnum = builder.enumType('ReviewRole', {
  description: 'RECEIVED: reviews of the viewer as an agent. GIVEN: reviews the viewer wrote.',
  values: ['RECEIVED', 'GIVEN'] as const,
});

const RatingRefusalEnum = builder.enumType('RatingRefusal', {
  description: 'Why the viewer cannot rate an agent.',
  values: {
    SIGN_IN_REQUIRED: { description: 'Signed out.' },
    ACCOUNT_INCOMPLETE: { description: 'Signed in, but sign-up was never completed.' },
    OWN_PROFILE: { description: 'The agent is the viewer.' },
    AGENTS_CANNOT_RATE: { description: 'The viewer is an agent: only renters rate agents.' },
  } as const,
});

// --- Agent.viewerRating ----------------------------------------------------------------------------------

interface ViewerRatingShape {
  eligibility: Eligibility;
  verified: boolean;
  existingReview: unknown;
}

const ViewerRatingRef = builder.objectRef<ViewerRatingShape>('ViewerRating').implement({
  description:
    "Whether the signed-in viewer may rate this agent (the rating page shows 'Rating Not Available' with `message` " +
    'before the form when not), and their review so far.',
  fields: (t) => ({
    allowed: t.boolean({ resolve: (r) => r.eligibility.allowed }),
    reason: t.field({ type: RatingRefusalEnum, nullable: true, resolve: (r) => r.eligibility.reason }),
    title: t.string({
      nullable: true,
      description: "'Rating Not Available' (or 'Sign In Required') when refused.",
      resolve: (r) => r.eligibility.title,
    }),
    message: t.string({ nullable: true, description: 'What the page says when refused.', resolve: (r) => r.eligibility.message }),
    verified: t.boolean({
      description:
        "The agent has answered the viewer in a conversation or confirmed a tour of theirs: a review now is verified ('Verified conversation') and counts in the agent's rating.",
      resolve: (r) => r.verified,
    }),
    existingReview: t.field({
      type: ReviewRef,
      nullable: true,
      description: "The viewer's review of this agent (one per renter and agent); submitting again replaces it.",
      resolve: (r) => r.existingReview as never,
    }),
  }),
});

type AgentWithViewerRating = {
  userId: string;
  reviews?: unknown[];
  user?: { messages?: Array<{ id: string }>; toursToGive?: Array<{ id: string }> };
};

builder.prismaObjectField('Agent', 'viewerRating', (t) =>
  t.field({
    type: ViewerRatingRef,
    description:
      "May the viewer rate this agent, and their existing review of the agent (one per renter and agent, whatever the listing). Read in the agent's own query.",
    args: {
      propertyId: t.arg.id({
        required: false,
        description: 'Ignored: a renter has one review of an agent, whatever listing it is about (issue 58).',
      }),
    },
    select: (_args, ctx, nested) => {
      const uid = ctx.viewer?.uid;
      if (!uid) return { userId: true };
      const reviews = nested({ where: { authorId: uid }, take: 1 }, ['existingReview']) as { select?: Record<string, unknown> };
      // Without `existingReview` selected the plugin gives an empty selection, which Prisma refuses
      // (an agent asked for with `viewerRating { verified }` alone was an internal error).
      if (reviews.select && Object.keys(reviews.select).length === 0) reviews.select = { id: true };
      return {
        userId: true,
        reviews: reviews as never,
        // The interactions that verify a review (review-visibility.ts interactionSql): a message of the
        // agent's in a conversation with the viewer, or a tour of the viewer's the agent confirmed.
        user: {
          select: {
            messages: { where: { thread: { is: { renterId: uid } } }, select: { id: true }, take: 1 },
            toursToGive: { where: { renterId: uid, confirmedAt: { not: null } }, select: { id: true }, take: 1 },
          },
        },
      };
    },
    resolve: async (agent, _args, ctx) => {
      const a = agent as unknown as AgentWithViewerRating;
      const account = await memoRaterAccount(ctx, ctx.prisma, ctx.viewer);
      return {
        eligibility: ratingEligibility(ctx.viewer, account, a),
        verified: Boolean(ctx.viewer) && (a.user?.messages?.length ?? 0) + (a.user?.toursToGive?.length ?? 0) > 0,
        existingReview: ctx.viewer ? (a.reviews?.[0] ?? null) : null,
      };
    },
  }),
);

// --- the ratings screen ------------------------------------------------------------------------------------

const ScoreCountRef = builder.objectRef<{ score: number; count: number; percent: number }>('ScoreCount').implement({
  description: 'How many reviews gave one score, and their share in whole percent.',
  fields: (t) => ({
    score: t.exposeInt('score'),
    count: t.exposeInt('count'),
    percent: t.exposeInt('percent'),
  }),
});

const CategoryAveragesRef = builder.objectRef<RatingsSummary['categoryAverages']>('CategoryAverages').implement({
  description: 'Average of each category over the reviews that rated it (null when none did), 2 decimals.',
  fields: (t) => ({
    communication: t.exposeFloat('communication', { nullable: true }),
    reliability: t.exposeFloat('reliability', { nullable: true }),
    cleanliness: t.exposeFloat('cleanliness', { nullable: true }),
    accuracy: t.exposeFloat('accuracy', { nullable: true }),
  }),
});

export const RatingsSummaryRef = builder.objectRef<RatingsSummary>('RatingsSummary').implement({
  description: "The ratings screen's summary of the viewer's received or given reviews, computed in one SQL statement.",
  fields: (t) => ({
    id: t.exposeID('id', { description: 'Role and viewer: one cache entry per tab.' }),
    role: t.field({ type: ReviewRoleEnum, resolve: (s) => s.role }),
    averageScore: t.exposeFloat('averageScore', { description: 'Average score, 2 decimals; 0 without reviews.' }),
    totalReviews: t.exposeInt('totalReviews'),
    positiveCount: t.exposeInt('positiveCount', { description: 'Reviews scoring 4 or more.' }),
    positivePercent: t.exposeInt('positivePercent', {
      description: 'Their share, rounded to a whole percent (0 without reviews).',
    }),
    verifiedCount: t.exposeInt('verifiedCount', { description: "Reviews marked 'Verified conversation'." }),
    distribution: t.field({
      type: [ScoreCountRef],
      description: 'Counts per score, 5 down to 1 (always five entries).',
      resolve: (s) => s.distribution,
    }),
    categoryAverages: t.field({ type: CategoryAveragesRef, resolve: (s) => s.categoryAverages }),
  }),
});

// --- the 'Leave a Review' pickers -----------------------------------------------------------------------------

const RateableAgentRef = builder
  .objectRef<{ agent: unknown; lastContactAt: Date; listings: unknown[] }>('RateableAgent')
  .implement({
    description: 'An agent the viewer has talked to, with the listings they talked about.',
    fields: (t) => ({
      agent: t.field({ type: AgentRef, resolve: (r) => r.agent as never }),
      lastContactAt: t.expose('lastContactAt', { type: 'DateTime', description: 'The latest message in those conversations.' }),
      listings: t.field({
        type: [PropertyRef],
        description: 'Listings those conversations were about (any status), most recent conversation first.',
        resolve: (r) => r.listings as never,
      }),
    }),
  });

type ReviewEdgeShape = { cursor: string; node: unknown };

const relationArgs = (q: object) => (Object.keys(q).length ? q : true) as never;

builder.queryFields((t) => ({
  myRatingsSummary: t.field({
    type: RatingsSummaryRef,
    description:
      "Summary of the viewer's RECEIVED (as an agent) or GIVEN reviews: average, total, positive (4 or more), distribution, " +
      'category averages. UNAUTHENTICATED when signed out.',
    args: { role: t.arg({ type: ReviewRoleEnum, required: true }) },
    resolve: (_root, args, ctx) => ratingsSummary(ctx.prisma, ctx.viewer, args.role as ReviewRole),
  }),
  myReviews: t.connection(
    {
      type: ReviewRef,
      description: "The viewer's RECEIVED or GIVEN reviews, newest first (UNAUTHENTICATED when signed out).",
      args: { role: t.arg({ type: ReviewRoleEnum, required: true }) },
      resolve: async (_root, args, ctx, info) => {
        requireViewer(ctx.viewer);
        if (args.last != null || args.before != null)
          throw new AppError('BAD_USER_INPUT', 'Only forward paging (first, after) is supported');
        const query = queryFromInfo({ context: ctx, info, typeName: 'Review', path: ['edges', 'node'] });
        const page = await reviewsPage<{ id: string; createdAt: Date }>(
          ctx.prisma,
          ctx.viewer,
          args.role as ReviewRole,
          { first: args.first, after: args.after },
          query as ReviewQuery,
        );
        const edges: ReviewEdgeShape[] = page.rows.map((row) => ({ cursor: encodeReviewCursor(row), node: row }));
        return keysetConnection(edges, { hasNextPage: page.hasNextPage, after: args.after, count: page.count }) as never;
      },
    },
    {
      name: 'ReviewConnection',
      fields: (c) => ({
        totalCount: c.int({
          description: 'How many reviews in all pages.',
          resolve: (conn) => (conn as unknown as ConnectionWithCount).totalCount(),
        }),
      }),
    },
    { name: 'ReviewEdge' },
  ),
  rateableAgents: t.field({
    type: [RateableAgentRef],
    description:
      "Agents the viewer has talked to (their conversations as renter), most recent first, with the listings talked about: the 'Leave a Review' pickers. Empty for agents. One SQL statement (plus the viewer's account).",
    resolve: async (_root, _args, ctx, info) => {
      requireViewer(ctx.viewer);
      const account = await memoRaterAccount(ctx, ctx.prisma, ctx.viewer);
      const agentQuery = queryFromInfo({ context: ctx, info, typeName: 'Agent', path: ['agent'] });
      const propertyQuery = queryFromInfo({ context: ctx, info, typeName: 'Property', path: ['listings'] });
      return rateableAgents(ctx.prisma, ctx.viewer, account, relationArgs(agentQuery), relationArgs(propertyQuery));
    },
  }),
}));

// --- writing -------------------------------------------------------------------------------------------------

const RateAgentInput = builder.inputType('RateAgentInput', {
  description: 'A rating of an agent. A second one of the same agent (whatever the listing) replaces the first.',
  fields: (t) => ({
    agentId: t.id({ required: true, description: "The agent's id (or the agent's user id)." }),
    score: t.int({ description: "1 to 5; missing or 0: 'Please select a rating'." }),
    communication: t.int({ description: '1 to 5, optional.' }),
    reliability: t.int({ description: '1 to 5, optional.' }),
    cleanliness: t.int({ description: '1 to 5, optional.' }),
    accuracy: t.int({ description: '1 to 5, optional.' }),
    comment: t.string({ description: 'Optional; trimmed, empty is none; at most 1000 characters.' }),
    propertyId: t.id({ description: 'The listing the review is about (id or slug), optional.' }),
  }),
});

interface RateAgentPayloadShape {
  review: unknown;
  agent: unknown;
  created: boolean;
}

const RateAgentPayloadRef = builder.objectRef<RateAgentPayloadShape>('RateAgentPayload').implement({
  description:
    "The review written and the agent with its new rating, reviewCount, isNew and viewerRating: select them and Apollo's " +
    'normalized cache updates the profile, the detail page and every property card at once.',
  fields: (t) => ({
    review: t.field({ type: ReviewRef, resolve: (p) => p.review as never }),
    agent: t.field({ type: AgentRef, resolve: (p) => p.agent as never }),
    created: t.exposeBoolean('created', { description: 'False when the earlier review was replaced.' }),
    givenSummary: t.field({
      type: RatingsSummaryRef,
      description:
        "The viewer's GIVEN summary after the change (same id as myRatingsSummary(role: GIVEN): updates it in the cache).",
      resolve: (_p, _args, ctx) => ratingsSummary(ctx.prisma, ctx.viewer, 'GIVEN'),
    }),
  }),
});

builder.mutationFields((t) => ({
  rateAgent: t.field({
    type: RateAgentPayloadRef,
    description:
      'Rates an agent (renters only): creates the review or replaces the earlier one of the same agent, and the ' +
      "agent's rating and reviewCount (verified reviews only) in the same transaction. Errors: UNAUTHENTICATED, BAD_USER_INPUT (the form's messages), " +
      "NOT_FOUND ('Agent Not Found'), FORBIDDEN (agents rating agents, self-ratings; `extensions.reason`), RATE_LIMITED.",
    args: { input: t.arg({ type: RateAgentInput, required: true }) },
    resolve: async (_root, args, ctx, info) => {
      const result = await submitReview(reviewsDeps(ctx), ctx.viewer, args.input);
      const reviewQuery = queryFromInfo({ context: ctx, info, typeName: 'Review', path: ['review'] });
      const agentQuery = queryFromInfo({ context: ctx, info, typeName: 'Agent', path: ['agent'] });
      const [review, agent] = await Promise.all([
        ctx.prisma.review.findUniqueOrThrow({ ...(reviewQuery as object), where: { id: result.reviewId } }),
        ctx.prisma.agent.findUniqueOrThrow({ ...(agentQuery as object), where: { id: result.agentId } }),
      ]);
      return { review, agent, created: result.created };
    },
  }),
}));

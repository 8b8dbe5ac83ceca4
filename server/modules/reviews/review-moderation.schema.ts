import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../../graphql/builder.js';
import { AgentRef } from '../agents/index.schema.js';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPLY_MAX_LENGTH,
  REPORTS_TO_HIDE,
  replyToReview,
  reportReview,
} from './review-moderation.js';
import { ReviewRef, reviewsDeps } from './reviews.schema.js';

/**
 * Moderation of reviews over GraphQL (issue 10 item 5): the agent's reply, reports, the hidden mark.
 * Rules live in review-moderation.ts.
 */

builder.prismaObjectFields('Review', (t) => ({
  reply: t.exposeString('reply', { nullable: true, description: "The reviewed agent's public reply, if any." }),
  repliedAt: t.expose('repliedAt', { type: 'DateTime', nullable: true, description: 'When the agent replied.' }),
  hidden: t.boolean({
    description: `Hidden pending review (reported by ${REPORTS_TO_HIDE} users): not counted in the agent's rating, listed only to its author and its agent.`,
    select: { hiddenAt: true },
    resolve: (review) => review.hiddenAt !== null,
  }),
  viewerCanReply: t.boolean({
    description: 'The viewer is the agent reviewed and has not replied yet.',
    select: { reply: true, agent: { select: { userId: true } } },
    resolve: (review, _args, ctx) => Boolean(ctx.viewer) && review.agent.userId === ctx.viewer?.uid && review.reply === null,
  }),
  viewerHasReported: t.boolean({
    description: 'The viewer has reported this review.',
    select: (_args, ctx) =>
      ctx.viewer ? { reports: { where: { reporterId: ctx.viewer.uid }, select: { id: true }, take: 1 } } : { id: true },
    resolve: (review) => ((review as { reports?: unknown[] }).reports?.length ?? 0) > 0,
  }),
}));

export const ReviewReportReasonEnum = builder.enumType('ReviewReportReason', {
  description: 'Why a review is reported.',
  values: {
    SPAM: { description: 'Spam or advertising.' },
    OFFENSIVE: { description: 'Offensive, hateful or abusive.' },
    FALSE_INFORMATION: { description: 'False or misleading information.' },
    CONFLICT_OF_INTEREST: { description: 'Written by someone with a conflict of interest.' },
    OTHER: { description: 'Something else: `details` required.' },
  } as const,
});

interface ReportPayloadShape {
  review: unknown;
  agent: unknown;
  hidden: boolean;
}

const ReportReviewPayloadRef = builder.objectRef<ReportPayloadShape>('ReportReviewPayload').implement({
  description:
    'The review reported and its agent (rating and reviewCount change when this report hid the review): select them and the cache updates.',
  fields: (t) => ({
    review: t.field({ type: ReviewRef, resolve: (p) => p.review as never }),
    agent: t.field({ type: AgentRef, resolve: (p) => p.agent as never }),
    hidden: t.exposeBoolean('hidden', { description: `The review is hidden now (${REPORTS_TO_HIDE} reports that count).` }),
  }),
});

builder.mutationFields((t) => ({
  replyToReview: t.prismaField({
    type: 'Review',
    description:
      `The reviewed agent's public reply to a review (trimmed, 1 to ${REPLY_MAX_LENGTH} characters), once. Errors: UNAUTHENTICATED, ` +
      "NOT_FOUND, FORBIDDEN (not the agent reviewed), BAD_USER_INPUT, CONFLICT ('You have already replied to this review.'), RATE_LIMITED.",
    args: { reviewId: t.arg.id({ required: true }), reply: t.arg.string({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { reviewId } = await replyToReview(reviewsDeps(ctx), ctx.viewer, String(args.reviewId), { reply: args.reply });
      return ctx.prisma.review.findUniqueOrThrow({ ...query, where: { id: reviewId } });
    },
  }),
  reportReview: t.field({
    type: ReportReviewPayloadRef,
    description:
      `Reports a review (signed in, not its author, once per user; details required for OTHER, at most ${REPORT_DETAILS_MAX_LENGTH} ` +
      `characters). The ${REPORTS_TO_HIDE}rd report that counts (established accounts other than the agent, one per address) hides it and the agent's rating and reviewCount leave it out. Errors: ` +
      'UNAUTHENTICATED, NOT_FOUND, FORBIDDEN (own review), BAD_USER_INPUT, CONFLICT (already reported), RATE_LIMITED.',
    args: {
      reviewId: t.arg.id({ required: true }),
      reason: t.arg({ type: ReviewReportReasonEnum, required: true }),
      details: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, ctx, info) => {
      const result = await reportReview(
        reviewsDeps(ctx),
        ctx.viewer,
        String(args.reviewId),
        { reason: args.reason, details: args.details },
        { ip: ctx.visitor?.ip ?? null },
      );
      const reviewQuery = queryFromInfo({ context: ctx, info, typeName: 'Review', path: ['review'] });
      const agentQuery = queryFromInfo({ context: ctx, info, typeName: 'Agent', path: ['agent'] });
      const [review, agent] = await Promise.all([
        ctx.prisma.review.findUniqueOrThrow({ ...(reviewQuery as object), where: { id: result.reviewId } }),
        ctx.prisma.agent.findUniqueOrThrow({ ...(agentQuery as object), where: { id: result.agentId } }),
      ]);
      return { review, agent, hidden: result.hidden };
    },
  }),
}));

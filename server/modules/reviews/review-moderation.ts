import { z } from 'zod';
import { Prisma } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, invalidInputMessage } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { labels } from '../../../common/i18n/labels.js';
import { defineMessages, formatMessage, type MessageDescriptor } from '../../../common/i18n/messages.js';
import type { RateLimit } from '../../infra/rate-limits.js';
import { requireViewer } from '../../core/authz.js';
import { isUuid } from '../../core/ids.js';
import { countingReports, reportAddressKey, reportCountsToHide } from '../moderation/index.js';
import { recomputeAgentRating, type ReviewsDeps } from './reviews.service.js';
import { eventsOf } from '../../core/events.js';

/**
 * Moderation basics of reviews (issue 10 item 5), one rule set for GraphQL and REST:
 *
 * - The reviewed agent may reply publicly, once (a second reply is a CONFLICT).
 * - Anyone signed in except the author may report a review, once (a second report by the same user is
 *   a CONFLICT), with a reason (details required for OTHER).
 * - The 3rd counting report hides the review (`hiddenAt`): reports of established accounts, one per
 *   network address, never the reviewed agent's own (moderation/report-standing.ts); the others reach
 *   the moderators only. Hiding recomputes the agent's rating
 *   and count without it, in the same transaction and under the agent row's lock every review write
 *   takes: exactly once, exact under concurrent reports (docs/decisions/0019-reviews.md, Moderation).
 */

export const REPORTS_TO_HIDE = 3;
export const REPLY_MAX_LENGTH = 1000;
export const REPORT_DETAILS_MAX_LENGTH = 500;

export const REPORT_REASONS = ['SPAM', 'OFFENSIVE', 'FALSE_INFORMATION', 'CONFLICT_OF_INTEREST', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  reviewNotFound: { id: 'server.reviewModeration.reviewNotFound', defaultMessage: 'Review not found.' },
  replyRequired: { id: 'server.reviewModeration.replyRequired', defaultMessage: 'Write a reply.' },
  replyTooLong: { id: 'server.reviewModeration.replyTooLong', defaultMessage: 'Reply must be at most {max} characters' },
  onlyAgentReplies: {
    id: 'server.reviewModeration.onlyAgentReplies',
    defaultMessage: 'Only the agent reviewed can reply to this review.',
  },
  alreadyReplied: { id: 'server.reviewModeration.alreadyReplied', defaultMessage: 'You have already replied to this review.' },
  reasonRequired: {
    id: 'server.reviewModeration.reasonRequired',
    defaultMessage: 'Choose a reason for reporting this review.',
  },
  detailsRequired: { id: 'server.reviewModeration.detailsRequired', defaultMessage: 'Tell us what is wrong with this review.' },
  detailsTooLong: { id: 'server.reviewModeration.detailsTooLong', defaultMessage: 'Details must be at most {max} characters' },
  detailsNotText: { id: 'server.reviewModeration.detailsNotText', defaultMessage: 'Details must be text' },
  cannotReportOwn: { id: 'server.reviewModeration.cannotReportOwn', defaultMessage: 'You cannot report your own review.' },
  alreadyReported: { id: 'server.reviewModeration.alreadyReported', defaultMessage: 'You have already reported this review.' },
  replyingTooQuickly: {
    id: 'server.reviewModeration.replyingTooQuickly',
    defaultMessage: 'You are replying too quickly. Please wait {minutes, plural, other {{minutes} minutes}} and try again.',
  },
  reportingTooQuickly: {
    id: 'server.reviewModeration.reportingTooQuickly',
    defaultMessage:
      'You are reporting reviews too quickly. Please wait {minutes, plural, other {{minutes} minutes}} and try again.',
  },
});

/** The rules' and refusals' messages, each in the language of the request when it is read. */
export const MODERATION_MESSAGES = labels({
  reviewNotFound: messages.reviewNotFound,
  replyRequired: messages.replyRequired,
  replyTooLong: () => formatMessage(messages.replyTooLong, { max: REPLY_MAX_LENGTH }),
  onlyAgentReplies: messages.onlyAgentReplies,
  alreadyReplied: messages.alreadyReplied,
  reasonRequired: messages.reasonRequired,
  detailsRequired: messages.detailsRequired,
  detailsTooLong: () => formatMessage(messages.detailsTooLong, { max: REPORT_DETAILS_MAX_LENGTH }),
  cannotReportOwn: messages.cannotReportOwn,
  alreadyReported: messages.alreadyReported,
});

const codePoints = (s: string) => [...s].length;
const clean = (s: string) => s.replace(/\0/g, '').replace(/\r\n?/g, '\n').trim();

export const replyInputSchema = z.object({
  reply: z
    .string({ error: () => MODERATION_MESSAGES.replyRequired })
    .transform(clean)
    .refine((s) => s.length > 0, { error: () => MODERATION_MESSAGES.replyRequired })
    .refine((s) => codePoints(s) <= REPLY_MAX_LENGTH, { error: () => MODERATION_MESSAGES.replyTooLong }),
});

export const reportInputSchema = z
  .object({
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
      z.enum(REPORT_REASONS, { error: () => MODERATION_MESSAGES.reasonRequired }),
    ),
    details: z
      .string({ error: () => formatMessage(messages.detailsNotText) })
      .nullish()
      .transform((s) => (s == null ? null : clean(s) || null))
      .refine((s) => s == null || codePoints(s) <= REPORT_DETAILS_MAX_LENGTH, {
        error: () => MODERATION_MESSAGES.detailsTooLong,
      }),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'OTHER' && !v.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: MODERATION_MESSAGES.detailsRequired });
  });

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) {
    const issues = r.error.issues;
    throw new AppError('BAD_USER_INPUT', issues[0]?.message ?? invalidInputMessage(), {
      fields: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return r.data;
}

/** Over the limit: RATE_LIMITED, `tooQuickly` saying so (with the minutes to wait). */
async function limit(rl: RateLimit, uid: string, tooQuickly: MessageDescriptor) {
  const r = await rl.take(uid);
  if (!r.allowed)
    throw new AppError('RATE_LIMITED', formatMessage(tooQuickly, { minutes: Math.ceil(r.retryAfterSeconds / 60) }), {
      retryAfterSeconds: r.retryAfterSeconds,
    });
}

async function loadReview(deps: ReviewsDeps, reviewId: unknown) {
  const id = typeof reviewId === 'string' ? reviewId.trim() : '';
  if (!isUuid(id)) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.reviewNotFound);
  const review = await deps.prisma.review.findUnique({
    where: { id },
    select: { id: true, agentId: true, authorId: true, hiddenAt: true, reply: true, agent: { select: { userId: true } } },
  });
  if (!review) throw new AppError('NOT_FOUND', MODERATION_MESSAGES.reviewNotFound);
  return review;
}

async function requireAccount(deps: ReviewsDeps, uid: string) {
  const account = await deps.prisma.user.findUnique({ where: { id: uid }, select: { id: true } });
  if (!account) throw new AppError('UNAUTHENTICATED', say('finishAccount'));
  return account;
}

/**
 * The reviewed agent's public reply to a review (hidden or not: they see it). Once: the write only
 * happens while `reply` is still null, so two racing replies leave one and answer CONFLICT to the other.
 */
export async function replyToReview(
  deps: ReviewsDeps,
  viewer: Viewer | null | undefined,
  reviewId: unknown,
  input: unknown,
): Promise<{ reviewId: string }> {
  const v = requireViewer(viewer);
  const review = await loadReview(deps, reviewId);
  if (review.agent.userId !== v.uid) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.onlyAgentReplies);
  const { reply } = parse(replyInputSchema, input);
  if (review.reply !== null) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReplied);
  await limit(deps.limits.reviewReply, v.uid, messages.replyingTooQuickly);
  const written = await deps.prisma.review.updateMany({
    where: { id: review.id, reply: null },
    data: { reply, repliedAt: new Date() },
  });
  if (written.count === 0) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReplied);
  return { reviewId: review.id };
}

export interface ReportResult {
  reviewId: string;
  agentId: string;
  /** The review is hidden now (by this report or an earlier one). */
  hidden: boolean;
  /** This report was the one that hid it. */
  hiddenNow: boolean;
}

/**
 * Files the viewer's report of a review. The reporter may not be its author; a hidden review can be
 * reported only by its agent (nobody else sees it). The 3rd counting report (established reporters, one
 * per address, never the agent's own: moderation/report-standing.ts) hides it, and the agent's rating
 * and count are recomputed without it in the same transaction, under the agent row's lock.
 */
export async function reportReview(
  deps: ReviewsDeps,
  viewer: Viewer | null | undefined,
  reviewId: unknown,
  input: unknown,
  from: { ip?: string | null } = {},
): Promise<ReportResult> {
  const v = requireViewer(viewer);
  const data = parse(reportInputSchema, input);
  const [account, review] = await Promise.all([requireAccount(deps, v.uid), loadReview(deps, reviewId)]);
  if (review.hiddenAt && review.agent.userId !== account.id && review.authorId !== account.id)
    throw new AppError('NOT_FOUND', MODERATION_MESSAGES.reviewNotFound);
  if (review.authorId === account.id) throw new AppError('FORBIDDEN', MODERATION_MESSAGES.cannotReportOwn);
  const already = await deps.prisma.reviewReport.findUnique({
    where: { reviewId_reporterId: { reviewId: review.id, reporterId: account.id } },
    select: { id: true },
  });
  if (already) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReported);
  await limit(deps.limits.reviewReport, account.id, messages.reportingTooQuickly);
  const countsToHide = await reportCountsToHide(deps.prisma, account.id, { aboutAgentUserId: review.agent.userId });
  const addressKey = reportAddressKey(from.ip);

  try {
    const outcome = await deps.prisma.$transaction(async (tx) => {
      // The agent row's lock: the same one every review write takes (reviews.service.ts), so the
      // report count, the hiding and the aggregate below see every earlier writer's commit.
      await tx.$queryRaw`SELECT 1 FROM "Agent" a WHERE a."id" = ${review.agentId}::uuid FOR NO KEY UPDATE OF a`;
      const dup = await tx.reviewReport.findUnique({
        where: { reviewId_reporterId: { reviewId: review.id, reporterId: account.id } },
        select: { id: true },
      });
      if (dup) throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReported);
      await tx.reviewReport.create({
        data: {
          reviewId: review.id,
          reporterId: account.id,
          reason: data.reason,
          details: data.details,
          countsToHide,
          addressKey,
        },
        select: { id: true },
      });
      const current = await tx.review.findUniqueOrThrow({ where: { id: review.id }, select: { hiddenAt: true } });
      const reporters = countingReports(
        await tx.reviewReport.findMany({
          where: { reviewId: review.id, countsToHide: true },
          select: { id: true, addressKey: true },
        }),
      );
      if (current.hiddenAt) return { reviewId: review.id, agentId: review.agentId, hidden: true, hiddenNow: false };
      if (reporters < REPORTS_TO_HIDE) return { reviewId: review.id, agentId: review.agentId, hidden: false, hiddenNow: false };
      await tx.review.update({ where: { id: review.id }, data: { hiddenAt: new Date() }, select: { id: true } });
      await recomputeAgentRating(tx, review.agentId);
      return { reviewId: review.id, agentId: review.agentId, hidden: true, hiddenNow: true };
    });
    if (outcome.hiddenNow)
      eventsOf(deps.prisma).publish({ type: 'review.hidden', agentId: outcome.agentId, reviewId: outcome.reviewId });
    return outcome;
  } catch (err) {
    // The unique (review, reporter) index: a second report by the same user racing the first.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')
      throw new AppError('CONFLICT', MODERATION_MESSAGES.alreadyReported);
    throw err;
  }
}

// Moderation of reviews on the client (issue 10 item 5): the agent's reply and reports. The server
// checks the same rules (server/modules/reviews/review-moderation.ts) with the same messages.
import type { ApolloCache } from '@apollo/client';
import { ReviewReportReasonValues } from '@common/options';
import { reviewReportReasonLabels } from '@common/listing-labels';
import { z } from 'zod';
import { graphql } from '@/gql';
import type { ReviewReportReason } from '@/gql/graphql';
import { commentLength } from './review-rules';

export const REPLY_MAX = 1000;
export const REPORT_DETAILS_MAX = 500;

export const REPORT_REASONS: ReadonlyArray<{ value: ReviewReportReason; label: string; hint: string }> = [
  { value: 'SPAM', label: reviewReportReasonLabels.SPAM, hint: 'Promotes something or is not about a rental experience.' },
  { value: 'OFFENSIVE', label: reviewReportReasonLabels.OFFENSIVE, hint: 'Hateful, harassing or contains personal attacks.' },
  {
    value: 'FALSE_INFORMATION',
    label: reviewReportReasonLabels.FALSE_INFORMATION,
    hint: 'Describes things that did not happen.',
  },
  {
    value: 'CONFLICT_OF_INTEREST',
    label: reviewReportReasonLabels.CONFLICT_OF_INTEREST,
    hint: 'Written by a competitor, a friend or the agent.',
  },
  { value: 'OTHER', label: reviewReportReasonLabels.OTHER, hint: 'Tell us below.' },
];

export const MODERATION_MESSAGES = {
  replyRequired: 'Write a reply.',
  replyTooLong: `Reply must be at most ${REPLY_MAX} characters`,
  reasonRequired: 'Choose a reason for reporting this review.',
  detailsRequired: 'Tell us what is wrong with this review.',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
  replyFailed: 'Failed to post your reply',
  reportFailed: 'Failed to report this review',
} as const;

export const replyFormSchema = z.object({
  reply: z
    .string()
    .refine((s) => s.trim().length > 0, MODERATION_MESSAGES.replyRequired)
    .refine((s) => commentLength(s.trim()) <= REPLY_MAX, MODERATION_MESSAGES.replyTooLong),
});
export type ReplyFormValues = z.infer<typeof replyFormSchema>;

export const reportFormSchema = z
  .object({
    reason: z.enum(ReviewReportReasonValues, {
      error: MODERATION_MESSAGES.reasonRequired,
    }),
    details: z.string().refine((s) => commentLength(s.trim()) <= REPORT_DETAILS_MAX, MODERATION_MESSAGES.detailsTooLong),
  })
  .superRefine((v, ctx) => {
    if (v.reason === 'OTHER' && !v.details.trim())
      ctx.addIssue({ code: 'custom', path: ['details'], message: MODERATION_MESSAGES.detailsRequired });
  });
export type ReportFormInput = z.input<typeof reportFormSchema>;
export type ReportFormValues = z.output<typeof reportFormSchema>;

/** What every review card needs to show the reply, the hidden mark and the Reply / Report controls. */
export const ReviewModerationFragment = graphql(`
  fragment ReviewModeration_review on Review {
    id
    isMine
    hidden
    reply
    repliedAt
    viewerCanReply
    viewerHasReported
    agent {
      id
      displayName
    }
  }
`);

export const ReplyToReviewMutation = graphql(`
  mutation ReplyToReview($reviewId: ID!, $reply: String!) {
    replyToReview(reviewId: $reviewId, reply: $reply) {
      id
      ...ReviewModeration_review
    }
  }
`);

export const ReportReviewMutation = graphql(`
  mutation ReportReview($reviewId: ID!, $reason: ReviewReportReason!, $details: String) {
    reportReview(reviewId: $reviewId, reason: $reason, details: $details) {
      hidden
      review {
        id
        ...ReviewModeration_review
      }
      agent {
        id
        rating
        reviewCount
        isNew
      }
    }
  }
`);

/**
 * A report that hid the review: the agent's public list and the ratings screen's summaries and lists
 * no longer hold it (the agent's rating and count update in place from the answer).
 */
export function dropHiddenReview(cache: ApolloCache, agentId: string): void {
  const agent = cache.identify({ __typename: 'Agent', id: agentId });
  if (agent) cache.evict({ id: agent, fieldName: 'reviews' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'myRatingsSummary' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'myReviews' });
  cache.gc();
}

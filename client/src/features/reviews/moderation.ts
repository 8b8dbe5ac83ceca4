// Moderation of reviews on the client (issue 10 item 5): the agent's reply and reports. The server
// checks the same rules (server/modules/reviews/review-moderation.ts) with the same messages (in
// English; here they are in the page's language).
import type { ApolloCache } from '@apollo/client';
import { ReviewReportReasonValues } from '@common/options';
import { reviewReportReasonLabels } from '@common/listing-labels';
import { labels } from '@common/i18n/labels';
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';
import { z } from 'zod';
import { graphql } from '@/gql';
import type { ReviewReportReason } from '@/gql/graphql';
import { commentLength } from './review-rules';

export const REPLY_MAX = 1000;
export const REPORT_DETAILS_MAX = 500;

const messages = defineMessages({
  spamHint: { id: 'reviewModeration.hint.spam', defaultMessage: 'Promotes something or is not about a rental experience.' },
  offensiveHint: { id: 'reviewModeration.hint.offensive', defaultMessage: 'Hateful, harassing or contains personal attacks.' },
  falseHint: { id: 'reviewModeration.hint.falseInformation', defaultMessage: 'Describes things that did not happen.' },
  conflictHint: {
    id: 'reviewModeration.hint.conflictOfInterest',
    defaultMessage: 'Written by a competitor, a friend or the agent.',
  },
  otherHint: { id: 'reviewModeration.hint.other', defaultMessage: 'Tell us below.' },
  replyRequired: { id: 'reviewModeration.replyRequired', defaultMessage: 'Write a reply.' },
  replyTooLong: { id: 'reviewModeration.replyTooLong', defaultMessage: 'Reply must be at most {max} characters' },
  reasonRequired: { id: 'reviewModeration.reasonRequired', defaultMessage: 'Choose a reason for reporting this review.' },
  detailsRequired: { id: 'reviewModeration.detailsRequired', defaultMessage: 'Tell us what is wrong with this review.' },
  detailsTooLong: { id: 'reviewModeration.detailsTooLong', defaultMessage: 'Details must be at most {max} characters' },
  replyFailed: { id: 'reviewModeration.replyFailed', defaultMessage: 'Failed to post your reply' },
  reportFailed: { id: 'reviewModeration.reportFailed', defaultMessage: 'Failed to report this review' },
});

/** A reason to report a review, its label and hint in the page's language. */
const reason = (value: ReviewReportReason, hint: MessageDescriptor) => ({
  value,
  get label() {
    return reviewReportReasonLabels[value];
  },
  get hint() {
    return formatMessage(hint);
  },
});

export const REPORT_REASONS: ReadonlyArray<{ value: ReviewReportReason; label: string; hint: string }> = [
  reason('SPAM', messages.spamHint),
  reason('OFFENSIVE', messages.offensiveHint),
  reason('FALSE_INFORMATION', messages.falseHint),
  reason('CONFLICT_OF_INTEREST', messages.conflictHint),
  reason('OTHER', messages.otherHint),
];

/** The rules' messages, in the page's language (the server says the same in English). */
export const MODERATION_MESSAGES = labels({
  replyRequired: messages.replyRequired,
  replyTooLong: () => formatMessage(messages.replyTooLong, { max: REPLY_MAX }),
  reasonRequired: messages.reasonRequired,
  detailsRequired: messages.detailsRequired,
  detailsTooLong: () => formatMessage(messages.detailsTooLong, { max: REPORT_DETAILS_MAX }),
  replyFailed: messages.replyFailed,
  reportFailed: messages.reportFailed,
});

export const replyFormSchema = z.object({
  reply: z
    .string()
    .refine((s) => s.trim().length > 0, { error: () => MODERATION_MESSAGES.replyRequired })
    .refine((s) => commentLength(s.trim()) <= REPLY_MAX, { error: () => MODERATION_MESSAGES.replyTooLong }),
});
export type ReplyFormValues = z.infer<typeof replyFormSchema>;

export const reportFormSchema = z
  .object({
    reason: z.enum(ReviewReportReasonValues, {
      error: () => MODERATION_MESSAGES.reasonRequired,
    }),
    details: z
      .string()
      .refine((s) => commentLength(s.trim()) <= REPORT_DETAILS_MAX, { error: () => MODERATION_MESSAGES.detailsTooLong }),
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

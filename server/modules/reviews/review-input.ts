import { z } from 'zod';
import { labels } from '../../../common/i18n/labels.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { reviewSubscoreLabels } from '../../../common/listing-labels.js';

/**
 * The review form's rules (SPEC parts 5 and 9) with the spec's messages. Pure zod, no server imports:
 * the client's forms can use the very same schema (it belongs in common/ once the client adopts it).
 */

export const REVIEW_RULES = {
  scoreMin: 1,
  scoreMax: 5,
  /** 'Positive' reviews score this or more (SPEC part 9). */
  positiveFrom: 4,
  /** Characters (Unicode code points, as PostgreSQL's VARCHAR(1000) counts them). */
  commentMaxLength: 1000,
} as const;

// In the request's language (server/core/locale.ts), each made when a check fails.
const messages = defineMessages({
  scoreRequired: { id: 'server.review.scoreRequired', defaultMessage: 'Please select a rating' },
  scoreRange: { id: 'server.review.scoreRange', defaultMessage: 'Rating must be between 1 and 5' },
  commentTooLong: { id: 'server.review.commentTooLong', defaultMessage: 'Comment must be less than 1000 characters' },
  commentNotText: { id: 'server.review.commentNotText', defaultMessage: 'Comment must be text' },
  subscoreRange: { id: 'server.review.subscoreRange', defaultMessage: '{label} must be between 1 and 5' },
  agentRequired: { id: 'server.review.agentRequired', defaultMessage: 'Choose the agent to rate' },
});

export const REVIEW_MESSAGES = labels({
  scoreRequired: messages.scoreRequired,
  scoreRange: messages.scoreRange,
  commentTooLong: messages.commentTooLong,
});

export const SUBSCORES = ['communication', 'reliability', 'cleanliness', 'accuracy'] as const;
export type Subscore = (typeof SUBSCORES)[number];

/** 'Communication must be between 1 and 5', the category named in the request's language. */
const subscoreRange = (name: Subscore) => formatMessage(messages.subscoreRange, { label: reviewSubscoreLabels[name] });

/** A number sent as text (form fields, query strings) is read as the number. */
const numberish = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v);

/** 1 to 5; missing, null or 0 is 'Please select a rating' (no star picked). */
export const scoreSchema = z.preprocess(
  (v) => (v === null || v === undefined || v === '' || v === 0 || v === '0' ? undefined : numberish(v)),
  z
    .number({ error: (issue) => (issue.input === undefined ? REVIEW_MESSAGES.scoreRequired : REVIEW_MESSAGES.scoreRange) })
    .int({ error: () => REVIEW_MESSAGES.scoreRange })
    .min(REVIEW_RULES.scoreMin, { error: () => REVIEW_MESSAGES.scoreRange })
    .max(REVIEW_RULES.scoreMax, { error: () => REVIEW_MESSAGES.scoreRange }),
);

/** An optional category score: absent or null is 'not rated', otherwise 1 to 5. */
export function subscoreSchema(name: Subscore) {
  const error = () => subscoreRange(name);
  return z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? null : numberish(v)),
    z.number({ error }).int({ error }).min(REVIEW_RULES.scoreMin, { error }).max(REVIEW_RULES.scoreMax, { error }).nullable(),
  );
}

/** Optional comment: trimmed, sent as null when empty, at most 1000 characters. */
export const commentSchema = z
  .preprocess((v) => (v === undefined ? null : v), z.string({ error: () => formatMessage(messages.commentNotText) }).nullable())
  .transform((s) => (s == null ? null : s.replace(/\0/g, '').replace(/\r\n?/g, '\n').trim()))
  .refine((s) => s == null || [...s].length <= REVIEW_RULES.commentMaxLength, { error: () => REVIEW_MESSAGES.commentTooLong })
  .transform((s) => (s ? s : null));

const key = (what: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? `${what} is required` : `${what} must be text`),
    })
    .trim()
    .max(200, `${what} is too long`);

export const reviewInputSchema = z.object({
  /** The agent's id, or the user id of the agent. */
  agentId: key('agentId').min(1, { error: () => formatMessage(messages.agentRequired) }),
  score: scoreSchema,
  communication: subscoreSchema('communication'),
  reliability: subscoreSchema('reliability'),
  cleanliness: subscoreSchema('cleanliness'),
  accuracy: subscoreSchema('accuracy'),
  comment: commentSchema,
  /** The listing the review is about (id or slug), if any. */
  propertyId: key('propertyId')
    .nullish()
    .transform((s) => s || null),
});

export type ReviewInput = z.output<typeof reviewInputSchema>;

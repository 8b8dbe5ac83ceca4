// The review form's rules and words on the client (SPEC parts 4, 5 and 9). The server checks the very
// same rules (server/modules/reviews/review-input.ts) and answers with the same messages (in English:
// here they are in the page's language, read when they are shown).
import { labels } from '@common/i18n/labels';
import { LOCALE_TAGS, type Locale } from '@common/i18n/locales';
import { currentLocale, defineMessages, formatMessage } from '@common/i18n/messages';
import { reviewSubscoreLabels } from '@common/listing-labels';
import { z } from 'zod';

export const SCORE_MAX = 5;
/** 'Positive' reviews score this or more (SPEC part 9). */
export const POSITIVE_FROM = 4;
export const COMMENT_MAX = 1000;
/** Reviews shown before 'Show All N' (SPEC part 9). */
export const REVIEWS_SHOWN = 3;

const messages = defineMessages({
  scoreRequired: { id: 'reviewRules.scoreRequired', defaultMessage: 'Please select a rating' },
  scoreRange: { id: 'reviewRules.scoreRange', defaultMessage: 'Rating must be between {min} and {max}' },
  ratingRequired: { id: 'reviewRules.ratingRequired', defaultMessage: 'Rating is required' },
  commentTooLong: { id: 'reviewRules.commentTooLong', defaultMessage: 'Comment must be less than {max} characters' },
  submitFailed: { id: 'reviewRules.submitFailed', defaultMessage: 'Failed to submit rating' },
  createFailed: { id: 'reviewRules.createFailed', defaultMessage: 'Failed to create rating' },
  createFailedBecause: { id: 'reviewRules.createFailedBecause', defaultMessage: 'Failed to create rating: {reason}' },
  agentRequired: { id: 'reviewRules.agentRequired', defaultMessage: 'Choose the agent to rate' },
  poor: { id: 'reviewRules.score.poor', defaultMessage: 'Poor' },
  fair: { id: 'reviewRules.score.fair', defaultMessage: 'Fair' },
  good: { id: 'reviewRules.score.good', defaultMessage: 'Good' },
  veryGood: { id: 'reviewRules.score.veryGood', defaultMessage: 'Very Good' },
  excellent: { id: 'reviewRules.score.excellent', defaultMessage: 'Excellent' },
  justNow: { id: 'reviewRules.justNow', defaultMessage: 'just now' },
});

/** The messages of the rules, in the page's language (each read when it is shown). */
export const MESSAGES = labels({
  /** The modal's score (SPEC part 5). */
  scoreRequired: messages.scoreRequired,
  scoreRange: () => formatMessage(messages.scoreRange, { min: 1, max: SCORE_MAX }),
  /** The agent rating page's score (SPEC part 5). */
  ratingRequired: messages.ratingRequired,
  commentTooLong: () => formatMessage(messages.commentTooLong, { max: COMMENT_MAX }),
  submitFailed: messages.submitFailed,
  createFailed: messages.createFailed,
  agentRequired: messages.agentRequired,
});

/** 'Failed to create rating: {the server's reason}'. */
export function createFailedMessage(reason: string | null): string {
  return reason ? formatMessage(messages.createFailedBecause, { reason }) : MESSAGES.createFailed;
}

/** Score labels of the modal's first step (SPEC part 4). */
export const SCORE_LABELS: Readonly<Record<number, string>> = labels<string>({
  1: messages.poor,
  2: messages.fair,
  3: messages.good,
  4: messages.veryGood,
  5: messages.excellent,
});

/** The categories of a review, with their labels in the page's language. */
export const CATEGORIES = [
  {
    key: 'communication',
    get label() {
      return reviewSubscoreLabels.communication;
    },
  },
  {
    key: 'reliability',
    get label() {
      return reviewSubscoreLabels.reliability;
    },
  },
  {
    key: 'cleanliness',
    get label() {
      return reviewSubscoreLabels.cleanliness;
    },
  },
  {
    key: 'accuracy',
    get label() {
      return reviewSubscoreLabels.accuracy;
    },
  },
] as const;
export type Category = (typeof CATEGORIES)[number]['key'];

/** Characters as the server counts them (Unicode code points). */
export function commentLength(text: string): number {
  return [...text].length;
}

/** A comment as sent: trimmed, null when empty (SPEC part 5). */
export function normalizeComment(text: string | null | undefined): string | null {
  const trimmed = (text ?? '').trim();
  return trimmed ? trimmed : null;
}

const comment = z
  .string()
  .refine((s) => commentLength(s.trim()) <= COMMENT_MAX, { error: () => MESSAGES.commentTooLong })
  .transform(normalizeComment);

/** The agent rating page: 'Rating is required' without a star. */
export const rateAgentFormSchema = z.object({
  score: z
    .number()
    .int()
    .min(1, { error: () => MESSAGES.ratingRequired })
    .max(SCORE_MAX, { error: () => MESSAGES.scoreRange }),
  comment,
});
export type RateAgentFormInput = z.input<typeof rateAgentFormSchema>;
export type RateAgentFormValues = z.output<typeof rateAgentFormSchema>;

const subscore = z.number().int().min(1).max(SCORE_MAX).nullable();

/** The 'Leave a Review' modal: its score, the optional categories and the comment. */
export const reviewFormSchema = z.object({
  agentId: z.string().min(1, { error: () => MESSAGES.agentRequired }),
  propertyId: z.string(),
  score: z
    .number()
    .int()
    .min(1, { error: () => MESSAGES.scoreRequired })
    .max(SCORE_MAX, { error: () => MESSAGES.scoreRange }),
  communication: subscore,
  reliability: subscore,
  cleanliness: subscore,
  accuracy: subscore,
  comment,
});
export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

/** A rating to one decimal (SPEC part 9). */
export function formatScore(value: number): string {
  return value.toFixed(1);
}

/** The relative time format of each language, made on first use. */
const relativeFormats: Partial<Record<Locale, Intl.RelativeTimeFormat>> = {};
function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = currentLocale();
  return (relativeFormats[locale] ??= new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'auto' }));
}
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'yesterday', 'just now' (in the page's language). */
export function formatRelativeTime(instant: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(instant).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return formatMessage(messages.justNow);
  for (const [unit, size] of UNITS) {
    if (abs >= size) return relativeFormat().format(Math.trunc(seconds / size), unit);
  }
  return formatMessage(messages.justNow);
}

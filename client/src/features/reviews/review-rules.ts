// The review form's rules and words on the client (SPEC parts 4, 5 and 9). The server checks the very
// same rules (server/modules/reviews/review-input.ts) and answers with the same messages.
import { z } from 'zod';

export const SCORE_MAX = 5;
/** 'Positive' reviews score this or more (SPEC part 9). */
export const POSITIVE_FROM = 4;
export const COMMENT_MAX = 1000;
/** Reviews shown before 'Show All N' (SPEC part 9). */
export const REVIEWS_SHOWN = 3;

export const MESSAGES = {
  /** The modal's score (SPEC part 5). */
  scoreRequired: 'Please select a rating',
  scoreRange: 'Rating must be between 1 and 5',
  /** The agent rating page's score (SPEC part 5). */
  ratingRequired: 'Rating is required',
  commentTooLong: 'Comment must be less than 1000 characters',
  submitFailed: 'Failed to submit rating',
  createFailed: 'Failed to create rating',
} as const;

/** Score labels of the modal's first step (SPEC part 4). */
export const SCORE_LABELS: Record<number, string> = {
  1: 'Poor',
  2: 'Fair',
  3: 'Good',
  4: 'Very Good',
  5: 'Excellent',
};

export const CATEGORIES = [
  { key: 'communication', label: 'Communication' },
  { key: 'reliability', label: 'Reliability' },
  { key: 'cleanliness', label: 'Cleanliness' },
  { key: 'accuracy', label: 'Accuracy' },
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
  .refine((s) => commentLength(s.trim()) <= COMMENT_MAX, MESSAGES.commentTooLong)
  .transform(normalizeComment);

/** The agent rating page: 'Rating is required' without a star. */
export const rateAgentFormSchema = z.object({
  score: z.number().int().min(1, MESSAGES.ratingRequired).max(SCORE_MAX, MESSAGES.scoreRange),
  comment,
});
export type RateAgentFormInput = z.input<typeof rateAgentFormSchema>;
export type RateAgentFormValues = z.output<typeof rateAgentFormSchema>;

const subscore = z.number().int().min(1).max(SCORE_MAX).nullable();

/** The 'Leave a Review' modal: its score, the optional categories and the comment. */
export const reviewFormSchema = z.object({
  agentId: z.string().min(1, 'Choose the agent to rate'),
  propertyId: z.string(),
  score: z.number().int().min(1, MESSAGES.scoreRequired).max(SCORE_MAX, MESSAGES.scoreRange),
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

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** '3 days ago', 'yesterday', 'just now'. */
export function formatRelativeTime(instant: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(instant).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'just now';
  for (const [unit, size] of UNITS) {
    if (abs >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

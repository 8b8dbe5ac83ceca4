import { describe, expect, it } from 'vitest';
import { formatRelativeTime, MESSAGES, normalizeComment, rateAgentFormSchema, reviewFormSchema } from './review-rules';

describe('review rules', () => {
  it('requires a score on the rating page', () => {
    const r = rateAgentFormSchema.safeParse({ score: 0, comment: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(MESSAGES.ratingRequired);
  });

  it('trims the comment and sends null when empty', () => {
    expect(rateAgentFormSchema.parse({ score: 4, comment: '   ' })).toEqual({ score: 4, comment: null });
    expect(rateAgentFormSchema.parse({ score: 4, comment: '  Great  ' })).toEqual({ score: 4, comment: 'Great' });
    expect(normalizeComment(undefined)).toBeNull();
  });

  it('limits the comment to 1000 characters', () => {
    const base = {
      agentId: 'a',
      propertyId: '',
      score: 5,
      communication: null,
      reliability: null,
      cleanliness: null,
      accuracy: null,
    };
    expect(reviewFormSchema.safeParse({ ...base, comment: 'x'.repeat(1000) }).success).toBe(true);
    const r = reviewFormSchema.safeParse({ ...base, comment: 'x'.repeat(1001) });
    expect(r.error?.issues[0]?.message).toBe('Comment must be less than 1000 characters');
  });

  it("says 'Please select a rating' in the modal without a score", () => {
    const r = reviewFormSchema.safeParse({
      agentId: 'a',
      propertyId: '',
      score: 0,
      communication: null,
      reliability: null,
      cleanliness: null,
      accuracy: null,
      comment: '',
    });
    expect(r.error?.issues.map((i) => i.message)).toContain('Please select a rating');
  });

  it('formats relative times', () => {
    const now = new Date('2026-05-10T12:00:00Z');
    expect(formatRelativeTime('2026-05-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-05-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-04-10T12:00:00Z', now)).toBe('last month');
  });
});

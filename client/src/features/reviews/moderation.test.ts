import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES as SERVER } from '../../../../server/modules/reviews/review-moderation';
import { MODERATION_MESSAGES, replyFormSchema, reportFormSchema } from './moderation';

const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => r.error?.issues[0]?.message;

describe('moderation rules on the client', () => {
  it('requires a non-blank reply of at most 1000 characters (code points)', () => {
    expect(firstMessage(replyFormSchema.safeParse({ reply: '  \n ' }))).toBe(MODERATION_MESSAGES.replyRequired);
    expect(firstMessage(replyFormSchema.safeParse({ reply: 'x'.repeat(1001) }))).toBe(MODERATION_MESSAGES.replyTooLong);
    expect(replyFormSchema.safeParse({ reply: ` ${'😀'.repeat(1000)} ` }).success).toBe(true);
  });

  it('requires a reason, and details for Other, at most 500 characters', () => {
    expect(firstMessage(reportFormSchema.safeParse({ reason: undefined, details: '' }))).toBe(MODERATION_MESSAGES.reasonRequired);
    expect(firstMessage(reportFormSchema.safeParse({ reason: 'OTHER', details: '  ' }))).toBe(
      MODERATION_MESSAGES.detailsRequired,
    );
    expect(firstMessage(reportFormSchema.safeParse({ reason: 'SPAM', details: 'd'.repeat(501) }))).toBe(
      MODERATION_MESSAGES.detailsTooLong,
    );
    expect(reportFormSchema.safeParse({ reason: 'SPAM', details: '' }).success).toBe(true);
    expect(reportFormSchema.safeParse({ reason: 'OTHER', details: 'Copied from another site.' }).success).toBe(true);
  });

  it('says what the server says', () => {
    for (const key of ['replyRequired', 'replyTooLong', 'reasonRequired', 'detailsRequired', 'detailsTooLong'] as const)
      expect(MODERATION_MESSAGES[key]).toBe(SERVER[key]);
  });
});

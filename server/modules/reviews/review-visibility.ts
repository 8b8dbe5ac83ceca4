import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * Which reviews count and show: those not hidden by moderation (reports or a moderator; the agent
 * reviewed and the author still see theirs, review-moderation.ts). One rule, as a Prisma WHERE and
 * as SQL; the agent's average, counts, profiles and lists all read it from here.
 */
export const VISIBLE_REVIEW = { hiddenAt: null } as const satisfies Prisma.ReviewWhereInput;

/** `VISIBLE_REVIEW` in SQL, for a "Review" row under `alias` (a name written in code, never input). */
export function visibleReviewSql(alias: 'r' = 'r'): Prisma.Sql {
  return Prisma.raw(`"${alias}"."hiddenAt" IS NULL`);
}

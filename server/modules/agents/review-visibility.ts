import { Prisma } from '../../db/generated/prisma/client.js';

/**
 * Which reviews show and which count. Shown: those not hidden by moderation (reports or a moderator;
 * the agent reviewed and the author still see theirs, review-moderation.ts). Counted in the agent's
 * rating and review count: those shown that are also verified, i.e. written after (or followed by) a
 * real interaction between the author and the agent (`interactionSql`; issue 58 item 10). One rule
 * each, as a Prisma WHERE and as SQL; the agent's average, counts, profiles and lists read them here.
 */
export const VISIBLE_REVIEW = { hiddenAt: null } as const satisfies Prisma.ReviewWhereInput;

/** `VISIBLE_REVIEW` in SQL, for a "Review" row under `alias` (a name written in code, never input). */
export function visibleReviewSql(alias: 'r' = 'r'): Prisma.Sql {
  return Prisma.raw(`"${alias}"."hiddenAt" IS NULL`);
}

/** The reviews that count in the agent's rating: shown and verified. */
export const COUNTED_REVIEW = { ...VISIBLE_REVIEW, verified: true } as const satisfies Prisma.ReviewWhereInput;

/** `COUNTED_REVIEW` in SQL, for a "Review" row under `alias`. */
export function countedReviewSql(alias: 'r' = 'r'): Prisma.Sql {
  return Prisma.raw(`"${alias}"."hiddenAt" IS NULL AND "${alias}"."verified"`);
}

/**
 * A real interaction between a renter and an agent (both given as SQL expressions of user ids): the
 * agent sent a message in a conversation with the renter (they answered), or a tour request of the
 * renter answered by the agent was confirmed. The data model has no rental applications. A review
 * is verified exactly when this holds (the migration of issue 58 item 10 applied the same rule).
 */
export function interactionSql(renterId: Prisma.Sql, agentUserId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(EXISTS (
      SELECT 1 FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
       WHERE t."renterId" = ${renterId} AND m."senderId" = ${agentUserId}
    ) OR EXISTS (
      SELECT 1 FROM "TourRequest" tr
       WHERE tr."renterId" = ${renterId} AND tr."agentUserId" = ${agentUserId} AND tr."confirmedAt" IS NOT NULL
    ))`;
}

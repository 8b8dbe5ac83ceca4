-- Issue 58 item 10: one review per renter and agent, and only reviews after a real interaction count.

-- Keep the newest review of each author and agent (by last change, then creation, then id): the
-- older ones go, with their reports.
DELETE FROM "Review" r
 USING (
   SELECT "id", row_number() OVER (
            PARTITION BY "authorId", "agentId"
            ORDER BY "updatedAt" DESC, "createdAt" DESC, "id" DESC
          ) AS n
     FROM "Review"
 ) ranked
 WHERE r."id" = ranked."id" AND ranked.n > 1;

-- DropIndex
DROP INDEX "Review_authorId_agentId_propertyId_idx";

-- CreateIndex
CREATE UNIQUE INDEX "Review_authorId_agentId_key" ON "Review"("authorId", "agentId");

-- Verified: the agent sent the author a message in a conversation with them, or confirmed a tour of theirs
-- (the rule of server/modules/reviews/review-visibility.ts, interactionSql).
UPDATE "Review" r
   SET "verified" = EXISTS (
         SELECT 1 FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
          WHERE t."renterId" = r."authorId" AND m."senderId" = a."userId"
       ) OR EXISTS (
         SELECT 1 FROM "TourRequest" tr
          WHERE tr."renterId" = r."authorId" AND tr."agentUserId" = a."userId" AND tr."confirmedAt" IS NOT NULL
       )
  FROM "Agent" a
 WHERE a."id" = r."agentId";

-- The rating and count of each agent from their visible, verified reviews (recomputeAgentRating).
UPDATE "Agent" a
   SET "rating" = COALESCE(s.avg, 0), "reviewCount" = COALESCE(s.cnt, 0)
  FROM (
    SELECT ag."id", ROUND(AVG(r."score")::numeric, 2) AS avg, COUNT(r."id")::int AS cnt
      FROM "Agent" ag
      LEFT JOIN "Review" r ON r."agentId" = ag."id" AND r."hiddenAt" IS NULL AND r."verified"
     GROUP BY ag."id"
  ) s
 WHERE a."id" = s."id";

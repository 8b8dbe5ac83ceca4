-- AlterTable
ALTER TABLE "Review" ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "verified" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Review_authorId_agentId_propertyId_idx" ON "Review"("authorId", "agentId", "propertyId");

-- Backfill (data only, the schema diff is above): existing reviews were last changed when written,
-- and a review is a verified conversation when its author has a conversation with the agent as renter.
UPDATE "Review" SET "updatedAt" = "createdAt";
UPDATE "Review" r SET "verified" = true
 WHERE EXISTS (
   SELECT 1 FROM "Agent" a JOIN "Thread" t ON t."agentUserId" = a."userId"
    WHERE a."id" = r."agentId" AND t."renterId" = r."authorId"
 );

-- DropIndex
DROP INDEX "Property_status_createdAt_id_idx";

-- DropIndex
DROP INDEX "Property_status_neighborhood_createdAt_id_idx";

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "listedAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP;

-- Every listing that is not a draft was on the market from its creation (before this column, a
-- listing was on the market from its createdAt), and a draft has not been listed.
UPDATE "Property" SET "listedAt" = CASE WHEN "status" <> 'DRAFT' THEN "createdAt" END;

-- A listing that is not a draft has been listed: the Newest/Oldest sorts never meet a NULL.
ALTER TABLE "Property" ADD CONSTRAINT "Property_listed_unless_draft" CHECK ("status" = 'DRAFT' OR "listedAt" IS NOT NULL);

-- CreateIndex
CREATE INDEX "Property_status_listedAt_id_idx" ON "Property"("status", "listedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Property_status_neighborhood_listedAt_id_idx" ON "Property"("status", "neighborhood", "listedAt" DESC, "id" DESC);

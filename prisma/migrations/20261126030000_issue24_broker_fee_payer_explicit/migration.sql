-- Who pays the broker fee is an explicit choice (issue 24 item 7): no default, null on a draft
-- where none was made yet. Existing rows keep theirs.
-- AlterTable
ALTER TABLE "Property" ALTER COLUMN "brokerFeePayer" DROP NOT NULL,
ALTER COLUMN "brokerFeePayer" DROP DEFAULT;

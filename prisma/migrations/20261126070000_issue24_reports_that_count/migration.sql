-- Only established reporters' reports count toward hiding, one per address (issue 24 item 8).
-- Earlier reports keep the effect they had (what they hid stays hidden) and count no further.
-- AlterTable
ALTER TABLE "ListingReport" ADD COLUMN     "addressKey" VARCHAR(64),
ADD COLUMN     "countsToHide" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "ReviewReport" ADD COLUMN     "addressKey" VARCHAR(64),
ADD COLUMN     "countsToHide" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "concessionLeaseMonths" INTEGER,
ADD COLUMN     "concessionMonthsFree" DECIMAL(3,1),
ADD COLUMN     "concessionTerms" TEXT,
ADD COLUMN     "netEffectivePrice" INTEGER;

-- No listing had a concession before this column: its net effective rent is its rent.
UPDATE "Property" SET "netEffectivePrice" = "price";

ALTER TABLE "Property" ALTER COLUMN "netEffectivePrice" SET NOT NULL;

-- A concession is whole (months free on a lease longer than them) or absent, and only a
-- concession lowers the rent (the listing writes compute the figure, common/listing.ts).
ALTER TABLE "Property" ADD CONSTRAINT "Property_concession_whole" CHECK (
  ("concessionMonthsFree" IS NULL AND "concessionLeaseMonths" IS NULL AND "concessionTerms" IS NULL AND "netEffectivePrice" = "price")
  OR ("concessionMonthsFree" IS NOT NULL AND "concessionLeaseMonths" IS NOT NULL AND "concessionMonthsFree" > 0 AND "concessionLeaseMonths" > "concessionMonthsFree" AND "netEffectivePrice" BETWEEN 0 AND "price")
);

-- CreateIndex
CREATE INDEX "Property_status_netEffectivePrice_id_idx" ON "Property"("status", "netEffectivePrice", "id");

-- CreateIndex
CREATE INDEX "Property_status_borough_netEffectivePrice_hiddenAt_idx" ON "Property"("status", "borough", "netEffectivePrice", "hiddenAt");

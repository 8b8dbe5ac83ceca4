-- AlterTable
ALTER TABLE "Property" ALTER COLUMN "leaseTerm" DROP NOT NULL;

-- A sale has no lease, concession or broker fee payer (issue 58 item 3): those of existing sales go.
UPDATE "Property"
SET "leaseTerm" = NULL,
    "brokerFee" = NULL,
    "brokerFeePayer" = NULL,
    "concessionMonthsFree" = NULL,
    "concessionLeaseMonths" = NULL,
    "concessionTerms" = NULL,
    "netEffectivePrice" = "price"
WHERE "listingType" = 'FOR_SALE';

-- CreateEnum
CREATE TYPE "TourCancelReason" AS ENUM ('LISTING_REMOVED', 'LISTING_UNAVAILABLE');

-- DropForeignKey
ALTER TABLE "TourRequest" DROP CONSTRAINT "TourRequest_propertyId_fkey";

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "hiddenNote" VARCHAR(500),
ADD COLUMN     "reviewRequestedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "listingTitle" TEXT;

-- AlterTable
ALTER TABLE "TourRequest" ADD COLUMN     "cancelReason" "TourCancelReason",
ADD COLUMN     "listingTitle" TEXT,
ALTER COLUMN "propertyId" DROP NOT NULL;

-- AddForeignKey
ALTER TABLE "TourRequest" ADD CONSTRAINT "TourRequest_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE SET NULL ON UPDATE CASCADE;

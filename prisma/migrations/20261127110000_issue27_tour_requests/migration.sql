-- CreateEnum
CREATE TYPE "TourStatus" AS ENUM ('REQUESTED', 'PROPOSED', 'CONFIRMED', 'DECLINED', 'EXPIRED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "TourSide" AS ENUM ('RENTER', 'AGENT');

-- AlterEnum (issue 27: tour notifications)
ALTER TYPE "NotificationKind" ADD VALUE 'TOUR_UPDATE';
ALTER TYPE "NotificationKind" ADD VALUE 'TOUR_REMINDER';

-- AlterTable
ALTER TABLE "OpenHouseRsvp" ADD COLUMN     "reminded24At" TIMESTAMP(3),
ADD COLUMN     "reminded2At" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "TourRequest" (
    "id" UUID NOT NULL,
    "propertyId" UUID NOT NULL,
    "renterId" TEXT NOT NULL,
    "agentUserId" TEXT NOT NULL,
    "threadId" UUID NOT NULL,
    "status" "TourStatus" NOT NULL DEFAULT 'REQUESTED',
    "note" VARCHAR(500),
    "startsAt" TIMESTAMP(3),
    "endsAt" TIMESTAMP(3),
    "confirmedAt" TIMESTAMP(3),
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "declineReason" VARCHAR(300),
    "cancelledBy" "TourSide",
    "reminded24At" TIMESTAMP(3),
    "reminded2At" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TourRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TourWindow" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "proposedBy" "TourSide" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TourWindow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TourRequest_renterId_status_createdAt_idx" ON "TourRequest"("renterId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "TourRequest_agentUserId_status_createdAt_idx" ON "TourRequest"("agentUserId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "TourRequest_threadId_idx" ON "TourRequest"("threadId");

-- CreateIndex
CREATE INDEX "TourRequest_propertyId_idx" ON "TourRequest"("propertyId");

-- CreateIndex
CREATE INDEX "TourRequest_status_expiresAt_idx" ON "TourRequest"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "TourRequest_status_startsAt_idx" ON "TourRequest"("status", "startsAt");

-- CreateIndex
CREATE INDEX "TourWindow_requestId_startsAt_idx" ON "TourWindow"("requestId", "startsAt");

-- AddForeignKey
ALTER TABLE "TourRequest" ADD CONSTRAINT "TourRequest_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TourRequest" ADD CONSTRAINT "TourRequest_renterId_fkey" FOREIGN KEY ("renterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TourRequest" ADD CONSTRAINT "TourRequest_agentUserId_fkey" FOREIGN KEY ("agentUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TourRequest" ADD CONSTRAINT "TourRequest_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TourWindow" ADD CONSTRAINT "TourWindow_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "TourRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

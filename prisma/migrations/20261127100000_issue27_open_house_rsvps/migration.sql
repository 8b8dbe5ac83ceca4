-- CreateEnum
CREATE TYPE "RsvpStatus" AS ENUM ('GOING', 'WAITLISTED');

-- AlterEnum
ALTER TYPE "NotificationKind" ADD VALUE 'OPEN_HOUSE_PLACE';

-- AlterTable
ALTER TABLE "OpenHouse" ADD COLUMN     "capacity" INTEGER;

-- CreateTable
CREATE TABLE "OpenHouseRsvp" (
    "id" UUID NOT NULL,
    "openHouseId" UUID NOT NULL,
    "userId" TEXT NOT NULL,
    "status" "RsvpStatus" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OpenHouseRsvp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OpenHouseRsvp_openHouseId_status_createdAt_idx" ON "OpenHouseRsvp"("openHouseId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "OpenHouseRsvp_userId_createdAt_idx" ON "OpenHouseRsvp"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "OpenHouseRsvp_openHouseId_userId_key" ON "OpenHouseRsvp"("openHouseId", "userId");

-- AddForeignKey
ALTER TABLE "OpenHouseRsvp" ADD CONSTRAINT "OpenHouseRsvp_openHouseId_fkey" FOREIGN KEY ("openHouseId") REFERENCES "OpenHouse"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenHouseRsvp" ADD CONSTRAINT "OpenHouseRsvp_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An open house with a limit has at least one place.
ALTER TABLE "OpenHouse" ADD CONSTRAINT "OpenHouse_capacity_positive" CHECK ("capacity" IS NULL OR "capacity" > 0);

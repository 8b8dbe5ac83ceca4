-- AlterTable
ALTER TABLE "User" ADD COLUMN     "deletedAt" TIMESTAMP(3),
ADD COLUMN     "emailMessages" BOOLEAN NOT NULL DEFAULT true;

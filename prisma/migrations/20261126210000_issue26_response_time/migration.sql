-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "responseMinutes" INTEGER;

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "event" JSONB;

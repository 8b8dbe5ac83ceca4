-- DropIndex
DROP INDEX "Message_threadId_createdAt_idx";

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "agentEmailedAt" TIMESTAMP(3),
ADD COLUMN     "agentReadAt" TIMESTAMP(3),
ADD COLUMN     "renterEmailedAt" TIMESTAMP(3),
ADD COLUMN     "renterReadAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "lastSeenAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Message_threadId_createdAt_id_idx" ON "Message"("threadId", "createdAt", "id");

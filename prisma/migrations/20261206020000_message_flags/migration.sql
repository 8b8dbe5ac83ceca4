-- Issue 58 item 1: an agent's message that refuses rental assistance is flagged for the moderators.
-- Written by hand in Prisma's form: the shadow database of `npm run db:migration` could not replay
-- the migration before it that day.

-- CreateEnum
CREATE TYPE "MessageFlagReason" AS ENUM ('SOURCE_OF_INCOME');

-- CreateTable
CREATE TABLE "MessageFlag" (
    "id" UUID NOT NULL,
    "messageId" UUID NOT NULL,
    "reason" "MessageFlagReason" NOT NULL,
    "phrase" VARCHAR(300) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedBy" TEXT,

    CONSTRAINT "MessageFlag_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "MessageFlag_messageId_key" ON "MessageFlag"("messageId");

-- CreateIndex
CREATE INDEX "MessageFlag_resolvedAt_createdAt_idx" ON "MessageFlag"("resolvedAt", "createdAt");

-- AddForeignKey
ALTER TABLE "MessageFlag" ADD CONSTRAINT "MessageFlag_messageId_fkey" FOREIGN KEY ("messageId") REFERENCES "Message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "PartnerDocument" (
    "hash" CHAR(64) NOT NULL,
    "text" TEXT NOT NULL,
    "keyId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PartnerDocument_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "PartnerDocument_keyId_idx" ON "PartnerDocument"("keyId");

-- AddForeignKey
ALTER TABLE "PartnerDocument" ADD CONSTRAINT "PartnerDocument_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "PartnerKey"("id") ON DELETE CASCADE ON UPDATE CASCADE;

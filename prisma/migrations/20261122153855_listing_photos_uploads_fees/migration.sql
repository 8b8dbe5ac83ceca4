-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "otherFees" JSONB NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "PropertyPhoto" ADD COLUMN     "placeholder" TEXT,
ADD COLUMN     "storageKey" TEXT,
ADD COLUMN     "thumbnailKey" TEXT;

-- CreateTable
CREATE TABLE "Upload" (
    "id" UUID NOT NULL,
    "ownerId" TEXT NOT NULL,
    "draftId" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "thumbnailKey" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "thumbnailUrl" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "placeholder" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Upload_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Upload_storageKey_key" ON "Upload"("storageKey");

-- CreateIndex
CREATE UNIQUE INDEX "Upload_url_key" ON "Upload"("url");

-- CreateIndex
CREATE INDEX "Upload_ownerId_draftId_idx" ON "Upload"("ownerId", "draftId");

-- CreateIndex
CREATE INDEX "PropertyPhoto_storageKey_idx" ON "PropertyPhoto"("storageKey");

-- AddForeignKey
ALTER TABLE "Upload" ADD CONSTRAINT "Upload_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

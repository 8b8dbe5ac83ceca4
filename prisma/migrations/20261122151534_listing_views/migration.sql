-- CreateTable
CREATE TABLE "ListingView" (
    "propertyId" UUID NOT NULL,
    "visitor" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "countedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ListingView_pkey" PRIMARY KEY ("propertyId","visitor")
);

-- CreateIndex
CREATE INDEX "ListingView_propertyId_ip_countedAt_idx" ON "ListingView"("propertyId", "ip", "countedAt");

-- CreateIndex
CREATE INDEX "ListingView_countedAt_idx" ON "ListingView"("countedAt");

-- AddForeignKey
ALTER TABLE "ListingView" ADD CONSTRAINT "ListingView_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

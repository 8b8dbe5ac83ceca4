-- DropIndex
DROP INDEX "Property_status_bedrooms_idx";

-- DropIndex
DROP INDEX "Property_status_borough_price_idx";

-- CreateIndex
CREATE INDEX "Property_status_neighborhood_createdAt_id_idx" ON "Property"("status", "neighborhood", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Property_status_borough_price_hiddenAt_idx" ON "Property"("status", "borough", "price", "hiddenAt");

-- CreateIndex
CREATE INDEX "Property_status_bedrooms_hiddenAt_idx" ON "Property"("status", "bedrooms", "hiddenAt");

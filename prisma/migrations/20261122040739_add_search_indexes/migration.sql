-- CreateIndex
CREATE INDEX "Property_status_borough_price_idx" ON "Property"("status", "borough", "price");

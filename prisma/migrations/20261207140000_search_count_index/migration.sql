-- CreateIndex
CREATE INDEX "Property_status_hiddenAt_listingType_idx" ON "Property"("status", "hiddenAt", "listingType");

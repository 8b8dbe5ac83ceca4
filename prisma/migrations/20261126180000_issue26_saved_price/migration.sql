-- AlterTable
ALTER TABLE "Favorite" ADD COLUMN     "priceAtSave" INTEGER;

-- The rent of the moment each listing was saved: the price before the first change after it, else
-- the price of today.
UPDATE "Favorite" f
SET "priceAtSave" = COALESCE(
  (SELECT pc."oldPrice" FROM "PriceChange" pc
   WHERE pc."propertyId" = f."propertyId" AND pc."changedAt" > f."createdAt"
   ORDER BY pc."changedAt" ASC LIMIT 1),
  p."price")
FROM "Property" p
WHERE p."id" = f."propertyId";

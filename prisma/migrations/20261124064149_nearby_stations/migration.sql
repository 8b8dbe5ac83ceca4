-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "nearbyStations" JSONB;

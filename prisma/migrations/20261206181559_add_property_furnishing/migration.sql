-- CreateEnum
CREATE TYPE "Furnishing" AS ENUM ('FURNISHED', 'PARTLY_FURNISHED', 'UNFURNISHED');

-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "furnishing" "Furnishing";

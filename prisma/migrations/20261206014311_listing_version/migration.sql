-- AlterTable
ALTER TABLE "Property" ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

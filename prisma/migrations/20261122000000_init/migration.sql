-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('RENTER', 'AGENT');

-- CreateEnum
CREATE TYPE "Borough" AS ENUM ('MANHATTAN', 'BROOKLYN', 'QUEENS', 'BRONX', 'STATEN_ISLAND');

-- CreateEnum
CREATE TYPE "PropertyType" AS ENUM ('APARTMENT', 'TOWNHOUSE', 'CONDO', 'HOUSE', 'LOFT', 'STUDIO');

-- CreateEnum
CREATE TYPE "ListingType" AS ENUM ('FOR_RENT', 'FOR_SALE', 'SUBLET');

-- CreateEnum
CREATE TYPE "LeaseTerm" AS ENUM ('MONTH_TO_MONTH', 'SIX_MONTHS', 'ONE_YEAR', 'TWO_YEARS');

-- CreateEnum
CREATE TYPE "PetPolicy" AS ENUM ('PETS_ALLOWED', 'NO_PETS');

-- CreateEnum
CREATE TYPE "PetType" AS ENUM ('CATS', 'DOGS', 'SMALL_DOGS_ONLY', 'BIRDS');

-- CreateEnum
CREATE TYPE "SmokingPolicy" AS ENUM ('NO_SMOKING', 'SMOKING_ALLOWED', 'OUTDOOR_ONLY');

-- CreateEnum
CREATE TYPE "Parking" AS ENUM ('PARKING_AVAILABLE', 'NO_PARKING', 'STREET');

-- CreateEnum
CREATE TYPE "Laundry" AS ENUM ('IN_UNIT', 'IN_BUILDING', 'HOOKUPS', 'NONE');

-- CreateEnum
CREATE TYPE "Utility" AS ENUM ('WATER', 'ELECTRICITY', 'GAS', 'INTERNET', 'CABLE_TV', 'HEAT');

-- CreateEnum
CREATE TYPE "BuildingAmenity" AS ENUM ('ELEVATOR', 'DOORMAN', 'FITNESS_CENTER', 'SWIMMING_POOL', 'ROOFTOP_DECK', 'CONCIERGE', 'BIKE_STORAGE', 'PACKAGE_ROOM', 'STORAGE_AVAILABLE', 'GARDEN_COURTYARD');

-- CreateEnum
CREATE TYPE "UnitFeature" AS ENUM ('BALCONY', 'TERRACE', 'FIREPLACE', 'WALK_IN_CLOSET', 'HARDWOOD_FLOORS', 'HIGH_CEILINGS', 'DISHWASHER', 'AIR_CONDITIONING');

-- CreateEnum
CREATE TYPE "Flooring" AS ENUM ('TILE', 'WOOD', 'CARPET', 'VINYL');

-- CreateEnum
CREATE TYPE "Appliance" AS ENUM ('REFRIGERATOR', 'STOVE_RANGE', 'MICROWAVE', 'DISHWASHER', 'WASHER_DRYER');

-- CreateEnum
CREATE TYPE "Hvac" AS ENUM ('RADIATOR', 'CENTRAL_AIR', 'HEAT_PUMP', 'WINDOW_UNITS', 'OTHER');

-- CreateEnum
CREATE TYPE "BrokerFeePayer" AS ENUM ('TENANT', 'LANDLORD', 'NO_FEE');

-- CreateEnum
CREATE TYPE "ListingStatus" AS ENUM ('DRAFT', 'ACTIVE', 'INACTIVE');

-- CreateEnum
CREATE TYPE "ThreadStatus" AS ENUM ('OPEN', 'CLOSED', 'ARCHIVED');

-- CreateTable
CREATE TABLE "User" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "role" "Role" NOT NULL DEFAULT 'RENTER',
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "photoUrl" TEXT,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastLoginAt" TIMESTAMP(3),

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Agent" (
    "id" UUID NOT NULL,
    "userId" TEXT NOT NULL,
    "bio" TEXT,
    "specialties" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "yearsExperience" INTEGER NOT NULL DEFAULT 0,
    "propertiesSold" INTEGER NOT NULL DEFAULT 0,
    "rating" DECIMAL(3,2) NOT NULL DEFAULT 0,
    "reviewCount" INTEGER NOT NULL DEFAULT 0,
    "license" TEXT,
    "agency" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Agent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Property" (
    "id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "address" TEXT NOT NULL,
    "unit" TEXT,
    "neighborhood" TEXT NOT NULL,
    "borough" "Borough" NOT NULL,
    "postalCode" TEXT,
    "price" INTEGER NOT NULL,
    "originalPrice" INTEGER,
    "bedrooms" DECIMAL(3,1) NOT NULL,
    "bathrooms" DECIMAL(3,1) NOT NULL,
    "sqft" INTEGER,
    "propertyType" "PropertyType" NOT NULL,
    "listingType" "ListingType" NOT NULL DEFAULT 'FOR_RENT',
    "availableDate" DATE NOT NULL,
    "amenities" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "locationLat" DECIMAL(10,7),
    "locationLng" DECIMAL(10,7),
    "locationPlaceId" TEXT,
    "securityDeposit" INTEGER,
    "applicationFee" INTEGER,
    "brokerFee" INTEGER,
    "brokerFeePayer" "BrokerFeePayer" NOT NULL DEFAULT 'TENANT',
    "leaseTerm" "LeaseTerm" NOT NULL,
    "utilitiesIncluded" "Utility"[] DEFAULT ARRAY[]::"Utility"[],
    "petPolicy" "PetPolicy" NOT NULL DEFAULT 'NO_PETS',
    "petFee" INTEGER,
    "petDeposit" INTEGER,
    "petTypesAllowed" "PetType"[] DEFAULT ARRAY[]::"PetType"[],
    "smokingPolicy" "SmokingPolicy" NOT NULL DEFAULT 'NO_SMOKING',
    "parking" "Parking" NOT NULL DEFAULT 'STREET',
    "parkingFee" INTEGER,
    "laundry" "Laundry",
    "buildingAmenities" "BuildingAmenity"[] DEFAULT ARRAY[]::"BuildingAmenity"[],
    "unitFeatures" "UnitFeature"[] DEFAULT ARRAY[]::"UnitFeature"[],
    "flooringType" "Flooring",
    "appliancesIncluded" "Appliance"[] DEFAULT ARRAY[]::"Appliance"[],
    "hvac" "Hvac",
    "virtualTourUrl" TEXT,
    "status" "ListingStatus" NOT NULL DEFAULT 'ACTIVE',
    "deactivatedAt" TIMESTAMP(3),
    "isAvailable" BOOLEAN NOT NULL DEFAULT true,
    "views" INTEGER NOT NULL DEFAULT 0,
    "inquiriesCount" INTEGER NOT NULL DEFAULT 0,
    "ownerId" TEXT NOT NULL,
    "agentId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Property_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PropertyPhoto" (
    "id" UUID NOT NULL,
    "propertyId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "thumbnailUrl" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PropertyPhoto_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OpenHouse" (
    "id" UUID NOT NULL,
    "propertyId" UUID NOT NULL,
    "startsAt" TIMESTAMP(3) NOT NULL,
    "endsAt" TIMESTAMP(3) NOT NULL,
    "note" TEXT,

    CONSTRAINT "OpenHouse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PriceChange" (
    "id" UUID NOT NULL,
    "propertyId" UUID NOT NULL,
    "oldPrice" INTEGER,
    "newPrice" INTEGER NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PriceChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Favorite" (
    "id" UUID NOT NULL,
    "userId" TEXT NOT NULL,
    "propertyId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Favorite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Thread" (
    "id" UUID NOT NULL,
    "propertyId" UUID,
    "renterId" TEXT NOT NULL,
    "agentUserId" TEXT NOT NULL,
    "status" "ThreadStatus" NOT NULL DEFAULT 'OPEN',
    "firstContactAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "agentFirstResponseAt" TIMESTAMP(3),
    "userRatingPromptAt" TIMESTAMP(3),
    "agentRatingPromptAt" TIMESTAMP(3),
    "userRatingPromptSent" BOOLEAN NOT NULL DEFAULT false,
    "agentRatingPromptSent" BOOLEAN NOT NULL DEFAULT false,
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Thread_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Message" (
    "id" UUID NOT NULL,
    "threadId" UUID NOT NULL,
    "senderId" TEXT NOT NULL,
    "subject" TEXT,
    "content" TEXT NOT NULL,
    "isRead" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Review" (
    "id" UUID NOT NULL,
    "agentId" UUID NOT NULL,
    "authorId" TEXT NOT NULL,
    "propertyId" UUID,
    "score" SMALLINT NOT NULL,
    "communication" SMALLINT,
    "reliability" SMALLINT,
    "cleanliness" SMALLINT,
    "accuracy" SMALLINT,
    "comment" VARCHAR(1000),
    "isSample" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_phone_key" ON "User"("phone");

-- CreateIndex
CREATE UNIQUE INDEX "Agent_userId_key" ON "Agent"("userId");

-- CreateIndex
CREATE INDEX "Agent_rating_id_idx" ON "Agent"("rating" DESC, "id");

-- CreateIndex
CREATE UNIQUE INDEX "Property_slug_key" ON "Property"("slug");

-- CreateIndex
CREATE INDEX "Property_status_createdAt_id_idx" ON "Property"("status", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Property_status_price_id_idx" ON "Property"("status", "price", "id");

-- CreateIndex
CREATE INDEX "Property_status_views_id_idx" ON "Property"("status", "views" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "Property_status_borough_neighborhood_idx" ON "Property"("status", "borough", "neighborhood");

-- CreateIndex
CREATE INDEX "Property_status_bedrooms_idx" ON "Property"("status", "bedrooms");

-- CreateIndex
CREATE INDEX "Property_status_locationLat_locationLng_idx" ON "Property"("status", "locationLat", "locationLng");

-- CreateIndex
CREATE INDEX "Property_ownerId_createdAt_idx" ON "Property"("ownerId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Property_agentId_status_idx" ON "Property"("agentId", "status");

-- CreateIndex
CREATE INDEX "Property_address_trgm_idx" ON "Property" USING GIN ("address" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Property_title_trgm_idx" ON "Property" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Property_neighborhood_trgm_idx" ON "Property" USING GIN ("neighborhood" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "PropertyPhoto_propertyId_position_key" ON "PropertyPhoto"("propertyId", "position");

-- CreateIndex
CREATE INDEX "OpenHouse_propertyId_startsAt_idx" ON "OpenHouse"("propertyId", "startsAt");

-- CreateIndex
CREATE INDEX "PriceChange_propertyId_changedAt_idx" ON "PriceChange"("propertyId", "changedAt");

-- CreateIndex
CREATE INDEX "Favorite_userId_createdAt_idx" ON "Favorite"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Favorite_propertyId_idx" ON "Favorite"("propertyId");

-- CreateIndex
CREATE UNIQUE INDEX "Favorite_userId_propertyId_key" ON "Favorite"("userId", "propertyId");

-- CreateIndex
CREATE INDEX "Thread_renterId_lastMessageAt_idx" ON "Thread"("renterId", "lastMessageAt" DESC);

-- CreateIndex
CREATE INDEX "Thread_agentUserId_lastMessageAt_idx" ON "Thread"("agentUserId", "lastMessageAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Thread_propertyId_renterId_key" ON "Thread"("propertyId", "renterId");

-- CreateIndex
CREATE INDEX "Message_threadId_createdAt_idx" ON "Message"("threadId", "createdAt");

-- CreateIndex
CREATE INDEX "Review_agentId_createdAt_idx" ON "Review"("agentId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "Review_authorId_createdAt_idx" ON "Review"("authorId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Property" ADD CONSTRAINT "Property_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Property" ADD CONSTRAINT "Property_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PropertyPhoto" ADD CONSTRAINT "PropertyPhoto_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OpenHouse" ADD CONSTRAINT "OpenHouse_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PriceChange" ADD CONSTRAINT "PriceChange_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Favorite" ADD CONSTRAINT "Favorite_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Favorite" ADD CONSTRAINT "Favorite_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Thread" ADD CONSTRAINT "Thread_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Thread" ADD CONSTRAINT "Thread_renterId_fkey" FOREIGN KEY ("renterId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Thread" ADD CONSTRAINT "Thread_agentUserId_fkey" FOREIGN KEY ("agentUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_senderId_fkey" FOREIGN KEY ("senderId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_propertyId_fkey" FOREIGN KEY ("propertyId") REFERENCES "Property"("id") ON DELETE SET NULL ON UPDATE CASCADE;


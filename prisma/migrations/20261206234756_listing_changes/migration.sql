-- CreateEnum
CREATE TYPE "ListingChangeKind" AS ENUM ('CREATED', 'UPDATED', 'PRICE_CHANGED', 'STATUS_CHANGED', 'HIDDEN', 'SHOWN', 'DELETED');

-- CreateTable
CREATE TABLE "ListingChange" (
    "id" BIGSERIAL NOT NULL,
    "listingId" TEXT NOT NULL,
    "kind" "ListingChangeKind" NOT NULL,
    "wasPublic" BOOLEAN NOT NULL,
    "isPublic" BOOLEAN NOT NULL,
    "tx" BIGINT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ListingChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ListingChange_listingId_id_idx" ON "ListingChange"("listingId", "id");

-- CreateIndex
CREATE INDEX "ListingChange_at_idx" ON "ListingChange"("at");

-- Every change of a listing a reader could see, written in the same transaction as the change, whatever
-- wrote it (a service, moderation, a command, the seed). Counters and bookkeeping are no change (views,
-- inquiries, updatedAt, moderation's private notes). Entries take their ids under one advisory lock held
-- to the commit, so ids follow the commit order and a reader past an id never misses an earlier one.
-- A listing changed twice in one transaction (an edit moves the version, then writes the fields) is one
-- entry: its kind the weightiest of the two, its `isPublic` the last.
CREATE FUNCTION "listing_change_log"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ignored CONSTANT text[] := ARRAY['views', 'inquiriesCount', 'updatedAt', 'reviewRequestedAt', 'hiddenNote'];
  was boolean := false;
  now_public boolean := false;
  k "ListingChangeKind";
  lid text;
  weight CONSTANT "ListingChangeKind"[] := ARRAY['UPDATED', 'PRICE_CHANGED', 'STATUS_CHANGED', 'SHOWN', 'HIDDEN', 'CREATED', 'DELETED']::"ListingChangeKind"[];
  found_id bigint;
  found_kind "ListingChangeKind";
BEGIN
  IF TG_OP = 'INSERT' THEN
    lid := NEW."id";
    now_public := NEW."status" = 'ACTIVE' AND NEW."hiddenAt" IS NULL;
    k := 'CREATED';
  ELSIF TG_OP = 'DELETE' THEN
    lid := OLD."id";
    was := OLD."status" = 'ACTIVE' AND OLD."hiddenAt" IS NULL;
    k := 'DELETED';
  ELSE
    IF (to_jsonb(NEW) - ignored) = (to_jsonb(OLD) - ignored) THEN
      RETURN NULL;
    END IF;
    lid := NEW."id";
    was := OLD."status" = 'ACTIVE' AND OLD."hiddenAt" IS NULL;
    now_public := NEW."status" = 'ACTIVE' AND NEW."hiddenAt" IS NULL;
    k := CASE
      WHEN OLD."hiddenAt" IS NULL AND NEW."hiddenAt" IS NOT NULL THEN 'HIDDEN'
      WHEN OLD."hiddenAt" IS NOT NULL AND NEW."hiddenAt" IS NULL THEN 'SHOWN'
      WHEN OLD."status" <> NEW."status" THEN 'STATUS_CHANGED'
      WHEN OLD."price" <> NEW."price" THEN 'PRICE_CHANGED'
      ELSE 'UPDATED'
    END;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('ListingChange'));
  SELECT c."id", c."kind" INTO found_id, found_kind
    FROM "ListingChange" c
   WHERE c."listingId" = lid AND c."tx" = txid_current()
   ORDER BY c."id" DESC LIMIT 1;
  IF found_id IS NOT NULL THEN
    UPDATE "ListingChange"
       SET "kind" = CASE WHEN array_position(weight, k) > array_position(weight, found_kind) THEN k ELSE found_kind END,
           "isPublic" = now_public
     WHERE "id" = found_id;
  ELSE
    -- Its time is when it was logged, under the lock: the feed's times rise with its order.
    INSERT INTO "ListingChange" ("listingId", "kind", "wasPublic", "isPublic", "tx", "at")
    VALUES (lid, k, was, now_public, txid_current(), clock_timestamp());
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "listing_change_log"
AFTER INSERT OR UPDATE OR DELETE ON "Property"
FOR EACH ROW EXECUTE FUNCTION "listing_change_log"();

-- The listings public when the feed began: a reader replaying from the start has the whole set.
INSERT INTO "ListingChange" ("listingId", "kind", "wasPublic", "isPublic", "tx")
SELECT "id", 'CREATED', false, true, txid_current()
  FROM "Property"
 WHERE "status" = 'ACTIVE' AND "hiddenAt" IS NULL
 ORDER BY "createdAt", "id";

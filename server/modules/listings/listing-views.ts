import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { listingKeyWhere } from './listings.service.js';
import { canManageListing, listingAccessSelect, PUBLIC_LISTING, publicListingSql } from './visibility.js';

/**
 * View counting: "each visit counts one view" (SPEC part 2), kept honest so that the 'popular'
 * sort cannot be bought (docs/decisions/0012-view-counting.md):
 * - one view per listing per visitor per 30 minutes: a signed-in visitor with a finished account (a
 *   User row: sign-up completed, auth.service.ts completeSignup) is their user; an anonymous one is
 *   their first-party visitor cookie, or their address when they bring none (the cookie issued then
 *   is linked to that visit, so the same client is not counted twice);
 * - a signed-in identity whose sign-up is unfinished counts as its address (the cookie-less visitor
 *   key): any number of abandoned sign-ups from one address add at most one view per 30 minutes
 *   (issue 58 item 11: 30 unfinished identities gave +30 views);
 * - at most IP_VIEW_CEILING anonymous views per listing, address and 30 minutes (a script that
 *   throws its cookies away counts that many, not more);
 * - the owner and the listing agent never add views to their own listing.
 * The memory is the ListingView table, so it holds across app instances and restarts; claiming a
 * visit and incrementing the counter is one SQL statement.
 */

export const VIEW_WINDOW_MINUTES = 30;
export const IP_VIEW_CEILING = 20;

export interface ViewCaller {
  /** The signed-in viewer's uid, if any. */
  viewerUid: string | null;
  /** The anonymous visitor cookie the request carried, if any. */
  cookieId: string | null;
  /** The visitor cookie set on this response (the request carried none), if any. */
  issuedCookieId?: string | null;
  /** The client address (TRUST_PROXY respected). */
  ip: string;
}

export interface RecordedView {
  id: string;
  /** Whether this visit was added to the counter. */
  counted: boolean;
}

/** The visitor key of an anonymous caller: their cookie, else their address. */
function anonymousKey(caller: ViewCaller, ip: string): string {
  if (caller.cookieId) return `c:${caller.cookieId}`;
  return `ip:${ip}`;
}

/**
 * Records a visit of an active listing (by id or slug). Null when there is no such active listing.
 * Two statements: find the listing; claim the visit and count it.
 */
export async function recordListingView(
  prisma: PrismaClient,
  idOrSlug: string,
  caller: ViewCaller,
): Promise<RecordedView | null> {
  const byKey = listingKeyWhere(idOrSlug);
  if (!byKey) return null;
  const listing = await prisma.property.findFirst({
    where: { AND: [byKey, PUBLIC_LISTING] },
    select: { id: true, ...listingAccessSelect },
  });
  if (!listing) return null;
  if (canManageListing(caller.viewerUid ? { uid: caller.viewerUid } : null, listing)) return { id: listing.id, counted: false };
  // Hidden by moderation (issue 14): there is no such listing for anyone but its managers.
  if (listing.hiddenAt) return null;

  const ip = caller.ip.slice(0, 64);
  const linked = !caller.viewerUid && !caller.cookieId && caller.issuedCookieId ? `c:${caller.issuedCookieId}` : null;
  // A signed-in identity is its user only once its account is finished (a User row), else its address:
  // decided inside the claiming statement, so a view stays two statements.
  const finished = caller.viewerUid
    ? Prisma.sql`EXISTS (SELECT 1 FROM "User" u WHERE u."id" = ${caller.viewerUid})`
    : Prisma.sql`FALSE`;
  const anonymous = caller.viewerUid ? `ip:${ip}` : anonymousKey(caller, ip);
  const visitor = caller.viewerUid
    ? Prisma.sql`CASE WHEN ${finished} THEN ${`u:${caller.viewerUid}`}::text ELSE ${anonymous}::text END`
    : Prisma.sql`${anonymous}::text`;
  // The ceiling counts the cookies counted at this address (a cookie-less visit counts through the cookie issued with it).
  const ceiling = Prisma.sql`(${finished} OR (
      SELECT count(*) FROM "ListingView" v
      WHERE v."propertyId" = ${listing.id}::uuid AND v."ip" = ${ip} AND v."visitor" LIKE 'c:%' AND v."visitor" <> ${anonymous}
        AND v."countedAt" > now() - make_interval(mins => ${VIEW_WINDOW_MINUTES}::int)
    ) < ${IP_VIEW_CEILING}::int)`;
  const counted = await prisma.$queryRaw<Array<{ id: string }>>`
    WITH claimed AS (
      INSERT INTO "ListingView" ("propertyId", "visitor", "ip", "countedAt")
      SELECT ${listing.id}::uuid, ${visitor}, ${ip}, now() WHERE ${ceiling}
      ON CONFLICT ("propertyId", "visitor") DO UPDATE SET "countedAt" = EXCLUDED."countedAt", "ip" = EXCLUDED."ip"
        WHERE "ListingView"."countedAt" <= now() - make_interval(mins => ${VIEW_WINDOW_MINUTES}::int)
      RETURNING "propertyId"
    ), linked AS (
      INSERT INTO "ListingView" ("propertyId", "visitor", "ip", "countedAt")
      SELECT c."propertyId", ${linked}::text, ${ip}, now() FROM claimed c WHERE ${linked}::text IS NOT NULL
      ON CONFLICT ("propertyId", "visitor") DO NOTHING
    )
    UPDATE "Property" SET "views" = "views" + 1
    WHERE "id" IN (SELECT "propertyId" FROM claimed) AND ${publicListingSql(null)}
    RETURNING "id"::text AS id`;
  return { id: listing.id, counted: counted.length > 0 };
}

/** Forgets visits older than the window (they no longer block anything). */
export async function pruneListingViews(prisma: PrismaClient): Promise<number> {
  return prisma.$executeRaw`DELETE FROM "ListingView" WHERE "countedAt" <= now() - make_interval(mins => ${VIEW_WINDOW_MINUTES}::int)`;
}

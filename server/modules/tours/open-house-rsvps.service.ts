import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError } from '../../core/errors.js';
import { requireUser } from '../../core/authz.js';
import type { Viewer } from '../../core/viewer.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { eventsOf } from '../../core/events.js';
import { isUuid } from '../listings/listings.service.js';
import { canManageListing, isPublicListing, listingAccessSelect, PUBLIC_LISTING } from '../listings/visibility.js';
import { insertNotifications, announceNotifications } from '../notifications/notifications.service.js';
import { formatOpenHouseTime } from '../../../common/tours.js';

/**
 * Open-house RSVPs (issue 27 item 1). An open house may have a number of places (`capacity`, null:
 * no limit). A signed-in renter says 'Going' while places are left, or joins the waitlist when it is
 * full; cancelling frees the place, which goes to the first of the waitlist (told by the bell).
 *
 * The count can never go over: every change of an open house's RSVPs runs in a transaction that first
 * locks the open house's row (`SELECT … FOR UPDATE`), so concurrent RSVPs are counted one after the
 * other, on PostgreSQL as on PGlite.
 */

export const OPEN_HOUSE_FULL = 'This open house is full';

export type RsvpOutcome = { status: 'GOING' | 'WAITLISTED'; openHouseId: string };

const notFound = () => new AppError('NOT_FOUND', 'That open house does not exist.');

/** The open house and its listing's access facts, when the viewer may see the listing. */
async function openHouseFor(prisma: PrismaClient, id: string) {
  if (!isUuid(id)) throw notFound();
  const found = await prisma.openHouse.findUnique({
    where: { id },
    select: {
      id: true,
      startsAt: true,
      endsAt: true,
      property: { select: { ...listingAccessSelect, id: true, slug: true, title: true } },
    },
  });
  // Only open houses of public listings take RSVPs (a draft's or a hidden listing's do not exist to renters).
  if (!found || !isPublicListing(found.property)) throw notFound();
  return found;
}

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
type OpenHouseFacts = { id: string; startsAt: Date; property: { id: string; slug: string; title: string } };

/**
 * Locks the open house's row (its RSVPs change one transaction at a time) and gives its free places
 * to the waitlist, first come first served, each told by the bell. Answers the capacity and the
 * notifications made (announced once the transaction is committed).
 */
async function lockAndPromote(tx: Tx, openHouse: OpenHouseFacts) {
  const [locked] = await tx.$queryRaw<Array<{ capacity: number | null }>>`
    SELECT "capacity" FROM "OpenHouse" WHERE "id" = ${openHouse.id}::uuid FOR UPDATE`;
  if (!locked) throw notFound();
  const going = await tx.openHouseRsvp.count({ where: { openHouseId: openHouse.id, status: 'GOING' } });
  const free = locked.capacity === null ? MAX_PROMOTED : Math.min(MAX_PROMOTED, locked.capacity - going);
  if (free <= 0) return { capacity: locked.capacity, made: [] };
  const next = await tx.openHouseRsvp.findMany({
    where: { openHouseId: openHouse.id, status: 'WAITLISTED' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: free,
    select: { id: true, userId: true },
  });
  if (next.length === 0) return { capacity: locked.capacity, made: [] };
  await tx.openHouseRsvp.updateMany({ where: { id: { in: next.map((n) => n.id) } }, data: { status: 'GOING' } });
  const made = await insertNotifications(
    tx,
    next.map((n) => ({
      userId: n.userId,
      kind: 'OPEN_HOUSE_PLACE' as const,
      title: `A place opened up: you are going to the open house of ${openHouse.property.title}`.slice(0, 200),
      body: `${formatOpenHouseTime(openHouse.startsAt)} (New York time)`,
      url: `/properties/${openHouse.property.slug}`,
      propertyId: openHouse.property.id,
    })),
  );
  return { capacity: locked.capacity, made };
}

/** At most this many waiting renters get a place in one change (an open house without a limit frees all). */
const MAX_PROMOTED = 500;

/**
 * Says the viewer is going to the open house, or (with `waitlist`) joins its waitlist when it is full.
 * Going already: nothing changes. Full without `waitlist`: CONFLICT 'This open house is full'.
 */
export async function rsvpOpenHouse(
  deps: { prisma: PrismaClient; limits: RateLimits },
  viewer: Viewer | null,
  openHouseId: string,
  opts: { waitlist?: boolean | null } = {},
): Promise<RsvpOutcome> {
  const user = await requireUser(deps.prisma, viewer);
  const openHouse = await openHouseFor(deps.prisma, String(openHouseId));
  if (canManageListing({ uid: user.id }, openHouse.property)) {
    throw new AppError('FORBIDDEN', 'You manage this listing: you cannot RSVP to its open house.');
  }
  if (openHouse.endsAt.getTime() <= Date.now()) throw new AppError('BAD_USER_INPUT', 'This open house is over.');
  const r = await deps.limits.openHouseRsvp.take(user.id);
  if (!r.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      `You are answering open houses too quickly. Please try again in ${Math.ceil(r.retryAfterSeconds / 60)} minutes.`,
      { retryAfterSeconds: r.retryAfterSeconds },
    );
  }
  const { outcome, made } = await deps.prisma.$transaction(async (tx) => {
    // Free places go to those already waiting first (a raised capacity), then the count is read.
    const { capacity, made } = await lockAndPromote(tx, openHouse);
    const mine = await tx.openHouseRsvp.findUnique({
      where: { openHouseId_userId: { openHouseId: openHouse.id, userId: user.id } },
      select: { status: true },
    });
    if (mine) return { outcome: mine.status, made };
    const going = await tx.openHouseRsvp.count({ where: { openHouseId: openHouse.id, status: 'GOING' } });
    if (capacity === null || going < capacity) {
      await tx.openHouseRsvp.create({ data: { openHouseId: openHouse.id, userId: user.id, status: 'GOING' } });
      return { outcome: 'GOING' as const, made };
    }
    if (!opts.waitlist) throw new AppError('CONFLICT', OPEN_HOUSE_FULL);
    await tx.openHouseRsvp.create({ data: { openHouseId: openHouse.id, userId: user.id, status: 'WAITLISTED' } });
    return { outcome: 'WAITLISTED' as const, made };
  });
  announceNotifications(deps.prisma, made);
  eventsOf(deps.prisma).publish({ type: 'openHouse.rsvpChanged', openHouseId: openHouse.id, listingId: openHouse.property.id });
  return { status: outcome, openHouseId: openHouse.id };
}

/**
 * Cancels the viewer's RSVP (going or waitlisted). A place freed goes to the first of the waitlist,
 * who is told by the bell. Without an RSVP: nothing changes.
 */
export async function cancelOpenHouseRsvp(
  deps: { prisma: PrismaClient },
  viewer: Viewer | null,
  openHouseId: string,
): Promise<{ openHouseId: string }> {
  const user = await requireUser(deps.prisma, viewer);
  if (!isUuid(String(openHouseId))) throw notFound();
  const openHouse = await deps.prisma.openHouse.findUnique({
    where: { id: String(openHouseId) },
    select: { id: true, startsAt: true, property: { select: { id: true, slug: true, title: true } } },
  });
  if (!openHouse) throw notFound();
  const made = await deps.prisma.$transaction(async (tx) => {
    const removed = await tx.openHouseRsvp.deleteMany({ where: { openHouseId: openHouse.id, userId: user.id } });
    if (removed.count === 0) return [];
    // The place freed goes to the first of the waitlist.
    return (await lockAndPromote(tx, openHouse)).made;
  });
  announceNotifications(deps.prisma, made);
  eventsOf(deps.prisma).publish({ type: 'openHouse.rsvpChanged', openHouseId: openHouse.id, listingId: openHouse.property.id });
  return { openHouseId: openHouse.id };
}

/** How many are going to an open house; refuses a capacity below it (the count can never go over). */
export async function assertCapacityHolds(
  prisma: PrismaClient | Parameters<Parameters<PrismaClient['$transaction']>[0]>[0],
  openHouseId: string,
  capacity: number | null,
): Promise<void> {
  if (capacity === null) return;
  const going = await prisma.openHouseRsvp.count({ where: { openHouseId, status: 'GOING' } });
  if (going > capacity) {
    throw new AppError('BAD_USER_INPUT', `${going} people are going to this open house: it cannot have fewer places than that.`, {
      fields: [{ path: 'openHouses', message: `${going} people are going: keep at least ${going} places.` }],
    });
  }
}

/**
 * The viewer's own RSVPs (issue 27 item 5, /me/tours) as a WHERE: open houses of public listings only
 * (a listing taken off the market or hidden since leaves the list), to come or over.
 */
export async function myOpenHouseRsvpsWhere(prisma: PrismaClient, viewer: Viewer | null, upcoming: boolean) {
  const user = await requireUser(prisma, viewer);
  const now = new Date();
  return {
    userId: user.id,
    openHouse: { property: PUBLIC_LISTING, endsAt: upcoming ? { gt: now } : { lte: now } },
  } satisfies Prisma.OpenHouseRsvpWhereInput;
}

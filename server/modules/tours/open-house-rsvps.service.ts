import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { refusal } from './refusals.js';
import { requireUser } from '../../core/authz.js';
import type { Viewer } from '../../core/viewer.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { eventsOf } from '../../core/events.js';
import { isUuid } from '../../core/ids.js';
import { canManageListing, isPublicListing, listingAccessSelect, PUBLIC_LISTING } from '../listings/index.js';
import { within } from '../../core/within.js';
import { answeringUser, retryOnNewThread, sendMessageSchema } from '../messaging/index.js';
import { fromZod } from '../../core/errors.js';
import { goingTo, lockOpenHouse, promoteWaitlist } from '../listings/index.js';

/**
 * Open-house RSVPs (issue 27 item 1). An open house may have a number of places (`capacity`, null:
 * no limit). A signed-in renter says 'Going' while places are left, or joins the waitlist when it is
 * full; cancelling frees the place, which goes to the first of the waitlist (told by the bell).
 *
 * The count can never go over: every change of an open house's RSVPs runs in a transaction that first
 * locks the open house's row (`SELECT … FOR UPDATE`), so concurrent RSVPs are counted one after the
 * other, on PostgreSQL as on PGlite.
 */

/** 'This open house is full', in the request's language. */
export const openHouseFullMessage = (): string => refusal('openHouseFull');

export type RsvpOutcome = { status: 'GOING' | 'WAITLISTED'; openHouseId: string };

const notFound = () => new AppError('NOT_FOUND', say('openHouseNotFound'));

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
    throw new AppError('FORBIDDEN', refusal('openHouseOwnListing'));
  }
  if (openHouse.endsAt.getTime() <= Date.now()) throw new AppError('BAD_USER_INPUT', refusal('openHouseOver'));
  const r = await deps.limits.openHouseRsvp.take(user.id);
  if (!r.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      refusal('answeringOpenHousesTooQuickly', { minutes: Math.ceil(r.retryAfterSeconds / 60) }),
      { retryAfterSeconds: r.retryAfterSeconds },
    );
  }
  // Free places never wait: a cancellation or more places give them to the waitlist at once (promoteWaitlist).
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const { capacity } = await lockOpenHouse(tx, openHouse.id);
    const mine = await tx.openHouseRsvp.findUnique({
      where: { openHouseId_userId: { openHouseId: openHouse.id, userId: user.id } },
      select: { status: true },
    });
    if (mine) return { status: mine.status, created: false };
    const status: RsvpOutcome['status'] =
      capacity === null || (await goingTo(tx, openHouse.id)) < capacity ? 'GOING' : 'WAITLISTED';
    if (status === 'WAITLISTED' && !opts.waitlist) throw new AppError('CONFLICT', openHouseFullMessage());
    await tx.openHouseRsvp.create({ data: { openHouseId: openHouse.id, userId: user.id, status } });
    return { status, created: true };
  });
  eventsOf(deps.prisma).publish({
    type: 'openHouse.rsvpChanged',
    openHouseId: openHouse.id,
    listingId: openHouse.property.id,
    nowGoing: outcome.created && outcome.status === 'GOING' ? [user.id] : [],
  });
  return { status: outcome.status, openHouseId: openHouse.id };
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
  const { made, effects } = await deps.prisma.$transaction(async (tx) => {
    const effects = within(deps.prisma, tx);
    const { capacity } = await lockOpenHouse(tx, openHouse.id);
    const removed = await tx.openHouseRsvp.deleteMany({ where: { openHouseId: openHouse.id, userId: user.id } });
    if (removed.count === 0) return { made: [], effects };
    // The place freed goes to the first of the waitlist.
    return { made: await promoteWaitlist(tx, effects, openHouse, capacity), effects };
  });
  effects.published();
  eventsOf(deps.prisma).publish({
    type: 'openHouse.rsvpChanged',
    openHouseId: openHouse.id,
    listingId: openHouse.property.id,
    nowGoing: made.map((n) => n.userId),
  });
  return { openHouseId: openHouse.id };
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

/**
 * The listing's agent (its owner when it has none) writes to a renter who answered one of its open
 * houses (issue 27 item 5), in their conversation about the listing, made when there is none. The
 * message is counted like any other (30 a minute).
 */
export async function messageAttendee(
  deps: { prisma: PrismaClient; limits: RateLimits },
  viewer: Viewer | null,
  rsvpId: string,
  message: string,
): Promise<{ threadId: string }> {
  const user = await requireUser(deps.prisma, viewer);
  const parsed = sendMessageSchema.shape.content.safeParse(message);
  if (!parsed.success) throw fromZod(parsed.error);
  const rsvp = isUuid(String(rsvpId))
    ? await deps.prisma.openHouseRsvp.findUnique({
        where: { id: String(rsvpId) },
        select: { userId: true, openHouse: { select: { property: { select: { ...listingAccessSelect, id: true } } } } },
      })
    : null;
  const listing = rsvp?.openHouse.property;
  // Anyone but the listing's managers is told it does not exist.
  if (!rsvp || !listing || !canManageListing({ uid: user.id }, listing)) throw new AppError('NOT_FOUND', refusal('rsvpNotFound'));
  const agentUserId = answeringUser(listing);
  if (agentUserId !== user.id) throw new AppError('FORBIDDEN', refusal('agentAnswers'));
  const r = await deps.limits.messageSend.take(user.id);
  if (!r.allowed) {
    throw new AppError('RATE_LIMITED', say('sendingMessages', { seconds: r.retryAfterSeconds }), {
      retryAfterSeconds: r.retryAfterSeconds,
    });
  }
  const posted = await retryOnNewThread(() =>
    deps.prisma.$transaction(async (tx) => {
      const effects = within(deps.prisma, tx);
      const { threadId } = await effects.happened({
        type: 'openHouse.attendeeMessaged',
        conversation: { propertyId: listing.id, renterId: rsvp.userId, agentUserId, countsAsInquiry: true },
        message: { from: user.id, writtenTo: rsvp.userId, content: parsed.data },
      });
      return { effects, threadId: threadId! };
    }),
  );
  posted.effects.published();
  return { threadId: posted.threadId };
}

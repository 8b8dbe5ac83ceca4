import type { Prisma } from '../../db/generated/prisma/client.js';
import { AppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { inLocale } from '../../core/locale.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { formatOpenHouseTime } from '../../../common/tours.js';
import { mailTexts } from '../mail/index.js';
import type { Within } from '../../core/within.js';

/**
 * An open house's places (issue 27 item 1): its `capacity` (null: no limit) and the count of people
 * going, which can never go over. The listing's write edits an open house's places (fewer than
 * going is refused; more give the waitlist its places); the RSVPs of the tours module
 * (tours/open-house-rsvps.service.ts) take and free places under the same lock.
 */

type Tx = Prisma.TransactionClient;

const notFound = () => new AppError('NOT_FOUND', say('openHouseNotFound'));

const mailMessages = defineMessages({
  placeOpened: {
    id: 'mail.openHouse.placeOpened',
    defaultMessage: 'A place opened up: you are going to the open house of {title}',
  },
});

const placesMessages = defineMessages({
  fewerPlacesThanGoing: {
    id: 'server.openHouse.fewerPlacesThanGoing',
    defaultMessage:
      '{going, plural, other {{going} people are going}} to this open house: it cannot have fewer places than that.',
  },
  keepPlaces: {
    id: 'server.openHouse.keepPlaces',
    defaultMessage: '{going, plural, other {{going} people are going}}: keep at least {going} places.',
  },
});

/** The open house and its listing, as the waitlist's notifications name them. */
export type OpenHouseFacts = { id: string; startsAt: Date; property: { id: string; slug: string; title: string } };

/**
 * Locks the open house's row: every change of its RSVPs or its places runs after this in its
 * transaction, so they are counted one at a time. Answers its places (null: no limit).
 */
export async function lockOpenHouse(tx: Tx, id: string): Promise<{ capacity: number | null }> {
  const [locked] = await tx.$queryRaw<Array<{ capacity: number | null }>>`
    SELECT "capacity" FROM "OpenHouse" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!locked) throw notFound();
  return locked;
}

export const goingTo = (tx: Tx, openHouseId: string) => tx.openHouseRsvp.count({ where: { openHouseId, status: 'GOING' } });

/** At most this many waiting renters get a place in one change (an open house without a limit frees all). */
const MAX_PROMOTED = 500;

/**
 * Gives the open house's free places to its waitlist, first come first served, each told by the bell
 * (a cancellation, or more places set by the agent: `openHouse.placesGiven` in the write, core/within.ts).
 * Runs under the open house's lock; answers who was told.
 */
export async function promoteWaitlist(
  tx: Tx,
  effects: Within,
  openHouse: OpenHouseFacts,
  capacity: number | null,
): Promise<Array<{ id: string; userId: string }>> {
  const free = capacity === null ? MAX_PROMOTED : Math.min(MAX_PROMOTED, capacity - (await goingTo(tx, openHouse.id)));
  if (free <= 0) return [];
  const next = await tx.openHouseRsvp.findMany({
    where: { openHouseId: openHouse.id, status: 'WAITLISTED' },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: free,
    select: { id: true, userId: true, user: { select: { locale: true } } },
  });
  if (next.length === 0) return [];
  await tx.openHouseRsvp.updateMany({ where: { id: { in: next.map((n) => n.id) } }, data: { status: 'GOING' } });
  const { told } = await effects.happened({
    type: 'openHouse.placesGiven',
    openHouseId: openHouse.id,
    // In each one's language (server/modules/mail/texts.ts).
    tell: next.map((n) => ({
      userId: n.userId,
      kind: 'OPEN_HOUSE_PLACE' as const,
      texts: inLocale(n.user.locale, () => ({
        title: formatMessage(mailMessages.placeOpened, { title: openHouse.property.title }).slice(0, 200),
        body: formatMessage(mailTexts.newYorkTime, { time: formatOpenHouseTime(openHouse.startsAt) }),
      })),
      url: `/properties/${openHouse.property.slug}`,
      propertyId: openHouse.property.id,
    })),
  });
  return told ?? [];
}

/**
 * An edit of an open house's places (listing-write.service.ts): under the open house's lock, refuses
 * fewer places than people going (the count can never go over).
 */
export async function assertCapacityHolds(tx: Tx, openHouseId: string, capacity: number | null): Promise<void> {
  await lockOpenHouse(tx, openHouseId);
  if (capacity === null) return;
  const going = await goingTo(tx, openHouseId);
  if (going > capacity) {
    throw new AppError('BAD_USER_INPUT', formatMessage(placesMessages.fewerPlacesThanGoing, { going }), {
      fields: [{ path: 'openHouses', message: formatMessage(placesMessages.keepPlaces, { going }) }],
    });
  }
}

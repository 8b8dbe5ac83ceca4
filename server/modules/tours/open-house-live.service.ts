import type { PrismaClient } from '../../db/client.js';
import { AppError } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { sharedRead } from '../messaging/index.js';

/**
 * Live open houses (`openHouseChanged`) at the cost of one read per event (issue 58 item 12;
 * docs/decisions/0045-fan-out-once.md). One renter's 100 subscriptions × 20 RSVP changes cost 13 s
 * of CPU: every subscriber read the event's open house twice on its own (is it still the listing's,
 * then its row for the selection).
 */
export const OPEN_HOUSE_LIVE_LIMITS = {
  /** Live `openHouseChanged` subscriptions one user holds for one listing on an instance (a page, a second tab, a reconnect). */
  perUserAndListing: 3,
} as const;

const messages = defineMessages({
  tooManyWatches: {
    id: 'server.openHouse.tooManyWatches',
    defaultMessage: 'This listing is already open in too many tabs. Close one and try again.',
  },
});

const watching = new Map<string, number>();

/**
 * Takes one of the user's live slots for a listing (OPEN_HOUSE_LIVE_LIMITS.perUserAndListing), or
 * refuses with RATE_LIMITED. Synchronous (counted before anything is awaited); answers the function
 * giving it back (once, however often it is called).
 */
export function takeOpenHouseWatch(uid: string, listingId: string): () => void {
  const key = `${uid}|${listingId}`;
  const held = watching.get(key) ?? 0;
  if (held >= OPEN_HOUSE_LIVE_LIMITS.perUserAndListing)
    throw new AppError('RATE_LIMITED', formatMessage(messages.tooManyWatches));
  watching.set(key, held + 1);
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const left = (watching.get(key) ?? 1) - 1;
    if (left > 0) watching.set(key, left);
    else watching.delete(key);
  };
}

/** Live slots held now (tests). */
export const openHouseWatches = (uid: string, listingId: string) => watching.get(`${uid}|${listingId}`) ?? 0;

const eventReads = new WeakMap<object, Promise<{ id: string } | null>>();

/**
 * The open house an event names, if it is still the listing's (an edit may have removed it): one read
 * per event object for every subscriber of the listing on this instance (the realtime layer hands
 * each of them the same object).
 */
export function openHouseOfEvent(
  prisma: PrismaClient,
  listingId: string,
  event: { openHouseId: string },
): Promise<{ id: string } | null> {
  let read = eventReads.get(event);
  if (!read) {
    read = prisma.openHouse.findFirst({ where: { id: event.openHouseId, propertyId: listingId }, select: { id: true } });
    eventReads.set(event, read);
  }
  return read;
}

/**
 * An open house's row for a selection (the Prisma plugin's query): one read for every subscriber
 * resolving it with the same selection at the same time. Its fields are the same for every viewer
 * (`viewerRsvp` and `attendees` are worked out from the loaded rows as each viewer sees them).
 */
export function openHouseRow<Q extends object>(prisma: PrismaClient, id: string, query: Q): Promise<unknown> {
  return sharedRead(`openHouse|${id}|${JSON.stringify(query)}`, () =>
    prisma.openHouse.findUniqueOrThrow({ ...(query as object), where: { id } }),
  );
}

/** A live stream that gives its slot back when it ends, however it ends (finished, returned, thrown). */
export function releasingWhenDone<T>(source: AsyncIterableIterator<T>, release: () => void): AsyncIterableIterator<T> {
  const it: AsyncIterableIterator<T> = {
    next: () =>
      source.next().then(
        (r) => {
          if (r.done) release();
          return r;
        },
        (err: unknown) => {
          release();
          throw err;
        },
      ),
    return: (value?: unknown) => {
      release();
      return source.return ? source.return(value) : Promise.resolve({ done: true, value } as IteratorResult<T>);
    },
    throw: (err?: unknown) => {
      release();
      return source.throw ? source.throw(err) : Promise.reject(err);
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}

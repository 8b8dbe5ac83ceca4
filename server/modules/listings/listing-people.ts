import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import type { WithdrawnPerson } from '../../core/events.js';

/**
 * Who is attached to a listing: the renters with a conversation about it, an upcoming tour of it or a
 * place at one of its open houses to come. The listing's write reads them before a delete or a
 * deactivation, names them in the dialogs (`affectedCounts`) and announces them with
 * `listing.withdrawn`, which the tours module hears (tours/listing-withdrawal.service.ts).
 */

type Db = PrismaClient | Prisma.TransactionClient;
const OPEN = ['REQUESTED', 'PROPOSED'] as const;

/** Where a renter's upcoming tours of a listing stand: requested or proposed and not expired, or confirmed to come. */
export const upcomingTourWhere = (now: Date): Prisma.TourRequestWhereInput => ({
  OR: [
    { status: { in: [...OPEN] }, expiresAt: { gt: now } },
    { status: 'CONFIRMED', startsAt: { gt: now } },
  ],
});

/**
 * Who a listing's withdrawal concerns, by renter: their conversation about it, their upcoming tours of
 * it and their RSVPs (going or waitlisted) to its open houses to come. Read before the listing's write.
 */
export async function withdrawnPeopleOf(db: Db, listingId: string, now = new Date()): Promise<WithdrawnPerson[]> {
  const [threads, tours, rsvps] = await Promise.all([
    db.thread.findMany({ where: { propertyId: listingId }, select: { id: true, renterId: true } }),
    db.tourRequest.findMany({
      where: { propertyId: listingId, ...upcomingTourWhere(now) },
      select: { id: true, renterId: true, threadId: true, status: true, startsAt: true, endsAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    }),
    db.openHouseRsvp.findMany({
      where: { openHouse: { propertyId: listingId, endsAt: { gt: now } } },
      select: { userId: true, openHouse: { select: { id: true, startsAt: true, endsAt: true } } },
      orderBy: [{ openHouse: { startsAt: 'asc' } }, { id: 'asc' }],
    }),
  ]);
  const people = new Map<string, WithdrawnPerson>();
  const person = (renterId: string) => {
    let p = people.get(renterId);
    if (!p) {
      p = { renterId, threadId: null, tours: [], openHouses: [] };
      people.set(renterId, p);
    }
    return p;
  };
  for (const t of threads) person(t.renterId).threadId = t.id;
  for (const t of tours) {
    const p = person(t.renterId);
    p.threadId ??= t.threadId;
    const confirmed = t.status === 'CONFIRMED';
    p.tours.push({
      id: t.id,
      confirmed,
      startsAt: confirmed ? (t.startsAt?.toISOString() ?? null) : null,
      endsAt: confirmed ? (t.endsAt?.toISOString() ?? null) : null,
    });
  }
  for (const r of rsvps)
    person(r.userId).openHouses.push({
      id: r.openHouse.id,
      startsAt: r.openHouse.startsAt.toISOString(),
      endsAt: r.openHouse.endsAt.toISOString(),
    });
  return [...people.values()];
}

/** What the delete and deactivate dialogs name: how many upcoming tours, RSVPs and conversations will be told. */
export function affectedCounts(people: WithdrawnPerson[]) {
  return {
    upcomingTours: people.reduce((n, p) => n + p.tours.length, 0),
    openHouseRsvps: people.reduce((n, p) => n + p.openHouses.length, 0),
    conversations: people.filter((p) => p.threadId !== null).length,
    people: people.length,
  };
}

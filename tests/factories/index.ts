import { randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '../../server/db/generated/prisma/client.js';
import { nearbyStationsFor } from '../../server/modules/transit/nearby.js';
import { concessionColumns } from '../../common/listing.js';
import { dayIn } from './listing-input.js';
export { dayIn } from './listing-input.js';

/** Test data built through Prisma, with sensible defaults and overrides. */
let n = 0;
const next = () => ++n;

export async function createUser(prisma: PrismaClient, data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  const i = next();
  return prisma.user.create({
    data: {
      id: `user-${i}-${randomUUID().slice(0, 8)}`,
      email: `user${i}-${randomUUID().slice(0, 6)}@example.com`,
      firstName: 'Test',
      lastName: `User${i}`,
      ...data,
    },
  });
}

/**
 * A user whose reports count toward hiding (server/modules/moderation/report-standing.ts): a month
 * old, phone verified, and active here (a saved search). `createUser` makes a fresh account.
 */
export async function createEstablishedUser(prisma: PrismaClient, data: Partial<Prisma.UserUncheckedCreateInput> = {}) {
  const i = next();
  const user = await createUser(prisma, {
    phone: `+1555${String(Date.now() % 10_000_000)
      .padStart(7, '0')
      .slice(0, 3)}${String(i).padStart(4, '0').slice(-4)}`,
    ...data,
  });
  await establish(prisma, user.id);
  return user;
}

/** Makes an existing account established (see createEstablishedUser): a month old, with a saved search. */
export async function establish(prisma: PrismaClient, userId: string) {
  await prisma.user.update({ where: { id: userId }, data: { createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) } });
  await prisma.savedSearch.create({
    data: { userId, name: 'Brooklyn two-beds', filter: { borough: 'BROOKLYN', minBeds: 2 }, unsubscribeToken: randomUUID() },
  });
}

export async function createAgent(
  prisma: PrismaClient,
  data: { user?: Partial<Prisma.UserUncheckedCreateInput>; agent?: Partial<Prisma.AgentUncheckedCreateInput> } = {},
) {
  const user = await createUser(prisma, { role: 'AGENT', ...data.user });
  const agent = await prisma.agent.create({
    data: { userId: user.id, bio: 'Helps New Yorkers find homes.', yearsExperience: 5, agency: 'Test Realty', ...data.agent },
  });
  return { user, agent };
}

export async function createProperty(
  prisma: PrismaClient,
  owner: { userId: string; agentId?: string | null },
  data: Partial<Prisma.PropertyUncheckedCreateInput> = {},
) {
  const i = next();
  const price = data.price ?? 3000;
  // The net effective rent as the listing writes compute it (common/listing.ts), from the concession given.
  const concession = concessionColumns(price, {
    monthsFree: data.concessionMonthsFree == null ? null : Number(data.concessionMonthsFree),
    leaseMonths: data.concessionLeaseMonths ?? null,
    terms: data.concessionTerms ?? null,
  });
  const lat = data.locationLat === undefined ? 40.7081 : data.locationLat;
  const lng = data.locationLng === undefined ? -73.9571 : data.locationLng;
  return prisma.property.create({
    data: {
      nearbyStations: nearbyStationsFor(lat, lng) as unknown as Prisma.InputJsonValue,
      slug: `test-listing-${i}-${randomUUID().slice(0, 6)}`,
      title: `Test listing ${i}`,
      address: `${100 + i} Bedford Avenue`,
      neighborhood: 'Williamsburg',
      borough: 'BROOKLYN',
      price: 3000,
      bedrooms: 1,
      bathrooms: 1,
      propertyType: 'APARTMENT',
      availableDate: new Date(`${dayIn(10)}T00:00:00Z`),
      // A sale has no lease and no broker fee payer (issue 58 item 3).
      leaseTerm: data.listingType === 'FOR_SALE' ? null : 'ONE_YEAR',
      // What the column defaulted to before the payer became an explicit choice (issue 24 item 7).
      brokerFeePayer: data.listingType === 'FOR_SALE' ? null : 'TENANT',
      locationLat: 40.7081,
      locationLng: -73.9571,
      ownerId: owner.userId,
      agentId: owner.agentId ?? null,
      // On the market since it was made (an explicit createdAt orders 'Newest'), unless it is a draft.
      listedAt: data.status === 'DRAFT' ? null : (data.createdAt ?? new Date()),
      ...data,
      ...concession,
    },
  });
}

export async function addPhotos(prisma: PrismaClient, propertyId: string, count: number) {
  await prisma.propertyPhoto.createMany({
    data: Array.from({ length: count }, (_, position) => ({
      propertyId,
      position,
      url: `/media/test/${propertyId}-${position}.jpg`,
      thumbnailUrl: `/media/test/${propertyId}-${position}-thumb.jpg`,
      width: 1200,
      height: 800,
    })),
  });
}

/**
 * A listing whose asking rent was lowered from `oldPrice` to its price at `droppedAt` (issue 14 item 3):
 * its price history (listed at `oldPrice` when created, then the drop) and its last-drop columns, as
 * listing writes keep them. Created a day before the drop unless `createdAt` says otherwise.
 */
export async function createReducedProperty(
  prisma: PrismaClient,
  owner: { userId: string; agentId?: string | null },
  drop: { oldPrice: number; droppedAt: Date },
  data: Partial<Prisma.PropertyUncheckedCreateInput> = {},
) {
  const price = data.price ?? 3000;
  const createdAt = data.createdAt ?? new Date(drop.droppedAt.getTime() - 24 * 3_600_000);
  const property = await createProperty(prisma, owner, {
    ...data,
    price,
    createdAt,
    priceDroppedAt: drop.droppedAt,
    priceDropAmount: drop.oldPrice - price,
  });
  await prisma.priceChange.createMany({
    data: [
      { propertyId: property.id, oldPrice: null, newPrice: drop.oldPrice, changedAt: new Date(createdAt) },
      { propertyId: property.id, oldPrice: drop.oldPrice, newPrice: price, changedAt: drop.droppedAt },
    ],
  });
  return property;
}

/**
 * A real interaction between a renter and an agent (issue 58 item 10): a conversation about a listing
 * of the agent's in which the agent answered. Makes the renter's review of that agent count.
 */
export async function answeredConversation(
  prisma: PrismaClient,
  parties: { renterId: string; agentUserId: string; propertyId?: string | null },
) {
  const propertyId = parties.propertyId ?? (await createProperty(prisma, { userId: parties.agentUserId })).id;
  const thread = await prisma.thread.create({
    data: { propertyId, renterId: parties.renterId, agentUserId: parties.agentUserId },
  });
  await prisma.message.createMany({
    data: [
      { threadId: thread.id, senderId: parties.renterId, content: 'Is it still available?' },
      { threadId: thread.id, senderId: parties.agentUserId, content: 'Yes, come and see it on Saturday.' },
    ],
  });
  return thread;
}

/** A saved search of `userId`'s (issue 14 item 1), instant alerts unless `data` says otherwise. */
export async function createSavedSearch(
  prisma: PrismaClient,
  userId: string,
  data: Partial<Omit<Prisma.SavedSearchUncheckedCreateInput, 'userId'>> = {},
) {
  const i = next();
  return prisma.savedSearch.create({
    data: {
      userId,
      name: `Saved search ${i}`,
      filter: {},
      frequency: 'INSTANT',
      unsubscribeToken: `test-${i}-${randomUUID()}`,
      ...data,
    },
  });
}

// Rows the browser tests need beyond the seed, written straight into the e2e server's database
// before it starts (tests/e2e/server.ts). They change nothing the seed-based tests rely on: the new
// listing is the oldest one (last in 'Newest'), with a title no search of the tests matches.
import type { Prisma, PrismaClient } from '../../server/db/generated/prisma/client.js';
import { nearbyStationsFor } from '../../server/modules/transit/nearby.js';
import { concessionColumns, NO_CONCESSION } from '../../common/listing.js';
import { DEMO_AGENT } from '../../server/db/seed/demo-accounts.js';
import { createTrustData } from './trust-factories.js';
import { ELEVEN_PHOTOS } from './e2e-data.js';

/** The demo agent's listing with 11 photos (the gallery shows 8 thumbnails and '+3'). */

export async function createElevenPhotoListing(prisma: PrismaClient): Promise<void> {
  const agent = await prisma.agent.findUniqueOrThrow({ where: { userId: DEMO_AGENT.uid } });
  // A listing of the demo agent to copy the facts from (price, address, policies …).
  const template = await prisma.property.findFirstOrThrow({
    where: { agentId: agent.id, status: 'ACTIVE', locationLat: { not: null } },
    orderBy: { createdAt: 'asc' },
  });
  // Real seeded photos (their files exist under DATA_DIR/uploads), so the images load.
  const seededPhotos = await prisma.propertyPhoto.findMany({
    select: { url: true, thumbnailUrl: true, width: true, height: true },
    distinct: ['url'],
    orderBy: { url: 'asc' },
    take: ELEVEN_PHOTOS.photos,
  });
  if (seededPhotos.length === 0) throw new Error('the seed has no photos to reuse');
  const oldest = await prisma.property.findFirstOrThrow({ orderBy: { createdAt: 'asc' }, select: { createdAt: true } });

  const {
    id: _id,
    slug: _slug,
    title: _title,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    views: _views,
    otherFees: _otherFees,
    nearbyStations: _nearbyStations,
    ...facts
  } = template;
  await prisma.property.create({
    data: {
      ...facts,
      nearbyStations: nearbyStationsFor(facts.locationLat, facts.locationLng) as unknown as Prisma.InputJsonValue,
      slug: ELEVEN_PHOTOS.slug,
      title: ELEVEN_PHOTOS.title,
      views: 0,
      createdAt: new Date(oldest.createdAt.getTime() - 24 * 60 * 60 * 1000),
      listedAt: new Date(oldest.createdAt.getTime() - 24 * 60 * 60 * 1000),
      photos: {
        create: Array.from({ length: ELEVEN_PHOTOS.photos }, (_, position) => {
          const photo = seededPhotos[position % seededPhotos.length] as (typeof seededPhotos)[number];
          return { position, ...photo };
        }),
      },
    },
  });
}

/** An agent new to the site: no reviews and no listings (the profile's empty states). */
export const QUIET_AGENT = { userId: 'e2e-quiet-agent', firstName: 'Quinn', lastName: 'Newman' } as const;

export async function createQuietAgent(prisma: PrismaClient): Promise<void> {
  await prisma.user.create({
    data: {
      id: QUIET_AGENT.userId,
      email: 'quinn.newman@e2e.example.com',
      role: 'AGENT',
      firstName: QUIET_AGENT.firstName,
      lastName: QUIET_AGENT.lastName,
      agent: {
        create: {
          bio: 'New to the city and to the site.',
          yearsExperience: 1,
          agency: 'Fresh Start Realty',
          specialties: ['Rentals'],
        },
      },
    },
  });
}

/**
 * A listing two days old whose rent dropped by $250 a minute before the server started (issue 14
 * item 3): 'New' and 'Price drop $250' on its card and page, first in 'Recently reduced', and a
 * price history of two points for the chart. Its owner has no agent profile, so no agent's or demo
 * account's listings, stats or counts change.
 */
export const PRICE_DROP = { slug: 'e2e-price-drop', title: 'Reduced corner one-bedroom', oldPrice: 3450, price: 3200 } as const;

/**
 * A listing of an owner without an agent profile (so no agent's or demo account's listings, stats or
 * counts change), with the facts and first 3 photos of the oldest seeded rental, listed at `listedAt`
 * for `price` with `concession` (none unless given: the net effective rent from the listing writes'
 * own rule), its price history `history` (the first price by default).
 */
async function ownersListing(
  prisma: PrismaClient,
  opts: {
    owner: { id: string; email: string; firstName: string; lastName: string };
    slug: string;
    title: string;
    price: number;
    listedAt: Date;
    concession?: Parameters<typeof concessionColumns>[1];
    history?: Array<{ oldPrice: number | null; newPrice: number; changedAt: Date }>;
    data?: Partial<Prisma.PropertyUncheckedCreateInput>;
  },
): Promise<void> {
  const template = await prisma.property.findFirstOrThrow({
    where: { status: 'ACTIVE', locationLat: { not: null }, listingType: 'FOR_RENT' },
    orderBy: { createdAt: 'asc' },
    include: { photos: { orderBy: { position: 'asc' }, take: 3 } },
  });
  const owner = await prisma.user.create({ data: { ...opts.owner, role: 'RENTER' } });
  const {
    id: _id,
    slug: _slug,
    title: _title,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    views: _views,
    otherFees: _otherFees,
    nearbyStations: _nearbyStations,
    priceDroppedAt: _priceDroppedAt,
    priceDropAmount: _priceDropAmount,
    photos,
    ...facts
  } = template;
  await prisma.property.create({
    data: {
      ...facts,
      nearbyStations: nearbyStationsFor(facts.locationLat, facts.locationLng) as unknown as Prisma.InputJsonValue,
      slug: opts.slug,
      title: opts.title,
      ownerId: owner.id,
      agentId: null,
      price: opts.price,
      originalPrice: null,
      // The template's concession is not copied: this listing's own, or none.
      ...concessionColumns(opts.price, opts.concession ?? NO_CONCESSION),
      views: 0,
      createdAt: opts.listedAt,
      listedAt: opts.listedAt,
      photos: {
        create: photos.map(({ position, url, thumbnailUrl, width, height, placeholder }) => ({
          position,
          url,
          thumbnailUrl,
          width,
          height,
          placeholder,
        })),
      },
      priceChanges: { create: opts.history ?? [{ oldPrice: null, newPrice: opts.price, changedAt: opts.listedAt }] },
      ...opts.data,
    },
  });
}

export async function createPriceDropListing(prisma: PrismaClient): Promise<void> {
  const now = Date.now();
  // On the market for 2 days (days on market, 'New'): not the template's first day.
  const listedAt = new Date(now - 2 * 24 * 60 * 60 * 1000);
  const droppedAt = new Date(now - 60 * 1000);
  await ownersListing(prisma, {
    owner: { id: 'e2e-price-drop-owner', email: 'price.drop@e2e.example.com', firstName: 'Pat', lastName: 'Reyes' },
    slug: PRICE_DROP.slug,
    title: PRICE_DROP.title,
    price: PRICE_DROP.price,
    listedAt,
    history: [
      { oldPrice: null, newPrice: PRICE_DROP.oldPrice, changedAt: listedAt },
      { oldPrice: PRICE_DROP.oldPrice, newPrice: PRICE_DROP.price, changedAt: droppedAt },
    ],
    data: { priceDroppedAt: droppedAt, priceDropAmount: PRICE_DROP.oldPrice - PRICE_DROP.price },
  });
}

/**
 * A listing with a concession (issue 26 item 2): $4,321 a month with 2 months free on a 12-month
 * lease, so $3,601 net effective, a figure no seeded listing has. On the market for a month (out of
 * the way of the tests that read the newest cards).
 */
export const CONCESSION = {
  slug: 'e2e-concession',
  title: 'Two-bedroom with two months free',
  price: 4321,
  net: 3601,
  monthsFree: 2,
  leaseMonths: 12,
  terms: 'Applied to months 11 and 12',
} as const;

export async function createConcessionListing(prisma: PrismaClient): Promise<void> {
  await ownersListing(prisma, {
    owner: { id: 'e2e-concession-owner', email: 'concession@e2e.example.com', firstName: 'Cleo', lastName: 'Marsh' },
    slug: CONCESSION.slug,
    title: CONCESSION.title,
    price: CONCESSION.price,
    listedAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000),
    concession: CONCESSION,
  });
}

/**
 * A listing with an open house of one place in three days (issue 27 item 1), for the RSVP journey:
 * one renter takes the place, the next waits for it.
 */
export const OPEN_HOUSE = { slug: 'e2e-open-house', title: 'Open house studio with one place', price: 2890 } as const;

export async function createOpenHouseListing(prisma: PrismaClient): Promise<void> {
  const startsAt = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
  await ownersListing(prisma, {
    owner: { id: 'e2e-open-house-owner', email: 'open.house@e2e.example.com', firstName: 'Otto', lastName: 'Host' },
    slug: OPEN_HOUSE.slug,
    title: OPEN_HOUSE.title,
    price: OPEN_HOUSE.price,
    listedAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000),
    data: {
      openHouses: {
        create: [{ startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000), capacity: 1, note: 'Ring 2A' }],
      },
    },
  });
}

/**
 * A renter whose tour with the quiet agent took place yesterday (issue 59 item 8): their conversation
 * asks them, once, to rate the agent. A tour cannot be put in the past through the API, so it is
 * written here. The quiet agent has no listing, so the tour is of a listing since deleted (its title
 * kept), as a conversation keeps it. The renter's Auth identity is made during the test
 * (`ensureIdentity`, with this uid).
 */
export const TOURED_RENTER = {
  uid: 'e2e-toured-renter',
  email: 'toured@e2e.example.com',
  password: 'toured-e2e-password-1',
  firstName: 'Tess',
  lastName: 'Toured',
  name: 'Tess Toured',
  phone: '+15555550166',
  threadId: '7b0c1d5e-59a8-4e1f-9a2b-5f1e2d3c4b5a',
} as const;

export async function createTouredRenter(prisma: PrismaClient): Promise<void> {
  const hour = 60 * 60 * 1000;
  const now = Date.now();
  await prisma.user.create({
    data: {
      id: TOURED_RENTER.uid,
      email: TOURED_RENTER.email,
      phone: TOURED_RENTER.phone,
      firstName: TOURED_RENTER.firstName,
      lastName: TOURED_RENTER.lastName,
      role: 'RENTER',
    },
  });
  await prisma.thread.create({
    data: {
      id: TOURED_RENTER.threadId,
      renterId: TOURED_RENTER.uid,
      agentUserId: QUIET_AGENT.userId,
      listingTitle: 'Garden studio on Sackett Street',
      firstContactAt: new Date(now - 72 * hour),
      agentFirstResponseAt: new Date(now - 71 * hour),
      lastMessageAt: new Date(now - 70 * hour),
      renterReadAt: new Date(now - 70 * hour),
      agentReadAt: new Date(now - 70 * hour),
      messages: {
        create: [
          {
            senderId: TOURED_RENTER.uid,
            content: 'Could I see the studio this week?',
            createdAt: new Date(now - 72 * hour),
            isRead: true,
          },
          {
            senderId: QUIET_AGENT.userId,
            content: 'Yes: tomorrow at 6 works.',
            createdAt: new Date(now - 71 * hour),
            isRead: true,
          },
        ],
      },
      tours: {
        create: {
          renterId: TOURED_RENTER.uid,
          agentUserId: QUIET_AGENT.userId,
          listingTitle: 'Garden studio on Sackett Street',
          status: 'CONFIRMED',
          startsAt: new Date(now - 26 * hour),
          endsAt: new Date(now - 25 * hour),
          confirmedAt: new Date(now - 70 * hour),
          expiresAt: new Date(now - 48 * hour),
        },
      },
    },
  });
}

/** Every factory of the e2e database, in order. */
export async function runE2eFactories(prisma: PrismaClient): Promise<void> {
  await createElevenPhotoListing(prisma);
  await createQuietAgent(prisma);
  await createTouredRenter(prisma);
  await createPriceDropListing(prisma);
  await createConcessionListing(prisma);
  await createOpenHouseListing(prisma);
  await createTrustData(prisma);
}

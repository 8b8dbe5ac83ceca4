import { randomUUID } from 'node:crypto';
import {
  accessibilityFeaturesOf,
  concessionColumns,
  isSale,
  listingInputSchema,
  MAX_LISTING_PHOTOS,
  publishIssues,
  type ListingData,
} from '../../../common/listing.js';
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, fromZod } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { tooManyPhotosMessage } from '../uploads/index.js';
import { requireUser } from '../../core/authz.js';
import { nearbyStationsFor } from '../transit/index.js';
import type { Storage } from '../uploads/index.js';
import { listingKeyWhere } from './listings.service.js';
import { canManageListing, canSeeListing, isPublicListing, listingAccessSelect } from './visibility.js';
import { DECLARED_FIELDS, type ListingFieldName } from '../../../common/listing-fields.js';
import { priceDropColumns } from '../../../common/freshness.js';
import { parseNewYorkTime } from '../../../common/tours.js';
import { eventsOf } from '../../core/events.js';
import { assertCapacityHolds, promoteWaitlist } from './open-house-places.js';
import { within, type Within } from '../../core/within.js';
import { affectedCounts, withdrawnPeopleOf } from './listing-people.js';
import type { WithdrawnPerson } from '../../core/events.js';

/**
 * Posting and managing listings (SPEC parts 2, 4, 5; issue 8): create, edit, status changes,
 * duplicate, delete (the manage screen's reads are manage.service.ts). GraphQL and REST call these; every write checks
 * that the viewer manages the listing (its owner or its listing agent: `canManageListing`).
 */

type Status = 'DRAFT' | 'ACTIVE' | 'INACTIVE';

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  samePhotoTwice: { id: 'server.listing.samePhotoTwice', defaultMessage: 'The same photo is listed twice.' },
  photoNotFound: { id: 'server.listing.photoNotFound', defaultMessage: 'A photo was not found: upload it again.' },
  onlyOwnListings: { id: 'server.listing.onlyOwnListings', defaultMessage: 'You can only change your own listings.' },
  draftCannotBeDeactivated: {
    id: 'server.listing.draftCannotBeDeactivated',
    defaultMessage: 'A draft cannot be deactivated: publish it first.',
  },
  onlyActiveDeactivated: {
    id: 'server.listing.onlyActiveDeactivated',
    defaultMessage: 'Only an active listing can be deactivated.',
  },
  staleEdit: {
    id: 'server.listing.staleEdit',
    defaultMessage: 'This listing was changed by someone else since you opened it. Nothing was saved.',
  },
});

export function parseListingInput(input: unknown): ListingData {
  const parsed = listingInputSchema.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

function assertPublishable(data: Parameters<typeof publishIssues>[0]) {
  const issues = publishIssues(data);
  if (issues.length) {
    throw new AppError('BAD_USER_INPUT', issues[0]!.message, {
      fields: issues.map((i) => ({ path: i.path, message: i.message })),
    });
  }
}

/** 'sunny-loft-in-williamsburg-3f9a2c' */
function slugFor(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${base || 'listing'}-${randomUUID().slice(0, 6)}`;
}

interface PhotoRow {
  position: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string | null;
  storageKey: string | null;
  thumbnailKey: string | null;
}

/**
 * The photos of the input, in order: each url must be a photo the viewer uploaded, or one the
 * listing already has. Anything else is refused (a listing cannot borrow someone else's files).
 */
async function resolvePhotos(prisma: PrismaClient, ownerId: string, urls: string[], existing: PhotoRow[]): Promise<PhotoRow[]> {
  if (urls.length > MAX_LISTING_PHOTOS) throw new AppError('BAD_USER_INPUT', tooManyPhotosMessage(MAX_LISTING_PHOTOS));
  if (new Set(urls).size !== urls.length) throw new AppError('BAD_USER_INPUT', formatMessage(messages.samePhotoTwice));
  const known = new Map(existing.map((p) => [p.url, p]));
  const missing = urls.filter((u) => !known.has(u));
  if (missing.length) {
    const uploads = await prisma.upload.findMany({ where: { ownerId, url: { in: missing } } });
    for (const u of uploads) {
      known.set(u.url, {
        position: 0,
        url: u.url,
        thumbnailUrl: u.thumbnailUrl,
        width: u.width,
        height: u.height,
        placeholder: u.placeholder,
        storageKey: u.storageKey,
        thumbnailKey: u.thumbnailKey,
      });
    }
  }
  return urls.map((url, position) => {
    const photo = known.get(url);
    if (!photo) {
      const message = formatMessage(messages.photoNotFound);
      throw new AppError('BAD_USER_INPUT', message, { fields: [{ path: 'photos', message }] });
    }
    return { ...photo, position };
  });
}

/** The columns of the declared fields (all but the composite ones, which are no column of their name). */
type DeclaredColumns = Pick<Prisma.PropertyUncheckedCreateInput, Exclude<ListingFieldName, 'location' | 'photos' | 'openHouses'>>;

/**
 * The columns of the declared fields (common/listing-fields.ts) a write copies as they are (a day as
 * its midnight UTC); those marked 'own' are set by `columns` below.
 */
function declaredColumns(data: ListingData): DeclaredColumns {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(DECLARED_FIELDS)) {
    if (f.column !== undefined || f.kind === 'own') continue;
    const value = (data as Record<string, unknown>)[name];
    out[name] = f.kind === 'date' && typeof value === 'string' ? new Date(`${value}T00:00:00.000Z`) : value;
  }
  return out as DeclaredColumns;
}

/** The columns a listing write sets; `status` is what the listing will be after it. */
function columns(data: ListingData, status: Status) {
  return {
    ...declaredColumns(data),
    // The concession and the net effective rent, always with the price (common/listing.ts).
    ...concessionColumns(data.price, {
      monthsFree: data.concessionMonthsFree,
      leaseMonths: data.concessionLeaseMonths,
      terms: data.concessionTerms,
    }),
    locationLat: data.location?.lat ?? null,
    locationLng: data.location?.lng ?? null,
    nearbyStations: nearbyStationsFor(data.location?.lat, data.location?.lng) as unknown as Prisma.InputJsonValue,
    // A published rental always says who pays (the schema refused a fee with nobody paying it);
    // only a draft may still leave it open. A sale has no broker fee payer (issue 58 item 3).
    brokerFeePayer: data.brokerFeePayer ?? (status === 'DRAFT' || isSale(data.listingType) ? null : 'NO_FEE'),
    otherFees: data.otherFees as unknown as Prisma.InputJsonValue,
    accessibilityFeatures: accessibilityFeaturesOf(data.accessibilityFeatures, data.buildingAmenities),
  } satisfies Prisma.PropertyUncheckedUpdateInput;
}

/** An open house as stored: its times are instants (a wall time without a zone is New York's: common/tours.ts). */
const openHouseRow = (o: ListingData['openHouses'][number]) => {
  // The schema checked both times (isSaneInstant reads them the same way).
  const startsAt = parseNewYorkTime(o.startsAt)!;
  return {
    startsAt,
    endsAt: o.endsAt ? parseNewYorkTime(o.endsAt)! : new Date(startsAt.getTime() + 60 * 60 * 1000),
    note: o.note,
    capacity: o.capacity,
  };
};
const openHouseRows = (data: ListingData) => data.openHouses.map(openHouseRow);

/**
 * The open houses of an edit (issue 27): those named by an id the listing has are kept and changed
 * (their RSVPs stay with them), the listing's others are deleted, the rest are new. A kept one cannot
 * get fewer places than people going (checked under its lock, as RSVPs take it), and places it gains
 * go to its waitlist at once. Answers the waitlist's notifications, to announce after the commit.
 */
async function writeOpenHouses(
  tx: Prisma.TransactionClient,
  effects: Within,
  listing: { id: string; slug: string; title: string },
  data: ListingData,
) {
  const existing = await tx.openHouse.findMany({ where: { propertyId: listing.id }, select: { id: true } });
  const own = new Set(existing.map((o) => o.id));
  const kept = data.openHouses.filter((o) => o.id !== null && own.has(o.id));
  const keptIds = new Set(kept.map((o) => o.id!));
  await tx.openHouse.deleteMany({ where: { propertyId: listing.id, id: { notIn: [...keptIds] } } });
  const made: Array<{ id: string; userId: string; openHouseId: string }> = [];
  for (const o of kept) {
    await assertCapacityHolds(tx, o.id!, o.capacity);
    const row = openHouseRow(o);
    await tx.openHouse.update({ where: { id: o.id! }, data: row });
    const promoted = await promoteWaitlist(tx, effects, { id: o.id!, startsAt: row.startsAt, property: listing }, row.capacity);
    made.push(...promoted.map((n) => ({ ...n, openHouseId: o.id! })));
  }
  const fresh = data.openHouses.filter((o) => o.id === null || !own.has(o.id)).map(openHouseRow);
  if (fresh.length) await tx.openHouse.createMany({ data: fresh.map((o) => ({ ...o, propertyId: listing.id })) });
  return made;
}

/**
 * The price history row a listing going (or staying) live at `price` needs: its first price when it
 * has none, a change from the last recorded price when it differs, else none.
 */
function priceHistoryEntry(lastRecorded: number | undefined, price: number) {
  if (lastRecorded === undefined) return { oldPrice: null, newPrice: price };
  return lastRecorded === price ? null : { oldPrice: lastRecorded, newPrice: price };
}

/**
 * The write of a price history row and, with it, the listing's last-drop columns (common/freshness.ts
 * `priceDropColumns`: a drop sets them at the change's time, a rise clears them), or nothing.
 */
function priceHistoryWrite(entry: ReturnType<typeof priceHistoryEntry>) {
  if (!entry) return {};
  const changedAt = new Date();
  return { ...priceDropColumns(entry, changedAt), priceChanges: { create: [{ ...entry, changedAt }] } };
}

/** Creates a listing as a draft or published (active). The viewer owns it; an agent is its listing agent. */
export async function createListing(prisma: PrismaClient, viewer: Viewer | null, input: unknown, status: Status = 'ACTIVE') {
  const user = await requireUser(prisma, viewer);
  const data = parseListingInput(input);
  if (status === 'INACTIVE') throw new AppError('BAD_USER_INPUT', 'A new listing is a draft or active.');
  const photos = await resolvePhotos(
    prisma,
    user.id,
    data.photos.map((p) => p.url),
    [],
  );
  if (status === 'ACTIVE') assertPublishable(data);
  const created = await prisma.property.create({
    data: {
      ...columns(data, status),
      slug: slugFor(data.title),
      status,
      // On the market from now (days on market): a draft is listed when it is published.
      listedAt: status === 'ACTIVE' ? new Date() : null,
      ownerId: user.id,
      agentId: user.agent?.id ?? null,
      photos: { create: photos },
      openHouses: { create: openHouseRows(data) },
      ...(status === 'ACTIVE' ? { priceChanges: { create: [{ oldPrice: null, newPrice: data.price }] } } : {}),
    },
    select: { id: true },
  });
  eventsOf(prisma).publish({ type: 'listing.created', listingId: created.id, isPublic: status === 'ACTIVE' });
  return created;
}

/**
 * The listing named by id or slug, which the viewer must manage: NOT_FOUND when there is none or the
 * viewer may not see it, FORBIDDEN when it is someone else's public listing.
 */
async function managedListing(prisma: PrismaClient, viewer: Viewer | null, idOrSlug: string) {
  const user = await requireUser(prisma, viewer);
  const where = listingKeyWhere(String(idOrSlug));
  const listing = where
    ? await prisma.property.findFirst({
        where,
        select: {
          ...listingAccessSelect,
          id: true,
          slug: true,
          price: true,
          title: true,
          description: true,
          amenities: true,
          otherFees: true,
          concessionTerms: true,
          brokerFeePayer: true,
          brokerFee: true,
          listingType: true,
          securityDeposit: true,
          applicationFee: true,
          availableDate: true,
          listedAt: true,
          version: true,
          priceChanges: { orderBy: [{ changedAt: 'desc' }, { id: 'desc' }], take: 1, select: { newPrice: true } },
          photos: {
            orderBy: { position: 'asc' },
            select: {
              position: true,
              url: true,
              thumbnailUrl: true,
              width: true,
              height: true,
              placeholder: true,
              storageKey: true,
              thumbnailKey: true,
            },
          },
        },
      })
    : null;
  // A listing the viewer may not see (someone else's draft, inactive or hidden by moderation) does
  // not exist for them: the same answer as a missing id (the one rule: visibility.ts canSeeListing).
  if (!listing || !canSeeListing({ uid: user.id }, listing)) throw new AppError('NOT_FOUND', say('listingNotFound'));
  // Someone else's public listing is there for everyone to see, but not theirs to change.
  if (!canManageListing({ uid: user.id }, listing)) throw new AppError('FORBIDDEN', formatMessage(messages.onlyOwnListings));
  return { user, listing };
}

/** The fields of a listing a stale edit answers as they are now (issue 58 item 5), beside its version. */
const currentSelect = {
  version: true,
  updatedAt: true,
  status: true,
  ...(Object.fromEntries(
    Object.entries(DECLARED_FIELDS)
      .filter(([, f]) => f.column !== false)
      .map(([name]) => [name, true]),
  ) as Record<Exclude<ListingFieldName, 'location' | 'photos' | 'openHouses'>, true>),
  locationLat: true,
  locationLng: true,
  photos: { orderBy: { position: 'asc' }, select: { url: true } },
  openHouses: { orderBy: { startsAt: 'asc' }, select: { id: true, startsAt: true, endsAt: true, note: true, capacity: true } },
} as const satisfies Prisma.PropertySelect;

/**
 * The CONFLICT of an edit made at a version the listing is no longer at: nothing was written; its
 * details carry the listing's version and values as they are now, for the form to show what the
 * other change did (theirs against yours) and for a partner to merge.
 */
async function staleEdit(tx: Prisma.TransactionClient, id: string, expectedVersion: number) {
  const current = await tx.property.findUniqueOrThrow({ where: { id }, select: currentSelect });
  return new AppError('CONFLICT', formatMessage(messages.staleEdit), {
    reason: 'STALE_VERSION',
    expectedVersion,
    currentVersion: current.version,
    current: JSON.parse(JSON.stringify({ ...current, photos: current.photos.map((p) => p.url) })) as unknown,
  });
}

/**
 * A version as an edit gives it: a whole number (listings start at 1, so 0 is never current), or none
 * (an edit that does not say, as REST's without If-Match).
 */
function parseExpectedVersion(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2_147_483_647)
    throw new AppError('BAD_USER_INPUT', 'expectedVersion must be a whole number');
  return value;
}

/**
 * Edits a listing; `status` (optional) saves it as a draft or publishes it at the same time. Price
 * changes of a live listing go to its history. With `expectedVersion` (the version the editor read:
 * the form always sends it, REST with If-Match) the edit is made only if the listing is still at it,
 * else nothing is written and it answers CONFLICT with the listing as it is now. The check and the
 * write are one: the transaction's first statement moves the version on only where it is still the
 * one read (UPDATE … WHERE id = ? AND version = ?), and holds the row until the commit, so of two
 * edits made at one version exactly one wins.
 */
export async function updateListing(
  prisma: PrismaClient,
  viewer: Viewer | null,
  id: string,
  input: unknown,
  status?: Status | null,
  options: { expectedVersion?: unknown } = {},
) {
  const { user, listing } = await managedListing(prisma, viewer, id);
  const expectedVersion = parseExpectedVersion(options.expectedVersion);
  const data = parseListingInput(input);
  const photos = await resolvePhotos(
    prisma,
    user.id,
    data.photos.map((p) => p.url),
    listing.photos,
  );
  const next = (status ?? listing.status) as Status;
  if (next === 'INACTIVE' && listing.status === 'DRAFT') {
    throw new AppError('BAD_USER_INPUT', formatMessage(messages.draftCannotBeDeactivated));
  }
  if (next === 'ACTIVE') assertPublishable({ ...data, keptAvailableDate: listing.availableDate.toISOString().slice(0, 10) });
  const priceEntry = next === 'ACTIVE' ? priceHistoryEntry(listing.priceChanges[0]?.newPrice, data.price) : null;
  // Deactivated by this edit: who is to be told, read before (issue 58 item 4).
  const leaving = next === 'INACTIVE' && listing.status === 'ACTIVE' ? await withdrawnPeopleOf(prisma, listing.id) : [];
  const { made: promoted, effects } = await prisma.$transaction(async (tx) => {
    const effects = within(prisma, tx);
    const claimed = await tx.property.updateMany({
      where: { id: listing.id, ...(expectedVersion === null ? {} : { version: expectedVersion }) },
      data: { version: { increment: 1 } },
    });
    if (claimed.count === 0) {
      if (expectedVersion === null) throw new AppError('NOT_FOUND', say('listingNotFound'));
      throw await staleEdit(tx, listing.id, expectedVersion);
    }
    await tx.propertyPhoto.deleteMany({ where: { propertyId: listing.id } });
    const made = await writeOpenHouses(tx, effects, { id: listing.id, slug: listing.slug, title: data.title }, data);
    await tx.property.update({
      where: { id: listing.id },
      data: {
        ...columns(data, next),
        status: next,
        ...(next === 'INACTIVE' && listing.status !== 'INACTIVE' ? { deactivatedAt: new Date() } : {}),
        ...(next === 'ACTIVE' ? { deactivatedAt: null } : {}),
        // First published now: its days on market start (a relisting keeps its first day).
        ...(next === 'ACTIVE' && listing.listedAt === null ? { listedAt: new Date() } : {}),
        photos: { create: photos },
        ...priceHistoryWrite(priceEntry),
      },
    });
    return { made, effects };
  });
  effects.published();
  // Renters the waitlist moved up are sent the open house's calendar file.
  for (const openHouseId of new Set(promoted.map((n) => n.openHouseId))) {
    const nowGoing = promoted.filter((n) => n.openHouseId === openHouseId).map((n) => n.userId);
    eventsOf(prisma).publish({ type: 'openHouse.rsvpChanged', openHouseId, listingId: listing.id, nowGoing });
  }
  eventsOf(prisma).publish({
    type: 'listing.changed',
    listingId: listing.id,
    wasPublic: isPublicListing(listing),
    isPublic: isPublicListing({ status: next, hiddenAt: listing.hiddenAt }),
    published: next === 'ACTIVE' && listing.status !== 'ACTIVE',
    priceChanged: next === 'ACTIVE' && listing.status === 'ACTIVE' && priceEntry !== null,
  });
  announceWithdrawal(prisma, { ...listing, title: data.title }, 'DEACTIVATED', leaving);
  return { id: listing.id };
}

/** A listing as the form's input gives it, from its columns as they are now (`currentSelect`). */
function inputOfCurrent(current: Prisma.PropertyGetPayload<{ select: typeof currentSelect }>): Record<string, unknown> {
  const { version: _v, updatedAt: _u, status: _s, locationLat, locationLng, photos, openHouses, ...columns } = current;
  // Decimal columns (a map point, bathrooms) are numbers on the form.
  const plain = (value: unknown) => (Prisma.Decimal.isDecimal(value) ? (value as Prisma.Decimal).toNumber() : value);
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(columns)) {
    const f = DECLARED_FIELDS[name as ListingFieldName];
    fields[name] = f?.kind === 'date' && value instanceof Date ? value.toISOString().slice(0, 10) : plain(value);
  }
  return {
    ...fields,
    location: locationLat !== null && locationLng !== null ? { lat: plain(locationLat), lng: plain(locationLng) } : null,
    photos: photos.map((p) => ({ url: p.url })),
    openHouses: openHouses.map((o) => ({
      id: o.id,
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt?.toISOString() ?? null,
      note: o.note,
      capacity: o.capacity,
    })),
  };
}

/**
 * A partial edit (REST PATCH, issue 53 item 5): the fields `changes` names laid over the listing as it
 * is, and the whole validated as one listing (the form's rules, publishing's too); nothing else changes.
 * Written at the version read, so an edit made in between is never overwritten: the changes are laid
 * over it again (three tries). With `expectedVersion` (If-Match) a listing changed since answers the
 * CONFLICT as `updateListing` does.
 */
export async function patchListing(
  prisma: PrismaClient,
  viewer: Viewer | null,
  id: string,
  changes: Record<string, unknown>,
  status?: Status | null,
  options: { expectedVersion?: unknown } = {},
) {
  const { listing } = await managedListing(prisma, viewer, id);
  const named = options.expectedVersion !== undefined && options.expectedVersion !== null;
  for (let attempt = 1; ; attempt++) {
    const current = await prisma.property.findUniqueOrThrow({ where: { id: listing.id }, select: currentSelect });
    try {
      return await updateListing(prisma, viewer, listing.id, { ...inputOfCurrent(current), ...changes }, status, {
        expectedVersion: named ? options.expectedVersion : current.version,
      });
    } catch (err) {
      const stale = err instanceof AppError && err.details?.reason === 'STALE_VERSION';
      if (!stale || named || attempt >= 3) throw err;
    }
  }
}

/**
 * A listing deleted or deactivated with people attached (issue 58 item 4): `listing.withdrawn` names
 * them (read before the write), and the tours module cancels their visits and tells each one.
 */
function announceWithdrawal(
  prisma: PrismaClient,
  listing: { id: string; title: string; ownerId: string; agent: { userId: string } | null },
  how: 'DELETED' | 'DEACTIVATED',
  people: WithdrawnPerson[],
) {
  if (people.length === 0) return;
  eventsOf(prisma).publish({
    type: 'listing.withdrawn',
    listingId: listing.id,
    how,
    title: listing.title,
    agentUserId: listing.agent?.userId ?? listing.ownerId,
    people,
  });
}

/**
 * Who deleting or deactivating the listing would tell, for its delete and deactivate dialogs: its
 * upcoming tours, RSVPs to open houses to come, and conversations. Only for who manages it.
 */
export async function listingAffectedPeople(prisma: PrismaClient, viewer: Viewer | null, id: string) {
  const { listing } = await managedListing(prisma, viewer, id);
  return { listingId: listing.id, ...affectedCounts(await withdrawnPeopleOf(prisma, listing.id)) };
}

/**
 * Status changes of the manage screen (SPEC part 4): active ↔ inactive, and any status to active
 * (a draft goes live only when it can be published).
 */
export async function setListingStatus(prisma: PrismaClient, viewer: Viewer | null, id: string, status: string) {
  const wanted = String(status ?? '').toUpperCase();
  if (wanted !== 'ACTIVE' && wanted !== 'INACTIVE') throw new AppError('BAD_USER_INPUT', 'status must be active or inactive');
  const { listing } = await managedListing(prisma, viewer, id);
  if (wanted === 'INACTIVE' && listing.status !== 'ACTIVE')
    throw new AppError('BAD_USER_INPUT', formatMessage(messages.onlyActiveDeactivated));
  if (wanted === 'ACTIVE') {
    assertPublishable({
      title: listing.title,
      description: listing.description,
      amenities: listing.amenities,
      otherFees: (listing.otherFees as Array<{ label: string }> | null) ?? [],
      concessionTerms: listing.concessionTerms,
      // A listing over New York's fee caps, saved before them, is not published again as it is.
      listingType: listing.listingType,
      price: listing.price,
      securityDeposit: listing.securityDeposit,
      applicationFee: listing.applicationFee,
      // A draft published for the first time says how much a tenant's broker fee is (issue 59 item 7); a
      // listing that was live before comes back with the terms it had.
      // ...and a draft's available date, saved long ago perhaps, is not one long gone (issue 59 item 5).
      ...(listing.status === 'DRAFT'
        ? {
            brokerFee: listing.brokerFee,
            brokerFeePayer: listing.brokerFeePayer,
            availableDate: listing.availableDate.toISOString().slice(0, 10),
          }
        : {}),
    });
  }
  if (listing.status === wanted) return { id: listing.id, status: wanted };
  const priceEntry = wanted === 'ACTIVE' ? priceHistoryEntry(listing.priceChanges[0]?.newPrice, listing.price) : null;
  const leaving = wanted === 'INACTIVE' ? await withdrawnPeopleOf(prisma, listing.id) : [];
  await prisma.property.update({
    where: { id: listing.id },
    data:
      wanted === 'ACTIVE'
        ? {
            status: 'ACTIVE',
            deactivatedAt: null,
            ...(listing.listedAt === null ? { listedAt: new Date() } : {}),
            isAvailable: true,
            // A draft rental without a broker fee, where nobody was said to pay one, goes live as no-fee.
            ...(listing.brokerFeePayer === null && !isSale(listing.listingType) ? { brokerFeePayer: 'NO_FEE' as const } : {}),
            ...priceHistoryWrite(priceEntry),
            // Every write of the listing's managers moves its version on (an edit opened before is stale).
            version: { increment: 1 },
          }
        : { status: 'INACTIVE', deactivatedAt: new Date(), version: { increment: 1 } },
  });
  eventsOf(prisma).publish({
    type: 'listing.changed',
    listingId: listing.id,
    wasPublic: isPublicListing(listing),
    isPublic: isPublicListing({ status: wanted, hiddenAt: listing.hiddenAt }),
    published: wanted === 'ACTIVE',
  });
  announceWithdrawal(prisma, listing, 'DEACTIVATED', leaving);
  return { id: listing.id, status: wanted };
}

/** A copy of a listing as a new draft (photos and open houses included; counters start at zero). */
export async function duplicateListing(prisma: PrismaClient, viewer: Viewer | null, id: string) {
  const { listing } = await managedListing(prisma, viewer, id);
  const source = await prisma.property.findUniqueOrThrow({ where: { id: listing.id }, include: { openHouses: true } });
  const {
    id: _id,
    slug: _slug,
    createdAt: _c,
    updatedAt: _u,
    views: _v,
    inquiriesCount: _i,
    deactivatedAt: _d,
    status: _s,
    otherFees,
    openHouses,
    nearbyStations: _n,
    priceDroppedAt: _pd,
    priceDropAmount: _pa,
    listedAt: _l,
    // A copy is a new listing: its edits start from version 1.
    version: _ver,
    ...rest
  } = source;
  const title = `${source.title} (copy)`.slice(0, 120);
  const copy = await prisma.property.create({
    data: {
      ...rest,
      otherFees: (otherFees ?? []) as Prisma.InputJsonValue,
      nearbyStations: nearbyStationsFor(source.locationLat, source.locationLng) as unknown as Prisma.InputJsonValue,
      title,
      slug: slugFor(title),
      status: 'DRAFT',
      // A copy is a draft: on the market only once it is published.
      listedAt: null,
      photos: {
        create: listing.photos.map(({ position, url, thumbnailUrl, width, height, placeholder, storageKey, thumbnailKey }) => ({
          position,
          url,
          thumbnailUrl,
          width,
          height,
          placeholder,
          storageKey,
          thumbnailKey,
        })),
      },
      openHouses: { create: openHouses.map(({ startsAt, endsAt, note, capacity }) => ({ startsAt, endsAt, note, capacity })) },
    },
    select: { id: true },
  });
  eventsOf(prisma).publish({ type: 'listing.created', listingId: copy.id, isPublic: false });
  return copy;
}

/**
 * Deletes a listing for good. Its photos leave storage unless another listing (a duplicate) still
 * shows them; threads and reviews stay readable, threads and tours with the listing's title (issue 58
 * item 4), and the renters with upcoming tours, RSVPs or a conversation are told (`listing.withdrawn`).
 */
export async function deleteListing(
  prisma: PrismaClient,
  viewer: Viewer | null,
  id: string,
  storage?: Storage,
  onStorageError?: (err: unknown) => void,
) {
  const { listing } = await managedListing(prisma, viewer, id);
  // Its tours and conversations stay (their listing becomes null) with its title; who is to be told is read first.
  const leaving = await prisma.$transaction(async (tx) => {
    const people = await withdrawnPeopleOf(tx, listing.id);
    await tx.thread.updateMany({ where: { propertyId: listing.id }, data: { listingTitle: listing.title } });
    await tx.tourRequest.updateMany({ where: { propertyId: listing.id }, data: { listingTitle: listing.title } });
    await tx.property.delete({ where: { id: listing.id } });
    return people;
  });
  eventsOf(prisma).publish({ type: 'listing.deleted', listingId: listing.id, wasPublic: isPublicListing(listing) });
  announceWithdrawal(prisma, listing, 'DELETED', leaving);
  if (storage) {
    const keys = listing.photos.flatMap((p) => [p.storageKey, p.thumbnailKey]).filter((k): k is string => Boolean(k));
    if (keys.length) {
      const stillUsed = await prisma.propertyPhoto.findMany({
        where: { OR: [{ storageKey: { in: keys } }, { thumbnailKey: { in: keys } }] },
        select: { storageKey: true, thumbnailKey: true },
      });
      const used = new Set(stillUsed.flatMap((p) => [p.storageKey, p.thumbnailKey]));
      await prisma.upload.deleteMany({ where: { storageKey: { in: keys.filter((k) => !used.has(k)) } } });
      for (const key of keys.filter((k) => !used.has(k)))
        await storage.delete(key).catch((err: unknown) => onStorageError?.(err));
    }
  }
  return { id: listing.id };
}

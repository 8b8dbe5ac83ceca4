import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, fromZod } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { requireUser } from '../../core/authz.js';
import { listingKeyWhere, listingWhere } from '../listings/index.js';
import { canSeeListing, listingAccessSelect, visibleListingWhere } from '../listings/index.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../core/cursor.js';

/**
 * Saved listings (SPEC part 3, Favorite): a signed-in user with a completed account saves and unsaves
 * listings they can see; both are idempotent. The saved list is newest saved first, with keyset
 * cursors over (savedAt, favorite id).
 */

export const SAVED_PAGE_SIZE = PAGE_LIMITS.savedListings.default;
export const SAVED_MAX_PAGE_SIZE = PAGE_LIMITS.savedListings.max;

const listingKeySchema = z.string().trim().min(1, 'A listing id is required').max(200);

function parseListingKey(input: unknown): string {
  const parsed = listingKeySchema.safeParse(input);
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

const notFound = () => new AppError('NOT_FOUND', say('listingNotFound'));

/** Saves a listing (by id or slug) for the viewer; saving it again changes nothing. */
export async function saveListing(prisma: PrismaClient, viewer: Viewer | null, listingKey: unknown): Promise<{ id: string }> {
  const key = parseListingKey(listingKey);
  const user = await requireUser(prisma, viewer);
  const where = listingWhere(key, { uid: user.id });
  const listing = where ? await prisma.property.findFirst({ where, select: { id: true, price: true } }) : null;
  if (!listing) throw notFound();
  // The rent of this moment stays with the save: the saved homes page tells how it moved since.
  await prisma.favorite.createMany({
    data: [{ userId: user.id, propertyId: listing.id, priceAtSave: listing.price }],
    skipDuplicates: true,
  });
  return { id: listing.id };
}

/**
 * Unsaves a listing (by id or slug); unsaving one that is not saved changes nothing. Answers the
 * listing when the viewer may see it, or had saved it (so a listing deactivated since it was saved
 * can still be removed from the list); otherwise NOT_FOUND.
 */
export async function unsaveListing(prisma: PrismaClient, viewer: Viewer | null, listingKey: unknown): Promise<{ id: string }> {
  const key = parseListingKey(listingKey);
  const user = await requireUser(prisma, viewer);
  const byKey = listingKeyWhere(key);
  const listing = byKey ? await prisma.property.findFirst({ where: byKey, select: { id: true, ...listingAccessSelect } }) : null;
  if (!listing) throw notFound();
  const { count } = await prisma.favorite.deleteMany({ where: { userId: user.id, propertyId: listing.id } });
  if (!canSeeListing({ uid: user.id }, listing) && count === 0) throw notFound();
  return { id: listing.id };
}

// ---------------------------------------------------------------------------------------------------
// The saved list
// ---------------------------------------------------------------------------------------------------

/** The cursor after a saved listing (newest saved first by savedAt, favorite id: server/core/cursor.ts). */
export function encodeSavedCursor(row: { id: string; createdAt: Date }): string {
  return encodeTimeCursor('saved', { at: row.createdAt, id: row.id });
}

export interface SavedPage<P> {
  rows: Array<{ id: string; createdAt: Date; priceAtSave: number | null; property: P }>;
  hasNextPage: boolean;
  count(): Promise<number>;
}

/**
 * One page of the viewer's saved listings, newest saved first, each with the listing loaded by
 * `propertyQuery` (a Prisma select/include): one SQL statement.
 */
export async function savedListingsPage<P>(
  prisma: PrismaClient,
  userId: string,
  args: { first?: number | null; after?: string | null },
  propertyQuery: { select?: Prisma.PropertySelect; include?: Prisma.PropertyInclude },
): Promise<SavedPage<P>> {
  const first = args.first ?? SAVED_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > SAVED_MAX_PAGE_SIZE) {
    throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${SAVED_MAX_PAGE_SIZE}`);
  }
  const where: Prisma.FavoriteWhereInput = { userId, property: { is: visibleListingWhere({ uid: userId }) } };
  const cursor = args.after ? decodeTimeCursor('saved', args.after) : null;
  const keyset: Prisma.FavoriteWhereInput | null = cursor
    ? { OR: [{ createdAt: { lt: cursor.at } }, { createdAt: cursor.at, id: { lt: cursor.id } }] }
    : null;
  const rows = (await prisma.favorite.findMany({
    where: keyset ? { AND: [where, keyset] } : where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: first + 1,
    select: { id: true, createdAt: true, priceAtSave: true, property: propertyQuery as Prisma.PropertyDefaultArgs },
  })) as unknown as Array<{ id: string; createdAt: Date; priceAtSave: number | null; property: P }>;
  const hasNextPage = rows.length > first;
  return { rows: hasNextPage ? rows.slice(0, first) : rows, hasNextPage, count: () => prisma.favorite.count({ where }) };
}

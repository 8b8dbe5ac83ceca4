import { PAGE_LIMITS } from '../../../common/page-limits.js';
import type { ListingChangeKind, Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { cursorInstant, decodeCursor, encodeCursor, forwardPageInfo } from '../../core/cursor.js';
import { AppError } from '../../core/errors.js';
import { PUBLIC_LISTING } from './visibility.js';

/**
 * The change feed (issue 53 item 1): every change of a listing a reader could see, in commit order,
 * with tombstones. Written by a trigger on "Property" in the writing transaction (migration
 * `listing_changes`); read here. A partner keeps an exact copy of the public listings by replaying it
 * from its last cursor: a change whose `listing` is there is an upsert, one without is a removal.
 */

/** How long a change is kept: a cursor up to this old can be followed. */
export const LISTING_CHANGES_KEPT_DAYS = 35;
const DAY_MS = 86_400_000;

export interface ListingChangeNode<L> {
  id: bigint;
  listingId: string;
  kind: ListingChangeKind;
  /** Public after the change (an upsert); false: it left the public listings (a tombstone). */
  visible: boolean;
  at: Date;
  /** The listing as it is now when it is public now (read once for the page); null otherwise. */
  listing: L | null;
}

interface ChangeKey {
  id: bigint;
  at: Date;
}

/** The feed's cursor after an entry (a webhook's data carries it: replay from there). */
export const listingChangeCursor = (row: ChangeKey) =>
  encodeCursor('changes', { id: row.id.toString(), t: row.at.toISOString() });

function decodeChangeCursor(cursor: string): ChangeKey {
  return decodeCursor('changes', cursor, (key) => {
    const at = cursorInstant(key.t);
    const ok = typeof key.id === 'string' && /^[1-9]\d{0,18}$/.test(key.id) && Object.keys(key).length === 2;
    return ok && at ? { id: BigInt(key.id as string), at } : null;
  });
}

/**
 * A page of the feed after `after` (from the start without one), oldest first. The changes a visitor
 * could never see (a draft edited, an inactive listing deleted) are not in it. `first: 0` answers no
 * changes and, as `endCursor`, the newest one: where to follow from after a full read of `properties`.
 * `listingQuery`: the Prisma query of what the page selects of each listing (null: nothing).
 */
export async function listingChangesPage<L>(
  prisma: PrismaClient,
  args: { after?: string | null; first?: number | null; before?: string | null; last?: number | null },
  listingQuery: { select?: Prisma.PropertySelect; include?: Prisma.PropertyInclude } | null,
  now = new Date(),
) {
  if (args.before != null || args.last != null) {
    throw new AppError('BAD_USER_INPUT', 'The change feed pages forward only: use `first` and `after`.');
  }
  const { default: byDefault, max } = PAGE_LIMITS.listingChanges;
  const first = args.first ?? byDefault;
  if (!Number.isInteger(first) || first < 0 || first > max) {
    throw new AppError('BAD_USER_INPUT', `first must be a whole number from 0 to ${max}.`);
  }
  const after = args.after ? decodeChangeCursor(args.after) : null;
  if (after && after.at.getTime() < now.getTime() - LISTING_CHANGES_KEPT_DAYS * DAY_MS) {
    throw new AppError(
      'BAD_USER_INPUT',
      `This cursor is older than the ${LISTING_CHANGES_KEPT_DAYS} days the feed keeps: read every listing again from \`properties\` and follow the feed from \`listingChanges(first: 0)\`'s endCursor, taken before that read.`,
      { reason: 'CURSOR_EXPIRED' },
    );
  }
  if (first === 0) {
    const newest = await prisma.listingChange.findFirst({ orderBy: { id: 'desc' }, select: { id: true, at: true } });
    const endCursor = newest && (!after || newest.id > after.id) ? listingChangeCursor(newest) : (args.after ?? null);
    return { edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: after !== null, startCursor: null, endCursor } };
  }
  const rows = await prisma.listingChange.findMany({
    where: { ...(after ? { id: { gt: after.id } } : {}), OR: [{ wasPublic: true }, { isPublic: true }] },
    orderBy: { id: 'asc' },
    take: first + 1,
    select: { id: true, listingId: true, kind: true, isPublic: true, at: true },
  });
  const page = rows.slice(0, first);
  const ids = [...new Set(page.filter((r) => r.isPublic).map((r) => r.listingId))];
  // The id read besides what the document selects, to put each listing with its changes.
  const query = listingQuery?.select ? { select: { ...listingQuery.select, id: true } } : listingQuery;
  const listings =
    query && ids.length
      ? ((await prisma.property.findMany({ ...query, where: { id: { in: ids }, ...PUBLIC_LISTING } })) as unknown as Array<
          L & { id: string }
        >)
      : [];
  const byId = new Map(listings.map((l) => [l.id, l]));
  const edges = page.map((r) => ({
    cursor: listingChangeCursor(r),
    node: {
      id: r.id,
      listingId: r.listingId,
      kind: r.kind,
      visible: r.isPublic,
      at: r.at,
      listing: (r.isPublic ? byId.get(r.listingId) : undefined) ?? null,
    } satisfies ListingChangeNode<L>,
  }));
  return { edges, pageInfo: forwardPageInfo(edges, rows.length > first, args.after) };
}

/** Forgets changes older than the feed keeps (with a day's grace for a cursor taken just in time). */
export async function pruneListingChanges(prisma: PrismaClient, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - (LISTING_CHANGES_KEPT_DAYS + 1) * DAY_MS);
  return (await prisma.listingChange.deleteMany({ where: { at: { lt: before } } })).count;
}

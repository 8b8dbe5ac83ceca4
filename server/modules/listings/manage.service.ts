import { myListingsQuerySchema, type MyListingsQuery } from '../../../common/listing.js';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { fromZod } from '../../core/errors.js';
import { requireUser } from '../../core/authz.js';
import { managedBy, PUBLIC_LISTING, publicListingSql } from './visibility.js';

/** The manage screen (SPEC part 4): the viewer's listings (or saved ones), and their numbers. */

export function parseMyListingsQuery(input: unknown): MyListingsQuery {
  const parsed = myListingsQuerySchema.safeParse(input ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

const MY_SORTS: Record<MyListingsQuery['sort'], Prisma.PropertyOrderByWithRelationInput[]> = {
  newest: [{ createdAt: 'desc' }, { id: 'desc' }],
  'price-asc': [{ price: 'asc' }, { id: 'asc' }],
  'price-desc': [{ price: 'desc' }, { id: 'desc' }],
  views: [{ views: 'desc' }, { id: 'desc' }],
};

/** The WHERE of the manage screen's list: status tab (or saved listings) and the search on title or address. */
export function myListingsWhere(uid: string, agentId: string | null, q: MyListingsQuery): Prisma.PropertyWhereInput {
  const and: Prisma.PropertyWhereInput[] = [];
  if (q.status === 'saved') {
    // Saved listings the public may see (active, not hidden by moderation), or that the viewer manages.
    and.push({ favorites: { some: { userId: uid } } }, { OR: [{ ...PUBLIC_LISTING }, managedBy(uid, agentId)] });
  } else {
    and.push(managedBy(uid, agentId));
    if (q.status !== 'all') and.push({ status: q.status.toUpperCase() as 'DRAFT' | 'ACTIVE' | 'INACTIVE' });
  }
  if (q.search)
    and.push({
      OR: [{ title: { contains: q.search, mode: 'insensitive' } }, { address: { contains: q.search, mode: 'insensitive' } }],
    });
  return { AND: and };
}

/** One page of the viewer's listings: `query` shapes the rows (GraphQL selection or REST include). */
export async function myListingsPage<Row>(
  prisma: PrismaClient,
  viewer: Viewer | null,
  input: unknown,
  query: { select?: Prisma.PropertySelect; include?: Prisma.PropertyInclude } = {},
) {
  const user = await requireUser(prisma, viewer);
  const q = parseMyListingsQuery(input);
  const where = myListingsWhere(user.id, user.agent?.id ?? null, q);
  const [rows, totalCount] = await Promise.all([
    prisma.property.findMany({
      ...(query as object),
      where,
      orderBy: MY_SORTS[q.sort],
      skip: (q.page - 1) * q.pageSize,
      take: q.pageSize,
    }) as unknown as Promise<Row[]>,
    prisma.property.count({ where }),
  ]);
  return {
    items: rows,
    totalCount,
    page: q.page,
    pageSize: q.pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / q.pageSize)),
  };
}

export interface ListingStats {
  totalListings: number;
  totalViews: number;
  totalInquiries: number;
  /**
   * Percent (one decimal) of published listings taken off the market (inactive): docs/decisions/0015-occupancy-rate.md.
   * A listing hidden by moderation is neither active nor inactive here (issue 58 item 8).
   */
  occupancyRate: number;
  /** Active listings the public sees: a listing hidden by moderation is not one (issue 58 item 8). */
  activeListings: number;
  /** Listings hidden by moderation. */
  hiddenListings: number;
}

/** The four numbers of the manage screen, for the listings the viewer manages. One SQL statement. */
export async function listingStats(prisma: PrismaClient, viewer: Viewer | null): Promise<ListingStats> {
  const user = await requireUser(prisma, viewer);
  const rows = await prisma.$queryRaw<
    Array<{ total: number; views: number; inquiries: number; active: number; inactive: number; hidden: number }>
  >`
    SELECT count(*)::int AS total,
           coalesce(sum(p."views"), 0)::int AS views,
           coalesce(sum(p."inquiriesCount"), 0)::int AS inquiries,
           count(*) FILTER (WHERE ${publicListingSql('p')})::int AS active,
           count(*) FILTER (WHERE p."status" = 'INACTIVE')::int AS inactive,
           count(*) FILTER (WHERE p."hiddenAt" IS NOT NULL)::int AS hidden
    FROM "Property" p
    WHERE p."ownerId" = ${user.id} OR p."agentId" = ${user.agent?.id ?? null}::uuid`;
  const r = rows[0] ?? { total: 0, views: 0, inquiries: 0, active: 0, inactive: 0, hidden: 0 };
  const published = r.active + r.inactive;
  return {
    totalListings: r.total,
    totalViews: r.views,
    totalInquiries: r.inquiries,
    occupancyRate: published === 0 ? 0 : Math.round((r.inactive / published) * 1000) / 10,
    activeListings: r.active,
    hiddenListings: r.hidden,
  };
}

import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { propertyTypeFilterToEnum } from '../../../common/options.js';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE, searchFilterSchema, searchSortSchema } from '../../../common/search.js';
import type { SearchFilter, SearchSort } from '../../../common/search.js';
import { AppError, fromZod } from '../../graphql/errors.js';

export type { SearchFilter, SearchSort };

/** Whether a viewer may see a listing that is not active: only its owner or its agent. */
export interface ListingViewer {
  uid: string;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------------------------------------------
// Keyset cursors: a cursor carries the sort value and the id of the last row of a page, so a page
// is `WHERE (value, id) after (cursorValue, cursorId)`: no OFFSET, stable while new rows arrive.
// ---------------------------------------------------------------------------------------------------

type SortSpec = {
  field: 'createdAt' | 'price' | 'views';
  dir: 'asc' | 'desc';
};

const SORTS: Record<SearchSort, SortSpec> = {
  newest: { field: 'createdAt', dir: 'desc' },
  oldest: { field: 'createdAt', dir: 'asc' },
  price_low: { field: 'price', dir: 'asc' },
  price_high: { field: 'price', dir: 'desc' },
  popular: { field: 'views', dir: 'desc' },
};

type CursorValue = string | number;
interface Cursor {
  s: SearchSort;
  v: CursorValue;
  id: string;
}

export function encodeCursor(sort: SearchSort, row: { id: string; createdAt: Date; price: number; views: number }): string {
  const spec = SORTS[sort];
  const v = spec.field === 'createdAt' ? row.createdAt.toISOString() : row[spec.field];
  return Buffer.from(JSON.stringify({ s: sort, v, id: row.id } satisfies Cursor)).toString('base64url');
}

export function decodeCursor(cursor: string, sort: SearchSort): Cursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (parsed.s !== sort || typeof parsed.id !== 'string' || !UUID_RE.test(parsed.id)) throw new Error('mismatch');
    const field = SORTS[sort].field;
    if (field === 'createdAt' ? typeof parsed.v !== 'string' || Number.isNaN(Date.parse(parsed.v)) : typeof parsed.v !== 'number') {
      throw new Error('bad value');
    }
    return parsed as Cursor;
  } catch {
    throw new AppError('BAD_USER_INPUT', 'Invalid cursor: start again from the first page');
  }
}

function keysetWhere(sort: SearchSort, cursor: Cursor): Prisma.PropertyWhereInput {
  const { field, dir } = SORTS[sort];
  const value = field === 'createdAt' ? new Date(cursor.v) : cursor.v;
  const op = dir === 'asc' ? 'gt' : 'lt';
  return {
    OR: [{ [field]: { [op]: value } }, { [field]: value, id: { [op]: cursor.id } }],
  };
}

export function orderBy(sort: SearchSort): Prisma.PropertyOrderByWithRelationInput[] {
  const { field, dir } = SORTS[sort];
  return [{ [field]: dir }, { id: dir }];
}

// ---------------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------------

export function parseFilter(input: unknown): SearchFilter {
  const parsed = searchFilterSchema.safeParse(input ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

export function parseSort(input: unknown): SearchSort {
  const parsed = searchSortSchema.safeParse(input ?? 'newest');
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** The WHERE of a public search: active listings only, plus every filter given. */
export function searchWhere(filter: SearchFilter): Prisma.PropertyWhereInput {
  const and: Prisma.PropertyWhereInput[] = [{ status: 'ACTIVE' }];
  const text = filter.search?.trim();
  if (text) {
    and.push({
      OR: [
        { address: { contains: text, mode: 'insensitive' } },
        { title: { contains: text, mode: 'insensitive' } },
        { neighborhood: { contains: text, mode: 'insensitive' } },
      ],
    });
  }
  if (filter.borough) and.push({ borough: filter.borough });
  if (filter.neighborhood) and.push({ neighborhood: filter.neighborhood });
  if (filter.minPrice !== undefined) and.push({ price: { gte: filter.minPrice } });
  if (filter.maxPrice !== undefined) and.push({ price: { lte: filter.maxPrice } });
  if (filter.minBeds !== undefined) {
    // 0 is Studio (exactly 0 bedrooms); 1-4 mean at least that many; 5 means 5+.
    and.push(filter.minBeds === 0 ? { bedrooms: 0 } : { bedrooms: { gte: filter.minBeds } });
  }
  if (filter.propertyType) and.push({ propertyType: filter.propertyType });
  switch (filter.pets) {
    case 'allowed':
      and.push({ petPolicy: 'PETS_ALLOWED' });
      break;
    case 'cats':
      and.push({ petPolicy: 'PETS_ALLOWED', petTypesAllowed: { has: 'CATS' } });
      break;
    case 'dogs':
      and.push({ petPolicy: 'PETS_ALLOWED', petTypesAllowed: { hasSome: ['DOGS', 'SMALL_DOGS_ONLY'] } });
      break;
    case 'none':
      and.push({ petPolicy: 'NO_PETS' });
      break;
    default:
      break;
  }
  if (filter.bounds) {
    const { north, south, east, west } = filter.bounds;
    and.push({ locationLat: { gte: south, lte: north } });
    // A box crossing the antimeridian is never a New York search; treat it as west..east.
    and.push({ locationLng: { gte: Math.min(west, east), lte: Math.max(west, east) } });
  }
  return { AND: and };
}

export { propertyTypeFilterToEnum };

export interface SearchArgs {
  filter?: unknown;
  sort?: unknown;
  first?: number | null;
  after?: string | null;
}

export interface SearchPage<Row> {
  rows: Row[];
  hasNextPage: boolean;
  sort: SearchSort;
  where: Prisma.PropertyWhereInput;
}

/**
 * One page of the public search: one SQL statement (rows with whatever `query` includes, such as
 * the agent and photos, joined by Prisma's relationJoins). The total is counted separately, and
 * only when asked for (`countListings`).
 */
export async function searchListings<Row extends { id: string; createdAt: Date; price: number; views: number }>(
  prisma: PrismaClient,
  args: SearchArgs,
  query: { include?: Prisma.PropertyInclude; select?: Prisma.PropertySelect } = {},
): Promise<SearchPage<Row>> {
  const filter = parseFilter(args.filter);
  const sort = parseSort(args.sort);
  const first = args.first ?? SEARCH_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > SEARCH_MAX_PAGE_SIZE) {
    throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${SEARCH_MAX_PAGE_SIZE}`);
  }
  const where = searchWhere(filter);
  const pageWhere = args.after ? { AND: [where, keysetWhere(sort, decodeCursor(args.after, sort))] } : where;
  // Sort keys are needed for cursors even when the selection does not ask for them.
  const shape = query.select
    ? { select: { ...query.select, id: true, createdAt: true, price: true, views: true } }
    : { include: query.include };
  const rows = (await prisma.property.findMany({
    ...(shape as { include?: Prisma.PropertyInclude }),
    where: pageWhere,
    orderBy: orderBy(sort),
    take: first + 1,
  })) as unknown as Row[];
  const hasNextPage = rows.length > first;
  return { rows: hasNextPage ? rows.slice(0, first) : rows, hasNextPage, sort, where };
}

export function countListings(prisma: PrismaClient, where: Prisma.PropertyWhereInput): Promise<number> {
  return prisma.property.count({ where });
}

export function isUuid(value: string): boolean {
  return UUID_RE.test(value);
}

/**
 * The WHERE that finds a listing by id or slug as a viewer may see it: active listings for
 * everybody; drafts and inactive ones only for their owner and their agent (to anyone else they do
 * not exist). Null when the key cannot name a listing.
 */
export function listingWhere(idOrSlug: string, viewer: ListingViewer | null): Prisma.PropertyWhereInput | null {
  const key = idOrSlug.trim();
  if (!key || key.length > 200) return null;
  const visible: Prisma.PropertyWhereInput[] = [{ status: 'ACTIVE' }];
  if (viewer) visible.push({ ownerId: viewer.uid }, { agent: { is: { userId: viewer.uid } } });
  return { AND: [isUuid(key) ? { id: key } : { slug: key }, { OR: visible }] };
}

import {
  DECLARED_FILTER_NAMES,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type DeclaredFilterValue,
} from '../../../common/search-filters.js';
import { isUuid } from '../../core/ids.js';
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import {
  DEFAULT_SEARCH_LISTING_TYPE,
  SEARCH_MAX_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  searchFilterSchema,
  searchSortSchema,
} from '../../../common/search.js';
import type { SearchFilter, SearchSort } from '../../../common/search.js';
import type { AmenityFilter } from '../../../common/options.js';
import { AppError, fromZod } from '../../core/errors.js';
import { searchWords, wordsMatchSql } from './text-search.js';
import {
  canSeeListing,
  isPublicListing,
  listingAccessSelect,
  PUBLIC_LISTING,
  publicListingSql,
  visibleListingWhere,
  type ListingAccessFacts,
  type ListingViewer,
} from './visibility.js';
import { oneRowRead, rowJsonSql, UnsupportedQuery, type RowJson } from '../../db/json-rows.js';
import { rawRunner } from '../../db/prepared.js';
import { moveInTotal } from '../../../common/listing.js';
import { cursorId, cursorInstant, decodeCursor as decodeKeyset, encodeCursor as encodeKeyset } from '../../core/cursor.js';
import { commuteContext, commuteMinutesOf, commuteMinutesSql, NO_COMMUTE, type CommuteContext } from '../transit/index.js';

export type { SearchFilter, SearchSort };

// ---------------------------------------------------------------------------------------------------
// Keyset cursors (server/core/cursor.ts): a cursor carries the sort value and the id of the last row
// of a page, so a page is `WHERE (value, id) after (cursorValue, cursorId)`: no OFFSET, stable while
// new rows arrive.
// ---------------------------------------------------------------------------------------------------

type SortSpec = {
  field: 'listedAt' | 'price' | 'views' | 'commute' | 'reduced';
  dir: 'asc' | 'desc';
};

const SORTS: Record<SearchSort, SortSpec> = {
  // When a listing went on the market (issue 26 item 7: days on market), not when its draft began.
  newest: { field: 'listedAt', dir: 'desc' },
  oldest: { field: 'listedAt', dir: 'asc' },
  price_low: { field: 'price', dir: 'asc' },
  price_high: { field: 'price', dir: 'desc' },
  popular: { field: 'views', dir: 'desc' },
  commute: { field: 'commute', dir: 'asc' },
  // (priceDroppedAt DESC NULLS LAST, createdAt DESC, id DESC): see reducedKeysetSql.
  recently_reduced: { field: 'reduced', dir: 'desc' },
};

/** A 'recently_reduced' cursor's value: the row's last drop (ISO, or null when it has none) and its creation (ISO). */
type ReducedValue = [string | null, string];
type CursorValue = string | number | ReducedValue;
interface Cursor {
  s: SearchSort;
  v: CursorValue;
  id: string;
  /** 'N' when the price sorts go by the net effective rent (a cursor of one basis is refused by the other). */
  b?: 'N';
}

type CursorRow = {
  id: string;
  createdAt: Date;
  listedAt?: Date | null;
  price: number;
  netEffectivePrice?: number;
  views: number;
  priceDroppedAt?: Date | null;
};

/** Which rent the price filter and the price sorts read (issue 26 item 2): the gross rent unless asked. */
export type PriceBasis = NonNullable<SearchFilter['priceBasis']>;
const isNet = (basis: PriceBasis | undefined) => basis === 'NET_EFFECTIVE';

/** The rent column of the filter's basis. */
export function priceColumnSql(filter: Pick<SearchFilter, 'priceBasis'>): Prisma.Sql {
  return isNet(filter.priceBasis) ? Prisma.sql`p."netEffectivePrice"` : Prisma.sql`p."price"`;
}

/** A cursor's instant: one the database can compare with (years 1 to 9999). */
const isIsoDate = (v: unknown): v is string => cursorInstant(v) !== null;

/**
 * The cursor after a row; sorting by commute needs the destination's context (the row's minutes are
 * its value), sorting by price the basis of the filter.
 */
export function encodeCursor(sort: SearchSort, row: CursorRow, commute?: CommuteContext | null, basis?: PriceBasis): string {
  const spec = SORTS[sort];
  let v: CursorValue;
  if (spec.field === 'commute') {
    if (!commute) throw new Error('a commute cursor needs the commute context');
    v = commuteMinutesOf(commute, row as unknown as Parameters<typeof commuteMinutesOf>[1]) ?? NO_COMMUTE;
  } else if (spec.field === 'reduced') {
    v = [row.priceDroppedAt?.toISOString() ?? null, row.createdAt.toISOString()];
  } else if (spec.field === 'views') {
    // A listing's views are its owner's number (issue 24 item 9): the cursor names the row only, and
    // the next page reads its count in the database (keysetSql).
    v = 0;
  } else if (spec.field === 'price') {
    if (isNet(basis) && row.netEffectivePrice === undefined) throw new Error('a net effective cursor needs the row’s net rent');
    v = isNet(basis) ? row.netEffectivePrice! : row.price;
  } else {
    // A public listing always has its listedAt (a database check keeps it so).
    v = (row.listedAt ?? row.createdAt).toISOString();
  }
  const b = spec.field === 'price' && isNet(basis) ? { b: 'N' as const } : {};
  return encodeKeyset('search', { s: sort, v, id: row.id, ...b } satisfies Cursor);
}

/** The search cursor's key, for this sort and basis only (server/core/cursor.ts refuses anything else). */
export function decodeCursor(cursor: string, sort: SearchSort, basis?: PriceBasis): Cursor {
  return decodeKeyset('search', cursor, (key) => {
    const parsed = key as Partial<Cursor>;
    if (parsed.s !== sort || cursorId(parsed.id) === null) return null;
    const wantsNet = SORTS[sort].field === 'price' && isNet(basis);
    if ((parsed.b === 'N') !== wantsNet || (parsed.b !== undefined && parsed.b !== 'N')) return null;
    const field = SORTS[sort].field;
    const v: unknown = parsed.v;
    const valid =
      field === 'listedAt'
        ? isIsoDate(v)
        : field === 'reduced'
          ? Array.isArray(v) && v.length === 2 && (v[0] === null || isIsoDate(v[0])) && isIsoDate(v[1])
          : // price, views and commute minutes are 32-bit integers in the database (1e20 was a 500 once)
            Number.isInteger(v) && Math.abs(v as number) <= 2_147_483_647;
    return valid ? (parsed as Cursor) : null;
  });
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
  /** The destination's commute context when the filter names one (card figures, commute cursors). */
  commute: CommuteContext | null;
  /** The cursor after a row of this page. */
  cursorOf(row: Row): string;
  /** How many listings match the filter on all pages, up to COUNT_CAP: one more statement, run when called. */
  count(): Promise<SearchCount>;
}

/** Matches are counted up to this many; past it the count says 'COUNT_CAP+' (docs/decisions/0022-fast-graphql.md). */
export const COUNT_CAP = 1_000;

/** A count of matches: exact up to COUNT_CAP; `capped` when more match (then `n` is COUNT_CAP). */
export interface SearchCount {
  n: number;
  capped: boolean;
}

type SearchQuery = { include?: Prisma.PropertyInclude; select?: Prisma.PropertySelect };

// ---------------------------------------------------------------------------------------------------
// The filters, written once, in SQL (the trigram operators of the text search have no Prisma form).
// ---------------------------------------------------------------------------------------------------

const SORT_COLUMN: Record<Exclude<SortSpec['field'], 'commute' | 'reduced' | 'price'>, Prisma.Sql> = {
  listedAt: Prisma.sql`p."listedAt"`,
  views: Prisma.sql`p."views"`,
};

/** The sort's value of a row; a listing with no commute estimate sorts after all others. */
function sortValueSql(field: Exclude<SortSpec['field'], 'reduced'>, filter: SearchFilter): Prisma.Sql {
  if (field === 'price') return priceColumnSql(filter);
  if (field !== 'commute') return SORT_COLUMN[field];
  if (!filter.commuteTo) throw new AppError('BAD_USER_INPUT', "sort: 'commute' needs filter.commuteTo (where the commute goes)");
  return Prisma.sql`COALESCE(${commuteMinutesSql(commuteContext(filter.commuteTo))}, ${NO_COMMUTE}::int)`;
}

/** Searched columns, shortest first (predicates are tried in order). */
const TEXT_COLUMNS = [Prisma.sql`p."neighborhood"`, Prisma.sql`p."address"`, Prisma.sql`p."title"`];

/**
 * Whether some active listing has the pattern in a searched column (see wordsMatchSql). One EXISTS
 * per column: each is planned on its own column's statistics, so proving that a misspelling occurs
 * nowhere is three GIN index probes, never a scan of the table. The subquery's own alias `p`
 * shadows the outer one, so the EXISTS is uncorrelated (evaluated once per statement).
 */
const occursInListings = (pattern: string) =>
  Prisma.sql`(${Prisma.join(
    TEXT_COLUMNS.map(
      (col) => Prisma.sql`EXISTS (SELECT 1 FROM "Property" p WHERE ${publicListingSql()} AND ${col} ILIKE ${pattern})`,
    ),
    ' OR ',
  )})`;

/** What each amenity of the search filter means in SQL (issue 59 item 1). */
const AMENITY_SQL: Record<AmenityFilter, Prisma.Sql> = {
  IN_UNIT_LAUNDRY: Prisma.sql`(p."laundry" = 'IN_UNIT' OR 'WASHER_DRYER'::"Appliance" = ANY(p."appliancesIncluded"))`,
  DISHWASHER: Prisma.sql`('DISHWASHER'::"UnitFeature" = ANY(p."unitFeatures") OR 'DISHWASHER'::"Appliance" = ANY(p."appliancesIncluded"))`,
  DOORMAN: Prisma.sql`'DOORMAN'::"BuildingAmenity" = ANY(p."buildingAmenities")`,
  ELEVATOR: Prisma.sql`('ELEVATOR'::"BuildingAmenity" = ANY(p."buildingAmenities") OR 'ELEVATOR'::"AccessibilityFeature" = ANY(p."accessibilityFeatures"))`,
  OUTDOOR_SPACE: Prisma.sql`(p."unitFeatures" && ARRAY['BALCONY', 'TERRACE']::"UnitFeature"[] OR p."buildingAmenities" && ARRAY['ROOFTOP_DECK', 'GARDEN_COURTYARD']::"BuildingAmenity"[])`,
  GYM: Prisma.sql`'FITNESS_CENTER'::"BuildingAmenity" = ANY(p."buildingAmenities")`,
  // The listing's own `furnishing` (issue 59 item 1): furnished, not partly.
  FURNISHED: Prisma.sql`p."furnishing" = 'FURNISHED'`,
};

/**
 * What each filter declared in common/search-filters.ts means in SQL (null: no condition). A declared
 * filter without its line here does not compile.
 */
const DECLARED_FILTER_SQL: { [N in DeclaredFilterName]: (value: DeclaredFilterValue<N>) => Prisma.Sql | null } = {
  // 5 means 5 or more: no upper bound.
  maxBeds: (beds) => (beds >= SEARCH_FILTERS.maxBeds.max ? null : Prisma.sql`p."bedrooms" <= ${beds}::numeric`),
  // Available on that day or before (a day gone by is 'Available now').
  moveInBy: (day) => Prisma.sql`p."availableDate" <= ${day}::date`,
  minBaths: (baths) => Prisma.sql`p."bathrooms" >= ${baths}::numeric`,
  // The amenities a renter filters by (common/options.ts AmenityFilterValues), each from the listing's fields.
  amenities: (amenities) =>
    Prisma.join(
      amenities.map((amenity) => AMENITY_SQL[amenity]),
      ' AND ',
    ),
  // The tenant pays no broker fee (common/broker-fee.ts isNoFee): none, or the landlord pays it.
  noFee: () => Prisma.sql`(p."brokerFeePayer" IS DISTINCT FROM 'TENANT' OR COALESCE(p."brokerFee", 0) = 0)`,
};

/** The WHERE of the public search over `"Property" p`: public listings (active, not hidden by moderation), every filter given, and the words of the text. */
export function searchWhereSql(filter: SearchFilter): Prisma.Sql {
  const and: Prisma.Sql[] = [publicListingSql()];
  // Rentals unless sales are asked for (issue 58 item 3): a sale's asking price is no rent.
  and.push(
    (filter.listingType ?? DEFAULT_SEARCH_LISTING_TYPE) === 'FOR_SALE'
      ? Prisma.sql`p."listingType" = 'FOR_SALE'`
      : Prisma.sql`p."listingType" <> 'FOR_SALE'`,
  );
  const words = searchWords(filter.search ?? '');
  if (words.length) and.push(wordsMatchSql(words, TEXT_COLUMNS, occursInListings));
  if (filter.borough) and.push(Prisma.sql`p."borough" = ${filter.borough}::"Borough"`);
  if (filter.neighborhood) and.push(Prisma.sql`p."neighborhood" = ${filter.neighborhood}`);
  // The gross rent, or the net effective rent when the filter says so (issue 26 item 2).
  const rent = priceColumnSql(filter);
  if (filter.minPrice !== undefined) and.push(Prisma.sql`${rent} >= ${filter.minPrice}::int`);
  if (filter.maxPrice !== undefined) and.push(Prisma.sql`${rent} <= ${filter.maxPrice}::int`);
  if (filter.minBeds !== undefined) {
    // Studio alone means studios only; with a maximum (a range), from a studio up.
    and.push(
      filter.minBeds === 0 && filter.maxBeds === undefined
        ? Prisma.sql`p."bedrooms" = 0`
        : Prisma.sql`p."bedrooms" >= ${filter.minBeds}::numeric`,
    );
  }
  // The filters declared in common/search-filters.ts, each as DECLARED_FILTER_SQL says.
  for (const name of DECLARED_FILTER_NAMES) {
    const value = filter[name];
    if (value !== undefined) {
      const sql = (DECLARED_FILTER_SQL[name] as (v: typeof value) => Prisma.Sql | null)(value);
      if (sql) and.push(sql);
    }
  }
  if (filter.propertyType) and.push(Prisma.sql`p."propertyType" = ${filter.propertyType}::"PropertyType"`);
  switch (filter.pets) {
    case 'allowed':
      and.push(Prisma.sql`p."petPolicy" = 'PETS_ALLOWED'`);
      break;
    case 'cats':
      and.push(Prisma.sql`p."petPolicy" = 'PETS_ALLOWED' AND 'CATS' = ANY(p."petTypesAllowed")`);
      break;
    case 'dogs':
      and.push(
        Prisma.sql`p."petPolicy" = 'PETS_ALLOWED' AND p."petTypesAllowed" && ARRAY['DOGS', 'SMALL_DOGS_ONLY']::"PetType"[]`,
      );
      break;
    case 'none':
      and.push(Prisma.sql`p."petPolicy" = 'NO_PETS'`);
      break;
    default:
      break;
  }
  if (filter.updatedSince) and.push(Prisma.sql`p."updatedAt" >= ${filter.updatedSince}`);
  if (filter.lines || filter.walkMinutes !== undefined) {
    // A station within the walk (15 minutes, all that is stored, unless less is asked) that one of the
    // lines serves (any line when none are named): issue 13 item 3, over the stored nearbyStations.
    const walk = filter.walkMinutes ?? 15;
    const lines = filter.lines
      ? Prisma.sql` AND EXISTS (SELECT 1 FROM jsonb_array_elements_text(s->'lines') l WHERE l = ANY(${filter.lines}::text[]))`
      : Prisma.empty;
    and.push(
      Prisma.sql`EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(p."nearbyStations", '[]'::jsonb)) s WHERE (s->>'walkMinutes')::int <= ${walk}::int${lines})`,
    );
  }
  if (filter.commuteTo && filter.commuteMaxMinutes !== undefined) {
    and.push(Prisma.sql`${commuteMinutesSql(commuteContext(filter.commuteTo))} <= ${filter.commuteMaxMinutes}::int`);
  }
  if (filter.bounds) {
    const { north, south, east, west } = filter.bounds;
    and.push(Prisma.sql`p."locationLat" BETWEEN ${south}::numeric AND ${north}::numeric`);
    and.push(Prisma.sql`p."locationLng" BETWEEN ${Math.min(west, east)}::numeric AND ${Math.max(west, east)}::numeric`);
  }
  if (filter.accessibility) {
    and.push(Prisma.sql`p."accessibilityFeatures" @> ${filter.accessibility}::"AccessibilityFeature"[]`);
  }
  if (filter.area) {
    // The polygon's box first (the location index), then the polygon itself (PostgreSQL's own
    // geometric types: no PostGIS, which PGlite lacks).
    const lats = filter.area.map((c) => c.lat);
    const lngs = filter.area.map((c) => c.lng);
    and.push(Prisma.sql`p."locationLat" BETWEEN ${Math.min(...lats)}::numeric AND ${Math.max(...lats)}::numeric`);
    and.push(Prisma.sql`p."locationLng" BETWEEN ${Math.min(...lngs)}::numeric AND ${Math.max(...lngs)}::numeric`);
    const polygon = `(${filter.area.map((c) => `(${c.lng},${c.lat})`).join(',')})`;
    and.push(Prisma.sql`point(p."locationLng"::float8, p."locationLat"::float8) <@ ${polygon}::polygon`);
  }
  return Prisma.join(and, ' AND ');
}

/** `(value, id) after (cursor value, cursor id)` in the sort's direction, as a row comparison. */
function keysetSql(sort: SearchSort, cursor: Cursor, filter: SearchFilter): Prisma.Sql {
  const { field, dir } = SORTS[sort];
  if (field === 'reduced') return reducedKeysetSql(cursor.v as ReducedValue, cursor.id);
  const column = sortValueSql(field, filter);
  const value =
    field === 'listedAt'
      ? Prisma.sql`${String(cursor.v)}::timestamp(3)`
      : field === 'views'
        ? // The cursor row's count now (a cursor carries none); a row gone since ends the list.
          Prisma.sql`COALESCE((SELECT c."views" FROM "Property" c WHERE c."id" = ${cursor.id}::uuid), -1)`
        : Prisma.sql`${Number(cursor.v)}::int`;
  const op = dir === 'asc' ? Prisma.raw('>') : Prisma.raw('<');
  const bound = Prisma.raw(dir === 'asc' ? '>=' : '<=');
  return Prisma.sql`${column} ${bound} ${value} AND (${column}, p."id") ${op} (${value}, ${cursor.id}::uuid)`;
}

/**
 * 'Recently reduced' (issue 14 item 3): two runs in one order, `priceDroppedAt DESC NULLS LAST,
 * createdAt DESC, id DESC`. After a cursor in the first run (a row with a drop): the rest of that
 * run, by the row comparison on all three keys, then the whole second run. After a cursor in the
 * second run (no drop): only the rest of the second run. Every row is after exactly one position,
 * so pages have no duplicates and no gaps across the boundary.
 */
function reducedKeysetSql([droppedAt, createdAt]: ReducedValue, id: string): Prisma.Sql {
  const created = Prisma.sql`${createdAt}::timestamp(3)`;
  if (droppedAt === null) {
    return Prisma.sql`p."priceDroppedAt" IS NULL AND (p."createdAt", p."id") < (${created}, ${id}::uuid)`;
  }
  const dropped = Prisma.sql`${droppedAt}::timestamp(3)`;
  return Prisma.sql`(p."priceDroppedAt" IS NULL OR (p."priceDroppedAt" <= ${dropped} AND (p."priceDroppedAt", p."createdAt", p."id") < (${dropped}, ${created}, ${id}::uuid)))`;
}

function orderBySql(sort: SearchSort, filter: SearchFilter): Prisma.Sql {
  const { field, dir } = SORTS[sort];
  if (field === 'reduced') return Prisma.sql`p."priceDroppedAt" DESC NULLS LAST, p."createdAt" DESC, p."id" DESC`;
  const d = Prisma.raw(dir === 'asc' ? 'ASC' : 'DESC');
  return Prisma.sql`${sortValueSql(field, filter)} ${d}, p."id" ${d}`;
}

// ---------------------------------------------------------------------------------------------------
// The search
// ---------------------------------------------------------------------------------------------------

function pageSize(first: number | null | undefined): number {
  const n = first ?? SEARCH_PAGE_SIZE;
  if (!Number.isInteger(n) || n < 1 || n > SEARCH_MAX_PAGE_SIZE) {
    throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${SEARCH_MAX_PAGE_SIZE}`);
  }
  return n;
}

/** The selection of a page; sort keys are always read, cursors are made of them (a commute's of the stations and location). */
function pageShape(query: SearchQuery, sort: SearchSort): { include?: Prisma.PropertyInclude; select?: Prisma.PropertySelect } {
  // (netEffectivePrice is read always: a price sort's cursor on the net basis is made of it.)
  if (!query.select) return { include: query.include };
  const commuteKeys = sort === 'commute' ? { nearbyStations: true, locationLat: true, locationLng: true } : {};
  const reducedKeys = sort === 'recently_reduced' ? { priceDroppedAt: true } : {};
  return {
    select: {
      ...query.select,
      id: true,
      createdAt: true,
      listedAt: true,
      price: true,
      netEffectivePrice: true,
      views: true,
      ...commuteKeys,
      ...reducedKeys,
    },
  };
}

/**
 * One page of the public search, with keyset cursors, in ONE statement when it can be
 * (docs/decisions/0022-fast-graphql.md): the page's rows picked in SQL (filters, trigram match,
 * keyset, order, limit; served by the sort indexes and the GIN trigram indexes), each made into
 * JSON with whatever `query` includes (the agent, photos, the viewer's favorite: rowJsonSql), and,
 * with `withCount`, the capped count, all in the same statement. A `query` that rowJsonSql does not
 * understand is read in two statements instead (the ids, then the rows through Prisma). Without
 * `withCount`, `page.count()` runs its own statement when called.
 */
export async function searchListings<Row extends { id: string; createdAt: Date; price: number; views: number }>(
  prisma: PrismaClient,
  args: SearchArgs & { withCount?: boolean },
  query: SearchQuery = {},
): Promise<SearchPage<Row>> {
  const filter = parseFilter(args.filter);
  const sort = parseSort(args.sort);
  const first = pageSize(args.first);
  const cursor = args.after ? decodeCursor(args.after, sort, filter.priceBasis) : null;
  const shape = pageShape(query, sort);
  const commute = filter.commuteTo ? commuteContext(filter.commuteTo) : null;
  const cursorOf = (row: Row) => encodeCursor(sort, row, commute, filter.priceBasis);

  const where = searchWhereSql(filter);
  const order = orderBySql(sort, filter);
  const pageWhere = cursor ? Prisma.sql`${where} AND ${keysetSql(sort, cursor, filter)}` : where;
  const countSql = Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM "Property" p WHERE ${where} LIMIT ${COUNT_CAP + 1}) matches`;
  const toCount = (n: number): SearchCount => (n > COUNT_CAP ? { n: COUNT_CAP, capped: true } : { n, capped: false });
  const count = async (): Promise<SearchCount> => {
    // Counting stops at the first COUNT_CAP + 1 matches: a common filter or word costs a short index
    // walk instead of a pass over every matching row.
    const result = await prisma.$queryRaw<Array<{ n: number }>>`${countSql}`;
    return toCount(result[0]?.n ?? 0);
  };

  let json: RowJson | null = null;
  try {
    json = rowJsonSql('Property', 'p', shape);
  } catch (err) {
    if (!(err instanceof UnsupportedQuery)) throw err;
  }
  if (json) {
    const statement = Prisma.sql`
      WITH page AS (SELECT p.* FROM "Property" p WHERE ${pageWhere} ORDER BY ${order} LIMIT ${first + 1})
      SELECT ${args.withCount ? Prisma.sql`(${countSql})` : Prisma.sql`NULL::int`} AS n,
             (SELECT json_agg(${json.sql} ORDER BY ${order}) FROM page p) AS rows`;
    // Straight on the pool as a prepared statement (server/db/prepared.ts); through Prisma otherwise.
    const run = rawRunner(prisma);
    type Result = { n: number | null; rows: unknown[] | null };
    const [result] = run ? await run<Result>(statement) : await prisma.$queryRaw<Result[]>(statement);
    const all = (result?.rows ?? []).map((r) => json.decode(r) as Row);
    const counted = args.withCount && result?.n != null ? toCount(result.n) : null;
    return {
      rows: all.slice(0, first),
      hasNextPage: all.length > first,
      sort,
      commute,
      cursorOf,
      count: counted ? () => Promise.resolve(counted) : count,
    };
  }

  const idRows = await prisma.$queryRaw<
    Array<{ id: string }>
  >`SELECT p."id"::text AS id FROM "Property" p WHERE ${pageWhere} ORDER BY ${order} LIMIT ${first + 1}`;
  const hasNextPage = idRows.length > first;
  const ids = idRows.slice(0, first).map((r) => r.id);
  const found = ids.length
    ? ((await prisma.property.findMany({
        ...(shape as { include?: Prisma.PropertyInclude }),
        where: { id: { in: ids }, ...PUBLIC_LISTING },
      })) as unknown as Row[])
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
  return { rows, hasNextPage, sort, commute, cursorOf, count };
}

/** What the tenant pays to move in (common/listing.ts `moveInTotal`: only fees the tenant pays). */
export function totalMoveInCost(p: {
  price: number;
  securityDeposit: number | null;
  applicationFee: number | null;
  brokerFee: number | null;
  brokerFeePayer: string | null;
  otherFees?: unknown;
}): number {
  return moveInTotal({
    ...p,
    otherFees: Array.isArray(p.otherFees) ? (p.otherFees as Array<{ label: string; amount: number; frequency: string }>) : [],
  });
}

/** The WHERE naming one listing by id (uuid) or slug; null when the key cannot name a listing. */
export function listingKeyWhere(idOrSlug: string): Prisma.PropertyWhereInput | null {
  const key = idOrSlug.trim();
  if (!key || key.length > 200) return null;
  return isUuid(key) ? { id: key } : { slug: key };
}

/**
 * The WHERE that finds a listing by id or slug as a viewer may see it (`canSeeListing`): to anyone
 * else drafts and inactive listings do not exist. Null when the key cannot name a listing.
 */
export function listingWhere(idOrSlug: string, viewer: ListingViewer | null | undefined): Prisma.PropertyWhereInput | null {
  const byKey = listingKeyWhere(idOrSlug);
  return byKey ? { AND: [byKey, visibleListingWhere(viewer)] } : null;
}

/**
 * A listing by id or slug as the viewer may see it, loaded with `query` (a Prisma select/include):
 * GraphQL's `property` and REST's GET /api/properties/{id} both read it through here.
 */
export async function findListing<A extends { select?: Prisma.PropertySelect | null; include?: Prisma.PropertyInclude | null }>(
  prisma: PrismaClient,
  idOrSlug: string,
  viewer: ListingViewer | null | undefined,
  query: A,
): Promise<Prisma.PropertyGetPayload<A> | null> {
  const where = listingWhere(idOrSlug, viewer);
  if (!where) return null;
  const fast = await findListingAsJson(prisma, idOrSlug, viewer, query as JsonQuery);
  if (fast !== undefined) return fast as Prisma.PropertyGetPayload<A> | null;
  return (await prisma.property.findFirst({ ...(query as object), where })) as Prisma.PropertyGetPayload<A> | null;
}

type JsonQuery = Parameters<typeof rowJsonSql>[2];

/**
 * `findListing` as the search page reads its rows (decision 0034): one statement of positional `json`
 * straight on the pool, prepared, instead of Prisma's query for the same include. The row is found by
 * its key alone and then shown only if `canSeeListing` (the rule's row test) says the viewer may see
 * it; its access facts are read with it. `undefined` when this way cannot answer (PGlite in
 * process, a query shape json-rows does not handle, a hidden row whose agent was not read): Prisma answers.
 */
async function findListingAsJson(
  prisma: PrismaClient,
  idOrSlug: string,
  viewer: ListingViewer | null | undefined,
  query: JsonQuery,
): Promise<Record<string, unknown> | null | undefined> {
  const run = rawRunner(prisma);
  const key = listingKeyWhere(idOrSlug);
  if (!run || !key) return undefined;
  // An `include` reads every column, the access rule's included; a `select` (GraphQL's, Property being
  // in Pothos' select mode) gets the rule's columns added.
  const asked = query.select ? withAccessColumns(query) : query;
  const byId = 'id' in key;
  const read = byId
    ? oneRowRead('Property', 'p', asked, 'id', key.id as string, 'uuid')
    : oneRowRead('Property', 'p', asked, 'slug', key.slug as string);
  if (!read) return undefined;
  let found: { row: unknown } | undefined;
  try {
    [found] = await run<{ row: unknown }>(read.statement);
  } catch {
    // What the database refuses (a NUL in a slug, a lost connection) is answered as Prisma's errors are.
    return undefined;
  }
  if (!found) return null;
  const row = read.decode(found.row) as Record<string, unknown> & ListingAccessFacts;
  if (isPublicListing(row)) return row;
  // Not public: its managers only, which needs the agent's user (read when the query includes the agent).
  const agent = row.agent as { userId?: unknown } | null | undefined;
  if (row.agentId && (agent === undefined || (agent !== null && agent.userId === undefined))) return undefined;
  return canSeeListing(viewer, row) ? row : null;
}

/**
 * The access rule's own columns (`listingAccessSelect`) and the listing's agent id; its agent's user is
 * read only when the query reads the agent (else a row that is not public is left to Prisma).
 */
const { agent: _agentsUser, ...accessColumns } = listingAccessSelect;
const ACCESS_COLUMNS = { ...accessColumns, agentId: true } as const;
const withAccess = new WeakMap<object, JsonQuery>();

/**
 * A `select` with the access rule's columns added, made once per query object (and frozen when it is,
 * as the planned path's queries are, so json-rows keeps its statement by the object: server/db/json-rows.ts).
 */
function withAccessColumns(query: JsonQuery): JsonQuery {
  let widened = withAccess.get(query);
  if (!widened) {
    widened = { ...query, select: { ...(query.select as object), ...ACCESS_COLUMNS } } as JsonQuery;
    if (Object.isFrozen(query)) Object.freeze(widened);
    withAccess.set(query, widened);
  }
  return widened;
}

/** The average of review scores to two decimals; null without any. */
export function averageScore(scores: readonly number[]): number | null {
  return scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100 : null;
}

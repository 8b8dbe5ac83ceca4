import { searchText } from './search-text.js';
import { PAGE_LIMITS } from './page-limits.js';
import { z } from 'zod';
import {
  DECLARED_FILTER_NAMES,
  isDay,
  isHalves,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type DeclaredFilterValue,
  type SearchFilterKind,
} from './search-filters.js';
import { AccessibilityFeatureValues, BoroughValues, PetsFilterValues, PropertyTypeValues, SortValues } from './options.js';
import { NEIGHBORHOODS } from './nyc.js';

/** The 'Walk to subway' choices (minutes), and how many lines one search may name. */
export const WALK_TO_SUBWAY_MINUTES = [5, 10, 15] as const;
export const MAX_LINE_FILTERS = 12;

/** The 'Commute' filter's choices: at most this many minutes door to door by subway. */
export const COMMUTE_MAX_MINUTES = [20, 30, 45, 60] as const;

/** Where a commute goes: a subway station (by id in the shipped data) or a point in New York. */
export const commuteToSchema = z.union([
  z.object({ stationId: z.string().regex(/^[A-Z0-9]{1,8}$/, 'must be a subway station id such as L08') }).strict(),
  z
    .object({
      lat: z.number().min(40.45).max(40.95, 'must be in New York City'),
      lng: z.number().min(-74.3).max(-73.65, 'must be in New York City'),
    })
    .strict(),
]);
export type CommuteTo = z.infer<typeof commuteToSchema>;

/**
 * Which rent the price filter and the price sorts read (issue 26 item 2): the gross (advertised)
 * rent, or the net effective rent after concessions.
 */
export const PriceBasisValues = ['GROSS', 'NET_EFFECTIVE'] as const;
export type PriceBasis = (typeof PriceBasisValues)[number];

/**
 * What a search looks for (issue 58 item 3): rentals (for rent and sublets), the default everywhere
 * (search, map, saved searches and their alerts, REST, the partner API), or homes for sale.
 */
export const SearchListingTypeValues = ['FOR_RENT', 'FOR_SALE'] as const;
export type SearchListingType = (typeof SearchListingTypeValues)[number];
export const DEFAULT_SEARCH_LISTING_TYPE: SearchListingType = 'FOR_RENT';

/** The most a price filter may say: a sale's asking price (common/listing.ts MAX_SALE_PRICE). */
const MAX_PRICE_FILTER = 100_000_000;

/** Page size of the listings search (SPEC leaves it open): its row of common/page-limits.ts. */
export const SEARCH_PAGE_SIZE = PAGE_LIMITS.search.default;
export const SEARCH_MAX_PAGE_SIZE = PAGE_LIMITS.search.max;

const neighborhoodNames = NEIGHBORHOODS.map((n) => n.name) as [string, ...string[]];

export const boundsSchema = z
  .object({
    north: z.number().min(-90).max(90),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    west: z.number().min(-180).max(180),
  })
  .refine((b) => b.north > b.south, { message: 'north must be above south' });

/** A drawn area (issue 26 item 1): a polygon of 3 to MAX_AREA_POINTS corners in New York City. */
export const MAX_AREA_POINTS = 24;
export const areaPointSchema = z
  .object({
    lat: z.number().min(40.45).max(40.95, 'must be in New York City'),
    lng: z.number().min(-74.3).max(-73.65, 'must be in New York City'),
  })
  .strict();
export const areaSchema = z
  .array(areaPointSchema)
  .min(3, 'An area needs at least 3 corners')
  .max(MAX_AREA_POINTS, `An area has at most ${MAX_AREA_POINTS} corners`);
export type AreaPoint = z.infer<typeof areaPointSchema>;

/** The rule of a declared filter's value (common/search-filters.ts). */
const declaredFilterRule = (declaration: SearchFilterKind): z.ZodType => {
  switch (declaration.kind) {
    case 'count':
      return z.number().int().min(declaration.min).max(declaration.max);
    case 'halves':
      return z
        .number()
        .min(declaration.min)
        .max(declaration.max)
        .refine((n) => isHalves(declaration, n), 'must be a whole or half number');
    case 'flag':
      // False is no filter.
      return z.boolean().transform((v) => (v ? true : undefined));
    case 'set':
      return z
        .array(z.enum(declaration.values as [string, ...string[]]))
        .min(1)
        .max(declaration.values.length);
    default:
      return z.string().refine(isDay, 'must be a day written YYYY-MM-DD');
  }
};
const declaredFilterShape = Object.fromEntries(
  DECLARED_FILTER_NAMES.map((name) => [name, declaredFilterRule(SEARCH_FILTERS[name]).optional()]),
) as unknown as { [N in DeclaredFilterName]: z.ZodOptional<z.ZodType<DeclaredFilterValue<N> | undefined, unknown>> };

/** Search filters as the server accepts them (SPEC parts 3 and 5). Empty means "any". */
export const searchFilterSchema = z
  .object({
    // Only emoji or symbols: no search at all (common/search-text.ts).
    search: z
      .string()
      .trim()
      .max(120)
      .transform((v) => searchText(v) || undefined)
      .optional(),
    /** Rentals (the default) or sales. */
    listingType: z.enum(SearchListingTypeValues).optional(),
    borough: z.enum(BoroughValues).optional(),
    neighborhood: z.enum(neighborhoodNames).optional(),
    minPrice: z.number().int().min(0).max(MAX_PRICE_FILTER).optional(),
    maxPrice: z.number().int().min(0).max(MAX_PRICE_FILTER).optional(),
    /** The rent minPrice, maxPrice and the price sorts read: gross unless NET_EFFECTIVE. */
    priceBasis: z.enum(PriceBasisValues).optional(),
    /** 0 is Studio, 5 means 5 or more. */
    minBeds: z.number().int().min(0).max(5).optional(),
    propertyType: z.enum(PropertyTypeValues).optional(),
    pets: z.enum(PetsFilterValues).exclude(['any']).optional(),
    bounds: boundsSchema.optional(),
    /** Homes with every one of these accessibility features. */
    accessibility: z.array(z.enum(AccessibilityFeatureValues)).min(1).max(AccessibilityFeatureValues.length).optional(),
    /** Inside a drawn polygon. */
    area: areaSchema.optional(),
    /** Listings changed at or after this time (for partners syncing a copy). */
    updatedSince: z.date().optional(),
    /** Near a station served by any of these subway lines (ids such as 'L', 'G', '7', 'SI'). */
    lines: z
      .array(z.string().regex(/^[A-Z0-9]{1,2}$/, 'must be a subway line such as L or 7'))
      .min(1)
      .max(MAX_LINE_FILTERS)
      .optional(),
    /** Within this many minutes' walk of a station (of those lines, when lines are given). */
    walkMinutes: z
      .number()
      .int()
      .refine((n) => (WALK_TO_SUBWAY_MINUTES as readonly number[]).includes(n), 'must be 5, 10 or 15')
      .optional(),
    /** Where the visitor commutes to: cards then show door-to-door minutes by subway; sort 'commute' needs it. */
    commuteTo: commuteToSchema.optional(),
    /** At most this many minutes door to door by subway to `commuteTo` (5 to 120). */
    commuteMaxMinutes: z.number().int().min(5).max(120).optional(),
    ...declaredFilterShape,
  })
  .refine((f) => f.minBeds === undefined || f.maxBeds === undefined || f.minBeds <= f.maxBeds, {
    message: 'Minimum bedrooms must not exceed maximum bedrooms',
    path: ['minBeds'],
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'Minimum price must not exceed maximum price',
    path: ['minPrice'],
  })
  .refine((f) => f.commuteMaxMinutes === undefined || f.commuteTo !== undefined, {
    message: 'needs commuteTo (where the commute goes)',
    path: ['commuteMaxMinutes'],
  });

export type SearchFilter = z.infer<typeof searchFilterSchema>;

export const searchSortSchema = z.enum(SortValues);
export type SearchSort = z.infer<typeof searchSortSchema>;

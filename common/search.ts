import { z } from 'zod';
import { BoroughValues, PetsFilterValues, PropertyTypeValues, SortValues } from './options.js';
import { NEIGHBORHOODS } from './nyc.js';

/** Page size of the listings search (SPEC leaves it open). */
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_MAX_PAGE_SIZE = 50;

const neighborhoodNames = NEIGHBORHOODS.map((n) => n.name) as [string, ...string[]];

export const boundsSchema = z
  .object({
    north: z.number().min(-90).max(90),
    south: z.number().min(-90).max(90),
    east: z.number().min(-180).max(180),
    west: z.number().min(-180).max(180),
  })
  .refine((b) => b.north > b.south, { message: 'north must be above south' });

/** Search filters as the server accepts them (SPEC parts 3 and 5). Empty means "any". */
export const searchFilterSchema = z
  .object({
    search: z.string().trim().max(120).optional(),
    borough: z.enum(BoroughValues).optional(),
    neighborhood: z.enum(neighborhoodNames).optional(),
    minPrice: z.number().int().min(0).max(1_000_000).optional(),
    maxPrice: z.number().int().min(0).max(1_000_000).optional(),
    /** 0 is Studio, 5 means 5 or more. */
    minBeds: z.number().int().min(0).max(5).optional(),
    propertyType: z.enum(PropertyTypeValues).optional(),
    pets: z.enum(PetsFilterValues).exclude(['any']).optional(),
    bounds: boundsSchema.optional(),
    /** Listings changed at or after this time (for partners syncing a copy). */
    updatedSince: z.date().optional(),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'Minimum price must not exceed maximum price',
    path: ['minPrice'],
  });

export type SearchFilter = z.infer<typeof searchFilterSchema>;

export const searchSortSchema = z.enum(SortValues);
export type SearchSort = z.infer<typeof searchSortSchema>;

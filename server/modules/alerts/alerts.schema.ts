import { builder } from '../../graphql/builder.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import type { SavedSearch } from '../../db/generated/prisma/client.js';
import {
  AccessibilityFeatureEnum,
  BoroughEnum,
  PetsFilterEnum,
  PriceBasisEnum,
  SearchListingTypeEnum,
  PropertyTypeEnum,
} from '../listings/index.schema.js';
import { declaredFilterOutputFields, PropertyFilterInput } from '../listings/index.schema.js';
import type { SearchFilter } from '../listings/index.js';
import {
  deleteSavedSearch,
  markSavedSearchSeen,
  newMatchCounts,
  parseSavedFilter,
  savedSearchesOf,
  saveSearch,
  updateSavedSearch,
} from './saved-searches.service.js';

/** Saved searches (issue 14 item 1). Only their owner reads or changes them (NOT_FOUND to anyone else). */
export const AlertFrequencyEnum = builder.enumType('AlertFrequency', {
  values: {
    INSTANT: { description: 'An e-mail as soon as a listing matches.' },
    DAILY: { description: 'One digest e-mail a day.' },
    OFF: { description: 'No alerts.' },
  } as const,
});

type Shape = SavedSearch & { newMatchCount?: number };

const SavedBoundsRef = builder
  .objectRef<{ north: number; south: number; east: number; west: number }>('SavedSearchBounds')
  .implement({
    fields: (t) => ({
      north: t.exposeFloat('north'),
      south: t.exposeFloat('south'),
      east: t.exposeFloat('east'),
      west: t.exposeFloat('west'),
    }),
  });

const SavedAreaPointRef = builder.objectRef<{ lat: number; lng: number }>('SavedSearchAreaPoint').implement({
  fields: (t) => ({
    lat: t.exposeFloat('lat'),
    lng: t.exposeFloat('lng'),
  }),
});

const SavedCommuteRef = builder.objectRef<{ stationId?: string; lat?: number; lng?: number }>('SavedSearchCommute').implement({
  fields: (t) => ({
    stationId: t.string({ nullable: true, resolve: (c) => c.stationId ?? null }),
    lat: t.float({ nullable: true, resolve: (c) => c.lat ?? null }),
    lng: t.float({ nullable: true, resolve: (c) => c.lng ?? null }),
  }),
});

/** The filters of a saved search, in the PropertyFilter shape (what the listings page needs to reopen it). */
const SavedFilterRef = builder.objectRef<SearchFilter>('SavedSearchFilter').implement({
  fields: (t) => ({
    search: t.string({ nullable: true, resolve: (f) => f.search ?? null }),
    listingType: t.field({
      type: SearchListingTypeEnum,
      nullable: true,
      description: 'Rentals when null (the default) or FOR_RENT; homes for sale when FOR_SALE.',
      resolve: (f) => f.listingType ?? null,
    }),
    borough: t.field({ type: BoroughEnum, nullable: true, resolve: (f) => f.borough ?? null }),
    neighborhood: t.string({ nullable: true, resolve: (f) => f.neighborhood ?? null }),
    minPrice: t.int({ nullable: true, resolve: (f) => f.minPrice ?? null }),
    maxPrice: t.int({ nullable: true, resolve: (f) => f.maxPrice ?? null }),
    priceBasis: t.field({ type: PriceBasisEnum, nullable: true, resolve: (f) => f.priceBasis ?? null }),
    minBeds: t.int({ nullable: true, resolve: (f) => f.minBeds ?? null }),
    propertyType: t.field({ type: PropertyTypeEnum, nullable: true, resolve: (f) => f.propertyType ?? null }),
    pets: t.field({ type: PetsFilterEnum, nullable: true, resolve: (f) => f.pets ?? null }),
    lines: t.stringList({ nullable: true, resolve: (f) => f.lines ?? null }),
    walkMinutes: t.int({ nullable: true, resolve: (f) => f.walkMinutes ?? null }),
    commuteTo: t.field({ type: SavedCommuteRef, nullable: true, resolve: (f) => f.commuteTo ?? null }),
    commuteMaxMinutes: t.int({ nullable: true, resolve: (f) => f.commuteMaxMinutes ?? null }),
    bounds: t.field({ type: SavedBoundsRef, nullable: true, resolve: (f) => f.bounds ?? null }),
    area: t.field({ type: [SavedAreaPointRef], nullable: true, resolve: (f) => f.area ?? null }),
    accessibility: t.field({ type: [AccessibilityFeatureEnum], nullable: true, resolve: (f) => f.accessibility ?? null }),
    ...declaredFilterOutputFields(t),
  }),
});

export const SavedSearchRef = builder.objectRef<Shape>('SavedSearch').implement({
  description: "A signed-in visitor's saved search: the listings page's filters under a name, with alerts.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    frequency: t.field({ type: AlertFrequencyEnum, resolve: (s) => s.frequency }),
    filter: t.field({
      type: SavedFilterRef,
      resolve: (s) => {
        try {
          return parseSavedFilter(s.filter);
        } catch {
          return {};
        }
      },
    }),
    lastSeenAt: t.expose('lastSeenAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    newMatchCount: t.int({
      description: 'Listings matching it posted or published since it was last opened (up to 100).',
      resolve: async (s, _args, ctx) => s.newMatchCount ?? (await newMatchCounts(ctx.prisma, [s])).get(s.id) ?? 0,
    }),
  }),
});

/** GraphQL input → the service's filter (nulls dropped, commute destination halves dropped). */
function toFilter(input: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const filter = Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== null && v !== undefined));
  if (filter.commuteTo && typeof filter.commuteTo === 'object') {
    filter.commuteTo = Object.fromEntries(Object.entries(filter.commuteTo).filter(([, v]) => v !== null && v !== undefined));
  }
  return filter;
}

const SaveSearchInput = builder.inputType('SaveSearchInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: '1 to 120 characters.' }),
    filter: t.field({ type: PropertyFilterInput, required: true }),
    frequency: t.field({ type: AlertFrequencyEnum, defaultValue: 'INSTANT' }),
  }),
});

const UpdateSavedSearchInput = builder.inputType('UpdateSavedSearchInput', {
  fields: (t) => ({
    name: t.string(),
    frequency: t.field({ type: AlertFrequencyEnum }),
  }),
});

builder.queryFields((t) => ({
  savedSearches: t.field({
    type: [SavedSearchRef],
    description: "The signed-in viewer's saved searches, newest first, with their new matches (UNAUTHENTICATED when signed out).",
    resolve: async (_root, _args, ctx) => {
      const rows = await savedSearchesOf(ctx.prisma, ctx.viewer);
      const counts = await newMatchCounts(ctx.prisma, rows);
      return rows.map((r) => ({ ...r, newMatchCount: counts.get(r.id) ?? 0 }));
    },
  }),
}));

builder.mutationFields((t) => ({
  saveSearch: t.field({
    type: SavedSearchRef,
    description: `Saves the listings page's filters under a name, with alerts instant (default), daily or off. At most 50 per account.`,
    args: { input: t.arg({ type: SaveSearchInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      saveSearch({ prisma: ctx.prisma, limits: ctx.limits ?? inProcessRateLimits(ctx.log) }, ctx.viewer, {
        name: input.name,
        filter: toFilter(input.filter as Record<string, unknown>),
        frequency: input.frequency ?? undefined,
      }),
  }),
  updateSavedSearch: t.field({
    type: SavedSearchRef,
    description: 'Renames a saved search or changes how often it alerts.',
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateSavedSearchInput, required: true }) },
    resolve: (_root, args, ctx) => updateSavedSearch(ctx.prisma, ctx.viewer, String(args.id), args.input),
  }),
  markSavedSearchSeen: t.field({
    type: SavedSearchRef,
    description: 'The owner opened the saved search: its new matches are counted from now.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => ({
      ...(await markSavedSearchSeen(ctx.prisma, ctx.viewer, String(args.id))),
      newMatchCount: 0,
    }),
  }),
  deleteSavedSearch: t.id({
    description: 'Deletes a saved search; answers its id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteSavedSearch(ctx.prisma, ctx.viewer, String(args.id)),
  }),
}));

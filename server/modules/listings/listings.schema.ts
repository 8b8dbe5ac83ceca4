import type { PrismaClient } from '../../db/client.js';
import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { builder } from '../../graphql/builder.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { keptQuery, keptQueryField } from '../../graphql/planned/index.js';
import { keysetConnection, selectsAnyField, type ConnectionWithCount } from '../../graphql/connection.js';
import { AppError, fromZod } from '../../core/errors.js';
import {
  BoroughEnum,
  ListingStatusEnum,
  PetsFilterEnum,
  PriceBasisEnum,
  SearchListingTypeEnum,
  PropertySortEnum,
  PropertyTypeEnum,
  AccessibilityFeatureEnum,
} from './listing-enums.schema.js';
import { listingOutputFields } from './listing-fields.schema.js';
import { declaredFilterInputFields } from './search-filters.schema.js';
import { isAvailableNow } from '../../../common/available.js';
import { suggestAddresses } from './address-suggestions.js';
import type { AddressSuggestion } from './geocoder.js';
import { recordListingView } from './listing-views.js';
import { storedNearbyStations } from '../transit/index.js';
import { LocationRef } from '../../graphql/location.js';
import { CommuteDestinationInput, NearbyStationRef, toCommuteTo } from '../transit/index.schema.js';
import { commuteContext, commuteMinutesOf } from '../transit/index.js';
import { commuteToSchema } from '../../../common/search.js';
import { concessionLabel, hasConcession, isNoFee } from '../../../common/listing.js';
import {
  daysOnMarket,
  isNewListing,
  NEW_LISTING_DAYS,
  PRICE_DROP_WINDOW_DAYS,
  recentPriceDrop,
  type PriceDrop,
} from '../../../common/freshness.js';
import { averageScore, COUNT_CAP, findListing, searchListings, totalMoveInCost, type SearchCount } from './listings.service.js';
import { canManageListing, canReadListingNumbers, listingAccessSelect } from './visibility.js';
import { MAP_POINTS_CAP, searchMapPoints, type MapPoint, type MapPoints } from './map-points.js';

// ---------------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------------

export const PropertyPhotoRef = builder.prismaObject('PropertyPhoto', {
  fields: (t) => ({
    id: t.exposeID('id'),
    position: t.exposeInt('position'),
    url: t.exposeString('url'),
    thumbnailUrl: t.exposeString('thumbnailUrl'),
    width: t.exposeInt('width'),
    height: t.exposeInt('height'),
    placeholder: t.exposeString('placeholder', {
      nullable: true,
      description: 'A tiny preview (thumbhash, base64) to show while the photo loads.',
    }),
  }),
});

export const FeeFrequencyEnum = builder.enumType('FeeFrequency', { values: ['ONE_TIME', 'MONTHLY'] as const });

export const TenantFeeRef = builder
  .objectRef<{ label: string; amount: number; frequency: 'ONE_TIME' | 'MONTHLY' }>('TenantFee')
  .implement({
    description: 'A fee the tenant pays besides rent, deposit, application and broker fee.',
    fields: (t) => ({
      label: t.exposeString('label'),
      amount: t.exposeInt('amount', { description: 'Whole US dollars.' }),
      frequency: t.field({ type: FeeFrequencyEnum, resolve: (f) => f.frequency }),
    }),
  });

export const RsvpStatusEnum = builder.enumType('RsvpStatus', {
  values: {
    GOING: { description: "Going ('Going' holds one of the open house's places)." },
    WAITLISTED: { description: 'On the waitlist: the next place freed goes to the first waiting.' },
  } as const,
});

/** Every RSVP's status and renter, read once for the counts and the viewer's own (one relation, one selection). */
// The attendees' read is this one with more columns: Prisma merges two reads of `rsvps` only when
// their arguments are the same, else one of them is lost and, with it, the viewer's own RSVP on the
// listing page (issue 58 item 6: its query asks for both).
const rsvpsOrder = [{ createdAt: 'asc' }, { id: 'asc' }] as const;
const rsvpsSelect = { rsvps: { select: { status: true, userId: true }, orderBy: rsvpsOrder } } as const;

export const OpenHouseAttendeeRef = builder
  .objectRef<{ id: string; name: string; status: 'GOING' | 'WAITLISTED'; since: Date }>('OpenHouseAttendee')
  .implement({
    description: "A renter who answered an open house, as its listing's managers see them.",
    fields: (t) => ({
      id: t.exposeID('id', { description: 'The RSVP (to write to them: messageAttendee).' }),
      name: t.exposeString('name', { description: "First name and last initial ('Ann B.')." }),
      status: t.field({ type: RsvpStatusEnum, resolve: (a) => a.status }),
      since: t.expose('since', { type: 'DateTime', description: 'When they answered.' }),
    }),
  });

export const OpenHouseRef = builder.prismaObject('OpenHouse', {
  fields: (t) => ({
    id: t.exposeID('id'),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime' }),
    note: t.exposeString('note', { nullable: true }),
    capacity: t.exposeInt('capacity', {
      nullable: true,
      description: 'How many people may come (issue 27); null: no limit.',
    }),
    goingCount: t.int({
      description: "How many renters said 'Going'.",
      select: rsvpsSelect,
      resolve: (o) => o.rsvps.filter((r) => r.status === 'GOING').length,
    }),
    placesLeft: t.int({
      nullable: true,
      description: 'Places left (capacity minus those going, 0 when full); null without a limit.',
      select: { capacity: true, ...rsvpsSelect },
      resolve: (o) => (o.capacity === null ? null : Math.max(0, o.capacity - o.rsvps.filter((r) => r.status === 'GOING').length)),
    }),
    waitlistCount: t.int({
      description: 'How many renters wait for a place.',
      select: rsvpsSelect,
      resolve: (o) => o.rsvps.filter((r) => r.status === 'WAITLISTED').length,
    }),
    attendees: t.field({
      type: [OpenHouseAttendeeRef],
      nullable: true,
      description:
        "Who is going and who waits, in the order they answered: to the listing's owner and agent only (null to anyone else).",
      select: {
        property: { select: listingAccessSelect },
        rsvps: {
          select: {
            id: true,
            status: true,
            userId: true,
            createdAt: true,
            user: { select: { firstName: true, lastName: true } },
          },
          orderBy: rsvpsOrder,
        },
      },
      resolve: (o, _args, ctx) =>
        canManageListing(ctx.viewer, o.property)
          ? o.rsvps.map((r) => ({
              id: r.id,
              name: `${r.user.firstName} ${r.user.lastName.slice(0, 1)}.`.trim(),
              status: r.status,
              since: r.createdAt,
            }))
          : null,
    }),
    listing: t.relation('property', {
      description:
        "The listing of the open house. Open houses are reached through a listing the viewer may see, or the viewer's own RSVPs (public listings only).",
    }),
    viewerRsvp: t.field({
      type: RsvpStatusEnum,
      nullable: true,
      description: "The viewer's RSVP: GOING, WAITLISTED, or null (none, or signed out).",
      select: rsvpsSelect,
      resolve: (o, _args, ctx) => (ctx.viewer ? (o.rsvps.find((r) => r.userId === ctx.viewer!.uid)?.status ?? null) : null),
    }),
  }),
});

export const PriceChangeRef = builder.prismaObject('PriceChange', {
  fields: (t) => ({
    id: t.exposeID('id'),
    oldPrice: t.exposeInt('oldPrice', { nullable: true }),
    newPrice: t.exposeInt('newPrice'),
    changedAt: t.expose('changedAt', { type: 'DateTime' }),
  }),
});

export const PriceDropRef = builder.objectRef<PriceDrop>('PriceDrop').implement({
  description: `The last drop of the asking rent, within the last ${PRICE_DROP_WINDOW_DAYS} days.`,
  fields: (t) => ({
    amount: t.exposeInt('amount', { description: 'Old rent minus new rent, whole US dollars.' }),
    at: t.expose('at', { type: 'DateTime' }),
  }),
});

export const ConcessionRef = builder
  .objectRef<{ monthsFree: number; leaseMonths: number; terms: string | null }>('Concession')
  .implement({
    description: "A concession: months of rent free on a lease of N months ('1 month free on 12').",
    fields: (t) => ({
      monthsFree: t.exposeFloat('monthsFree', { description: 'Months free (halves allowed).' }),
      leaseMonths: t.exposeInt('leaseMonths', { description: 'The months of the lease they come with.' }),
      terms: t.exposeString('terms', { nullable: true, description: 'The terms as the listing states them.' }),
      label: t.string({ description: "'1 month free on 12'.", resolve: (c) => concessionLabel(c) }),
    }),
  });

export const PropertyRef = builder.prismaObject('Property', {
  description: 'A listing: an apartment, house or room for rent (or sale, or sublet).',
  // Select mode: a query reads the columns of the fields it asks for (each field names what it reads,
  // which TypeScript checks), not all of a listing's: a search page's partner query reads about 30 of
  // 65, and PostgreSQL builds and the app parses that much less JSON (tests/bench/load-results.md).
  select: { id: true },
  fields: (t) => ({
    id: t.exposeID('id'),
    slug: t.exposeString('slug'),
    // The fields the listing form edits, from their declarations (common/listing-fields.ts).
    ...listingOutputFields(t),
    netEffectivePrice: t.exposeInt('netEffectivePrice', {
      description:
        'The net effective monthly rent: the gross rent with the free months of the concession spread over its lease, to the dollar (gross x (lease - free) / lease); equal to `price` without a concession.',
    }),
    concession: t.field({
      type: ConcessionRef,
      nullable: true,
      description: "The listing's concession (months free on a lease of N months); null without one.",
      select: { concessionMonthsFree: true, concessionLeaseMonths: true, concessionTerms: true },
      resolve: (p) => {
        const c = {
          monthsFree: p.concessionMonthsFree === null ? null : Number(p.concessionMonthsFree),
          leaseMonths: p.concessionLeaseMonths,
        };
        return hasConcession(c) ? { ...c, terms: p.concessionTerms } : null;
      },
    }),
    originalPrice: t.exposeInt('originalPrice', { nullable: true, description: 'Earlier asking rent, shown struck through.' }),
    location: t.field({
      type: LocationRef,
      nullable: true,
      select: { locationLat: true, locationLng: true },
      resolve: (p) =>
        p.locationLat === null || p.locationLng === null ? null : { lat: Number(p.locationLat), lng: Number(p.locationLng) },
    }),
    nearbyStations: t.field({
      type: [NearbyStationRef],
      description: 'Subway stations within about a 15-minute walk, nearest first (at most five).',
      select: { nearbyStations: true, locationLat: true, locationLng: true },
      resolve: (p) => storedNearbyStations(p),
    }),
    commuteMinutes: t.int({
      nullable: true,
      description:
        'Estimated door-to-door minutes by subway to a destination (walk to one of the nearby stations, wait, ride, change, walk), or walking when quicker; null when out of reach. The same figure the search filters and sorts by (docs/decisions/0030-commute.md).',
      args: { to: t.arg({ type: CommuteDestinationInput, description: 'Where the commute goes; without it, null.' }) },
      select: { nearbyStations: true, locationLat: true, locationLng: true },
      resolve: (p, args) => {
        if (!args.to) return null;
        const parsed = commuteToSchema.safeParse(toCommuteTo(args.to));
        if (!parsed.success) throw fromZod(parsed.error);
        return commuteMinutesOf(commuteContext(parsed.data), p);
      },
    }),
    totalMoveInCost: t.int({
      description:
        'First month + security deposit + application fee + broker fee (when the tenant pays it) + one-time other fees.',
      select: {
        price: true,
        securityDeposit: true,
        applicationFee: true,
        brokerFee: true,
        brokerFeePayer: true,
        otherFees: true,
      },
      resolve: (p) => totalMoveInCost(p),
    }),
    noFee: t.boolean({
      description: "'No fee': the tenant pays no broker fee.",
      select: { brokerFeePayer: true, brokerFee: true },
      resolve: (p) => isNoFee(p),
    }),
    otherFees: t.field({
      type: [TenantFeeRef],
      description: 'Every other fee the tenant pays (NYC FARE Act disclosure).',
      select: { otherFees: true },
      resolve: (p) =>
        Array.isArray(p.otherFees)
          ? (p.otherFees as Array<{ label: string; amount: number; frequency: 'ONE_TIME' | 'MONTHLY' }>)
          : [],
    }),
    status: t.expose('status', { type: ListingStatusEnum }),
    isAvailable: t.exposeBoolean('isAvailable'),
    deactivatedAt: t.expose('deactivatedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the listing was last taken off the market (null while it is active or never was).',
    }),
    averageRating: t.float({
      nullable: true,
      description: "The average score of the reviews written about this listing's rental, to two decimals; null without reviews.",
      select: { reviews: { select: { score: true } } },
      resolve: (p) => averageScore(p.reviews.map((r) => r.score)),
    }),
    ratingCount: t.int({
      description: "How many reviews were written about this listing's rental.",
      select: { reviews: { select: { score: true } } },
      resolve: (p) => p.reviews.length,
    }),
    views: t.int({
      nullable: true,
      description: 'Counted views: to its owner, its listing agent and administrators only (null to others).',
      select: { views: true, ...listingAccessSelect },
      resolve: async (p, _args, ctx) => ((await canReadListingNumbers(ctx.prisma, ctx.viewer, p)) ? p.views : null),
    }),
    inquiriesCount: t.int({
      nullable: true,
      description: 'Conversations started about it: to its owner, its listing agent and administrators only (null to others).',
      select: { inquiriesCount: true, ...listingAccessSelect },
      resolve: async (p, _args, ctx) => ((await canReadListingNumbers(ctx.prisma, ctx.viewer, p)) ? p.inquiriesCount : null),
    }),
    savesCount: t.int({
      nullable: true,
      description:
        'How many people have it in their saved listings (issue 59 item 2): to its owner, its listing agent and administrators only (null to others).',
      select: { _count: { select: { favorites: true } }, ...listingAccessSelect },
      resolve: async (p, _args, ctx) => ((await canReadListingNumbers(ctx.prisma, ctx.viewer, p)) ? p._count.favorites : null),
    }),
    tourRequestsCount: t.int({
      nullable: true,
      description:
        'Private tours requested of it, whatever became of them (leads beyond conversations and saves; issue 59 item 2): to its owner, its listing agent and administrators only (null to others).',
      select: { _count: { select: { tourRequests: true } }, ...listingAccessSelect },
      resolve: async (p, _args, ctx) => ((await canReadListingNumbers(ctx.prisma, ctx.viewer, p)) ? p._count.tourRequests : null),
    }),
    priceDrop: t.field({
      type: PriceDropRef,
      nullable: true,
      description: `The last drop of the asking rent when it happened in the last ${PRICE_DROP_WINDOW_DAYS} days ('Price drop $250'); null otherwise, or when the rent rose since (common/freshness.ts).`,
      select: { priceDroppedAt: true, priceDropAmount: true },
      resolve: (p) => recentPriceDrop(p),
    }),
    isNew: t.boolean({
      description: `True for a listing on the market for less than ${NEW_LISTING_DAYS} days ('New'; common/freshness.ts).`,
      select: { listedAt: true },
      resolve: (p) => isNewListing(p.listedAt),
    }),
    listedAt: t.expose('listedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the listing went on the market (its first publication); null for a draft never published.',
    }),
    availableNow: t.boolean({
      description:
        "True when the available date is today or has gone by in New York: the home is free now ('Available now'; common/available.ts).",
      select: { availableDate: true },
      resolve: (p) => isAvailableNow(p.availableDate.toISOString()),
    }),
    daysOnMarket: t.int({
      nullable: true,
      description:
        "Days on market: New York calendar days since `listedAt` (0 on its first day; 'Listed 12 days ago'); null for a draft never published.",
      select: { listedAt: true },
      resolve: (p) => daysOnMarket(p.listedAt),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    ownerId: t.exposeID('ownerId'),
    viewerCanManage: t.boolean({
      description:
        "True when the viewer is the listing's owner or its listing agent (they manage it and cannot contact themselves).",
      select: listingAccessSelect,
      resolve: (p, _args, ctx) => canManageListing(ctx.viewer, p),
    }),
    version: t.int({
      nullable: true,
      description:
        "The listing's edit version, one more on every write of its managers: give it back as updateListing's `expectedVersion` (a stale one answers CONFLICT). To its owner and agent only (null to anyone else).",
      select: { ...listingAccessSelect, version: true },
      resolve: (p, _args, ctx) => (canManageListing(ctx.viewer, p) ? p.version : null),
    }),
    agent: t.relation('agent', { nullable: true }),
    photos: t.relation('photos', { query: { orderBy: { position: 'asc' } } }),
    openHouses: t.relation('openHouses', { query: { orderBy: { startsAt: 'asc' } } }),
    priceHistory: t.relation('priceChanges', {
      description: `The price changes of the listing, oldest first: the last \`first\` of them (default ${PAGE_LIMITS.priceHistory.default}, at most ${PAGE_LIMITS.priceHistory.max}).`,
      args: { first: t.arg.int({ defaultValue: PAGE_LIMITS.priceHistory.default }) },
      // A negative take reads the last rows of the ascending order.
      query: (args) => ({
        orderBy: [{ changedAt: 'asc' }, { id: 'asc' }],
        take: -Math.min(PAGE_LIMITS.priceHistory.max, Math.max(1, args.first ?? PAGE_LIMITS.priceHistory.default)),
      }),
    }),
  }),
});

export const SuggestionKindEnum = builder.enumType('SuggestionKind', {
  values: {
    NEIGHBORHOOD: { description: "One of the 43 neighborhoods, labelled 'Williamsburg, Brooklyn'." },
    ADDRESS: { description: 'A street address (of an active listing, or from the geocoder).' },
  } as const,
});

export const AddressSuggestionRef = builder.objectRef<AddressSuggestion>('AddressSuggestion').implement({
  description: 'A suggestion for the address search box.',
  fields: (t) => ({
    label: t.exposeString('label'),
    kind: t.field({ type: SuggestionKindEnum, resolve: (s) => s.kind }),
    neighborhood: t.exposeString('neighborhood', { nullable: true }),
    borough: t.field({ type: BoroughEnum, nullable: true, resolve: (s) => s.borough }),
    lat: t.exposeFloat('lat', { nullable: true }),
    lng: t.exposeFloat('lng', { nullable: true }),
  }),
});

export const PropertyMapPointRef = builder.objectRef<MapPoint>('PropertyMapPoint').implement({
  description:
    'A place on the map where `count` matching listings are: one listing, one building, or one cell of a coarser grid.',
  fields: (t) => ({
    lat: t.exposeFloat('lat'),
    lng: t.exposeFloat('lng'),
    count: t.exposeInt('count', { description: 'How many listings this point stands for.' }),
    price: t.exposeInt('price', { description: 'The lowest monthly rent among them.' }),
    id: t.exposeID('id', { nullable: true, description: 'The listing, when the point stands for exactly one.' }),
  }),
});

export const PropertyMapPointsRef = builder.objectRef<MapPoints>('PropertyMapPoints').implement({
  description: `Where every match of a search is: at most ${MAP_POINTS_CAP.toLocaleString('en-US')} points whose counts add up to \`placed\`.`,
  fields: (t) => ({
    points: t.field({ type: [PropertyMapPointRef], resolve: (m) => m.points }),
    placed: t.exposeInt('placed', { description: "Matches with a location: the sum of the points' counts." }),
    unplaced: t.exposeInt('unplaced', { description: 'Matches without a location (not on the map).' }),
    grid: t.exposeInt('grid', {
      description:
        'The grid the points were grouped on, in decimal places of a degree: 4 (about 11 m, one building) to 1 (about 11 km).',
    }),
  }),
});

// ---------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------

export const BoundsInput = builder.inputType('BoundsInput', {
  description: 'A map area: listings whose location lies inside it.',
  fields: (t) => ({
    north: t.float({ required: true }),
    south: t.float({ required: true }),
    east: t.float({ required: true }),
    west: t.float({ required: true }),
  }),
});

export const AreaPointInput = builder.inputType('AreaPoint', {
  description: 'A corner of a drawn area, in New York City.',
  fields: (t) => ({
    lat: t.float({ required: true }),
    lng: t.float({ required: true }),
  }),
});

export const PropertyFilterInput = builder.inputType('PropertyFilter', {
  fields: (t) => ({
    search: t.string({ description: 'Matches address, title and neighborhood.' }),
    borough: t.field({ type: BoroughEnum }),
    neighborhood: t.string(),
    listingType: t.field({
      type: SearchListingTypeEnum,
      description: 'Rentals (FOR_RENT, the default: for rent and sublets) or homes for sale (FOR_SALE).',
    }),
    minPrice: t.int({ description: 'At least this monthly rent (of `priceBasis`: the gross rent unless NET_EFFECTIVE).' }),
    maxPrice: t.int({ description: 'At most this monthly rent (of `priceBasis`).' }),
    priceBasis: t.field({
      type: PriceBasisEnum,
      description:
        'Which rent minPrice, maxPrice and the sorts PRICE_LOW and PRICE_HIGH read: GROSS (the default) or NET_EFFECTIVE.',
    }),
    minBeds: t.int({
      description: '0 is Studio (exactly 0, unless `maxBeds` makes a range), 1-4 at least that many, 5 means 5+.',
    }),
    propertyType: t.field({ type: PropertyTypeEnum }),
    pets: t.field({ type: PetsFilterEnum }),
    bounds: t.field({ type: BoundsInput }),
    accessibility: t.field({
      type: [AccessibilityFeatureEnum],
      description: 'Homes with every one of these accessibility features.',
    }),
    area: t.field({
      type: [AreaPointInput],
      description: 'Inside a drawn area: a polygon of 3 to 24 corners, in order (it closes itself).',
    }),
    updatedSince: t.field({
      type: 'DateTime',
      description:
        'Only listings changed at or after this time (new, edited, price or status changes): for partners keeping a copy in sync.',
    }),
    lines: t.stringList({
      description: "Near a station served by any of these subway lines ('L', 'G', '7', 'SI'; at most 12).",
    }),
    walkMinutes: t.int({
      description: 'Within this many minutes of walking of a subway station (5, 10 or 15), of those lines when lines are given.',
    }),
    commuteTo: t.field({
      type: CommuteDestinationInput,
      description:
        'Where the visitor commutes to: `Property.commuteMinutes` then estimates door-to-door minutes by subway; needed by `commuteMaxMinutes` and the sort COMMUTE.',
    }),
    commuteMaxMinutes: t.int({
      description: 'At most this many minutes door to door by subway to `commuteTo` (5 to 120; docs/decisions/0030-commute.md).',
    }),
    // noFee, maxBeds, minBaths, amenities, moveInBy, …: common/search-filters.ts.
    ...declaredFilterInputFields(t),
  }),
});

/** GraphQL input → the service's filter (nulls dropped; the service validates with zod). */
function toFilter(input: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const filter = Object.fromEntries(Object.entries(input ?? {}).filter(([, v]) => v !== null && v !== undefined));
  if (filter.commuteTo) filter.commuteTo = toCommuteTo(filter.commuteTo as Parameters<typeof toCommuteTo>[0]);
  return filter;
}

/** The arguments of `Query.properties` as GraphQL coerced them. */
export interface SearchConnectionArgs {
  filter?: Record<string, unknown> | null;
  sort?: unknown;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/**
 * `Query.properties`: a page of the public search as a keyset connection, with the capped count in
 * the same statement when `withCount`. Also what the search page's own executor answers from
 * (server/graphql/search-page.ts), with the query of the rows it reads.
 */
export async function searchConnection(prisma: PrismaClient, args: SearchConnectionArgs, query: object, withCount: boolean) {
  if (args.last != null || args.before != null) {
    throw new AppError('BAD_USER_INPUT', 'Only forward paging (first, after) is supported');
  }
  const page = await searchListings<{ id: string; createdAt: Date; price: number; views: number; ownerId: string }>(
    prisma,
    { filter: toFilter(args.filter), sort: args.sort, first: args.first, after: args.after, withCount },
    query,
  );
  const edges = page.rows.map((node) => ({ cursor: page.cursorOf(node), node }));
  return keysetConnection(edges, { hasNextPage: page.hasNextPage, after: args.after, count: page.count });
}

// ---------------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------------

/** `Query.property`: a listing by id or slug, loaded with the document's query, as the viewer may see it. */
const withExtensions = <T extends { extensions: Record<string, unknown> }>(field: T, more: Record<string, unknown>): T => ({
  ...field,
  extensions: { ...field.extensions, ...more },
});

/** The arguments `property` finds a listing by: one of them is required. */
const PROPERTY_KEYS = ['id', 'slug'] as const;

function findProperty(
  query: Parameters<typeof findListing>[3],
  _root: unknown,
  args: { id?: string | number | null; slug?: string | null },
  ctx: GraphQLContext,
) {
  const key = args.id != null ? String(args.id) : args.slug;
  // Asked for nothing is a mistake of the caller's, not a listing that does not exist (issue 53 item 4).
  if (key === null || key === undefined) throw new AppError('BAD_USER_INPUT', 'Give the listing’s id or slug.');
  return findListing(ctx.prisma, key, ctx.viewer, query);
}

builder.queryFields((t) => ({
  addressSuggestions: t.field({
    type: [AddressSuggestionRef],
    description:
      'Suggestions for the address search box: empty until the trimmed text is longer than 2 characters; at most 8. From the local gazetteer (neighborhoods and listed addresses), or the configured geocoder.',
    args: { query: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => suggestAddresses(ctx.prisma, args.query, ctx.log),
  }),
  property: t.prismaField({
    type: 'Property',
    nullable: true,
    description:
      'A listing by id or slug (one of them is required: neither is BAD_USER_INPUT). Null when there is no such listing or the viewer may not see it: drafts and inactive listings are visible to their owner and agent only.',
    args: { id: t.arg.id(), slug: t.arg.string() },
    // The planned path runs the same resolver with the query it kept (graphql/planned/). One of the
    // keys is required (findProperty refuses neither): the planned path leaves such a request to Apollo.
    ...withExtensions(keptQuery(findProperty), { oneOfArgs: PROPERTY_KEYS }),
  }),
  propertyMapPoints: t.field({
    type: PropertyMapPointsRef,
    description:
      'Every listing matching the search, as points for a map (one statement for up to a few thousand matches): the same filter as `properties`.',
    args: { filter: t.arg({ type: PropertyFilterInput }) },
    resolve: (_root, args, ctx) => searchMapPoints(ctx.prisma, toFilter(args.filter)),
  }),
  properties: t.connection(
    {
      type: PropertyRef,
      description: 'The public search: active listings, filtered and sorted, with keyset cursors.',
      args: {
        filter: t.arg({ type: PropertyFilterInput }),
        sort: t.arg({ type: PropertySortEnum, defaultValue: 'newest' }),
      },
      // The planned path runs the same resolver with the query it kept (graphql/planned/).
      ...keptQueryField(
        { typeName: 'Property', path: ['edges', 'node'] },
        (query: object, _root, args: SearchConnectionArgs, ctx, info) =>
          searchConnection(ctx.prisma, args, query, selectsAnyField(info, ['totalCount', 'totalCountCapped'])) as never,
      ),
    },
    {
      name: 'PropertyConnection',
      fields: (c) => ({
        totalCount: c.int({
          description: `How many listings match the filter (all pages), counted up to ${COUNT_CAP.toLocaleString('en-US')}: past that it is ${COUNT_CAP.toLocaleString('en-US')} and \`totalCountCapped\` is true (shown as '${COUNT_CAP.toLocaleString('en-US')}+'). Ask for it on the first page only: it is one more statement.`,
          resolve: async (conn) => (await (conn as unknown as ConnectionWithCount<SearchCount>).totalCount()).n,
        }),
        totalCountCapped: c.boolean({
          description: `True when more than ${COUNT_CAP.toLocaleString('en-US')} listings match (\`totalCount\` is then ${COUNT_CAP.toLocaleString('en-US')}).`,
          resolve: async (conn) => (await (conn as unknown as ConnectionWithCount<SearchCount>).totalCount()).capped,
        }),
      }),
    },
    { name: 'PropertyEdge' },
  ),
}));

// ---------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------

builder.mutationFields((t) => ({
  recordPropertyView: t.prismaField({
    type: 'Property',
    nullable: true,
    description:
      'Counts one visit of an active listing (by id or slug) and returns it; null when there is no such active listing. One view per visitor (a finished account, else visitor cookie, else address; a signed-in identity whose sign-up is unfinished counts as its address) per listing per 30 minutes, at most 20 anonymous ones per address; visits by the owner or the listing agent are not counted.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const visitor = ctx.visitor;
      const recorded = await recordListingView(ctx.prisma, String(args.id), {
        viewerUid: ctx.viewer?.uid ?? null,
        cookieId: visitor?.cookieId ?? null,
        issuedCookieId: ctx.viewer ? null : (visitor?.issueCookie() ?? null),
        ip: visitor?.ip ?? 'unknown',
      });
      return recorded ? ctx.prisma.property.findUnique({ ...query, where: { id: recorded.id } }) : null;
    },
  }),
}));

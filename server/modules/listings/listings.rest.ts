import express, { type NextFunction, type Request, type Response } from 'express';
import { z } from 'zod';
import { findNeighborhood, parseBorough } from '../../../common/nyc.js';
import {
  applianceLabels,
  boroughLabels,
  brokerFeePayerLabels,
  buildingAmenityLabels,
  flooringLabels,
  hvacLabels,
  labelOf,
  laundryLabels,
  leaseTermLabels,
  listingTypeLabels,
  parkingLabels,
  PetsFilterValues,
  petPolicyLabels,
  petTypeLabels,
  PropertyTypeValues,
  propertyTypeLabels,
  smokingPolicyLabels,
  SortValues,
  unitFeatureLabels,
  utilityLabels,
} from '../../../common/options.js';
import { isNewListing, recentPriceDrop } from '../../../common/freshness.js';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../../../common/search.js';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError, fromZod } from '../../core/errors.js';
import { displayName, isNewAgent } from '../agents/agents.service.js';
import { findListing, searchListings, totalMoveInCost } from './listings.service.js';
import { listingNumbersReader } from './visibility.js';
import { storedNearbyStations } from '../transit/nearby.js';
import { commuteMinutesOf } from '../transit/commute-search.js';

/**
 * REST shims of the listings (SPEC part 7): GET /api/properties and GET /api/properties/{id or slug},
 * answered in the shape SPEC parts 3 and 7 say a client reads (with its aliases: address_full, beds,
 * baths, square_feet, images, photoUrls, created_at, owner_id…). Option values are given by their
 * labels ('Brooklyn', 'Pets Allowed'); status in lower case ('active').
 */

/** Every REST shim answers with no-cache headers (SPEC part 7). */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.set({ 'Cache-Control': 'no-store, no-cache, must-revalidate', Pragma: 'no-cache' });
  next();
}

// ---------------------------------------------------------------------------------------------------
// The listing object
// ---------------------------------------------------------------------------------------------------

export const agentSummaryInclude = {
  user: { select: { firstName: true, lastName: true, email: true, photoUrl: true, createdAt: true } },
} satisfies Prisma.AgentInclude;

export const listingItemInclude = {
  agent: { include: agentSummaryInclude },
  photos: { orderBy: { position: 'asc' } },
  openHouses: { orderBy: { startsAt: 'asc' } },
  reviews: { select: { score: true } },
} satisfies Prisma.PropertyInclude;

export type ListingWithRelations = Prisma.PropertyGetPayload<{ include: typeof listingItemInclude }>;
type AgentWithUser = Prisma.AgentGetPayload<{ include: typeof agentSummaryInclude }>;

/** The agent summary of a listing (SPEC part 3, Agent: "Summary on a listing"). */
export function toAgentSummary(agent: AgentWithUser) {
  const name = displayName(agent.user);
  const rating = Number(agent.rating);
  return {
    id: agent.id,
    userId: agent.userId,
    displayName: name,
    name,
    email: agent.user.email,
    photoURL: agent.user.photoUrl,
    photoUrl: agent.user.photoUrl,
    rating,
    ratingAvg: rating,
    ratingCount: agent.reviewCount,
    reviewCount: agent.reviewCount,
    years: agent.yearsExperience,
    agency: agent.agency,
    isNew: isNewAgent(agent.user.createdAt, agent.reviewCount),
    license_verified: agent.licenseVerifiedAt !== null && agent.license !== null,
  };
}

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
const labels = <K extends string>(map: Readonly<Record<K, string>>, values: readonly K[]) => values.map((v) => labelOf(map, v));
const nullableLabel = <K extends string>(map: Readonly<Record<K, string>>, value: K | null) =>
  value === null ? null : labelOf(map, value);

/** A listing as the REST shims answer it; its numbers only to those who read them (`listingNumbersReader`). */
export function toListingItem(p: ListingWithRelations, readsNumbers = false) {
  const photos = p.photos.map((ph) => ({ url: ph.url, thumbnailUrl: ph.thumbnailUrl, width: ph.width, height: ph.height }));
  const urls = photos.map((ph) => ph.url);
  const bedrooms = Number(p.bedrooms);
  const bathrooms = Number(p.bathrooms);
  const ratings = p.reviews.map((r) => r.score);
  const petPolicy = labelOf(petPolicyLabels, p.petPolicy);
  const smokingPolicy = labelOf(smokingPolicyLabels, p.smokingPolicy);
  const parking = labelOf(parkingLabels, p.parking);
  const leaseTerm = labelOf(leaseTermLabels, p.leaseTerm);
  const utilitiesIncluded = labels(utilityLabels, p.utilitiesIncluded);
  const petTypesAllowed = labels(petTypeLabels, p.petTypesAllowed);
  const availableDate = dateOnly(p.availableDate);
  const priceDrop = recentPriceDrop(p);
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    address: p.address,
    address_full: p.address,
    unit: p.unit,
    neighborhood: p.neighborhood,
    borough: labelOf(boroughLabels, p.borough),
    postalCode: p.postalCode,
    price: p.price,
    originalPrice: p.originalPrice,
    bedrooms,
    beds: bedrooms,
    bathrooms,
    baths: bathrooms,
    sqft: p.sqft,
    square_feet: p.sqft,
    propertyType: labelOf(propertyTypeLabels, p.propertyType),
    listingType: labelOf(listingTypeLabels, p.listingType),
    availableDate,
    leaseTerm,
    photos,
    images: urls,
    photoUrls: urls,
    media: photos.map((ph) => ({ type: 'image' as const, url: ph.url, thumbnailUrl: ph.thumbnailUrl })),
    amenities: p.amenities,
    location:
      p.locationLat === null || p.locationLng === null ? null : { lat: Number(p.locationLat), lng: Number(p.locationLng) },
    locationPlaceId: p.locationPlaceId,
    nearby_stations: storedNearbyStations(p).map((s) => ({ name: s.name, lines: s.lines, walk_minutes: s.walkMinutes })),
    securityDeposit: p.securityDeposit,
    applicationFee: p.applicationFee,
    brokerFee: p.brokerFee,
    brokerFeePayer: nullableLabel(brokerFeePayerLabels, p.brokerFeePayer),
    totalMoveInCost: totalMoveInCost(p),
    utilitiesIncluded,
    petPolicy,
    petFee: p.petFee,
    petDeposit: p.petDeposit,
    petTypesAllowed,
    smokingPolicy,
    parking,
    parkingFee: p.parkingFee,
    laundry: nullableLabel(laundryLabels, p.laundry),
    buildingAmenities: labels(buildingAmenityLabels, p.buildingAmenities),
    unitFeatures: labels(unitFeatureLabels, p.unitFeatures),
    flooringType: nullableLabel(flooringLabels, p.flooringType),
    appliancesIncluded: labels(applianceLabels, p.appliancesIncluded),
    hvac: nullableLabel(hvacLabels, p.hvac),
    virtualTourUrl: p.virtualTourUrl,
    openHouseSchedule: p.openHouses.map((o) => ({
      startsAt: o.startsAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      note: o.note,
    })),
    status: p.status.toLowerCase(),
    isAvailable: p.isAvailable,
    deactivatedAt: p.deactivatedAt?.toISOString() ?? null,
    views: readsNumbers ? p.views : null,
    inquiriesCount: readsNumbers ? p.inquiriesCount : null,
    inquiries_count: readsNumbers ? p.inquiriesCount : null,
    average_rating: ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : null,
    total_ratings: ratings.length,
    createdAt: p.createdAt.toISOString(),
    created_at: p.createdAt.toISOString(),
    price_drop: priceDrop ? { amount: priceDrop.amount, at: priceDrop.at.toISOString() } : null,
    is_new: isNewListing(p.createdAt),
    updatedAt: p.updatedAt.toISOString(),
    ownerId: p.ownerId,
    owner_id: p.ownerId,
    agentId: p.agentId,
    agent: p.agent ? toAgentSummary(p.agent) : null,
    pricing: {
      monthlyRent: p.price,
      securityDeposit: p.securityDeposit,
      applicationFee: p.applicationFee,
      brokerFee: p.brokerFee,
      availableDate,
    },
    policies: {
      petPolicy,
      smokingPolicy,
      parking,
      petFee: p.petFee,
      petDeposit: p.petDeposit,
      petTypesAllowed,
      leaseTerm,
      utilitiesIncluded,
    },
  };
}

export type ListingItem = ReturnType<typeof toListingItem>;

// ---------------------------------------------------------------------------------------------------
// Query string of GET /api/properties → the search of the GraphQL API (same zod schema behind it)
// ---------------------------------------------------------------------------------------------------

/** Absent, empty, 'all' and 'any' all mean "no filter" (the client omits them, others may not). */
const param = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 'all' || v === 'any' ? undefined : v));

const wholeNumber = param.transform((v, ctx) => {
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number' });
    return z.NEVER;
  }
  return Number(v);
});

const oneOf = <T extends string>(values: readonly T[], normalize: (v: string) => string) =>
  param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const found = values.find((x) => x === normalize(v));
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` });
      return z.NEVER;
    }
    return found;
  });

export const restSearchQuerySchema = z.object({
  search: param,
  borough: param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const borough = parseBorough(v);
    if (!borough) {
      ctx.addIssue({ code: 'custom', message: 'must be a borough of New York City' });
      return z.NEVER;
    }
    return borough;
  }),
  // A known name in any case becomes its canonical spelling; anything else is refused by the filter schema.
  neighborhood: param.transform((v) => (v === undefined ? undefined : (findNeighborhood(v)?.name ?? v))),
  minPrice: wholeNumber,
  maxPrice: wholeNumber,
  minBeds: param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = v.toLowerCase() === 'studio' ? 0 : /^\d\+?$/.test(v) ? Number.parseInt(v, 10) : Number.NaN;
    if (Number.isNaN(n)) {
      ctx.addIssue({ code: 'custom', message: 'must be 0 (studio) to 5 (5+)' });
      return z.NEVER;
    }
    return n;
  }),
  propertyType: oneOf(PropertyTypeValues, (v) => v.toUpperCase()),
  pets: oneOf(
    PetsFilterValues.filter((v) => v !== 'any'),
    (v) => v.toLowerCase(),
  ),
  // lines=L,G (or repeated), walk=10: issue 13 item 3.
  lines: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => {
      if (v === undefined) return undefined;
      const ids = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim().toUpperCase());
      const kept = ids.filter(Boolean);
      return kept.length ? kept : undefined;
    }),
  walk: wholeNumber,
  // commute_to=station:L08 or commute_to=40.7359,-73.9911, commute_max=30: issue 13 item 4.
  commute_to: param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const station = /^station:(.+)$/i.exec(v);
    if (station) return { stationId: station[1]!.toUpperCase() };
    const point = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(v);
    if (point) return { lat: Number(point[1]), lng: Number(point[2]) };
    ctx.addIssue({ code: 'custom', message: "must be 'station:<id>' or '<lat>,<lng>'" });
    return z.NEVER;
  }),
  commute_max: wholeNumber,
  sort: oneOf(SortValues, (v) => v.toLowerCase()),
  limit: wholeNumber,
  cursor: param,
});

export function parseRestSearchQuery(query: unknown) {
  const parsed = restSearchQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  const { limit, cursor, sort, walk, commute_to, commute_max, ...rest } = parsed.data;
  const filter = { ...rest, walkMinutes: walk, commuteTo: commute_to, commuteMaxMinutes: commute_max };
  const cleanFilter = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
  return { filter: cleanFilter, sort: sort ?? 'newest', first: limit ?? SEARCH_PAGE_SIZE, after: cursor ?? null };
}

// ---------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------

export function listingRoutes(deps: { prisma: PrismaClient }): express.Router {
  const { prisma } = deps;
  const router = express.Router();

  router.get('/properties', noStore, async (req, res) => {
    const args = parseRestSearchQuery(req.query);
    if (args.first > SEARCH_MAX_PAGE_SIZE || args.first < 1) {
      throw new AppError('BAD_USER_INPUT', `limit must be between 1 and ${SEARCH_MAX_PAGE_SIZE}`);
    }
    const page = await searchListings<ListingWithRelations>(prisma, args, { include: listingItemInclude });
    const last = page.rows.at(-1);
    const commute = page.commute;
    const reads = await listingNumbersReader(prisma, req.viewer);
    res.json({
      // With commute_to, each item also says its door-to-door minutes by subway (null when out of reach).
      items: page.rows.map((p) =>
        commute ? { ...toListingItem(p, reads(p)), commute_minutes: commuteMinutesOf(commute, p) } : toListingItem(p, reads(p)),
      ),
      nextCursor: page.hasNextPage && last ? page.cursorOf(last) : null,
    });
  });

  router.get('/properties/:idOrSlug', noStore, async (req, res) => {
    const { idOrSlug } = req.params as { idOrSlug: string };
    const listing = await findListing(prisma, idOrSlug, req.viewer, { include: listingItemInclude });
    if (!listing) throw new AppError('NOT_FOUND', 'Property not found');
    res.json(toListingItem(listing, (await listingNumbersReader(prisma, req.viewer))(listing)));
  });

  return router;
}

import {
  DECLARED_FILTER_NAMES,
  parseDeclaredFilter,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type SearchFilterDeclaration,
} from '../../../common/search-filters.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Viewer } from '../../core/viewer.js';
import type { Logger } from '../../logger.js';
import { z } from 'zod';
import { findNeighborhood, parseBorough } from '../../../common/nyc.js';
import { labelOf, PetsFilterValues, PropertyTypeValues, SortValues } from '../../../common/options.js';
import { LISTING_FIELDS, optionLabelsOf, plainOutputNamesOf, type ListingFields } from '../../../common/listing-fields.js';
import { isSale } from '../../../common/listing.js';
import { SEARCH_MAX_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../../../common/search.js';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError, fromZod } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { findListing, searchListings } from './listings.service.js';
import { canManageListing } from './visibility.js';

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
  // Property.savesCount reads it.
  _count: { select: { favorites: true } },
} satisfies Prisma.PropertyInclude;

export type ListingWithRelations = Prisma.PropertyGetPayload<{ include: typeof listingItemInclude }>;

/**
 * Runs a fragment of the GraphQL schema over a row already loaded (server/graphql/planned/
 * `createSelection`, given to the REST routes by app.ts): every value of a REST item is the schema's.
 */
export type SelectionOf = (
  fragment: string,
) => (
  row: unknown,
  context: { prisma: PrismaClient; viewer: Viewer | null; log: Logger },
  variables?: Record<string, unknown>,
) => Promise<Record<string, unknown>>;

/**
 * A listing as the REST shims answer it: the GraphQL `Property` fields, under SPEC part 7's names
 * (aliases), with the options by their labels and the grouped copies below. Its numbers (views,
 * inquiries) only to those who read them, as GraphQL decides.
 */
/** The declared fields of the REST item (common/listing-fields.ts): each by its name and its aliases. */
export function restItemSelection(fields: ListingFields = LISTING_FIELDS): string {
  return plainOutputNamesOf(fields)
    .flatMap((name) => [name, ...(fields[name]!.rest?.aliases ?? []).map((alias) => `${alias}: ${name}`)])
    .map((line) => `    ${line}`)
    .join('\n');
}

const restItemFragment = (fields: ListingFields) => /* GraphQL */ `
  fragment RestListingItem on Property {
    id
    slug
${restItemSelection(fields)}
    originalPrice
    netEffectivePrice
    net_effective_price: netEffectivePrice
    concession {
      monthsFree
      months_free: monthsFree
      leaseMonths
      lease_months: leaseMonths
      terms
      label
    }
    photos {
      url
      thumbnailUrl
      width
      height
    }
    location {
      lat
      lng
    }
    nearby_stations: nearbyStations {
      name
      lines
      walk_minutes: walkMinutes
    }
    totalMoveInCost
    openHouseSchedule: openHouses {
      startsAt
      endsAt
      note
    }
    status
    isAvailable
    deactivatedAt
    views
    inquiriesCount
    inquiries_count: inquiriesCount
    savesCount
    saves_count: savesCount
    average_rating: averageRating
    total_ratings: ratingCount
    createdAt
    created_at: createdAt
    price_drop: priceDrop {
      amount
      at
    }
    is_new: isNew
    listedAt
    listed_at: listedAt
    days_on_market: daysOnMarket
    updatedAt
    ownerId
    owner_id: ownerId
    agent {
      id
      userId
      displayName
      name: displayName
      email
      photoURL: photoUrl
      photoUrl
      rating
      ratingAvg: rating
      ratingCount: reviewCount
      reviewCount
      years: yearsExperience
      agency
      isNew
      license_verified: licenseVerified
    }
    commute_minutes: commuteMinutes(to: $to)
  }
`;

const label = (map: Readonly<Record<string, string>>, v: unknown) =>
  v === null ? null : Array.isArray(v) ? v.map((x) => labelOf(map, x as string)) : labelOf(map, v as string);

type RestGroup = 'pricing' | 'policies';

/** The names of the declared fields of each REST group (`pricing`, `policies`), worked out once per set. */
const groupsOfFields = new WeakMap<ListingFields, Record<RestGroup, string[]>>();
const groupNamesOnce = (declared: ListingFields) => {
  let groups = groupsOfFields.get(declared);
  if (!groups) {
    groups = { pricing: [], policies: [] };
    for (const [name, f] of Object.entries(declared)) if (f.rest?.group) groups[f.rest.group].push(name);
    groupsOfFields.set(declared, groups);
  }
  return groups;
};

/** The declared fields of a REST group that the item has, by name. */
const groupOf = (names: readonly string[], item: Record<string, unknown>) => {
  const group: Record<string, unknown> = {};
  for (const name of names) if (name in item) group[name] = item[name];
  return group;
};

/** The option fields' labels of a set of declarations, worked out once per set (not once per item). */
const labelsOfFields = new WeakMap<ListingFields, Array<[string, Readonly<Record<string, string>>]>>();
const optionLabelsOnce = (declared: ListingFields) => {
  let labels = labelsOfFields.get(declared);
  if (!labels) labelsOfFields.set(declared, (labels = Object.entries(optionLabelsOf(declared))));
  return labels;
};

/**
 * REST's copies and groups of the schema's values (SPEC part 7), and its labels. The item is one copy
 * of the schema's answer, with REST's keys added to it (a CPU profile of the REST search page under
 * load found this function at a tenth of the CPU when it copied the item three times).
 */
export function restShape(fields: Record<string, unknown>, withCommute: boolean, declared: ListingFields = LISTING_FIELDS) {
  const { commute_minutes: commute, ...item } = fields;
  // A sale has an asking price, no rent (issue 58 item 3).
  const sale = isSale(item.listingType as string);
  for (const [key, map] of optionLabelsOnce(declared)) if (key in item) item[key] = label(map, item[key]);
  item.status = String(item.status).toLowerCase();
  const photos = item.photos as Array<{ url: string; thumbnailUrl: string }>;
  const urls = photos.map((ph) => ph.url);
  const agent = item.agent as { id: string } | null;
  const groups = groupNamesOnce(declared);
  const shaped = item as Record<string, unknown> & {
    images: string[];
    photoUrls: string[];
    media: Array<{ type: 'image'; url: string; thumbnailUrl: string }>;
    agentId: string | null;
    pricing: Record<string, unknown>;
    policies: Record<string, unknown>;
    commute_minutes?: unknown;
  };
  shaped.images = urls;
  shaped.photoUrls = urls;
  shaped.media = photos.map((ph) => ({ type: 'image' as const, url: ph.url, thumbnailUrl: ph.thumbnailUrl }));
  shaped.agentId = agent?.id ?? null;
  shaped.pricing = {
    monthlyRent: sale ? null : item.price,
    netEffectiveRent: sale ? null : item.netEffectivePrice,
    askingPrice: sale ? item.price : null,
    concession: item.concession,
    ...groupOf(groups.pricing, item),
  };
  shaped.policies = groupOf(groups.policies, item);
  if (withCommute) shaped.commute_minutes = commute;
  return shaped;
}

export type ListingItem = ReturnType<typeof restShape>;

/** REST items of listings loaded with `listingItemInclude`, for the request's viewer. */
export interface ListingItems {
  one(row: ListingWithRelations, req: Request): Promise<ListingItem>;
  /** With `commuteTo` (REST's `commute_to`), each item also says its minutes by subway (`commute_minutes`). */
  many(rows: ListingWithRelations[], req: Request, commuteTo?: unknown): Promise<ListingItem[]>;
}

export function listingItems(deps: { prisma: PrismaClient; log: Logger; selection: SelectionOf }): ListingItems {
  const select = deps.selection(restItemFragment(LISTING_FIELDS));
  const contextOf = (req: Request) => ({ prisma: deps.prisma, viewer: req.viewer ?? null, log: req.log ?? deps.log });
  return {
    one: async (row, req) => restShape(await select(row, contextOf(req), { to: null }), false),
    many: async (rows, req, commuteTo) => {
      const context = contextOf(req);
      const to = commuteTo ?? null;
      return Promise.all(rows.map(async (row) => restShape(await select(row, context, { to }), to !== null)));
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Query string of GET /api/properties → the search of the GraphQL API (same zod schema behind it)
// ---------------------------------------------------------------------------------------------------

/**
 * Each declared filter's name in `GET /api/properties`' query string, and other spellings taken
 * (kept here, out of the listings page's script; the type checker asks for every declared filter's).
 */
const REST_NAMES: Record<DeclaredFilterName, { param: string; aliases?: readonly string[] }> = {
  noFee: { param: 'no_fee', aliases: ['noFee'] },
  minBaths: { param: 'minBaths', aliases: ['min_baths'] },
  maxBeds: { param: 'max_beds', aliases: ['maxBeds'] },
  amenities: { param: 'amenities' },
  moveInBy: { param: 'move_in_by', aliases: ['moveInBy', 'available_by'] },
};
const namesOf = (name: DeclaredFilterName) => [REST_NAMES[name].param, ...(REST_NAMES[name].aliases ?? [])];

/** Absent, empty, 'all' and 'any' all mean "no filter" (the client omits them, others may not). */
const param = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === '' || v === 'all' || v === 'any' ? undefined : v));

/** true/false, 1/0, yes/no: a switch of the query string ('no_fee=true'). */
const yesNo = param.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const on = ({ true: true, '1': true, yes: true, false: false, '0': false, no: false } as Record<string, boolean>)[
    v.toLowerCase()
  ];
  if (on === undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  }
  return on;
});

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

/** `a,b` or the parameter repeated → its names upper-cased, as given (the filter schema checks them and their number). */
const upperList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => {
    if (v === undefined) return undefined;
    const names = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).map((s) => s.trim().toUpperCase());
    const kept = names.filter(Boolean);
    return kept.length ? kept : undefined;
  });

export const restSearchQuerySchema = z.object({
  search: param,
  // type=sale: homes for sale; rentals (type=rent, the default) otherwise (issue 58 item 3).
  type: param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const type = { rent: 'FOR_RENT', rental: 'FOR_RENT', for_rent: 'FOR_RENT', sale: 'FOR_SALE', for_sale: 'FOR_SALE' }[
      v.toLowerCase().replace(/-/g, '_')
    ];
    if (!type) {
      ctx.addIssue({ code: 'custom', message: 'must be rent or sale' });
      return z.NEVER;
    }
    return type;
  }),
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
  lines: upperList,
  walk: wholeNumber,
  // price_basis=net_effective (or net): minPrice, maxPrice and the price sorts read the net effective rent (issue 26 item 2).
  price_basis: param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const basis = { gross: 'GROSS', net: 'NET_EFFECTIVE', net_effective: 'NET_EFFECTIVE' }[v.toLowerCase().replace(/-/g, '_')];
    if (!basis) {
      ctx.addIssue({ code: 'custom', message: 'must be gross or net_effective' });
      return z.NEVER;
    }
    return basis;
  }),
  // accessibility=elevator,step_free_entrance (or repeated): issue 26 item 4; the filter schema checks the names.
  accessibility: upperList,
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
  // no_fee=true, max_beds=3, minBaths=1.5, amenities=doorman,gym (or repeated), move_in_by=2027-03-01, …:
  // the filters declared in common/search-filters.ts, by their REST names.
  ...declaredRestParams(),
});

/** A declared filter's value from the query string; the filter schema checks it again. */
function declaredRestParam(declaration: SearchFilterDeclaration) {
  // A set's names as given (an unknown one is the filter schema's 400); a switch as `true`/`false`, `1`/`0`, `yes`/`no`.
  if (declaration.kind === 'set') return upperList;
  if (declaration.kind === 'flag') return yesNo;
  return param.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const value = parseDeclaredFilter(declaration, v);
    if (value === null) {
      ctx.addIssue({
        code: 'custom',
        message:
          declaration.kind === 'count'
            ? `must be a whole number from ${declaration.min} to ${declaration.max}`
            : declaration.kind === 'halves'
              ? `must be a number such as 1 or 1.5, from ${declaration.min} to ${declaration.max}`
              : 'must be a day written YYYY-MM-DD',
      });
      return z.NEVER;
    }
    return value;
  });
}

/** Each declared filter's REST name and other spellings, as parameters of the query string. */
function declaredRestParams() {
  return Object.fromEntries(
    DECLARED_FILTER_NAMES.flatMap((name) => {
      const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
      return namesOf(name).map((key) => [key, declaredRestParam(declaration)]);
    }),
  ) as Record<string, ReturnType<typeof declaredRestParam>>;
}
const DECLARED_REST_KEYS = new Set(DECLARED_FILTER_NAMES.flatMap(namesOf));

export function parseRestSearchQuery(query: unknown) {
  const parsed = restSearchQuerySchema.safeParse(query ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  const { limit, cursor, sort, walk, commute_to, commute_max, price_basis, type, ...others } = parsed.data;
  const rest = Object.fromEntries(Object.entries(others).filter(([key]) => !DECLARED_REST_KEYS.has(key)));
  // A declared filter by its REST name, or else by one of its other spellings.
  const declared = Object.fromEntries(
    DECLARED_FILTER_NAMES.map((name) => {
      const given = namesOf(name).map((key) => (others as Record<string, unknown>)[key]);
      return [name, given.find((v) => v !== undefined)];
    }),
  );
  const filter = {
    ...rest,
    ...declared,
    listingType: type,
    priceBasis: price_basis,
    walkMinutes: walk,
    commuteTo: commute_to,
    commuteMaxMinutes: commute_max,
  };
  const cleanFilter = Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined));
  return { filter: cleanFilter, sort: sort ?? 'newest', first: limit ?? SEARCH_PAGE_SIZE, after: cursor ?? null };
}

// ---------------------------------------------------------------------------------------------------
// Versions (issue 58 item 5): ETag on GET, If-Match on PATCH
// ---------------------------------------------------------------------------------------------------

/** The strong entity tag of a listing's version: `"7"`. */
export const versionTag = (version: number) => `"${version}"`;

/**
 * To the listing's managers (who alone may edit it, and alone see its version), the ETag of the
 * version they read: sent back as If-Match, it makes their PATCH conditional.
 */
export function setVersionTag(
  res: Response,
  viewer: Viewer | null | undefined,
  listing: Parameters<typeof canManageListing>[1] & { version: number },
) {
  if (canManageListing(viewer ?? null, listing)) res.set('ETag', versionTag(listing.version));
}

/**
 * The version an If-Match names: none without the header or with `*` (the write is not conditional,
 * as the SPEC's own client sends it); a strong tag of a version otherwise. A weak tag never matches
 * (RFC 9110: If-Match compares strongly), nor does a tag that is not a version: both answer 0, which
 * no listing is at, so the write is refused (412).
 */
export function versionFromIfMatch(header: string | undefined): number | null {
  if (header === undefined) return null;
  const tags = header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length === 0 || tags.includes('*')) return null;
  if (tags.length > 1) throw new AppError('BAD_USER_INPUT', 'If-Match: give one entity tag, the ETag of the listing read');
  const m = /^"([1-9]\d{0,9})"$/.exec(tags[0]!);
  const version = m ? Number(m[1]) : 0;
  return version <= 2_147_483_647 ? version : 0;
}

// ---------------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------------

const messages = defineMessages({
  propertyNotFound: { id: 'server.listing.restNotFound', defaultMessage: 'Property not found' },
});

export function listingRoutes(deps: { prisma: PrismaClient; log: Logger; selection: SelectionOf }): express.Router {
  const { prisma } = deps;
  const items = listingItems(deps);
  const router = express.Router();

  router.get('/properties', noStore, async (req, res) => {
    const args = parseRestSearchQuery(req.query);
    if (args.first > SEARCH_MAX_PAGE_SIZE || args.first < 1) {
      throw new AppError('BAD_USER_INPUT', `limit must be between 1 and ${SEARCH_MAX_PAGE_SIZE}`);
    }
    const page = await searchListings<ListingWithRelations>(prisma, args, { include: listingItemInclude });
    const last = page.rows.at(-1);
    res.json({
      // With commute_to, each item also says its door-to-door minutes by subway (null when out of reach).
      items: await items.many(page.rows, req, page.commute ? (args.filter as { commuteTo?: unknown }).commuteTo : undefined),
      nextCursor: page.hasNextPage && last ? page.cursorOf(last) : null,
    });
  });

  router.get('/properties/:idOrSlug', noStore, async (req, res) => {
    const { idOrSlug } = req.params as { idOrSlug: string };
    const listing = await findListing(prisma, idOrSlug, req.viewer, { include: listingItemInclude });
    if (!listing) throw new AppError('NOT_FOUND', formatMessage(messages.propertyNotFound));
    setVersionTag(res, req.viewer, listing);
    res.json(await items.one(listing, req));
  });

  return router;
}

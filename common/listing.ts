import { z } from 'zod';
import { CONTROL_CHARS } from './auth.js';
import { boroughLabel, isNeighborhoodOf, NEIGHBORHOODS } from './nyc.js';
import { parseNewYorkTime } from './tours.js';
import {
  ApplianceValues,
  BoroughValues,
  BrokerFeePayerValues,
  AccessibilityFeatureValues,
  BuildingAmenityValues,
  FlooringValues,
  HvacValues,
  LaundryValues,
  LeaseTermValues,
  ListingTypeValues,
  ParkingValues,
  PetPolicyValues,
  PetTypeValues,
  PropertyTypeValues,
  SmokingPolicyValues,
  UnitFeatureValues,
  UtilityValues,
  type AccessibilityFeature,
  type BuildingAmenity,
  MY_LISTINGS_PAGE_SIZE,
  MyListingsSortValues,
  MyListingsStatusValues,
} from './options.js';

/**
 * The listing form's rules (SPEC parts 2, 3 and 5), shared by the form (react-hook-form, on change
 * and on submit) and the server (GraphQL and REST), so both say the same thing about the same input.
 * Values are the enum values of common/options.ts; dates are strings ('YYYY-MM-DD', ISO instants).
 */

export const MAX_LISTING_PHOTOS = 10;
export const MAX_OPEN_HOUSES = 10;
export const MAX_OTHER_FEES = 10;
export const MAX_MONEY = 1_000_000;
/** Concessions (issue 26 item 2): at most this many months free, on a lease of at most this many months. */
export const MAX_MONTHS_FREE = 12;
export const MAX_CONCESSION_LEASE_MONTHS = 36;

const neighborhoodNames = NEIGHBORHOODS.map((n) => n.name) as [string, ...string[]];

const oneLine = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), `${label} must not contain control characters`)
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} is too long (at most ${max} characters)`));

const optionalOneLine = (label: string, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), `${label} must not contain control characters`)
    .pipe(z.string().max(max, `${label} is too long (at most ${max} characters)`))
    .nullish()
    .transform((v) => (v ? v : null));

/** Whole US dollars, 0 or more; empty means none. */
const money = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be whole dollars`)
    .min(0, `${label} must be 0 or more`)
    .max(MAX_MONEY, `${label} is too large`)
    .nullish()
    .transform((v) => v ?? null);

const halfSteps = (label: string) =>
  z
    .number({ message: `${label} must be 0 or more` })
    .min(0, `${label} must be 0 or more`)
    .max(20, `${label} must be 20 or fewer`)
    .refine((v) => Number.isInteger(v * 2), `${label} must be a whole or half number`);

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' that names a real day (not 2026-02-30) between 2000 and 2100. */
export function isRealDate(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2100-12-31';
}

/** An instant between 2000 and 2100 (open houses: anything else is a typo or an attack on the parser). */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2100-12-31T23:59:59Z');
export function isSaneInstant(v: string): boolean {
  const t = openHouseTime(v);
  return t !== null && t >= EARLIEST && t <= LATEST;
}

/** An open house's time: an instant with its zone, or a New York wall time (common/tours.ts); ms, or null. */
const openHouseTime = (v: string): number | null => parseNewYorkTime(v)?.getTime() ?? null;

/** Control characters other than tab and line breaks (multi-line text keeps those). */
// eslint-disable-next-line no-control-regex
const TEXT_CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const otherFeeSchema = z.object({
  label: oneLine('Fee name', 60),
  amount: z
    .number({ message: 'Fee amount must be a number' })
    .int('Fee amount must be whole dollars')
    .positive('Fee amount must be greater than 0')
    .max(MAX_MONEY),
  frequency: z.enum(['ONE_TIME', 'MONTHLY']),
});

/** The most places an open house may have (an open house in a big building, not a concert). */
export const MAX_OPEN_HOUSE_PLACES = 500;

export const openHouseSchema = z
  .object({
    /** The open house being edited (its RSVPs stay with it); none for a new one. */
    id: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Open house id must be an id')
      .nullish()
      .transform((v) => v ?? null),
    /** How many people may come; empty: no limit. */
    capacity: z
      .number({ message: 'Places must be a number' })
      .int('Places must be a whole number')
      .min(1, 'Places must be at least 1')
      .max(MAX_OPEN_HOUSE_PLACES, `Places must be ${MAX_OPEN_HOUSE_PLACES} or fewer`)
      .nullish()
      .transform((v) => v ?? null),
    startsAt: z.string().max(40).refine(isSaneInstant, 'Open house start must be a date and time'),
    endsAt: z
      .string()
      .max(40)
      .nullish()
      .refine((v) => !v || isSaneInstant(v), 'Open house end must be a date and time')
      .transform((v) => v || null),
    note: optionalOneLine('Open house note', 200),
  })
  .refine((o) => !o.endsAt || openHouseTime(o.endsAt)! > openHouseTime(o.startsAt)!, {
    message: 'Open house must end after it starts',
    path: ['endsAt'],
  })
  .refine((o) => !o.endsAt || openHouseTime(o.endsAt)! - openHouseTime(o.startsAt)! <= 24 * 60 * 60 * 1000, {
    message: 'An open house lasts at most a day',
    path: ['endsAt'],
  });

export const listingPhotoSchema = z.object({ url: z.string().trim().min(1, 'Photo url is required').max(1000) });

export const locationSchema = z.object({
  lat: z.number().min(40.4, 'The location must be in New York City').max(41, 'The location must be in New York City'),
  lng: z.number().min(-74.3, 'The location must be in New York City').max(-73.6, 'The location must be in New York City'),
});

const listField = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(values.length).default([]);

export const BROKER_FEE_PAYER_MESSAGE = 'Say who pays the broker fee';
export const CONCESSION_LEASE_MESSAGE = 'Enter the length of the lease the free months come with';

export const listingInputSchema = z
  .object({
    // Basic Info
    title: oneLine('Title', 120),
    description: z
      .string()
      .trim()
      .max(5000, 'Description is too long (at most 5000 characters)')
      .refine((v) => !TEXT_CONTROL_CHARS.test(v), 'Description must not contain control characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    address: oneLine('Address', 200),
    unit: optionalOneLine('Unit', 20),
    borough: z.enum(BoroughValues, { message: 'Choose a borough' }),
    neighborhood: z.enum(neighborhoodNames, { message: 'Choose a neighborhood' }),
    postalCode: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^\d{5}$/.test(v), 'ZIP code must be 5 digits'),
    location: locationSchema.nullish().transform((v) => v ?? null),
    locationPlaceId: optionalOneLine('Place id', 300),
    propertyType: z.enum(PropertyTypeValues, { message: 'Choose a property type' }),
    listingType: z.enum(ListingTypeValues, { message: 'Choose a listing type' }),
    bedrooms: halfSteps('Bedrooms'),
    bathrooms: halfSteps('Bathrooms'),
    sqft: z
      .number({ message: 'Square footage must be positive' })
      .int('Square footage must be a whole number')
      .positive('Square footage must be positive')
      .max(100_000, 'Square footage is too large')
      .nullish()
      .transform((v) => v ?? null),
    // Pricing & Terms
    price: z
      .number({ message: 'Price must be greater than 0' })
      .int('Price must be whole dollars')
      .positive('Price must be greater than 0')
      .max(MAX_MONEY, 'Price is too large'),
    availableDate: z
      .string({ message: 'Available date is required' })
      .regex(DATE_RE, 'Available date is required')
      .refine((v) => !DATE_RE.test(v) || isRealDate(v), 'Available date must be a real date'),
    leaseTerm: z.enum(LeaseTermValues, { message: 'Choose a lease term' }),
    securityDeposit: money('Security deposit'),
    applicationFee: money('Application fee'),
    brokerFee: money('Broker fee'),
    // An explicit choice (NYC FARE Act): never assumed when there is a fee to pay (superRefine).
    brokerFeePayer: z
      .enum(BrokerFeePayerValues, { message: BROKER_FEE_PAYER_MESSAGE })
      .nullish()
      .transform((v) => v ?? null),
    otherFees: z.array(otherFeeSchema).max(MAX_OTHER_FEES, `At most ${MAX_OTHER_FEES} other fees`).default([]),
    // A concession (issue 26 item 2): months free on a lease of N months; 0 or empty means none.
    concessionMonthsFree: z
      .number({ message: 'Months free must be a number' })
      .min(0, 'Months free must be 0 or more')
      .max(MAX_MONTHS_FREE, `Months free must be ${MAX_MONTHS_FREE} or fewer`)
      .refine((v) => Number.isInteger(v * 2), 'Months free must be a whole or half number')
      .nullish()
      .transform((v) => (v ? v : null)),
    concessionLeaseMonths: z
      .number({ message: 'Lease length must be a number' })
      .int('Lease length must be whole months')
      .min(1, 'Lease length must be at least 1 month')
      .max(MAX_CONCESSION_LEASE_MONTHS, `Lease length must be ${MAX_CONCESSION_LEASE_MONTHS} months or fewer`)
      .nullish()
      .transform((v) => v ?? null),
    concessionTerms: optionalOneLine('Concession terms', 200),
    utilitiesIncluded: listField(UtilityValues),
    // Policies
    petPolicy: z.enum(PetPolicyValues, { message: 'Choose a pet policy' }),
    petFee: money('Pet fee'),
    petDeposit: money('Pet deposit'),
    petTypesAllowed: listField(PetTypeValues),
    smokingPolicy: z.enum(SmokingPolicyValues).default('NO_SMOKING'),
    parking: z.enum(ParkingValues, { message: 'Choose a parking option' }),
    parkingFee: money('Parking fee'),
    // Amenities
    laundry: z
      .enum(LaundryValues)
      .nullish()
      .transform((v) => v ?? null),
    buildingAmenities: listField(BuildingAmenityValues),
    accessibilityFeatures: listField(AccessibilityFeatureValues),
    amenities: z.array(oneLine('Amenity', 60)).max(30, 'At most 30 amenities').default([]),
    // Unit Features
    unitFeatures: listField(UnitFeatureValues),
    flooringType: z
      .enum(FlooringValues)
      .nullish()
      .transform((v) => v ?? null),
    appliancesIncluded: listField(ApplianceValues),
    hvac: z
      .enum(HvacValues)
      .nullish()
      .transform((v) => v ?? null),
    // Photos & Media
    photos: z
      .array(listingPhotoSchema)
      .max(MAX_LISTING_PHOTOS, `A listing can have at most ${MAX_LISTING_PHOTOS} photos.`)
      .default([]),
    virtualTourUrl: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine(
        (v) => v === null || (/^https?:\/\//i.test(v) && URL.canParse(v) && v.length <= 500),
        'Virtual tour must be a web address (https://…)',
      ),
    openHouses: z.array(openHouseSchema).max(MAX_OPEN_HOUSES, `At most ${MAX_OPEN_HOUSES} open houses`).default([]),
  })
  .superRefine((l, ctx) => {
    if (l.brokerFeePayer === null && (l.brokerFee ?? 0) > 0) {
      ctx.addIssue({ code: 'custom', path: ['brokerFeePayer'], message: BROKER_FEE_PAYER_MESSAGE });
    }
    if (l.concessionMonthsFree !== null) {
      if (l.concessionLeaseMonths === null) {
        ctx.addIssue({ code: 'custom', path: ['concessionLeaseMonths'], message: CONCESSION_LEASE_MESSAGE });
      } else if (l.concessionMonthsFree >= l.concessionLeaseMonths) {
        ctx.addIssue({
          code: 'custom',
          path: ['concessionMonthsFree'],
          message: 'Months free must be fewer than the months of the lease',
        });
      }
    } else if (l.concessionTerms !== null) {
      ctx.addIssue({ code: 'custom', path: ['concessionMonthsFree'], message: 'Enter the months free these terms are about' });
    }
    if (!isNeighborhoodOf(l.borough, l.neighborhood)) {
      ctx.addIssue({ code: 'custom', path: ['neighborhood'], message: `Choose a neighborhood of ${boroughLabel(l.borough)}` });
    }
  })
  .transform((l) => ({
    ...l,
    // Conditional fields: a pet fee and deposit only with pets, a parking fee only with parking.
    petFee: l.petPolicy === 'PETS_ALLOWED' ? l.petFee : null,
    petDeposit: l.petPolicy === 'PETS_ALLOWED' ? l.petDeposit : null,
    petTypesAllowed: l.petPolicy === 'PETS_ALLOWED' ? l.petTypesAllowed : [],
    parkingFee: l.parking === 'PARKING_AVAILABLE' ? l.parkingFee : null,
    // No broker fee to speak of when nobody pays one, or when it is 0.
    brokerFee: l.brokerFeePayer === 'NO_FEE' || !l.brokerFee ? null : l.brokerFee,
    // A lease length alone is no concession.
    concessionLeaseMonths: l.concessionMonthsFree === null ? null : l.concessionLeaseMonths,
  }));

export type ListingInput = z.input<typeof listingInputSchema>;
export type ListingData = z.output<typeof listingInputSchema>;

// ---------------------------------------------------------------------------------------------------
// Fees the tenant pays (NYC FARE Act): shown on the listing; the move-in total counts only these.
// ---------------------------------------------------------------------------------------------------

export interface TenantFeeFacts {
  price: number;
  securityDeposit: number | null;
  applicationFee: number | null;
  brokerFee: number | null;
  /** Null only on a draft where no choice was made yet. */
  brokerFeePayer: string | null;
  petFee?: number | null;
  petDeposit?: number | null;
  parkingFee?: number | null;
  otherFees?: ReadonlyArray<{ label: string; amount: number; frequency: string }> | null;
}

/** 'No fee' when the tenant pays no broker fee. */
/**
 * A listing's accessibility features as stored (issue 26 item 4): 'Elevator' is the building amenity
 * of that name, ticked once under Building amenities and reported here; the others as given, in the
 * order of the options.
 */
export function accessibilityFeaturesOf(
  features: readonly AccessibilityFeature[],
  buildingAmenities: readonly BuildingAmenity[],
): AccessibilityFeature[] {
  const kept = new Set<AccessibilityFeature>(features.filter((f) => f !== 'ELEVATOR'));
  if (buildingAmenities.includes('ELEVATOR')) kept.add('ELEVATOR');
  return AccessibilityFeatureValues.filter((f) => kept.has(f));
}

export function isNoFee(l: Pick<TenantFeeFacts, 'brokerFeePayer' | 'brokerFee'>): boolean {
  return l.brokerFeePayer !== 'TENANT' || !l.brokerFee;
}

/** First month + security deposit + application fee + the broker fee when the tenant pays it + one-time other fees. */
export function moveInTotal(l: TenantFeeFacts): number {
  const oneTime = (l.otherFees ?? []).filter((f) => f.frequency === 'ONE_TIME').reduce((sum, f) => sum + f.amount, 0);
  return (
    l.price +
    (l.securityDeposit ?? 0) +
    (l.applicationFee ?? 0) +
    (l.brokerFeePayer === 'TENANT' ? (l.brokerFee ?? 0) : 0) +
    oneTime
  );
}

// Net-effective rent (issue 26 item 2): common/concession.ts, free of zod so that the cards can import it.
export * from './concession.js';

// ---------------------------------------------------------------------------------------------------
// Publishing: a listing goes live only without refusing rental assistance. Photos are advised, not
// required: a listing without any shows 'No photos' (SPEC part 2; issue 24 item 3).
// ---------------------------------------------------------------------------------------------------

/**
 * Phrases that refuse rental assistance (vouchers, Section 8, CityFHEPS, HASA, "programs"):
 * source-of-income discrimination is illegal in New York City (NYC Human Rights Law § 8-107(5)).
 */
const ASSISTANCE = String.raw`(?:vouchers?|section[\s-]*8|sec\.?\s*8|programs?|city\s*fheps|fheps|hasa|subsid(?:y|ies|ized\s+tenants)|housing\s+assistance|rental\s+assistance|government\s+assistance|hra|dss)`;
const REFUSALS: RegExp[] = [
  new RegExp(String.raw`\bno\s+${ASSISTANCE}\b`, 'i'),
  new RegExp(String.raw`\b${ASSISTANCE}\s+(?:not\s+accepted|not\s+allowed|not\s+welcome|need\s+not\s+apply)\b`, 'i'),
  new RegExp(
    String.raw`\b(?:does\s+not|doesn't|do\s+not|don't|will\s+not|won't|cannot|can't)\s+(?:accept|take|allow)\s+${ASSISTANCE}\b`,
    'i',
  ),
  /\bincome\s+restrictions\s+apply\s+to\s+programs?\b/i,
  new RegExp(String.raw`\b${ASSISTANCE}\s+(?:is\s+|are\s+)?(?:excluded|prohibited|refused)\b`, 'i'),
];

/** The first phrase of the text that refuses rental assistance, or null. */
export function assistanceRefusal(text: string): string | null {
  const normalized = text.replace(/\s+/g, ' ');
  for (const re of REFUSALS) {
    const m = re.exec(normalized);
    if (m) return m[0];
  }
  return null;
}

export interface PublishIssue {
  path: string;
  message: string;
}

/** Why a listing cannot go live (drafts may keep these), empty when it can. */
export function publishIssues(l: {
  title: string;
  description: string | null;
  amenities?: readonly string[];
  otherFees?: ReadonlyArray<{ label: string }>;
  concessionTerms?: string | null;
}): PublishIssue[] {
  const issues: PublishIssue[] = [];
  const fields: Array<[string, string]> = [
    ['title', l.title],
    ['description', l.description ?? ''],
    ...(l.amenities ?? []).map((a, i): [string, string] => [`amenities.${i}`, a]),
    ...(l.otherFees ?? []).map((f, i): [string, string] => [`otherFees.${i}.label`, f.label]),
    ['concessionTerms', l.concessionTerms ?? ''],
  ];
  for (const [path, text] of fields) {
    const phrase = assistanceRefusal(text);
    if (phrase) {
      issues.push({
        path,
        message: `Remove "${phrase}": a listing cannot refuse rental assistance (vouchers, Section 8, CityFHEPS and other programs). Source-of-income discrimination is illegal in New York City.`,
      });
      break;
    }
  }
  return issues;
}

/** Defaults of a new listing in the form (SPEC part 9: bedrooms and bathrooms 1, status active). */
export const LISTING_FORM_DEFAULTS = {
  title: '',
  description: '',
  address: '',
  unit: '',
  borough: 'MANHATTAN',
  neighborhood: '',
  postalCode: '',
  location: null,
  locationPlaceId: null,
  propertyType: 'APARTMENT',
  listingType: 'FOR_RENT',
  bedrooms: 1,
  bathrooms: 1,
  sqft: null,
  price: 0,
  availableDate: '',
  leaseTerm: 'ONE_YEAR',
  securityDeposit: null,
  applicationFee: null,
  brokerFee: null,
  // Never preselected (FARE Act): the agent says who pays, or that there is no fee.
  brokerFeePayer: null,
  otherFees: [],
  concessionMonthsFree: null,
  concessionLeaseMonths: null,
  concessionTerms: '',
  utilitiesIncluded: [],
  petPolicy: 'NO_PETS',
  petFee: null,
  petDeposit: null,
  petTypesAllowed: [],
  smokingPolicy: 'NO_SMOKING',
  parking: 'STREET',
  parkingFee: null,
  laundry: null,
  buildingAmenities: [],
  accessibilityFeatures: [],
  amenities: [],
  unitFeatures: [],
  flooringType: null,
  appliancesIncluded: [],
  hvac: null,
  photos: [],
  virtualTourUrl: '',
  openHouses: [],
} as const;

// ---------------------------------------------------------------------------------------------------
// The manage screen's query (SPEC part 2, /me/listings)
// ---------------------------------------------------------------------------------------------------

// Its tabs, sorts and page size live in options.ts, which the manage screen reads without this
// module's schemas.

export const myListingsQuerySchema = z.object({
  status: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v === 'pending' ? 'draft' : v || 'all'))
    .pipe(z.enum(MyListingsStatusValues, { message: 'status must be all, active, inactive, draft or saved' })),
  search: z.string().trim().max(120, 'Search is too long').optional().default(''),
  sort: z.enum(MyListingsSortValues).optional().default('newest'),
  page: z.number().int().min(1, 'page must be 1 or more').max(10_000).optional().default(1),
  pageSize: z.number().int().min(1).max(50).optional().default(MY_LISTINGS_PAGE_SIZE),
});
export type MyListingsQuery = z.output<typeof myListingsQuerySchema>;

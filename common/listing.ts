import { PAGE_LIMITS } from './page-limits.js';
import { z } from 'zod';
import { CONTROL_CHARS } from './auth.js';
import { assistanceRefusal } from './fair-housing.js';
import { formatPrice } from './format.js';
import { defineMessages, formatMessage, type MessageDescriptor, type MessageValues } from './i18n/messages.js';
import { boroughLabel, isNeighborhoodOf, NEIGHBORHOODS } from './nyc.js';
import { parseNewYorkTime } from './tours.js';
import { newYorkDay } from './available.js';
import { LISTING_FIELDS, type ListingFieldDecl, type ListingFields, type OptionSet } from './listing-fields.js';
import {
  AccessibilityFeatureValues,
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
/** A sale's asking price (issue 58 item 3): rents stay capped at MAX_MONEY, a home for sale may ask more. */
export const MAX_SALE_PRICE = 100_000_000;
/**
 * Fees New York caps on a rental (issue 58 item 2): a security deposit of at most one month's rent
 * (General Obligations Law § 7-108, since the HSTPA of 2019), an application fee of at most $20 or
 * the actual cost of the background and credit check, whichever is less (Real Property Law § 238-a).
 */
export const MAX_APPLICATION_FEE = 20;

/** A sale, not a rental: no lease, no concession, no broker fee payer, no rent caps (issue 58 item 3). */
export const isSale = (listingType: string | null | undefined) => listingType === 'FOR_SALE';
/** Concessions (issue 26 item 2): at most this many months free, on a lease of at most this many months. */
export const MAX_MONTHS_FREE = 12;
export const MAX_CONCESSION_LEASE_MONTHS = 36;

const neighborhoodNames = NEIGHBORHOODS.map((n) => n.name) as [string, ...string[]];

// The rules' messages are in the language of the page that checks them (issue 29): the form's, made
// when they are shown. The server, which loads this module on its own, answers in English for now.
const messages = defineMessages({
  required: { id: 'listingRules.required', defaultMessage: '{field} is required' },
  controlChars: { id: 'listingRules.controlChars', defaultMessage: '{field} must not contain control characters' },
  tooLong: { id: 'listingRules.tooLong', defaultMessage: '{field} is too long (at most {max} characters)' },
  notNumber: { id: 'listingRules.notNumber', defaultMessage: '{field} must be a number' },
  wholeDollars: { id: 'listingRules.wholeDollars', defaultMessage: '{field} must be whole dollars' },
  zeroOrMore: { id: 'listingRules.zeroOrMore', defaultMessage: '{field} must be 0 or more' },
  tooLarge: { id: 'listingRules.tooLarge', defaultMessage: '{field} is too large: at most {max}' },
  twentyOrFewer: { id: 'listingRules.twentyOrFewer', defaultMessage: '{field} must be 20 or fewer' },
  wholeOrHalf: { id: 'listingRules.wholeOrHalf', defaultMessage: '{field} must be a whole or half number' },
  // The fields' names in those messages.
  title: { id: 'listingRules.title', defaultMessage: 'Title' },
  description: { id: 'listingRules.description', defaultMessage: 'Description' },
  address: { id: 'listingRules.address', defaultMessage: 'Address' },
  unit: { id: 'listingRules.unit', defaultMessage: 'Unit' },
  placeId: { id: 'listingRules.placeId', defaultMessage: 'Place id' },
  bedrooms: { id: 'listingRules.bedrooms', defaultMessage: 'Bedrooms' },
  bathrooms: { id: 'listingRules.bathrooms', defaultMessage: 'Bathrooms' },
  concessionTerms: { id: 'listingRules.concessionTerms', defaultMessage: 'Concession terms' },
  amenity: { id: 'listingRules.amenity', defaultMessage: 'Amenity' },
  feeName: { id: 'listingRules.feeName', defaultMessage: 'Fee name' },
  openHouseNote: { id: 'listingRules.openHouseNote', defaultMessage: 'Open house note' },
  // Other fees
  feeAmountNumber: { id: 'listingRules.feeAmountNumber', defaultMessage: 'Fee amount must be a number' },
  feeAmountWhole: { id: 'listingRules.feeAmountWhole', defaultMessage: 'Fee amount must be whole dollars' },
  feeAmountPositive: { id: 'listingRules.feeAmountPositive', defaultMessage: 'Fee amount must be greater than 0' },
  // Open houses
  openHouseId: { id: 'listingRules.openHouseId', defaultMessage: 'Open house id must be an id' },
  placesNumber: { id: 'listingRules.placesNumber', defaultMessage: 'Places must be a number' },
  placesWhole: { id: 'listingRules.placesWhole', defaultMessage: 'Places must be a whole number' },
  placesMin: { id: 'listingRules.placesMin', defaultMessage: 'Places must be at least 1' },
  placesMax: { id: 'listingRules.placesMax', defaultMessage: 'Places must be {max} or fewer' },
  openHouseStart: { id: 'listingRules.openHouseStart', defaultMessage: 'Open house start must be a date and time' },
  openHouseEnd: { id: 'listingRules.openHouseEnd', defaultMessage: 'Open house end must be a date and time' },
  openHouseOrder: { id: 'listingRules.openHouseOrder', defaultMessage: 'Open house must end after it starts' },
  openHouseLength: { id: 'listingRules.openHouseLength', defaultMessage: 'An open house lasts at most a day' },
  // Photos and the place
  photoUrl: { id: 'listingRules.photoUrl', defaultMessage: 'Photo url is required' },
  inNyc: { id: 'listingRules.inNyc', defaultMessage: 'The location must be in New York City' },
  // The listing
  tenantFeeAmount: { id: 'listingRules.tenantFeeAmount', defaultMessage: 'Enter the broker fee the tenant pays' },
  openHousePast: { id: 'listingRules.openHousePast', defaultMessage: 'An open house must start in the future' },
  availablePast: {
    id: 'listingRules.availablePast',
    defaultMessage: 'The available date is more than {days} days ago: if the home is free now, enter today',
  },
  concessionLease: {
    id: 'listingRules.concessionLease',
    defaultMessage: 'Enter the length of the lease the free months come with',
  },
  neighborhood: { id: 'listingRules.neighborhood', defaultMessage: 'Choose a neighborhood' },
  neighborhoodOf: { id: 'listingRules.neighborhoodOf', defaultMessage: 'Choose a neighborhood of {borough}' },
  zip: { id: 'listingRules.zip', defaultMessage: 'ZIP code must be 5 digits' },
  sqftPositive: { id: 'listingRules.sqftPositive', defaultMessage: 'Square footage must be positive' },
  sqftWhole: { id: 'listingRules.sqftWhole', defaultMessage: 'Square footage must be a whole number' },
  sqftLarge: { id: 'listingRules.sqftLarge', defaultMessage: 'Square footage is too large' },
  pricePositive: { id: 'listingRules.pricePositive', defaultMessage: 'Price must be greater than 0' },
  priceWhole: { id: 'listingRules.priceWhole', defaultMessage: 'Price must be whole dollars' },
  priceLarge: { id: 'listingRules.priceLarge', defaultMessage: 'Price is too large: at most {max}' },
  dateRequired: { id: 'listingRules.dateRequired', defaultMessage: 'Available date is required' },
  dateReal: { id: 'listingRules.dateReal', defaultMessage: 'Available date must be a real date' },
  otherFeesMax: { id: 'listingRules.otherFeesMax', defaultMessage: 'At most {max} other fees' },
  monthsFreeNumber: { id: 'listingRules.monthsFreeNumber', defaultMessage: 'Months free must be a number' },
  monthsFreeMin: { id: 'listingRules.monthsFreeMin', defaultMessage: 'Months free must be 0 or more' },
  monthsFreeMax: { id: 'listingRules.monthsFreeMax', defaultMessage: 'Months free must be {max} or fewer' },
  monthsFreeHalf: { id: 'listingRules.monthsFreeHalf', defaultMessage: 'Months free must be a whole or half number' },
  monthsFreeFewer: {
    id: 'listingRules.monthsFreeFewer',
    defaultMessage: 'Months free must be fewer than the months of the lease',
  },
  termsWithoutMonths: { id: 'listingRules.termsWithoutMonths', defaultMessage: 'Enter the months free these terms are about' },
  leaseNumber: { id: 'listingRules.leaseNumber', defaultMessage: 'Lease length must be a number' },
  leaseWhole: { id: 'listingRules.leaseWhole', defaultMessage: 'Lease length must be whole months' },
  leaseMin: { id: 'listingRules.leaseMin', defaultMessage: 'Lease length must be at least 1 month' },
  leaseMax: { id: 'listingRules.leaseMax', defaultMessage: 'Lease length must be {max} months or fewer' },
  amenitiesMax: { id: 'listingRules.amenitiesMax', defaultMessage: 'At most {max} amenities' },
  photosMax: { id: 'listingRules.photosMax', defaultMessage: 'A listing can have at most {max} photos.' },
  virtualTour: { id: 'listingRules.virtualTour', defaultMessage: 'Virtual tour must be a web address (https://…)' },
  openHousesMax: { id: 'listingRules.openHousesMax', defaultMessage: 'At most {max} open houses' },
  depositCap: {
    id: 'listingRules.depositCap',
    defaultMessage: "A security deposit can be at most one month's rent ({cap}) under New York law (GOL § 7-108)",
  },
  applicationFeeCap: {
    id: 'listingRules.applicationFeeCap',
    defaultMessage:
      'An application fee can be at most {cap} (or the actual cost of the background and credit check, if less) under New York law (RPL § 238-a)',
  },
  assistance: {
    id: 'listingRules.assistance',
    defaultMessage:
      'Remove "{phrase}": a listing cannot refuse rental assistance (vouchers, Section 8, CityFHEPS and other programs). Source-of-income discrimination is illegal in New York City.',
  },
});

/** A rule's message, made when it is shown: in the page's language. */
const say = (message: MessageDescriptor, values?: MessageValues) => ({ error: () => formatMessage(message, values) });

/** A rule's message about a field, named in the page's language. */
const sayOf = (message: MessageDescriptor, field: MessageDescriptor, values?: MessageValues) => ({
  error: () => formatMessage(message, { ...values, field: formatMessage(field) }),
});

const oneLine = (label: MessageDescriptor, max: number) =>
  z
    .string(sayOf(messages.required, label))
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), sayOf(messages.controlChars, label))
    .pipe(
      z
        .string()
        .min(1, sayOf(messages.required, label))
        .max(max, sayOf(messages.tooLong, label, { max })),
    );

const optionalOneLine = (label: MessageDescriptor, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => !CONTROL_CHARS.test(v), sayOf(messages.controlChars, label))
    .pipe(z.string().max(max, sayOf(messages.tooLong, label, { max })))
    .nullish()
    .transform((v) => (v ? v : null));

/** Whole US dollars, 0 or more; empty means none. */
const money = (label: MessageDescriptor) =>
  z
    .number(sayOf(messages.notNumber, label))
    .int(sayOf(messages.wholeDollars, label))
    .min(0, sayOf(messages.zeroOrMore, label))
    .max(MAX_MONEY, sayOf(messages.tooLarge, label, { max: formatPrice(MAX_MONEY) }))
    .nullish()
    .transform((v) => v ?? null);

const halfSteps = (label: MessageDescriptor) =>
  z
    .number(sayOf(messages.zeroOrMore, label))
    .min(0, sayOf(messages.zeroOrMore, label))
    .max(20, sayOf(messages.twentyOrFewer, label))
    .refine((v) => Number.isInteger(v * 2), sayOf(messages.wholeOrHalf, label));

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
  label: oneLine(messages.feeName, 60),
  amount: z
    .number(say(messages.feeAmountNumber))
    .int(say(messages.feeAmountWhole))
    .positive(say(messages.feeAmountPositive))
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
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, say(messages.openHouseId))
      .nullish()
      .transform((v) => v ?? null),
    /** How many people may come; empty: no limit. */
    capacity: z
      .number(say(messages.placesNumber))
      .int(say(messages.placesWhole))
      .min(1, say(messages.placesMin))
      .max(MAX_OPEN_HOUSE_PLACES, say(messages.placesMax, { max: MAX_OPEN_HOUSE_PLACES }))
      .nullish()
      .transform((v) => v ?? null),
    startsAt: z.string().max(40).refine(isSaneInstant, say(messages.openHouseStart)),
    endsAt: z
      .string()
      .max(40)
      .nullish()
      .refine((v) => !v || isSaneInstant(v), say(messages.openHouseEnd))
      .transform((v) => v || null),
    note: optionalOneLine(messages.openHouseNote, 200),
  })
  .refine((o) => !o.endsAt || openHouseTime(o.endsAt)! > openHouseTime(o.startsAt)!, {
    ...say(messages.openHouseOrder),
    path: ['endsAt'],
  })
  .refine((o) => !o.endsAt || openHouseTime(o.endsAt)! - openHouseTime(o.startsAt)! <= 24 * 60 * 60 * 1000, {
    ...say(messages.openHouseLength),
    path: ['endsAt'],
  });

export const listingPhotoSchema = z.object({ url: z.string().trim().min(1, say(messages.photoUrl)).max(1000) });

export const locationSchema = z.object({
  lat: z.number().min(40.4, say(messages.inNyc)).max(41, say(messages.inNyc)),
  lng: z.number().min(-74.3, say(messages.inNyc)).max(-73.6, say(messages.inNyc)),
});

const listField = <T extends readonly [string, ...string[]]>(values: T) => z.array(z.enum(values)).max(values.length).default([]);

// The rules a field's kind says (common/listing-fields.ts): an option, several, whole dollars, a line.
const valuesOf = <K extends string>(set: OptionSet<K>) => set.values as unknown as readonly [K, ...K[]];
const oneOption = <K extends string>(set: OptionSet<K>, choose?: MessageDescriptor) =>
  z.enum(valuesOf(set), choose ? say(choose) : undefined);
const optionRules = {
  required: <K extends string>(set: OptionSet<K>, choose?: MessageDescriptor) => oneOption(set, choose),
  optional: <K extends string>(set: OptionSet<K>, choose?: MessageDescriptor) =>
    oneOption(set, choose)
      .nullish()
      .transform((v) => v ?? null),
  defaulted: <K extends string>(set: OptionSet<K>, value: K, choose?: MessageDescriptor) =>
    oneOption(set, choose).default(value as never),
  several: <K extends string>(set: OptionSet<K>) => listField(valuesOf(set)),
};

/** The rule of a declared field, as its kind says it; what else a field needs is in `listingInputSchema`. */
type RuleOf<D> = D extends { kind: 'options'; options: OptionSet<infer K> }
  ? ReturnType<typeof optionRules.several<K>>
  : D extends { kind: 'option'; options: OptionSet<infer K>; inputDefault: string }
    ? ReturnType<typeof optionRules.defaulted<K>>
    : D extends { kind: 'option'; options: OptionSet<infer K>; optional: true }
      ? ReturnType<typeof optionRules.optional<K>>
      : D extends { kind: 'option'; options: OptionSet<infer K> }
        ? ReturnType<typeof optionRules.required<K>>
        : D extends { kind: 'money' }
          ? ReturnType<typeof money>
          : D extends { kind: 'line'; optional: true }
            ? ReturnType<typeof optionalOneLine>
            : D extends { kind: 'line' }
              ? ReturnType<typeof oneLine>
              : never;

/** The longest line a declared line field takes when its rule is its kind's. */
const DECLARED_LINE_MAX = 200;

/** The rule a declared field's kind says; a kind with no such rule must have its own in `listingInputSchema`. */
export function ruleOfField(name: string, f: ListingFieldDecl): z.ZodType {
  const set = f.options;
  if (f.kind === 'options' && set) return optionRules.several(set);
  if (f.kind === 'option' && set) {
    if (f.inputDefault !== undefined) return optionRules.defaulted(set, f.inputDefault, f.choose);
    return f.optional ? optionRules.optional(set, f.choose) : optionRules.required(set, f.choose);
  }
  if (f.kind === 'money') return money(f.label);
  if (f.kind === 'line') return f.optional ? optionalOneLine(f.label, DECLARED_LINE_MAX) : oneLine(f.label, DECLARED_LINE_MAX);
  throw new Error(`Listing field ${name} (${f.kind}) needs its rule in common/listing.ts listingInputSchema`);
}

/** The rules of the declared fields that have none of their own, by their kind, typed by their declarations. */
function derivedRules<F extends ListingFields, Own extends string>(fields: F, own: readonly Own[]) {
  const rules: Record<string, z.ZodType> = {};
  for (const [name, f] of Object.entries(fields)) if (!own.includes(name as Own)) rules[name] = ruleOfField(name, f);
  return rules as { [K in Exclude<keyof F, Own>]: RuleOf<F[K]> };
}

/** 'Say who pays the broker fee', in the page's language. */
export const brokerFeePayerMessage = () => formatMessage(LISTING_FIELDS.brokerFeePayer.choose);

/**
 * The rules of a rental only: a rent of at most MAX_MONEY, a lease term, who pays a broker fee, a
 * concession's lease. A sale's lease, concession and broker fee are dropped (SALE_WITHOUT), never refused.
 */
function rentalRules(
  l: {
    price: number;
    leaseTerm: string | null;
    brokerFee: number | null;
    brokerFeePayer: string | null;
    concessionMonthsFree: number | null;
    concessionLeaseMonths: number | null;
    concessionTerms: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (l.price > MAX_MONEY)
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: formatMessage(messages.priceLarge, { max: formatPrice(MAX_MONEY) }),
    });
  if (l.leaseTerm === null)
    ctx.addIssue({ code: 'custom', path: ['leaseTerm'], message: formatMessage(LISTING_FIELDS.leaseTerm.choose) });
  if (l.brokerFeePayer === null && (l.brokerFee ?? 0) > 0) {
    ctx.addIssue({ code: 'custom', path: ['brokerFeePayer'], message: formatMessage(LISTING_FIELDS.brokerFeePayer.choose) });
  }
  if (l.concessionMonthsFree !== null) {
    if (l.concessionLeaseMonths === null) {
      ctx.addIssue({ code: 'custom', path: ['concessionLeaseMonths'], message: formatMessage(messages.concessionLease) });
    } else if (l.concessionMonthsFree >= l.concessionLeaseMonths) {
      ctx.addIssue({ code: 'custom', path: ['concessionMonthsFree'], message: formatMessage(messages.monthsFreeFewer) });
    }
  } else if (l.concessionTerms !== null) {
    ctx.addIssue({ code: 'custom', path: ['concessionMonthsFree'], message: formatMessage(messages.termsWithoutMonths) });
  }
}

/** What a sale does not have (issue 58 item 3): a rental's lease, deposit, fees and concession; neither required nor stored. */
const SALE_WITHOUT = {
  leaseTerm: null,
  securityDeposit: null,
  applicationFee: null,
  brokerFee: null,
  brokerFeePayer: null,
  concessionMonthsFree: null,
  concessionLeaseMonths: null,
  concessionTerms: null,
} as const;

/** The rules of the fields whose kind does not say them all (the others: `ruleOfField`). */
const OWN_RULES = {
  // Basic Info
  title: oneLine(messages.title, 120),
  description: z
    .string()
    .trim()
    .max(5000, sayOf(messages.tooLong, messages.description, { max: 5000 }))
    .refine((v) => !TEXT_CONTROL_CHARS.test(v), sayOf(messages.controlChars, messages.description))
    .nullish()
    .transform((v) => (v ? v : null)),
  address: oneLine(messages.address, 200),
  unit: optionalOneLine(messages.unit, 20),
  neighborhood: z.enum(neighborhoodNames, say(messages.neighborhood)),
  postalCode: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{5}$/.test(v), say(messages.zip)),
  location: locationSchema.nullish().transform((v) => v ?? null),
  locationPlaceId: optionalOneLine(messages.placeId, 300),
  bedrooms: halfSteps(messages.bedrooms),
  bathrooms: halfSteps(messages.bathrooms),
  sqft: z
    .number(say(messages.sqftPositive))
    .int(say(messages.sqftWhole))
    .positive(say(messages.sqftPositive))
    .max(100_000, say(messages.sqftLarge))
    .nullish()
    .transform((v) => v ?? null),
  // Pricing & Terms
  price: z
    .number(say(messages.pricePositive))
    .int(say(messages.priceWhole))
    .positive(say(messages.pricePositive))
    // A rent is at most MAX_MONEY (superRefine); a sale's asking price at most MAX_SALE_PRICE.
    .max(MAX_SALE_PRICE, say(messages.priceLarge, { max: formatPrice(MAX_SALE_PRICE) })),
  availableDate: z
    .string(say(messages.dateRequired))
    .regex(DATE_RE, say(messages.dateRequired))
    .refine((v) => !DATE_RE.test(v) || isRealDate(v), say(messages.dateReal)),
  otherFees: z
    .array(otherFeeSchema)
    .max(MAX_OTHER_FEES, say(messages.otherFeesMax, { max: MAX_OTHER_FEES }))
    .default([]),
  // A concession (issue 26 item 2): months free on a lease of N months; 0 or empty means none.
  concessionMonthsFree: z
    .number(say(messages.monthsFreeNumber))
    .min(0, say(messages.monthsFreeMin))
    .max(MAX_MONTHS_FREE, say(messages.monthsFreeMax, { max: MAX_MONTHS_FREE }))
    .refine((v) => Number.isInteger(v * 2), say(messages.monthsFreeHalf))
    .nullish()
    .transform((v) => (v ? v : null)),
  concessionLeaseMonths: z
    .number(say(messages.leaseNumber))
    .int(say(messages.leaseWhole))
    .min(1, say(messages.leaseMin))
    .max(MAX_CONCESSION_LEASE_MONTHS, say(messages.leaseMax, { max: MAX_CONCESSION_LEASE_MONTHS }))
    .nullish()
    .transform((v) => v ?? null),
  concessionTerms: optionalOneLine(messages.concessionTerms, 200),
  // Amenities
  amenities: z
    .array(oneLine(messages.amenity, 60))
    .max(30, say(messages.amenitiesMax, { max: 30 }))
    .default([]),
  // Unit Features
  // Photos & Media
  photos: z
    .array(listingPhotoSchema)
    .max(MAX_LISTING_PHOTOS, say(messages.photosMax, { max: MAX_LISTING_PHOTOS }))
    .default([]),
  virtualTourUrl: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^https?:\/\//i.test(v) && URL.canParse(v) && v.length <= 500), say(messages.virtualTour)),
  openHouses: z
    .array(openHouseSchema)
    .max(MAX_OPEN_HOUSES, say(messages.openHousesMax, { max: MAX_OPEN_HOUSES }))
    .default([]),
};

/** Every declared field's rule, in the order of the form (the first failing field is the first one seen). */
const fieldRules = (() => {
  const own = Object.keys(OWN_RULES) as Array<keyof typeof OWN_RULES>;
  const derived = derivedRules(LISTING_FIELDS, own);
  const all: Record<string, z.ZodType> = { ...OWN_RULES, ...derived };
  return Object.fromEntries(Object.keys(LISTING_FIELDS).map((name) => [name, all[name]])) as typeof OWN_RULES & typeof derived;
})();

export const listingInputSchema = z
  .object(fieldRules)
  .superRefine((l, ctx) => {
    if (!isSale(l.listingType)) rentalRules(l, ctx);
    if (!isNeighborhoodOf(l.borough, l.neighborhood)) {
      ctx.addIssue({
        code: 'custom',
        path: ['neighborhood'],
        message: formatMessage(messages.neighborhoodOf, { borough: boroughLabel(l.borough) }),
      });
    }
  })
  .transform((l) => ({
    ...l,
    ...(isSale(l.listingType) ? SALE_WITHOUT : {}),
    // Conditional fields: a pet fee and deposit only with pets, a parking fee only with parking.
    petFee: l.petPolicy === 'PETS_ALLOWED' ? l.petFee : null,
    petDeposit: l.petPolicy === 'PETS_ALLOWED' ? l.petDeposit : null,
    petTypesAllowed: l.petPolicy === 'PETS_ALLOWED' ? l.petTypesAllowed : [],
    parkingFee: l.parking === 'PARKING_AVAILABLE' ? l.parkingFee : null,
    // No broker fee to speak of when nobody pays one, or when it is 0 (nor on a sale).
    brokerFee: isSale(l.listingType) || l.brokerFeePayer === 'NO_FEE' || !l.brokerFee ? null : l.brokerFee,
    // A lease length alone is no concession.
    concessionLeaseMonths: isSale(l.listingType) || l.concessionMonthsFree === null ? null : l.concessionLeaseMonths,
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

// 'No fee' and the rest of a listing's broker-fee wording: common/broker-fee.ts (one rule, issue 52 item 5).
export { isNoFee } from './broker-fee.js';

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

// The detector of refusals (vouchers, Section 8, CityFHEPS, HASA, 'programs'…) is its own module,
// which messaging uses too (issue 58 item 1; docs/decisions/0058-fair-housing-detector.md).
export { assistanceRefusal };

export interface PublishIssue {
  path: string;
  message: string;
}

/** The fees New York caps on a rental (GOL § 7-108, RPL § 238-a), over their cap: empty for a sale. */
export function feeCapIssues(l: {
  listingType: string;
  price: number;
  securityDeposit: number | null;
  applicationFee: number | null;
}): PublishIssue[] {
  if (isSale(l.listingType)) return [];
  const issues: PublishIssue[] = [];
  if (l.securityDeposit !== null && l.securityDeposit > l.price) {
    issues.push({ path: 'securityDeposit', message: formatMessage(messages.depositCap, { cap: formatPrice(l.price) }) });
  }
  if (l.applicationFee !== null && l.applicationFee > MAX_APPLICATION_FEE) {
    issues.push({
      path: 'applicationFee',
      message: formatMessage(messages.applicationFeeCap, { cap: formatPrice(MAX_APPLICATION_FEE) }),
    });
  }
  return issues;
}

/** How far back a new available date may be: a home free since last month is free now. */
export const AVAILABLE_PAST_DAYS = 30;

/** The New York day (YYYY-MM-DD) `days` days before today. */
function newYorkDayBefore(days: number): string {
  return new Date(Date.parse(`${newYorkDay()}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Why a listing cannot go live (drafts may keep these), empty when it can: a refusal of rental
 * assistance, and a fee over New York's cap (feeCapIssues).
 */
export function publishIssues(l: {
  title: string;
  description: string | null;
  amenities?: readonly string[];
  otherFees?: ReadonlyArray<{ label: string }>;
  concessionTerms?: string | null;
  listingType: string;
  price: number;
  securityDeposit: number | null;
  applicationFee: number | null;
  brokerFee?: number | null;
  brokerFeePayer?: string | null;
  /** Open houses as the form gives them: new ones have no id (existing ones may have taken place). */
  openHouses?: ReadonlyArray<{ id?: string | null; startsAt: string }>;
  availableDate?: string;
  /** The available date the listing has (when it is kept as it is, it is not checked again). */
  keptAvailableDate?: string | null;
}): PublishIssue[] {
  const issues: PublishIssue[] = [...feeCapIssues(l)];
  // 'Tenant pays' a broker fee says there is one to pay: its amount (issue 59 item 7).
  if (!isSale(l.listingType) && l.brokerFeePayer === 'TENANT' && !((l.brokerFee ?? 0) > 0)) {
    issues.push({ path: 'brokerFee', message: formatMessage(messages.tenantFeeAmount) });
  }
  // A date typed long ago ('2020' for '2026') reads as a mistake: a listing goes live free now or later
  // (issue 59 item 5). A date kept from before is not checked again (the days pass while it is live).
  if (l.availableDate && l.availableDate !== l.keptAvailableDate && l.availableDate < newYorkDayBefore(AVAILABLE_PAST_DAYS)) {
    issues.push({ path: 'availableDate', message: formatMessage(messages.availablePast, { days: AVAILABLE_PAST_DAYS }) });
  }
  // A new open house is one renters can still come to (issue 59 item 7).
  (l.openHouses ?? []).forEach((o, i) => {
    const starts = o.id ? null : openHouseTime(o.startsAt);
    if (starts !== null && starts <= Date.now()) {
      issues.push({ path: `openHouses.${i}.startsAt`, message: formatMessage(messages.openHousePast) });
    }
  });
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
        message: formatMessage(messages.assistance, { phrase }),
      });
      break;
    }
  }
  return issues;
}

// A new listing's form values: each field's declared initial value (common/listing-fields.ts initialValuesOf).

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
  pageSize: z.number().int().min(1).max(PAGE_LIMITS.myListings.max).optional().default(MY_LISTINGS_PAGE_SIZE),
});
export type MyListingsQuery = z.output<typeof myListingsQuerySchema>;

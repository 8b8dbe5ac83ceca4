// Every field of a listing that its form edits, declared once (issue 52 item 1): what kind of value it
// is, its options, its label, its section of the form, and how GraphQL, REST and the form's model take
// it. From these the server derives the GraphQL `Property` fields and `ListingInput` (and their
// enums), the REST item and the REST body's matching, the columns a write sets and the form's labels,
// order, defaults, option lists and conversions; common/listing.ts derives the rules of an option or
// money field. What a field needs beyond its kind (a cross-field rule, a composite input) is marked
// 'own' and written where it is used. Adding a field: README's 'Adding a listing field'.
import { defineMessages, type MessageDescriptor } from './i18n/messages.js';
import { labels } from './i18n/labels.js';
import {
  accessibilityFeatureLabels,
  AccessibilityFeatureValues,
  ApplianceValues,
  boroughLabels,
  BoroughValues,
  BrokerFeePayerValues,
  BuildingAmenityValues,
  FlooringValues,
  FurnishingValues,
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
} from './options.js';
import {
  applianceLabels,
  brokerFeePayerLabels,
  buildingAmenityLabels,
  flooringLabels,
  furnishingLabels,
  hvacLabels,
  laundryLabels,
  leaseTermLabels,
  listingTypeLabels,
  parkingLabels,
  petPolicyLabels,
  petTypeLabels,
  propertyTypeLabels,
  smokingPolicyLabels,
  unitFeatureLabels,
  utilityLabels,
} from './listing-labels.js';

/** An option list: its GraphQL enum (and Prisma enum) name, its values in order, their labels. */
export interface OptionSet<K extends string = string> {
  readonly name: string;
  readonly values: readonly K[];
  readonly labels: Readonly<Record<K, string>>;
}

const optionSet = <K extends string>(
  name: string,
  values: readonly K[],
  optionLabels: Readonly<Record<K, string>>,
): OptionSet<K> => ({ name, values, labels: optionLabels });

/**
 * What a field holds, which decides its GraphQL type, its REST reading and its form control:
 * `line` one line of text, `text` several, `url` a web address, `int` a whole number, `money` whole
 * dollars, `half` a count in halves (stored as a decimal), `float` any number, `date` a day
 * ('YYYY-MM-DD'), `option` one of `options`, `options` several of them, `lines` a list of short texts,
 * `own` a composite value written by hand everywhere (a location, fees, photos, open houses).
 */
export type ListingFieldKind =
  | 'line'
  | 'text'
  | 'url'
  | 'int'
  | 'money'
  | 'half'
  | 'float'
  | 'date'
  | 'option'
  | 'options'
  | 'lines'
  | 'own';

/** The six sections of the listing form, in order (SPEC part 2). */
export const LISTING_SECTION_IDS = ['basic', 'pricing', 'policies', 'amenities', 'unit', 'media'] as const;
export type ListingSectionId = (typeof LISTING_SECTION_IDS)[number];

export interface ListingFieldDecl {
  readonly kind: ListingFieldKind;
  /** Its name on the form and in its error messages. */
  readonly label: MessageDescriptor;
  readonly section: ListingSectionId;
  readonly options?: OptionSet;
  /** May be empty: a nullable GraphQL output, an optional input (the default: required). */
  readonly optional?: boolean;
  /** An option field's message when it is missing or unknown ('Choose a pet policy'); without it, an unknown value is refused as zod words it. */
  readonly choose?: MessageDescriptor;
  /** What an absent value of the input becomes (an option field's value), before the rules read it. */
  readonly inputDefault?: string;
  /** What a new listing's form starts with, when it is not the kind's empty value ('' , null or []). */
  readonly initial?: unknown;
  readonly graphql?: {
    /** 'own': written by hand in listings.schema.ts; false: not a `Property` field of this name. */
    readonly output?: 'own' | false;
    /** 'own': written by hand in listing-write.schema.ts. */
    readonly input?: 'own';
    readonly description?: string;
    readonly inputDescription?: string;
  };
  readonly rest?: {
    /** Other names of the field in REST: each is an alias in the item and read from a body. */
    readonly aliases?: readonly string[];
    /** The group of the REST item it is also given in (`pricing`, `policies`), and read from in a body. */
    readonly group?: 'pricing' | 'policies';
    /** More places of a body it is read from, after its name, aliases and group ('concession.months_free'). */
    readonly from?: readonly string[];
    /** The label a body without it means ('No Pets'). */
    readonly absent?: string;
    /** 'own': read from a body by hand (listing-write.rest.ts). */
    readonly input?: 'own';
  };
  /** 'own': the write sets this column by hand (listing-write.service.ts); false: not a column of this name. */
  readonly column?: 'own' | false;
  /** 'auto': the form shows it with the control of its kind at the end of its section (a field with a control of its own is laid out by hand). */
  readonly control?: 'auto';
}

/**
 * The declarations, checked: an option field names its options, two fields never share a REST name,
 * an option list never repeats a value. A mistake fails when the module loads (at build and in tests).
 */
export function defineListingFields<const F extends Record<string, ListingFieldDecl>>(fields: F): F {
  const restNames = new Map<string, string>();
  for (const [name, f] of Object.entries(fields)) {
    if ((f.kind === 'option' || f.kind === 'options') !== Boolean(f.options))
      throw new Error(`Listing field ${name}: options go with the kinds 'option' and 'options'`);
    if (f.options && new Set(f.options.values).size !== f.options.values.length)
      throw new Error(`Listing field ${name}: option ${f.options.name} repeats a value`);
    for (const rest of [name, ...(f.rest?.aliases ?? [])]) {
      const other = restNames.get(rest);
      if (other) throw new Error(`Listing fields ${other} and ${name} both answer REST's ${rest}`);
      restNames.set(rest, name);
    }
  }
  return fields;
}

const l = defineMessages({
  title: { id: 'listingFields.title', defaultMessage: 'Title' },
  description: { id: 'listingFields.description', defaultMessage: 'Description' },
  address: { id: 'listingFields.address', defaultMessage: 'Address' },
  unit: { id: 'listingFields.unit', defaultMessage: 'Unit' },
  borough: { id: 'listingFields.borough', defaultMessage: 'Borough' },
  neighborhood: { id: 'listingFields.neighborhood', defaultMessage: 'Neighborhood' },
  postalCode: { id: 'listingFields.postalCode', defaultMessage: 'ZIP code' },
  location: { id: 'listingFields.location', defaultMessage: 'Location' },
  propertyType: { id: 'listingFields.propertyType', defaultMessage: 'Property type' },
  listingType: { id: 'listingFields.listingType', defaultMessage: 'Listing type' },
  bedrooms: { id: 'listingFields.bedrooms', defaultMessage: 'Bedrooms' },
  bathrooms: { id: 'listingFields.bathrooms', defaultMessage: 'Bathrooms' },
  sqft: { id: 'listingFields.sqft', defaultMessage: 'Square footage' },
  price: { id: 'listingFields.price', defaultMessage: 'Monthly rent' },
  availableDate: { id: 'listingFields.availableDate', defaultMessage: 'Available date' },
  leaseTerm: { id: 'listingFields.leaseTerm', defaultMessage: 'Lease term' },
  securityDeposit: { id: 'listingFields.securityDeposit', defaultMessage: 'Security deposit' },
  applicationFee: { id: 'listingFields.applicationFee', defaultMessage: 'Application fee' },
  brokerFee: { id: 'listingFields.brokerFee', defaultMessage: 'Broker fee' },
  brokerFeePayer: { id: 'listingFields.brokerFeePayer', defaultMessage: 'Who pays the broker fee' },
  otherFees: { id: 'listingFields.otherFees', defaultMessage: 'Other fees' },
  concessionMonthsFree: { id: 'listingFields.concessionMonthsFree', defaultMessage: 'Months free' },
  concessionLeaseMonths: { id: 'listingFields.concessionLeaseMonths', defaultMessage: 'Lease length' },
  concessionTerms: { id: 'listingFields.concessionTerms', defaultMessage: 'Concession terms' },
  utilitiesIncluded: { id: 'listingFields.utilitiesIncluded', defaultMessage: 'Utilities included' },
  petPolicy: { id: 'listingFields.petPolicy', defaultMessage: 'Pet policy' },
  petFee: { id: 'listingFields.petFee', defaultMessage: 'Pet fee' },
  petDeposit: { id: 'listingFields.petDeposit', defaultMessage: 'Pet deposit' },
  petTypesAllowed: { id: 'listingFields.petTypesAllowed', defaultMessage: 'Pets allowed' },
  smokingPolicy: { id: 'listingFields.smokingPolicy', defaultMessage: 'Smoking policy' },
  parking: { id: 'listingFields.parking', defaultMessage: 'Parking' },
  parkingFee: { id: 'listingFields.parkingFee', defaultMessage: 'Parking fee' },
  laundry: { id: 'listingFields.laundry', defaultMessage: 'Laundry' },
  buildingAmenities: { id: 'listingFields.buildingAmenities', defaultMessage: 'Building amenities' },
  accessibilityFeatures: { id: 'listingFields.accessibilityFeatures', defaultMessage: 'Accessibility' },
  amenities: { id: 'listingFields.amenities', defaultMessage: 'Other amenities' },
  unitFeatures: { id: 'listingFields.unitFeatures', defaultMessage: 'Unit features' },
  flooringType: { id: 'listingFields.flooringType', defaultMessage: 'Flooring' },
  appliancesIncluded: { id: 'listingFields.appliancesIncluded', defaultMessage: 'Appliances included' },
  hvac: { id: 'listingFields.hvac', defaultMessage: 'Heating & cooling' },
  furnishing: { id: 'listingFields.furnishing', defaultMessage: 'Furnishing' },
  photos: { id: 'listingFields.photos', defaultMessage: 'Photos' },
  virtualTourUrl: { id: 'listingFields.virtualTourUrl', defaultMessage: 'Virtual tour URL' },
  openHouses: { id: 'listingFields.openHouses', defaultMessage: 'Open houses' },
});

const choose = defineMessages({
  borough: { id: 'listingRules.borough', defaultMessage: 'Choose a borough' },
  propertyType: { id: 'listingRules.propertyType', defaultMessage: 'Choose a property type' },
  listingType: { id: 'listingRules.listingType', defaultMessage: 'Choose a listing type' },
  leaseTerm: { id: 'listingRules.leaseTerm', defaultMessage: 'Choose a lease term' },
  brokerFeePayer: { id: 'listingRules.brokerFeePayer', defaultMessage: 'Say who pays the broker fee' },
  petPolicy: { id: 'listingRules.petPolicy', defaultMessage: 'Choose a pet policy' },
  parking: { id: 'listingRules.parking', defaultMessage: 'Choose a parking option' },
});

/** The option lists of a listing's fields (their enums in GraphQL and Prisma have these names and values). */
export const LISTING_OPTIONS = {
  borough: optionSet('Borough', BoroughValues, boroughLabels),
  propertyType: optionSet('PropertyType', PropertyTypeValues, propertyTypeLabels),
  listingType: optionSet('ListingType', ListingTypeValues, listingTypeLabels),
  leaseTerm: optionSet('LeaseTerm', LeaseTermValues, leaseTermLabels),
  brokerFeePayer: optionSet('BrokerFeePayer', BrokerFeePayerValues, brokerFeePayerLabels),
  utility: optionSet('Utility', UtilityValues, utilityLabels),
  petPolicy: optionSet('PetPolicy', PetPolicyValues, petPolicyLabels),
  petType: optionSet('PetType', PetTypeValues, petTypeLabels),
  smokingPolicy: optionSet('SmokingPolicy', SmokingPolicyValues, smokingPolicyLabels),
  parking: optionSet('Parking', ParkingValues, parkingLabels),
  laundry: optionSet('Laundry', LaundryValues, laundryLabels),
  buildingAmenity: optionSet('BuildingAmenity', BuildingAmenityValues, buildingAmenityLabels),
  accessibilityFeature: optionSet('AccessibilityFeature', AccessibilityFeatureValues, accessibilityFeatureLabels),
  unitFeature: optionSet('UnitFeature', UnitFeatureValues, unitFeatureLabels),
  flooring: optionSet('Flooring', FlooringValues, flooringLabels),
  appliance: optionSet('Appliance', ApplianceValues, applianceLabels),
  hvac: optionSet('Hvac', HvacValues, hvacLabels),
  furnishing: optionSet('Furnishing', FurnishingValues, furnishingLabels),
} as const;

const O = LISTING_OPTIONS;

/** The fields in the order the form shows them (so the first failing one is the first one seen). */
export const LISTING_FIELDS = defineListingFields({
  // Basic Info
  title: { kind: 'line', label: l.title, section: 'basic' },
  description: { kind: 'text', label: l.description, section: 'basic', optional: true },
  address: { kind: 'line', label: l.address, section: 'basic', rest: { aliases: ['address_full'] } },
  unit: { kind: 'line', label: l.unit, section: 'basic', optional: true },
  borough: {
    kind: 'option',
    options: O.borough,
    choose: choose.borough,
    label: l.borough,
    section: 'basic',
    initial: 'MANHATTAN',
    // Read with the neighborhood, or placed by the map point (listing-write.rest.ts).
    rest: { input: 'own' },
  },
  neighborhood: { kind: 'line', label: l.neighborhood, section: 'basic', rest: { input: 'own' } },
  postalCode: { kind: 'line', label: l.postalCode, section: 'basic', optional: true },
  location: {
    kind: 'own',
    label: l.location,
    section: 'basic',
    optional: true,
    initial: null,
    graphql: { output: 'own', input: 'own' },
    rest: { input: 'own' },
    column: false,
  },
  locationPlaceId: {
    kind: 'line',
    // Set with the location; the form shows no field of its own.
    label: l.location,
    section: 'basic',
    optional: true,
    initial: null,
  },
  propertyType: {
    kind: 'option',
    options: O.propertyType,
    choose: choose.propertyType,
    label: l.propertyType,
    section: 'basic',
    initial: 'APARTMENT',
  },
  listingType: {
    kind: 'option',
    options: O.listingType,
    choose: choose.listingType,
    label: l.listingType,
    section: 'basic',
    initial: 'FOR_RENT',
    rest: { absent: 'For Rent' },
  },
  bedrooms: { kind: 'half', label: l.bedrooms, section: 'basic', initial: 1, rest: { aliases: ['beds'] } },
  bathrooms: { kind: 'half', label: l.bathrooms, section: 'basic', initial: 1, rest: { aliases: ['baths'] } },
  sqft: { kind: 'int', label: l.sqft, section: 'basic', optional: true, rest: { aliases: ['square_feet'] } },
  // Pricing & Terms
  price: {
    kind: 'money',
    label: l.price,
    section: 'pricing',
    initial: 0,
    graphql: {
      description:
        "Monthly rent in whole US dollars: the gross (advertised) rent, what the lease says; a sale's (listingType FOR_SALE) asking price.",
      inputDescription: 'The monthly rent (at most 1,000,000), or the asking price of a sale (FOR_SALE, at most 100,000,000).',
    },
    rest: { from: ['pricing.monthlyRent', 'pricing.askingPrice'] },
  },
  availableDate: {
    kind: 'date',
    label: l.availableDate,
    section: 'pricing',
    graphql: { inputDescription: 'YYYY-MM-DD' },
    rest: { group: 'pricing' },
  },
  leaseTerm: {
    kind: 'option',
    options: O.leaseTerm,
    choose: choose.leaseTerm,
    label: l.leaseTerm,
    section: 'pricing',
    optional: true,
    initial: 'ONE_YEAR',
    graphql: {
      description: 'The lease of a rental; null on a sale.',
      inputDescription: 'Required of a rental; a sale (FOR_SALE) has no lease and none is stored.',
    },
    rest: { group: 'policies' },
  },
  securityDeposit: {
    kind: 'money',
    label: l.securityDeposit,
    section: 'pricing',
    optional: true,
    graphql: {
      inputDescription: "A rental's is at most one month's rent (New York GOL § 7-108): a listing over it is not published.",
    },
    rest: { group: 'pricing' },
  },
  applicationFee: {
    kind: 'money',
    label: l.applicationFee,
    section: 'pricing',
    optional: true,
    graphql: { inputDescription: "A rental's is at most $20 (New York RPL § 238-a): a listing over it is not published." },
    rest: { group: 'pricing' },
  },
  brokerFee: { kind: 'money', label: l.brokerFee, section: 'pricing', optional: true, rest: { group: 'pricing' } },
  brokerFeePayer: {
    kind: 'option',
    options: O.brokerFeePayer,
    choose: choose.brokerFeePayer,
    label: l.brokerFeePayer,
    section: 'pricing',
    optional: true,
    // Never preselected (FARE Act): the agent says who pays, or that there is no fee.
    initial: null,
    graphql: {
      description: 'Who pays the broker fee (NYC FARE Act); null only on a draft where no choice was made yet.',
      inputDescription:
        'Who pays the broker fee (NYC FARE Act): required with a broker fee above 0; without one, a published listing is no-fee.',
    },
    // A published rental always says who pays; only a draft may leave it open (listing-write.service.ts).
    column: 'own',
  },
  otherFees: {
    kind: 'own',
    label: l.otherFees,
    section: 'pricing',
    graphql: { output: 'own', input: 'own' },
    column: 'own',
  },
  concessionMonthsFree: {
    kind: 'float',
    label: l.concessionMonthsFree,
    section: 'pricing',
    optional: true,
    graphql: {
      output: false,
      inputDescription:
        'A concession: months free (halves allowed, at most 12); 0 or null means none. Needs concessionLeaseMonths.',
    },
    rest: { from: ['concession.monthsFree', 'concession.months_free'] },
    column: 'own',
  },
  concessionLeaseMonths: {
    kind: 'int',
    label: l.concessionLeaseMonths,
    section: 'pricing',
    optional: true,
    graphql: { output: false, inputDescription: 'The months of the lease the free months come with (1 to 36, more than them).' },
    rest: { from: ['concession.leaseMonths', 'concession.lease_months'] },
    column: 'own',
  },
  concessionTerms: {
    kind: 'line',
    label: l.concessionTerms,
    section: 'pricing',
    optional: true,
    graphql: {
      output: false,
      inputDescription: "Optional terms of the concession ('Free month applied to month 13'), 200 characters.",
    },
    rest: { from: ['concession.terms'] },
    column: 'own',
  },
  utilitiesIncluded: {
    kind: 'options',
    options: O.utility,
    label: l.utilitiesIncluded,
    section: 'pricing',
    rest: { group: 'policies' },
  },
  // Policies
  petPolicy: {
    kind: 'option',
    options: O.petPolicy,
    choose: choose.petPolicy,
    label: l.petPolicy,
    section: 'policies',
    initial: 'NO_PETS',
    rest: { group: 'policies', absent: 'No Pets' },
  },
  petFee: {
    kind: 'money',
    label: l.petFee,
    section: 'policies',
    optional: true,
    graphql: { description: 'Per month.' },
    rest: { group: 'policies' },
  },
  petDeposit: { kind: 'money', label: l.petDeposit, section: 'policies', optional: true, rest: { group: 'policies' } },
  petTypesAllowed: {
    kind: 'options',
    options: O.petType,
    label: l.petTypesAllowed,
    section: 'policies',
    rest: { group: 'policies' },
  },
  smokingPolicy: {
    kind: 'option',
    options: O.smokingPolicy,
    label: l.smokingPolicy,
    section: 'policies',
    inputDefault: 'NO_SMOKING',
    initial: 'NO_SMOKING',
    rest: { group: 'policies', from: ['smoking'], absent: 'No Smoking' },
  },
  parking: {
    kind: 'option',
    options: O.parking,
    choose: choose.parking,
    label: l.parking,
    section: 'policies',
    initial: 'STREET',
    rest: { group: 'policies', absent: 'Street' },
  },
  parkingFee: { kind: 'money', label: l.parkingFee, section: 'policies', optional: true, rest: { group: 'policies' } },
  // Amenities
  laundry: { kind: 'option', options: O.laundry, label: l.laundry, section: 'amenities', optional: true },
  buildingAmenities: { kind: 'options', options: O.buildingAmenity, label: l.buildingAmenities, section: 'amenities' },
  accessibilityFeatures: {
    kind: 'options',
    options: O.accessibilityFeature,
    label: l.accessibilityFeatures,
    section: 'amenities',
    graphql: { description: 'Accessibility features of the home (step-free entrance, elevator, …).' },
    // 'Elevator' is the building amenity's too (common/listing.ts accessibilityFeaturesOf).
    column: 'own',
  },
  amenities: { kind: 'lines', label: l.amenities, section: 'amenities' },
  // Unit Features
  unitFeatures: { kind: 'options', options: O.unitFeature, label: l.unitFeatures, section: 'unit' },
  flooringType: { kind: 'option', options: O.flooring, label: l.flooringType, section: 'unit', optional: true },
  appliancesIncluded: { kind: 'options', options: O.appliance, label: l.appliancesIncluded, section: 'unit' },
  hvac: { kind: 'option', options: O.hvac, label: l.hvac, section: 'unit', optional: true },
  // Added by its declaration alone (issue 59 item 1, README's recipe): the form's control is its kind's.
  furnishing: {
    kind: 'option',
    options: O.furnishing,
    label: l.furnishing,
    section: 'unit',
    optional: true,
    control: 'auto',
    graphql: { description: 'Whether the home comes furnished; null when the listing does not say.' },
  },
  // Photos & Media
  photos: {
    kind: 'own',
    label: l.photos,
    section: 'media',
    graphql: { output: 'own', input: 'own' },
    rest: { input: 'own' },
    column: false,
  },
  virtualTourUrl: { kind: 'url', label: l.virtualTourUrl, section: 'media', optional: true },
  openHouses: {
    kind: 'own',
    label: l.openHouses,
    section: 'media',
    graphql: { output: 'own', input: 'own' },
    rest: { input: 'own' },
    column: false,
  },
});

export type ListingFields = Readonly<Record<string, ListingFieldDecl>>;
export type ListingFieldName = keyof typeof LISTING_FIELDS;

/** The declarations as a plain map, for code that walks them. */
export const DECLARED_FIELDS: ListingFields = LISTING_FIELDS;

/** What an empty field of this kind holds in the form: '' for text, [] for lists, null otherwise. */
export function emptyValueOf(f: ListingFieldDecl): unknown {
  if (f.initial !== undefined) return f.initial;
  if (f.kind === 'line' || f.kind === 'text' || f.kind === 'url' || f.kind === 'date') return '';
  if (f.kind === 'options' || f.kind === 'lines' || f.kind === 'own') return [];
  return null;
}

/** A new listing's form values (SPEC part 9: one bedroom and one bathroom, active), by the declarations. */
export function initialValuesOf(fields: ListingFields): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, emptyValueOf(f)]));
}

/** The fields' labels in the page's language, by name. */
export const fieldLabelsOf = (fields: ListingFields): Readonly<Record<string, string>> =>
  labels(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.label])));

/** A `{ value, label }` list of an option field, in its declared order, labels in the page's language. */
export function fieldOptionsOf(f: ListingFieldDecl): { value: string; label: string }[] {
  const set = f.options;
  if (!set) return [];
  return set.values.map((value) => ({
    value,
    get label() {
      return set.labels[value] ?? value;
    },
  }));
}

/** The option fields by name with their labels (REST answers options by label; the edit conflict shows them). */
export const optionLabelsOf = (fields: ListingFields): Readonly<Record<string, Readonly<Record<string, string>>>> =>
  Object.fromEntries(Object.entries(fields).flatMap(([name, f]) => (f.options ? [[name, f.options.labels] as const] : [])));

/** The declared fields `Property` gives under their own names, from their declarations (not those written by hand). */
export const plainOutputNamesOf = (fields: ListingFields): string[] =>
  Object.entries(fields)
    .filter(([, f]) => f.graphql?.output === undefined && f.kind !== 'own')
    .map(([name]) => name);

/**
 * The client's fragment of the declared fields, `ListingFormFields` (the listing form's edit query
 * spreads it): written by `npm run schema:emit` to client/src/features/listing-form/listing-fields.generated.ts.
 */
export function listingFormFragmentSource(fields: ListingFields = LISTING_FIELDS): string {
  const lines = plainOutputNamesOf(fields).map((name) => `    ${name}`);
  return [
    '// Written by `npm run schema:emit` from common/listing-fields.ts (every declared field `Property` gives): do not edit.',
    "import { graphql } from '@/gql';",
    '',
    'export const ListingFormFields = graphql(`',
    '  fragment ListingFormFields on Property {',
    ...lines,
    '  }',
    '`);',
    '',
  ].join('\n');
}

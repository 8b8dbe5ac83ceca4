// The listing form's values (react-hook-form) and their conversions: from the shared defaults, from
// a listing loaded for editing, and to the GraphQL ListingInput. The rules themselves are
// common/listing.ts (listingInputSchema), shared with the server.
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { labels } from '@common/i18n/labels';
import { LISTING_FORM_DEFAULTS, type ListingData, type ListingInput } from '@common/listing';
import { newYorkLocalInput, parseNewYorkTime } from '@common/tours';
import type { ListingInput as GqlListingInput } from '@/gql/graphql';

/** What the form holds: the schema's input, with open houses as datetime-local strings. */
export type ListingFormValues = ListingInput;

const sectionTitles = defineMessages({
  basic: { id: 'listingSections.basic', defaultMessage: 'Basic Info' },
  pricing: { id: 'listingSections.pricing', defaultMessage: 'Pricing & Terms' },
  policies: { id: 'listingSections.policies', defaultMessage: 'Policies' },
  amenities: { id: 'listingSections.amenities', defaultMessage: 'Amenities' },
  unit: { id: 'listingSections.unit', defaultMessage: 'Unit Features' },
  media: { id: 'listingSections.media', defaultMessage: 'Photos & Media' },
});

/** A section: its id, and its title read in the page's language. */
const section = <I extends keyof typeof sectionTitles>(id: I) => ({
  id,
  get title() {
    return formatMessage(sectionTitles[id]);
  },
});

/** The six sections of the page, in order (SPEC part 2). */
export const SECTIONS = [
  section('basic'),
  section('pricing'),
  section('policies'),
  section('amenities'),
  section('unit'),
  section('media'),
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** A section's title, in the page's language. */
export function sectionTitle(id: SectionId): string {
  return formatMessage(sectionTitles[id]);
}

export function isSectionId(value: string | null): value is SectionId {
  return SECTIONS.some((s) => s.id === value);
}

/** A photo of the listing as the form shows it (url is what is saved; the rest is for the preview). */
export interface SavedPhoto {
  url: string;
  thumbnailUrl: string;
  placeholder: string | null;
}

/** A new listing's values: LISTING_FORM_DEFAULTS, with the rent left empty rather than '0'. */
export function newListingValues(): ListingFormValues {
  const d = LISTING_FORM_DEFAULTS;
  return {
    ...d,
    // An empty rent field (validated as 'Price must be greater than 0') instead of a '0' to delete.
    price: null as unknown as number,
    otherFees: [],
    utilitiesIncluded: [],
    petTypesAllowed: [],
    buildingAmenities: [],
    accessibilityFeatures: [],
    amenities: [],
    unitFeatures: [],
    appliancesIncluded: [],
    photos: [],
    openHouses: [],
  };
}

/** An ISO instant as a datetime-local value in New York time ('2025-06-01T14:30'), whatever the browser's zone. */
export function isoToLocalInput(iso: string | null | undefined): string {
  return newYorkLocalInput(iso);
}

/** A datetime-local value (New York time, issue 27 item 3) as an ISO instant; as given when it is not one. */
export function localInputToIso(local: string): string {
  return parseNewYorkTime(local)?.toISOString() ?? local;
}

/** The validated values as the GraphQL input (open houses as instants). */
export function toGraphqlInput(data: ListingData): GqlListingInput {
  return {
    title: data.title,
    description: data.description,
    address: data.address,
    unit: data.unit,
    borough: data.borough,
    neighborhood: data.neighborhood,
    postalCode: data.postalCode,
    location: data.location,
    locationPlaceId: data.locationPlaceId,
    propertyType: data.propertyType,
    listingType: data.listingType,
    bedrooms: data.bedrooms,
    bathrooms: data.bathrooms,
    sqft: data.sqft,
    price: data.price,
    availableDate: data.availableDate,
    leaseTerm: data.leaseTerm,
    securityDeposit: data.securityDeposit,
    applicationFee: data.applicationFee,
    brokerFee: data.brokerFee,
    brokerFeePayer: data.brokerFeePayer,
    otherFees: data.otherFees,
    concessionMonthsFree: data.concessionMonthsFree,
    concessionLeaseMonths: data.concessionLeaseMonths,
    concessionTerms: data.concessionTerms,
    utilitiesIncluded: data.utilitiesIncluded,
    petPolicy: data.petPolicy,
    petFee: data.petFee,
    petDeposit: data.petDeposit,
    petTypesAllowed: data.petTypesAllowed,
    smokingPolicy: data.smokingPolicy,
    parking: data.parking,
    parkingFee: data.parkingFee,
    laundry: data.laundry,
    buildingAmenities: data.buildingAmenities,
    accessibilityFeatures: data.accessibilityFeatures,
    amenities: data.amenities,
    unitFeatures: data.unitFeatures,
    flooringType: data.flooringType,
    appliancesIncluded: data.appliancesIncluded,
    hvac: data.hvac,
    photos: data.photos.map((p) => ({ url: p.url })),
    virtualTourUrl: data.virtualTourUrl,
    openHouses: data.openHouses.map((o) => ({
      id: o.id,
      capacity: o.capacity,
      startsAt: localInputToIso(o.startsAt),
      endsAt: o.endsAt ? localInputToIso(o.endsAt) : null,
      note: o.note,
    })),
  };
}

/** A listing loaded for editing (the fields of EditListingQuery), as form values. */
export interface EditableListing {
  title: string;
  description?: string | null;
  address: string;
  unit?: string | null;
  borough: ListingFormValues['borough'];
  neighborhood: string;
  postalCode?: string | null;
  location?: { lat: number; lng: number } | null;
  locationPlaceId?: string | null;
  propertyType: ListingFormValues['propertyType'];
  listingType: ListingFormValues['listingType'];
  bedrooms: number;
  bathrooms: number;
  sqft?: number | null;
  price: number;
  availableDate: string;
  leaseTerm: ListingFormValues['leaseTerm'];
  securityDeposit?: number | null;
  applicationFee?: number | null;
  brokerFee?: number | null;
  brokerFeePayer: ListingFormValues['brokerFeePayer'];
  otherFees: ReadonlyArray<{ label: string; amount: number; frequency: 'ONE_TIME' | 'MONTHLY' }>;
  concession?: { monthsFree: number; leaseMonths: number; terms?: string | null } | null;
  utilitiesIncluded: NonNullable<ListingFormValues['utilitiesIncluded']>;
  petPolicy: ListingFormValues['petPolicy'];
  petFee?: number | null;
  petDeposit?: number | null;
  petTypesAllowed: NonNullable<ListingFormValues['petTypesAllowed']>;
  smokingPolicy: NonNullable<ListingFormValues['smokingPolicy']>;
  parking: ListingFormValues['parking'];
  parkingFee?: number | null;
  laundry?: ListingFormValues['laundry'];
  buildingAmenities: NonNullable<ListingFormValues['buildingAmenities']>;
  accessibilityFeatures: NonNullable<ListingFormValues['accessibilityFeatures']>;
  amenities: readonly string[];
  unitFeatures: NonNullable<ListingFormValues['unitFeatures']>;
  flooringType?: ListingFormValues['flooringType'];
  appliancesIncluded: NonNullable<ListingFormValues['appliancesIncluded']>;
  hvac?: ListingFormValues['hvac'];
  photos: ReadonlyArray<{ url: string; thumbnailUrl: string; placeholder?: string | null }>;
  virtualTourUrl?: string | null;
  openHouses: ReadonlyArray<{ id: string; startsAt: string; endsAt: string; note?: string | null; capacity?: number | null }>;
}

export function valuesFromListing(l: EditableListing): ListingFormValues {
  return {
    title: l.title,
    description: l.description ?? '',
    address: l.address,
    unit: l.unit ?? '',
    borough: l.borough,
    neighborhood: l.neighborhood,
    postalCode: l.postalCode ?? '',
    location: l.location ? { lat: l.location.lat, lng: l.location.lng } : null,
    locationPlaceId: l.locationPlaceId ?? null,
    propertyType: l.propertyType,
    listingType: l.listingType,
    bedrooms: l.bedrooms,
    bathrooms: l.bathrooms,
    sqft: l.sqft ?? null,
    price: l.price,
    availableDate: l.availableDate.slice(0, 10),
    // A sale has none; the form keeps a rental's default should the listing become one.
    leaseTerm: l.leaseTerm ?? 'ONE_YEAR',
    securityDeposit: l.securityDeposit ?? null,
    applicationFee: l.applicationFee ?? null,
    brokerFee: l.brokerFee ?? null,
    brokerFeePayer: l.brokerFeePayer,
    otherFees: l.otherFees.map((f) => ({ label: f.label, amount: f.amount, frequency: f.frequency })),
    concessionMonthsFree: l.concession?.monthsFree ?? null,
    concessionLeaseMonths: l.concession?.leaseMonths ?? null,
    concessionTerms: l.concession?.terms ?? '',
    utilitiesIncluded: [...l.utilitiesIncluded],
    petPolicy: l.petPolicy,
    petFee: l.petFee ?? null,
    petDeposit: l.petDeposit ?? null,
    petTypesAllowed: [...l.petTypesAllowed],
    smokingPolicy: l.smokingPolicy,
    parking: l.parking,
    parkingFee: l.parkingFee ?? null,
    laundry: l.laundry ?? null,
    buildingAmenities: [...l.buildingAmenities],
    accessibilityFeatures: [...l.accessibilityFeatures],
    amenities: [...l.amenities],
    unitFeatures: [...l.unitFeatures],
    flooringType: l.flooringType ?? null,
    appliancesIncluded: [...l.appliancesIncluded],
    hvac: l.hvac ?? null,
    photos: l.photos.map((p) => ({ url: p.url })),
    virtualTourUrl: l.virtualTourUrl ?? '',
    openHouses: l.openHouses.map((o) => ({
      id: o.id,
      capacity: o.capacity ?? null,
      startsAt: isoToLocalInput(o.startsAt),
      endsAt: isoToLocalInput(o.endsAt),
      note: o.note ?? '',
    })),
  };
}

/** Field names as the form labels them, for 'Validation Error' toasts (the first failing field). */
const FIELD_LABELS = labels(
  defineMessages({
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
    photos: { id: 'listingFields.photos', defaultMessage: 'Photos' },
    virtualTourUrl: { id: 'listingFields.virtualTourUrl', defaultMessage: 'Virtual tour URL' },
    openHouses: { id: 'listingFields.openHouses', defaultMessage: 'Open houses' },
  }),
);

/** The order fields appear in on the page, so the first failing one is the first one seen. */
export const FIELD_ORDER = Object.keys(FIELD_LABELS);

export function fieldLabel(path: string): string {
  const root = path.split('.')[0] ?? path;
  return (FIELD_LABELS as Readonly<Record<string, string>>)[root] ?? root;
}

/** The section a field path lives in. */
export function sectionOf(path: string): SectionId {
  const root = path.split('.')[0] ?? path;
  const index = FIELD_ORDER.indexOf(root);
  if (index < 0) return 'basic';
  if (index < FIELD_ORDER.indexOf('price')) return 'basic';
  if (index < FIELD_ORDER.indexOf('petPolicy')) return 'pricing';
  if (index < FIELD_ORDER.indexOf('laundry')) return 'policies';
  if (index < FIELD_ORDER.indexOf('unitFeatures')) return 'amenities';
  if (index < FIELD_ORDER.indexOf('photos')) return 'unit';
  return 'media';
}

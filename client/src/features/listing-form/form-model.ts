// The listing form's values (react-hook-form) and their conversions: from the shared defaults, from
// a listing loaded for editing, and to the GraphQL ListingInput. The rules themselves are
// common/listing.ts (listingInputSchema), shared with the server.
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { type ListingData, type ListingInput } from '@common/listing';
import {
  DECLARED_FIELDS,
  emptyValueOf,
  fieldLabelsOf,
  initialValuesOf,
  LISTING_SECTION_IDS,
  type ListingSectionId,
} from '@common/listing-fields';
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

/** The six sections of the page, in order (SPEC part 2), each with its title in the page's language. */
export const SECTIONS = LISTING_SECTION_IDS.map((id) => ({
  id,
  get title() {
    return formatMessage(sectionTitles[id]);
  },
}));
export type SectionId = ListingSectionId;

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

/** A new listing's values: each declared field's initial value, with the rent left empty rather than '0'. */
export function newListingValues(): ListingFormValues {
  return {
    ...(initialValuesOf(DECLARED_FIELDS) as ListingFormValues),
    // An empty rent field (validated as 'Price must be greater than 0') instead of a '0' to delete.
    price: null as unknown as number,
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

/** The validated values as the GraphQL input: the declared fields as they are, photos by url, open houses as instants. */
export function toGraphqlInput(data: ListingData): GqlListingInput {
  const values = data as unknown as Record<string, unknown>;
  return {
    ...(Object.fromEntries(Object.keys(DECLARED_FIELDS).map((name) => [name, values[name]])) as unknown as GqlListingInput),
    photos: data.photos.map((p) => ({ url: p.url })),
    openHouses: data.openHouses.map((o) => ({
      id: o.id,
      capacity: o.capacity,
      startsAt: localInputToIso(o.startsAt),
      endsAt: o.endsAt ? localInputToIso(o.endsAt) : null,
      note: o.note,
    })),
  };
}

/**
 * A listing loaded for editing (EditListingQuery: the declared fields, `ListingFormFields`, and the
 * composite ones), as form values.
 */
export type EditableListing = Readonly<Record<string, unknown>> & {
  location?: { lat: number; lng: number } | null;
  otherFees: ReadonlyArray<{ label: string; amount: number; frequency: 'ONE_TIME' | 'MONTHLY' }>;
  concession?: { monthsFree: number; leaseMonths: number; terms?: string | null } | null;
  photos: ReadonlyArray<{ url: string; thumbnailUrl: string; placeholder?: string | null }>;
  openHouses: ReadonlyArray<{ id: string; startsAt: string; endsAt: string; note?: string | null; capacity?: number | null }>;
};

/** A declared field's value as the form holds it: lists copied, a day as 'YYYY-MM-DD', none as the kind's empty value. */
function formValueOf(name: string, value: unknown): unknown {
  const f = DECLARED_FIELDS[name]!;
  if (f.kind === 'options' || f.kind === 'lines') return Array.isArray(value) ? [...(value as unknown[])] : [];
  if (f.kind === 'date' && typeof value === 'string') return value.slice(0, 10);
  return value ?? emptyValueOf(f);
}

export function valuesFromListing(l: EditableListing): ListingFormValues {
  const declared = Object.fromEntries(Object.keys(DECLARED_FIELDS).map((name) => [name, formValueOf(name, l[name])]));
  return {
    ...(declared as ListingFormValues),
    location: l.location ? { lat: l.location.lat, lng: l.location.lng } : null,
    otherFees: l.otherFees.map((f) => ({ label: f.label, amount: f.amount, frequency: f.frequency })),
    concessionMonthsFree: l.concession?.monthsFree ?? null,
    concessionLeaseMonths: l.concession?.leaseMonths ?? null,
    concessionTerms: l.concession?.terms ?? '',
    photos: l.photos.map((p) => ({ url: p.url })),
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
const FIELD_LABELS = fieldLabelsOf(DECLARED_FIELDS);

/** The order fields appear in on the page, so the first failing one is the first one seen. */
export const FIELD_ORDER = Object.keys(DECLARED_FIELDS);

export function fieldLabel(path: string): string {
  const root = path.split('.')[0] ?? path;
  return (FIELD_LABELS as Readonly<Record<string, string>>)[root] ?? root;
}

/** The section a field path lives in (its declaration's). */
export function sectionOf(path: string): SectionId {
  const root = path.split('.')[0] ?? path;
  return DECLARED_FIELDS[root]?.section ?? 'basic';
}

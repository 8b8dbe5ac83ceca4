import { z } from 'zod';
import { formatPrice } from './format.js';
import { DECLARED_FILTER_NAMES, type DeclaredFilterName, type DeclaredFilterValue } from './search-filters.js';
import { declaredFilterSummary, SEARCH_FILTER_TEXTS } from './search-filter-texts.js';
import { defineMessages, formatMessage, type MessageDescriptor } from './i18n/messages.js';
import { AlertFrequencyValues, boroughLabels, type Borough, type PropertyType } from './options.js';

export { AlertFrequencyValues, type AlertFrequency } from './options.js';
export { alertFrequencyLabels } from './listing-labels.js';

/** Saved searches and their alerts (issue 14 item 1). Imported by the browser: no Prisma here. */
export const SAVED_SEARCH_NAME_MAX = 120;
/** How many saved searches one account may keep. */
export const SAVED_SEARCHES_PER_USER = 50;

// The rules' messages and the default name are in the page's language (issue 29), made when they are
// shown: in the part 'alerts' of the catalogues (the save dialog and the saved searches' screen).
const messages = defineMessages({
  nameRequired: { id: 'savedSearch.nameRequired', defaultMessage: 'Enter a name for this search' },
  nameTooLong: { id: 'savedSearch.nameTooLong', defaultMessage: 'Keep the name under {max} characters' },
  nameControl: { id: 'savedSearch.nameControl', defaultMessage: 'The name cannot contain line breaks or control characters' },
  frequency: { id: 'savedSearch.frequency', defaultMessage: 'Alerts are instant, daily or off' },
  // The default name, '2+ beds in Brooklyn under $3,500': its parts, each a phrase, joined by spaces.
  studios: { id: 'searchSummary.studios', defaultMessage: 'Studios' },
  beds: { id: 'searchSummary.beds', defaultMessage: '{beds}+ beds' },
  bedsOfType: { id: 'searchSummary.bedsOfType', defaultMessage: '{beds}+ beds ({type})' },
  bedsForSale: { id: 'searchSummary.bedsForSale', defaultMessage: '{beds}+ beds for sale' },
  rentals: { id: 'searchSummary.rentals', defaultMessage: 'Rentals' },
  forSale: { id: 'searchSummary.forSale', defaultMessage: 'Homes for sale' },
  ofTypeForSale: { id: 'searchSummary.ofTypeForSale', defaultMessage: '{type} for sale' },
  inPlace: { id: 'searchSummary.inPlace', defaultMessage: 'in {place}' },
  drawnArea: { id: 'searchSummary.drawnArea', defaultMessage: 'in a drawn area' },
  between: { id: 'searchSummary.between', defaultMessage: '{min}–{max}' },
  betweenNet: { id: 'searchSummary.betweenNet', defaultMessage: '{min}–{max} net effective' },
  under: { id: 'searchSummary.under', defaultMessage: 'under {max}' },
  underNet: { id: 'searchSummary.underNet', defaultMessage: 'under {max} net effective' },
  from: { id: 'searchSummary.from', defaultMessage: 'from {min}' },
  fromNet: { id: 'searchSummary.fromNet', defaultMessage: 'from {min} net effective' },
  petsAllowed: { id: 'searchSummary.petsAllowed', defaultMessage: 'pets allowed' },
  cats: { id: 'searchSummary.cats', defaultMessage: 'cats OK' },
  dogs: { id: 'searchSummary.dogs', defaultMessage: 'dogs OK' },
  noPets: { id: 'searchSummary.noPets', defaultMessage: 'no pets' },
  nearLines: { id: 'searchSummary.nearLines', defaultMessage: 'near the {lines}' },
  walk: { id: 'searchSummary.walk', defaultMessage: '{minutes} min to the subway' },
  commute: { id: 'searchSummary.commute', defaultMessage: '≤ {minutes} min commute' },
  accessible: { id: 'searchSummary.accessible', defaultMessage: 'accessible' },
  matching: { id: 'searchSummary.matching', defaultMessage: 'matching “{search}”' },
});

/** A kind of home, in the plural: what the search is for ('Apartments'). */
const typePlurals = defineMessages({
  APARTMENT: { id: 'searchSummary.type.APARTMENT', defaultMessage: 'Apartments' },
  TOWNHOUSE: { id: 'searchSummary.type.TOWNHOUSE', defaultMessage: 'Townhouses' },
  CONDO: { id: 'searchSummary.type.CONDO', defaultMessage: 'Condos' },
  HOUSE: { id: 'searchSummary.type.HOUSE', defaultMessage: 'Houses' },
  LOFT: { id: 'searchSummary.type.LOFT', defaultMessage: 'Lofts' },
  STUDIO: { id: 'searchSummary.type.STUDIO', defaultMessage: 'Studios' },
} satisfies Record<PropertyType, MessageDescriptor>);

// Control characters (line breaks included) have no place in a name shown in menus and subjects.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

export const savedSearchNameSchema = z
  .string()
  .trim()
  .min(1, { error: () => formatMessage(messages.nameRequired) })
  .max(SAVED_SEARCH_NAME_MAX, { error: () => formatMessage(messages.nameTooLong, { max: SAVED_SEARCH_NAME_MAX }) })
  .refine((v) => !CONTROL.test(v), { error: () => formatMessage(messages.nameControl) });

export const alertFrequencySchema = z.enum(AlertFrequencyValues, { error: () => formatMessage(messages.frequency) });

/** The parts of a filter a summary reads (the GraphQL PropertyFilter shape). */
export type SummaryFilter = {
  /** Rentals unless FOR_SALE. */
  listingType?: string | null;
  search?: string | null;
  borough?: Borough | null;
  neighborhood?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  priceBasis?: string | null;
  minBeds?: number | null;
  propertyType?: PropertyType | null;
  pets?: string | null;
  lines?: readonly string[] | null;
  walkMinutes?: number | null;
  commuteMaxMinutes?: number | null;
  area?: readonly unknown[] | null;
  accessibility?: readonly string[] | null;
} & { [N in DeclaredFilterName]?: DeclaredFilterValue<N> | null };

/** A readable default name, in the page's language: '2+ beds in Brooklyn under $3,500'. */
export function summarizeFilter(f: SummaryFilter): string {
  const parts: string[] = [];
  // A search of sales says so in its first words, whatever else it asks (issue 58 item 3), and its
  // price is an asking price: never 'net effective'.
  const sale = f.listingType === 'FOR_SALE';
  const forSale = (type: string) => (sale ? formatMessage(messages.ofTypeForSale, { type }) : type);
  const type = f.propertyType ? forSale(formatMessage(typePlurals[f.propertyType])) : null;
  if (f.minBeds === 0) parts.push(forSale(formatMessage(messages.studios)));
  else if (f.minBeds != null)
    parts.push(
      type
        ? formatMessage(messages.bedsOfType, { beds: f.minBeds, type: type.toLowerCase() })
        : formatMessage(sale ? messages.bedsForSale : messages.beds, { beds: f.minBeds }),
    );
  else parts.push(type ?? formatMessage(sale ? messages.forSale : messages.rentals));
  // '1.5+ baths', 'up to 3 beds', 'move in by Mar 1, 2027': common/search-filters.ts (the rest of them at the end).
  const declared = (late: boolean) => {
    for (const name of DECLARED_FILTER_NAMES) {
      const value = f[name];
      if (value != null && value !== false && Boolean(SEARCH_FILTER_TEXTS[name].late) === late)
        parts.push(declaredFilterSummary(name, value));
    }
  };
  declared(false);
  if (f.neighborhood) parts.push(formatMessage(messages.inPlace, { place: f.neighborhood }));
  else if (f.borough) parts.push(formatMessage(messages.inPlace, { place: boroughLabels[f.borough] }));
  if (f.area?.length) parts.push(formatMessage(messages.drawnArea));
  const net = !sale && f.priceBasis === 'NET_EFFECTIVE';
  if (f.minPrice != null && f.maxPrice != null)
    parts.push(
      formatMessage(net ? messages.betweenNet : messages.between, { min: formatPrice(f.minPrice), max: formatPrice(f.maxPrice) }),
    );
  else if (f.maxPrice != null)
    parts.push(formatMessage(net ? messages.underNet : messages.under, { max: formatPrice(f.maxPrice) }));
  else if (f.minPrice != null)
    parts.push(formatMessage(net ? messages.fromNet : messages.from, { min: formatPrice(f.minPrice) }));
  const pets = (f.pets ?? '').toLowerCase();
  if (pets === 'allowed') parts.push(formatMessage(messages.petsAllowed));
  else if (pets === 'cats') parts.push(formatMessage(messages.cats));
  else if (pets === 'dogs') parts.push(formatMessage(messages.dogs));
  else if (pets === 'none') parts.push(formatMessage(messages.noPets));
  if (f.lines?.length) parts.push(formatMessage(messages.nearLines, { lines: f.lines.join(', ') }));
  else if (f.walkMinutes != null) parts.push(formatMessage(messages.walk, { minutes: f.walkMinutes }));
  if (f.commuteMaxMinutes != null) parts.push(formatMessage(messages.commute, { minutes: f.commuteMaxMinutes }));
  if (f.accessibility?.length) parts.push(formatMessage(messages.accessible));
  // 'no fee', 'with doorman, gym'.
  declared(true);
  const search = f.search?.trim();
  if (search) parts.push(formatMessage(messages.matching, { search }));
  const name = parts.join(' ');
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}

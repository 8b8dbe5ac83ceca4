// Search filters declared once (issue 59 item 1, the way of issue 52 item 1): what kind of value a
// filter takes and its bounds, its name in the listings page's address, and its words in a chip. From a declaration come
// the filter's rule (common/search.ts), the `PropertyFilter` input and `SavedSearchFilter` fields
// (server/modules/listings/search-filters.schema.ts), the REST parameters (listings.rest.ts), the
// saved search's summary (common/saved-search.ts), and the page's URL, state, GraphQL filter and
// chips (client/src/features/listings/search-state.ts, filter-bar.tsx). What it means in SQL is the
// one thing written beside the search's other conditions (listings.service.ts `DECLARED_FILTER_SQL`),
// what partners read of it in the schema (search-filters.schema.ts `DESCRIPTIONS`), its names in a REST
// query string (listings.rest.ts `REST_NAMES`) and its texts (search-filter-texts.ts): the type checker
// makes each complete. No zod and no server texts here: the listings page imports this file.
// Adding a filter: README's 'Adding a search filter'.
import { currentLocale, defineMessages, formatMessage, type MessageDescriptor } from './i18n/messages.js';
import { AmenityFilterValues } from './options.js';

/**
 * What a filter takes: a whole number from `min` to `max` (a count such as bedrooms), a number in halves
 * (bathrooms: 1.5 counts a half bath) offered as `choices`, a day ('2027-03-01', New York's), a switch
 * (on, or no filter), or a set of `values` (every one of them).
 */
export type SearchFilterKind =
  | { kind: 'count'; min: number; max: number }
  | { kind: 'halves'; min: number; max: number; choices: readonly number[] }
  | { kind: 'day' }
  | { kind: 'flag' }
  | { kind: 'set'; values: readonly string[] };

export type SearchFilterDeclaration = SearchFilterKind & {
  /** Its name in the listings page's address (its REST names: listings.rest.ts `REST_NAMES`, kept out of the page's script). */
  url: string;
  /** Its chip on the listings page: `{value}` is its value as shown (a set's: how many). A switch's chip is its control too. */
  chip: MessageDescriptor;
  /** A filter of rentals only (a sale has no broker fee): a search for sales leaves it out. */
  rentalsOnly?: true;
};

const messages = defineMessages({
  maxBedsChip: {
    id: 'searchFilters.maxBedsChip',
    defaultMessage: 'At most {value, select, 0 {studio} 5 {5+ beds} other {{value} beds}}',
  },
  moveInByChip: { id: 'searchFilters.moveInByChip', defaultMessage: 'Move in by {value}' },
  noFeeChip: { id: 'searchFilters.noFeeChip', defaultMessage: 'No fee' },
  minBathsChip: { id: 'searchFilters.minBathsChip', defaultMessage: 'Bathrooms: {value}+' },
  amenitiesChip: { id: 'searchFilters.amenitiesChip', defaultMessage: 'Amenities: {value}' },
});

export const SEARCH_FILTERS = {
  // 'No fee' (issue 59 item 1): rentals the tenant pays no broker fee for (none, or the landlord pays it).
  noFee: {
    kind: 'flag',
    url: 'noFee',
    chip: messages.noFeeChip,
    rentalsOnly: true,
  },
  // At least this many bathrooms (issue 59 item 1).
  minBaths: {
    kind: 'halves',
    min: 0,
    max: 10,
    choices: [1, 1.5, 2, 3],
    url: 'baths',
    chip: messages.minBathsChip,
  },
  maxBeds: {
    kind: 'count',
    min: 0,
    max: 5,
    url: 'maxBeds',
    chip: messages.maxBedsChip,
  },
  // Homes with every one of these amenities (issue 59 item 1; what each means: listings.service.ts).
  amenities: {
    kind: 'set',
    values: AmenityFilterValues,
    url: 'amenities',
    chip: messages.amenitiesChip,
  },
  moveInBy: {
    kind: 'day',
    url: 'moveIn',
    chip: messages.moveInByChip,
  },
} as const satisfies Record<string, SearchFilterDeclaration>;

export type DeclaredFilterName = keyof typeof SEARCH_FILTERS;
export const DECLARED_FILTER_NAMES = Object.keys(SEARCH_FILTERS) as DeclaredFilterName[];

/**
 * A declared filter's value as the search takes it: a count or halves a number, a day its
 * 'YYYY-MM-DD', a switch `true` (false or none: no filter), a set its values.
 */
export type DeclaredFilterValue<N extends DeclaredFilterName> = (typeof SEARCH_FILTERS)[N] extends infer D
  ? D extends { kind: 'count' | 'halves' }
    ? number
    : D extends { kind: 'flag' }
      ? boolean
      : D extends { kind: 'set'; values: readonly (infer V)[] }
        ? V[]
        : string
  : never;
export type DeclaredFilters = { [N in DeclaredFilterName]?: DeclaredFilterValue<N> };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `raw` is a day of the calendar written 'YYYY-MM-DD' (not '2027-02-30'). */
export function isDay(raw: string): boolean {
  const m = DAY.exec(raw);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === raw;
}

/** Whether `n` is a number a 'halves' filter takes. */
export const isHalves = (declaration: { min: number; max: number }, n: number) =>
  Number.isFinite(n) && n >= declaration.min && n <= declaration.max && Number.isInteger(n * 2);

/**
 * A declared filter's value from text (an address's parameter, a REST query string, the page's state):
 * the value, or null when it is none this filter takes. A set's text is its values separated by commas,
 * in any case; the values it does not know are left out.
 */
export function parseDeclaredFilter(
  declaration: SearchFilterKind,
  raw: string | null | undefined,
): number | string | true | string[] | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  switch (declaration.kind) {
    case 'day':
      return isDay(text) ? text : null;
    case 'flag':
      return /^(1|true|yes)$/i.test(text) ? true : null;
    case 'set': {
      const given = new Set(text.toUpperCase().split(','));
      const values = declaration.values.filter((v) => given.has(v));
      return values.length ? values : null;
    }
    case 'halves': {
      const n = /^\d{1,2}(\.\d+)?\+?$/.test(text) ? Number.parseFloat(text) : Number.NaN;
      return isHalves(declaration, n) ? n : null;
    }
    default: {
      const count = /^\d{1,3}\+?$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
      return Number.isInteger(count) && count >= declaration.min && count <= declaration.max ? count : null;
    }
  }
}

/** A declared filter's value as text (the page's state and address): '' for none; a set lower case, in its order. */
export function declaredFilterText(declaration: SearchFilterKind, value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (declaration.kind === 'flag') return '1';
  if (declaration.kind === 'set') return Array.isArray(value) ? value.map((v: string) => v.toLowerCase()).join(',') : '';
  return String(value);
}

/** What a declared filter's value says ('Mar 1, 2027' for a day; a set, how many), in the page's language. */
export function shownValue(declaration: SearchFilterKind, value: number | string | true | readonly string[]): string {
  if (declaration.kind === 'set') return String((value as readonly string[]).length);
  if (declaration.kind !== 'day') return String(value);
  const [y, m, d] = String(value).split('-').map(Number);
  return new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

/** A declared filter's chip, for its value. */
export function declaredFilterChip(name: DeclaredFilterName, value: number | string | true | readonly string[]): string {
  const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
  return formatMessage(declaration.chip, { value: shownValue(declaration, value) });
}

/** The client's fragment of a saved search's declared filters, written by `npm run schema:emit`. */
export function declaredFiltersFragmentSource(): string {
  return [
    '// Written by `npm run schema:emit` from common/search-filters.ts (every declared search filter): do not edit.',
    "import { graphql } from '@/gql';",
    '',
    'export const DeclaredSavedFilters = graphql(`',
    '  fragment DeclaredSavedFilters on SavedSearchFilter {',
    ...DECLARED_FILTER_NAMES.map((name) => `    ${name}`),
    '  }',
    '`);',
    '',
  ].join('\n');
}

// Search filters declared once (issue 59 item 1, the way of issue 52 item 1): what kind of value a
// filter takes and its bounds, its names in a REST query string and in the
// listings page's address, and its words in a chip and a saved search's name. From a declaration come
// the filter's rule (common/search.ts), the `PropertyFilter` input and `SavedSearchFilter` fields
// (server/modules/listings/search-filters.schema.ts), the REST parameters (listings.rest.ts), the
// saved search's summary (common/saved-search.ts), and the page's URL, state, GraphQL filter and
// chips (client/src/features/listings/search-state.ts, filter-bar.tsx). What it means in SQL is the
// one thing written beside the search's other conditions (listings.service.ts `DECLARED_FILTER_SQL`),
// and what partners read of it in the schema (search-filters.schema.ts `DESCRIPTIONS`): the type
// checker makes both complete. No zod and no server texts here: the listings page imports this file.
// Adding a filter: README's 'Adding a search filter'.
import { currentLocale, defineMessages, formatMessage, type MessageDescriptor } from './i18n/messages.js';

/** A whole number from `min` to `max` (a count such as bedrooms), or a day ('2027-03-01', New York's). */
export type SearchFilterKind = { kind: 'count'; min: number; max: number } | { kind: 'day' };

export type SearchFilterDeclaration = SearchFilterKind & {
  /** Its name in `GET /api/properties`' query string, and other spellings taken. */
  rest: { param: string; aliases?: readonly string[] };
  /** Its name in the listings page's address. */
  url: string;
  /** Its chip on the listings page: `{value}` is its value as shown. Its other texts: search-filter-texts.ts. */
  chip: MessageDescriptor;
};

const messages = defineMessages({
  maxBedsChip: {
    id: 'searchFilters.maxBedsChip',
    defaultMessage: 'At most {value, select, 0 {studio} 5 {5+ beds} other {{value} beds}}',
  },
  moveInByChip: { id: 'searchFilters.moveInByChip', defaultMessage: 'Move in by {value}' },
});

export const SEARCH_FILTERS = {
  maxBeds: {
    kind: 'count',
    min: 0,
    max: 5,
    rest: { param: 'max_beds', aliases: ['maxBeds'] },
    url: 'maxBeds',
    chip: messages.maxBedsChip,
  },
  moveInBy: {
    kind: 'day',
    rest: { param: 'move_in_by', aliases: ['moveInBy', 'available_by'] },
    url: 'moveIn',
    chip: messages.moveInByChip,
  },
} as const satisfies Record<string, SearchFilterDeclaration>;

export type DeclaredFilterName = keyof typeof SEARCH_FILTERS;
export const DECLARED_FILTER_NAMES = Object.keys(SEARCH_FILTERS) as DeclaredFilterName[];

/** A declared filter's value as the filter holds it: a count is a number, a day its 'YYYY-MM-DD'. */
export type DeclaredFilterValue<N extends DeclaredFilterName> = (typeof SEARCH_FILTERS)[N]['kind'] extends 'count'
  ? number
  : string;
export type DeclaredFilters = { [N in DeclaredFilterName]?: DeclaredFilterValue<N> };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `raw` is a day of the calendar written 'YYYY-MM-DD' (not '2027-02-30'). */
export function isDay(raw: string): boolean {
  const m = DAY.exec(raw);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === raw;
}

/**
 * A declared filter's value from text (an address's parameter, a REST query string, a form's field):
 * the value, or null when it is not one this filter takes.
 */
export function parseDeclaredFilter(declaration: SearchFilterKind, raw: string | null | undefined): number | string | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  if (declaration.kind === 'day') return isDay(text) ? text : null;
  const count = /^\d{1,3}\+?$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
  return Number.isInteger(count) && count >= declaration.min && count <= declaration.max ? count : null;
}

/** What a declared filter's value says ('Mar 1, 2027' for a day), in the page's language. */
export function shownValue(declaration: SearchFilterKind, value: number | string): string {
  if (declaration.kind === 'count') return String(value);
  const [y, m, d] = String(value).split('-').map(Number);
  return new Intl.DateTimeFormat(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
}

/** A declared filter's chip, for its value. */
export function declaredFilterChip(name: DeclaredFilterName, value: number | string): string {
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

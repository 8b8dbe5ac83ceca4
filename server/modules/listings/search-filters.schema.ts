import type { FieldMap, InputFieldMap } from '@pothos/core';
import {
  DECLARED_FILTER_NAMES,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type SearchFilterDeclaration,
} from '../../../common/search-filters.js';

// The GraphQL fields of the search filters declared in common/search-filters.ts: `PropertyFilter`'s
// inputs (listings.schema.ts) and a saved search's `SavedSearchFilter` (alerts.schema.ts).

/** What the derivations call on a type's field builder. */
interface InputFields {
  string(options: object): InputFieldMap[string];
  int(options: object): InputFieldMap[string];
}
interface OutputFields {
  string(options: object): FieldMap[string];
  int(options: object): FieldMap[string];
}

/** What a partner reads of each declared filter in the schema (kept here: the page's script does not carry it). */
const DESCRIPTIONS: Record<DeclaredFilterName, string> = {
  maxBeds:
    'At most this many bedrooms (0 is a studio; 5 means no upper bound). With `minBeds`, a range: `minBeds: 0` then means from a studio up, not studios only.',
  moveInBy:
    "Homes one can move into on or before this day (YYYY-MM-DD, New York's day): their available date is that day or earlier, so homes available now count.",
};

const typeOf = (declaration: SearchFilterDeclaration) => (declaration.kind === 'count' ? 'int' : 'string');

/** The declared filters as `PropertyFilter` inputs: a count an Int, a day a String ('YYYY-MM-DD'). */
export function declaredFilterInputFields(t: unknown): InputFieldMap {
  const f$ = t as InputFields;
  return Object.fromEntries(
    DECLARED_FILTER_NAMES.map((name) => {
      const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
      return [name, f$[typeOf(declaration)]({ description: DESCRIPTIONS[name] })];
    }),
  );
}

/** The declared filters of a saved search, as it was saved (null: not set). */
export function declaredFilterOutputFields(t: unknown): FieldMap {
  const f$ = t as OutputFields;
  return Object.fromEntries(
    DECLARED_FILTER_NAMES.map((name) => {
      const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
      return [
        name,
        f$[typeOf(declaration)]({
          nullable: true,
          description: DESCRIPTIONS[name],
          resolve: (filter: Record<string, unknown>) => filter[name] ?? null,
        }),
      ];
    }),
  );
}

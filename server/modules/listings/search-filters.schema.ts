import type { FieldMap, InputFieldMap } from '@pothos/core';
import {
  DECLARED_FILTER_NAMES,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type SearchFilterDeclaration,
} from '../../../common/search-filters.js';
import { AmenityFilterEnum } from './listing-enums.schema.js';

// The GraphQL fields of the search filters declared in common/search-filters.ts: `PropertyFilter`'s
// inputs (listings.schema.ts) and a saved search's `SavedSearchFilter` (alerts.schema.ts).

/** What the derivations call on a type's field builder. */
interface Fields<F> {
  string(options: object): F;
  int(options: object): F;
  float(options: object): F;
  boolean(options: object): F;
  field(options: object): F;
}

/** What a partner reads of each declared filter in the schema (kept here: the page's script does not carry it). */
const DESCRIPTIONS: Record<DeclaredFilterName, string> = {
  noFee:
    "'No fee': only listings the tenant pays no broker fee for (none, or the landlord pays it; NYC FARE Act). False or absent: any.",
  maxBeds:
    'At most this many bedrooms (0 is a studio; 5 means no upper bound). With `minBeds`, a range: `minBeds: 0` then means from a studio up, not studios only.',
  minBaths: 'At least this many bathrooms, in halves (1.5 counts a half bath; 0 to 10).',
  amenities:
    'Homes with every one of these amenities (in-unit laundry, dishwasher, doorman, elevator, outdoor space, gym, furnished).',
  moveInBy:
    "Homes one can move into on or before this day (YYYY-MM-DD, New York's day): their available date is that day or earlier, so homes available now count.",
};

/** The enum of each declared set's values (its GraphQL type). */
const SET_ENUMS: { [N in DeclaredFilterName as (typeof SEARCH_FILTERS)[N] extends { kind: 'set' } ? N : never]: object } = {
  amenities: AmenityFilterEnum,
};

/** A declared filter's field: a count an Int, halves a Float, a day a String ('YYYY-MM-DD'), a switch a Boolean, a set a list of its enum. */
function fieldOf<F>(f$: Fields<F>, name: DeclaredFilterName, options: object): F {
  const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
  const described = { description: DESCRIPTIONS[name], ...options };
  switch (declaration.kind) {
    case 'count':
      return f$.int(described);
    case 'halves':
      return f$.float(described);
    case 'flag':
      return f$.boolean(described);
    case 'set':
      return f$.field({ type: [SET_ENUMS[name as keyof typeof SET_ENUMS]], ...described });
    default:
      return f$.string(described);
  }
}

/** The declared filters as `PropertyFilter` inputs. */
export function declaredFilterInputFields(t: unknown): InputFieldMap {
  const f$ = t as Fields<InputFieldMap[string]>;
  return Object.fromEntries(DECLARED_FILTER_NAMES.map((name) => [name, fieldOf(f$, name, {})]));
}

/** The declared filters of a saved search, as it was saved (null: not set). */
export function declaredFilterOutputFields(t: unknown): FieldMap {
  const f$ = t as Fields<FieldMap[string]>;
  return Object.fromEntries(
    DECLARED_FILTER_NAMES.map((name) => [
      name,
      fieldOf(f$, name, { nullable: true, resolve: (filter: Record<string, unknown>) => filter[name] ?? null }),
    ]),
  );
}

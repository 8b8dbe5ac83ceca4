// A saved search's filter (the PropertyFilter shape) back as the listings page's state: reopening a
// saved search (the Saved Searches screen). A module of its own, so the listings page's first script
// does not carry it (tests/e2e/budget.spec.ts).
import type { SummaryFilter } from '@common/saved-search';
import {
  AccessibilityFeatureValues,
  BedroomsFilterValues,
  PetsFilterValues,
  propertyTypeFilterToEnum,
  type PropertyTypeFilter,
} from '@common/options';
import type { CommuteTarget } from '@/features/transit/commute-picker';
import {
  CommuteMaxFilterValues,
  EMPTY_SEARCH,
  oneOf,
  knownOf,
  WalkFilterValues,
  type AreaCorner,
  type Bounds,
  type DeclaredFilterState,
  type SearchState,
} from './search-state';
import {
  DECLARED_FILTER_NAMES,
  declaredFilterText,
  parseDeclaredFilter,
  SEARCH_FILTERS,
  type SearchFilterDeclaration,
} from '@common/search-filters';

/**
 * A saved filter (the PropertyFilter shape: what a summary reads, and where it is) back as a search state:
 * reopening a saved search.
 */
export function fromPropertyFilter(
  filter: Omit<SummaryFilter, 'propertyType' | 'amenities' | 'area'> & {
    propertyType?: string | null;
    amenities?: readonly string[] | null;
    commuteTo?: { stationId?: string | null; lat?: number | null; lng?: number | null } | null;
    bounds?: Bounds | null;
    area?: readonly AreaCorner[] | null;
  },
): SearchState {
  const type = (Object.entries(propertyTypeFilterToEnum) as Array<[PropertyTypeFilter, string]>).find(
    ([, value]) => value === filter.propertyType,
  );
  const commute: CommuteTarget | null = filter.commuteTo?.stationId
    ? { kind: 'station', stationId: filter.commuteTo.stationId, label: 'the station' }
    : filter.commuteTo?.lat != null && filter.commuteTo.lng != null
      ? { kind: 'point', lat: filter.commuteTo.lat, lng: filter.commuteTo.lng, label: 'your destination' }
      : null;
  return {
    ...EMPTY_SEARCH,
    type: filter.listingType === 'FOR_SALE' ? 'sale' : 'rent',
    search: filter.search ?? '',
    borough: filter.borough ?? 'all',
    neighborhood: filter.neighborhood ?? '',
    minPrice: filter.minPrice != null ? String(filter.minPrice) : '',
    maxPrice: filter.maxPrice != null ? String(filter.maxPrice) : '',
    rent: filter.priceBasis === 'NET_EFFECTIVE' && filter.listingType !== 'FOR_SALE' ? 'net' : 'gross',
    bedrooms: oneOf(BedroomsFilterValues, filter.minBeds != null ? String(filter.minBeds) : null) ?? 'any',
    propertyType: type?.[0] ?? 'any',
    pets: oneOf(PetsFilterValues, filter.pets ? filter.pets.toLowerCase() : null) ?? 'any',
    lines: [...(filter.lines ?? [])],
    walk: oneOf(WalkFilterValues, filter.walkMinutes != null ? String(filter.walkMinutes) : null) ?? 'any',
    commute,
    commuteMax: commute
      ? (oneOf(CommuteMaxFilterValues, filter.commuteMaxMinutes != null ? String(filter.commuteMaxMinutes) : null) ?? 'any')
      : 'any',
    bounds: filter.bounds
      ? { north: filter.bounds.north, south: filter.bounds.south, east: filter.bounds.east, west: filter.bounds.west }
      : null,
    area: filter.area && filter.area.length >= 3 ? filter.area.map((c) => ({ lat: c.lat, lng: c.lng })) : null,
    accessibility: knownOf(AccessibilityFeatureValues, filter.accessibility),
    // noFee, minBaths, maxBeds, amenities, moveInBy, …: common/search-filters.ts (as the address says them; what is not theirs, none).
    ...(Object.fromEntries(
      DECLARED_FILTER_NAMES.map((name) => {
        const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
        const text = declaredFilterText(declaration, filter[name]);
        return [name, declaredFilterText(declaration, parseDeclaredFilter(declaration, text))];
      }),
    ) as DeclaredFilterState),
  };
}

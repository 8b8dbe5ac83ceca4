// The search filters of the listings page (SPEC parts 3-5) as they live in the URL, in the filter
// bar and in the GraphQL request. The URL is the single source of truth: the page reads the state
// from it, every control writes a new state back, and empty, 'all' and 'any' values are omitted.
import {
  DECLARED_FILTER_NAMES,
  declaredFilterText,
  parseDeclaredFilter,
  SEARCH_FILTERS,
  type DeclaredFilterName,
  type SearchFilterDeclaration,
} from '@common/search-filters';
import { labels } from '@common/i18n/labels';
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';
import {
  AccessibilityFeatureValues,
  type AccessibilityFeature,
  BedroomsFilterValues,
  boroughLabels,
  BoroughValues,
  DEFAULT_SORT,
  PetsFilterValues,
  PropertyTypeFilterValues,
  propertyTypeFilterToEnum,
  SortValues,
  type BedroomsFilter,
  type Borough,
  type PetsFilter,
  type PropertyTypeFilter,
  type SortOption,
} from '@common/options';
import { findNeighborhoodName } from '@common/neighborhoods';
import { searchText } from '@common/search-text';
import type { PetsFilter as PetsFilterEnum, PropertyFilter, PropertySort, SearchPropertiesQueryVariables } from '@/gql/graphql';
import type { CommuteTarget } from '@/features/transit/commute-picker';
import { commuteToParam, parseCommuteParam, toCommuteDestination } from '@/features/transit/commute-param';
import { SEARCH_PAGE_SIZE } from './page-size';

/** A map area, in degrees. */
export interface Bounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

/**
 * The filters declared in common/search-filters.ts (noFee, minBaths, maxBeds, amenities, moveInBy, …),
 * each as its text in the address ('1' for a switch, 'doorman,gym' for a set): '' is none.
 */
export type DeclaredFilterState = { [N in DeclaredFilterName]: string };

export interface SearchState extends DeclaredFilterState {
  /** Rentals (the default) or homes for sale (issue 58 item 3): `type=sale` in the URL. */
  type: ListingKind;
  /** Free text matched against address, title and neighborhood. */
  search: string;
  borough: Borough | 'all';
  /** A neighborhood of `borough`, by its display name; only set once a borough is chosen. */
  neighborhood: string;
  /** Whole dollars as typed (digits only); empty means no bound. */
  minPrice: string;
  maxPrice: string;
  /** Which rent the price range and the price sorts read (issue 26 item 2): 'net' is the net effective rent. */
  rent: RentBasis;
  bedrooms: BedroomsFilter;
  propertyType: PropertyTypeFilter;
  pets: PetsFilter;
  /** Near a station of any of these subway lines (ids: 'L', 'G', '7'), in the order chosen. */
  lines: string[];
  /** Within this many minutes' walk of a station ('any': no limit). */
  walk: WalkFilter;
  /** Where the visitor commutes to (cards then show minutes by subway), or null. */
  commute: CommuteTarget | null;
  /** At most this many minutes door to door ('any': no limit; only with a destination). */
  commuteMax: CommuteMaxFilter;
  sort: SortOption;
  /** 'Search this area' on the map. */
  bounds: Bounds | null;
  /** An area drawn on the map: its corners, in order (3 to 24). */
  area: AreaCorner[] | null;
  /** Homes with every one of these accessibility features (issue 26 item 4). */
  accessibility: AccessibilityFeature[];
}

/** What the search looks for: rentals (for rent and sublets) or homes for sale. */
export const ListingKindValues = ['rent', 'sale'] as const;
export type ListingKind = (typeof ListingKindValues)[number];

/** The price filter's basis: the gross (advertised) rent, or the net effective rent after concessions. */
export const RentBasisValues = ['gross', 'net'] as const;
export type RentBasis = (typeof RentBasisValues)[number];

/** A corner of a drawn area. */
export interface AreaCorner {
  lat: number;
  lng: number;
}
const MAX_AREA_CORNERS = 24;

/** The 'Commute' limit choices (issue 13 item 4). */
export const CommuteMaxFilterValues = ['any', '20', '30', '45', '60'] as const;
export type CommuteMaxFilter = (typeof CommuteMaxFilterValues)[number];
// A commute destination in a URL (`to`, `toName`): features/transit/commute-param.ts, which the listing's page reads too.
export { commuteToParam, parseCommuteParam, toCommuteDestination } from '@/features/transit/commute-param';

/** The 'Walk to subway' choices (issue 13 item 3). */
export const WalkFilterValues = ['any', '5', '10', '15'] as const;
export type WalkFilter = (typeof WalkFilterValues)[number];
const messages = defineMessages({
  any: { id: 'filters.any', defaultMessage: 'Any' },
  minutes: { id: 'filters.minutes', defaultMessage: '{minutes} min' },
});

/** '10 min', in the page's language. */
export const minutesLabel = (minutes: string) => formatMessage(messages.minutes, { minutes });

/** The labels of a filter of 'Any' or at most so many minutes. */
function minuteLabels<K extends string>(values: readonly K[]): Readonly<Record<K, string>> {
  return labels(
    Object.fromEntries(values.map((value) => [value, value === 'any' ? messages.any : () => minutesLabel(value)])) as Record<
      K,
      MessageDescriptor | (() => string)
    >,
  );
}

export const walkLabels = minuteLabels(WalkFilterValues);
export const commuteMaxLabels = minuteLabels(CommuteMaxFilterValues);
const MAX_LINES = 12;
const LINE_ID = /^[A-Z0-9]{1,2}$/;

/** 'L,g, 7' → ['L', 'G', '7']: known shapes only, each once, at most 12. */
export function parseLinesParam(raw: string | null): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter((id) => LINE_ID.test(id));
  return [...new Set(ids)].slice(0, MAX_LINES);
}

/** Reset values (SPEC part 4): sort newest; bedrooms, property type, pets any; borough, neighborhood all; others empty. */
export const EMPTY_SEARCH: SearchState = {
  type: 'rent',
  search: '',
  borough: 'all',
  neighborhood: '',
  minPrice: '',
  maxPrice: '',
  rent: 'gross',
  bedrooms: 'any',
  propertyType: 'any',
  pets: 'any',
  lines: [],
  walk: 'any',
  commute: null,
  commuteMax: 'any',
  sort: DEFAULT_SORT,
  bounds: null,
  area: null,
  accessibility: [],
  ...(Object.fromEntries(DECLARED_FILTER_NAMES.map((name) => [name, ''])) as DeclaredFilterState),
};

/** What the server's price filter accepts (a sale's asking price: common/search.ts). */
const MAX_PRICE = 100_000_000;

/** The value of `values` that `raw` is, if any. */
export function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((value) => value === raw);
}

/** Digits only, without leading zeros, capped at what the server accepts; '' when not a price. */
export function normalizePrice(raw: string | null | undefined): string {
  // A price is never below zero: '-5' is no price, not $5.
  if (/^\s*\$?\s*-/.test(raw ?? '')) return '';
  const digits = (raw ?? '').replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return '';
  return String(Math.min(Number(digits), MAX_PRICE));
}

/** 'staten-island' in the URL for STATEN_ISLAND. */
export function boroughToParam(borough: Borough): string {
  return borough.toLowerCase().replace(/_/g, '-');
}

export function parseBoroughParam(raw: string | null): Borough | undefined {
  if (!raw) return undefined;
  const key = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  return BoroughValues.find((value) => value === key);
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

export function boundsToParam(bounds: Bounds): string {
  return [bounds.north, bounds.south, bounds.east, bounds.west].map(round5).join(',');
}

export function parseBoundsParam(raw: string | null): Bounds | null {
  if (!raw) return null;
  const parts = raw.split(',').map((part) => Number(part));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [north, south, east, west] = parts as [number, number, number, number];
  if (north <= south || Math.abs(north) > 90 || Math.abs(south) > 90 || Math.abs(east) > 180 || Math.abs(west) > 180) {
    return null;
  }
  return { north, south, east, west };
}

/** 'elevator,step_free_entrance' → the features, each once, in the order of the options; unknown ones dropped. */
export function parseAccessParam(raw: string | null): AccessibilityFeature[] {
  return knownOf(AccessibilityFeatureValues, raw);
}

/**
 * 'elevator,doorman' (or a list of names): the values of `values` it names (in any case), once each, in
 * their order; unknown ones dropped.
 */
export function knownOf<T extends string>(values: readonly T[], raw: string | readonly string[] | null | undefined): T[] {
  const names = typeof raw === 'string' ? raw.split(',') : (raw ?? []);
  const asked = new Set(names.map((part) => part.trim().toUpperCase()));
  return values.filter((value) => asked.has(value));
}

/** '40.71,-73.95;40.72,-73.94;…' (lat,lng corners; 3 to 24, each in New York City) → the corners; null when malformed. */
export function parseAreaParam(raw: string | null): AreaCorner[] | null {
  if (!raw) return null;
  const corners = raw.split(';').map((pair) => pair.split(',').map((part) => Number(part)));
  if (corners.length < 3 || corners.length > MAX_AREA_CORNERS) return null;
  if (corners.some((c) => c.length !== 2 || c.some((n) => !Number.isFinite(n)))) return null;
  const area = corners.map(([lat, lng]) => ({ lat: lat!, lng: lng! }));
  if (area.some(({ lat, lng }) => lat < 40.45 || lat > 40.95 || lng < -74.3 || lng > -73.65)) return null;
  return area;
}

export function areaToParam(area: readonly AreaCorner[]): string {
  return area.map((c) => `${round5(c.lat)},${round5(c.lng)}`).join(';');
}

/** Reads the state from a query string; unknown or invalid values fall back to their reset value. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const state = readSearchParams(params);
  // A bedroom range upside down keeps its minimum.
  if (state.bedrooms !== 'any' && state.maxBeds && Number(state.bedrooms) > Number(state.maxBeds)) state.maxBeds = '';
  return state;
}

function readSearchParams(params: URLSearchParams): SearchState {
  const hood = findNeighborhoodName(params.get('neighborhood') ?? '');
  // A neighborhood alone implies its borough; one of another borough is dropped.
  const borough = parseBoroughParam(params.get('borough')) ?? hood?.borough;
  const neighborhood = hood && borough && hood.borough === borough ? hood.name : '';
  let minPrice = normalizePrice(params.get('minPrice'));
  let maxPrice = normalizePrice(params.get('maxPrice'));
  if (minPrice && maxPrice && Number(minPrice) > Number(maxPrice)) [minPrice, maxPrice] = [maxPrice, minPrice];
  const commute = parseCommuteParam(params.get('to'), params.get('toName'));
  const sort = oneOf(SortValues, params.get('sort')) ?? DEFAULT_SORT;
  const type = oneOf(ListingKindValues, params.get('type')) ?? 'rent';
  return {
    type,
    search: searchText(params.get('search')),
    borough: borough ?? 'all',
    neighborhood,
    minPrice,
    maxPrice,
    // The net effective rent is a rental's (a sale has no concession).
    rent: type === 'sale' ? 'gross' : (oneOf(RentBasisValues, params.get('rent')) ?? 'gross'),
    bedrooms: oneOf(BedroomsFilterValues, params.get('bedrooms')) ?? 'any',
    propertyType: oneOf(PropertyTypeFilterValues, params.get('propertyType')) ?? 'any',
    pets: oneOf(PetsFilterValues, params.get('pets')) ?? 'any',
    lines: parseLinesParam(params.get('lines')),
    walk: oneOf(WalkFilterValues, params.get('walk')) ?? 'any',
    commute,
    commuteMax: commute ? (oneOf(CommuteMaxFilterValues, params.get('commute')) ?? 'any') : 'any',
    // Sorting by commute needs a destination.
    sort: sort === 'commute' && !commute ? DEFAULT_SORT : sort,
    bounds: parseBoundsParam(params.get('bounds')),
    area: parseAreaParam(params.get('area')),
    accessibility: parseAccessParam(params.get('access')),
    // Each declared filter by its name in the address; a value it does not take is none.
    ...(Object.fromEntries(
      DECLARED_FILTER_NAMES.map((name) => {
        const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
        return [name, declaredFilterText(declaration, parseDeclaredFilter(declaration, params.get(declaration.url)))];
      }),
    ) as DeclaredFilterState),
  };
}

/** Writes the state as a query string, omitting empty, 'all', 'any' and default values. */
export function toSearchParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.type !== 'rent') params.set('type', state.type);
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.borough !== 'all') {
    params.set('borough', boroughToParam(state.borough));
    if (state.neighborhood) params.set('neighborhood', state.neighborhood);
  }
  if (state.minPrice) params.set('minPrice', state.minPrice);
  if (state.maxPrice) params.set('maxPrice', state.maxPrice);
  if (state.rent !== 'gross') params.set('rent', state.rent);
  if (state.bedrooms !== 'any') params.set('bedrooms', state.bedrooms);
  for (const name of DECLARED_FILTER_NAMES) if (state[name]) params.set(SEARCH_FILTERS[name].url, state[name]);
  if (state.propertyType !== 'any') params.set('propertyType', state.propertyType);
  if (state.pets !== 'any') params.set('pets', state.pets);
  if (state.lines.length) params.set('lines', state.lines.join(','));
  if (state.walk !== 'any') params.set('walk', state.walk);
  if (state.commute) {
    params.set('to', commuteToParam(state.commute));
    params.set('toName', state.commute.label);
    if (state.commuteMax !== 'any') params.set('commute', state.commuteMax);
  }
  if (state.sort !== DEFAULT_SORT && (state.sort !== 'commute' || state.commute)) params.set('sort', state.sort);
  if (state.bounds) params.set('bounds', boundsToParam(state.bounds));
  if (state.area) params.set('area', areaToParam(state.area));
  if (state.accessibility.length) params.set('access', state.accessibility.map((f) => f.toLowerCase()).join(','));
  return params;
}

/** A change to the state; changing the borough resets the neighborhood (SPEC part 4). */
export function updateSearch(state: SearchState, patch: Partial<SearchState>): SearchState {
  const next = { ...state, ...patch };
  if (patch.borough !== undefined && patch.borough !== state.borough && patch.neighborhood === undefined) {
    next.neighborhood = '';
  }
  if (next.borough === 'all') next.neighborhood = '';
  // A sale has no concession: its price is the asking price.
  if (next.type === 'sale') next.rent = 'gross';
  // A bedroom range upside down: the end just chosen stays, the other goes.
  if (next.bedrooms !== 'any' && next.maxBeds && Number(next.bedrooms) > Number(next.maxBeds)) {
    if (patch.maxBeds !== undefined) next.bedrooms = 'any';
    else next.maxBeds = '';
  }
  // Without a destination there is no commute to limit or sort by.
  if (!next.commute) {
    next.commuteMax = 'any';
    if (next.sort === 'commute') next.sort = DEFAULT_SORT;
  }
  return next;
}

/** The GraphQL filter of a state: only the filters that are set. */
export function toPropertyFilter(state: SearchState): PropertyFilter {
  const filter: PropertyFilter = {};
  // Rentals are the server's default; sales are asked for.
  if (state.type === 'sale') filter.listingType = 'FOR_SALE';
  const search = state.search.trim();
  if (search) filter.search = search;
  if (state.borough !== 'all') {
    filter.borough = state.borough;
    if (state.neighborhood) filter.neighborhood = state.neighborhood;
  }
  if (state.minPrice) filter.minPrice = Number(state.minPrice);
  if (state.maxPrice) filter.maxPrice = Number(state.maxPrice);
  if (state.rent === 'net') filter.priceBasis = 'NET_EFFECTIVE';
  if (state.bedrooms !== 'any') filter.minBeds = Number(state.bedrooms);
  for (const name of DECLARED_FILTER_NAMES) {
    const declaration: SearchFilterDeclaration = SEARCH_FILTERS[name];
    const value = parseDeclaredFilter(declaration, state[name]);
    // A sale has no broker fee: 'No fee' is a rental's filter.
    if (value !== null && !(declaration.rentalsOnly && state.type === 'sale')) (filter as Record<string, unknown>)[name] = value;
  }
  if (state.propertyType !== 'any') filter.propertyType = propertyTypeFilterToEnum[state.propertyType];
  if (state.pets !== 'any') filter.pets = state.pets.toUpperCase() as PetsFilterEnum;
  if (state.lines.length) filter.lines = [...state.lines];
  if (state.walk !== 'any') filter.walkMinutes = Number(state.walk);
  if (state.commute) {
    filter.commuteTo = toCommuteDestination(state.commute);
    if (state.commuteMax !== 'any') filter.commuteMaxMinutes = Number(state.commuteMax);
  }
  if (state.bounds) filter.bounds = { ...state.bounds };
  if (state.area) filter.area = state.area.map((c) => ({ lat: round5(c.lat), lng: round5(c.lng) }));
  if (state.accessibility.length) filter.accessibility = [...state.accessibility];
  return filter;
}

export function toPropertySort(sort: SortOption): PropertySort {
  return sort.toUpperCase() as PropertySort;
}

/**
 * The variables of the listings page's first page of results (SearchProperties): the page asks with
 * them, and the server fetches them before it renders the page (client/src/app/page-queries.ts).
 */
export function searchPageVariables(state: SearchState): SearchPropertiesQueryVariables {
  return {
    filter: toPropertyFilter(state),
    sort: toPropertySort(state.sort),
    first: SEARCH_PAGE_SIZE,
    commuteTo: state.commute ? toCommuteDestination(state.commute) : null,
  };
}

/** Whether anything differs from the reset values ('Clear all' is offered then). */
export function hasActiveFilters(state: SearchState): boolean {
  return toSearchParams(state).toString() !== '';
}

export function boroughName(borough: Borough): string {
  return boroughLabels[borough];
}

import { describe, expect, it } from 'vitest';
import { fromPropertyFilter } from './saved-filter';
import {
  EMPTY_SEARCH,
  hasActiveFilters,
  normalizePrice,
  parseSearchParams,
  toPropertyFilter,
  toPropertySort,
  toSearchParams,
  updateSearch,
} from './search-state';

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe('search state in the URL', () => {
  it('reads every key and writes it back in the same form', () => {
    const query =
      'search=bedford&borough=staten-island&neighborhood=St.+George&minPrice=1500&maxPrice=4000&bedrooms=2&maxBeds=3&moveIn=2027-03-01&propertyType=loft&pets=cats&lines=L%2CG&walk=10&sort=price_low&bounds=40.8%2C40.7%2C-73.9%2C-74';
    const state = parse(query);
    expect(state).toEqual({
      type: 'rent',
      search: 'bedford',
      borough: 'STATEN_ISLAND',
      neighborhood: 'St. George',
      minPrice: '1500',
      maxPrice: '4000',
      rent: 'gross',
      bedrooms: '2',
      propertyType: 'loft',
      pets: 'cats',
      lines: ['L', 'G'],
      walk: '10',
      commute: null,
      commuteMax: 'any',
      sort: 'price_low',
      bounds: { north: 40.8, south: 40.7, east: -73.9, west: -74 },
      area: null,
      accessibility: [],
      noFee: '',
      minBaths: '',
      amenities: '',
      maxBeds: '3',
      moveInBy: '2027-03-01',
    });
    expect(toSearchParams(state).toString()).toBe(query);
  });

  it('reads a bedroom range and a move-in day (issue 59 item 1): sends them, drops bad ones, mends an upside-down range', () => {
    expect(toPropertyFilter(parse('bedrooms=0&maxBeds=2&moveIn=2027-03-01'))).toEqual({
      minBeds: 0,
      maxBeds: 2,
      moveInBy: '2027-03-01',
    });
    expect(parse('maxBeds=6&moveIn=2027-02-30')).toMatchObject({ maxBeds: '', moveInBy: '' });
    // From the address, a minimum above the maximum keeps the minimum.
    expect(parse('bedrooms=3&maxBeds=1')).toMatchObject({ bedrooms: '3', maxBeds: '' });
    // A change keeps the end just chosen.
    const range = parse('bedrooms=1&maxBeds=2');
    expect(updateSearch(range, { maxBeds: '0' })).toMatchObject({ bedrooms: 'any', maxBeds: '0' });
    expect(updateSearch(range, { bedrooms: '3' })).toMatchObject({ bedrooms: '3', maxBeds: '' });
  });

  it('reads amenities (known ones, once each, in the order of the options), writes them back and sends them (issue 59 item 1)', () => {
    const state = parse('amenities=gym,DOORMAN,moat,gym');
    expect(state.amenities).toBe('doorman,gym');
    expect(toSearchParams(state).toString()).toBe('amenities=doorman%2Cgym');
    expect(toPropertyFilter(state)).toEqual({ amenities: ['DOORMAN', 'GYM'] });
    expect(fromPropertyFilter({ amenities: ['OUTDOOR_SPACE', 'MOAT'] }).amenities).toBe('outdoor_space');
  });

  it('reads bathrooms (at least so many, in halves, 0 to 10), writes them back and sends them as minBaths (issue 59 item 1)', () => {
    const state = parse('bedrooms=2&baths=1.5');
    expect(state.minBaths).toBe('1.5');
    expect(toSearchParams(state).toString()).toBe('bedrooms=2&baths=1.5');
    expect(toPropertyFilter(state)).toEqual({ minBeds: 2, minBaths: 1.5 });
    expect(parse('baths=2.5').minBaths).toBe('2.5');
    for (const bad of ['11', '1.3', '-1', 'two']) expect(parse(`baths=${bad}`).minBaths, bad).toBe('');
    expect(fromPropertyFilter({ minBaths: 2 }).minBaths).toBe('2');
  });

  it("reads 'No fee' (noFee=1, or true), writes it back, and sends it for rentals only (issue 59 item 1)", () => {
    const state = parse('maxPrice=3000&noFee=1');
    expect(state.noFee).toBe('1');
    expect(parse('noFee=true').noFee).toBe('1');
    expect(parse('noFee=0').noFee).toBe('');
    expect(parse('noFee=maybe').noFee).toBe('');
    expect(toSearchParams(state).toString()).toBe('maxPrice=3000&noFee=1');
    expect(toPropertyFilter(state)).toEqual({ maxPrice: 3000, noFee: true });
    // A sale has no broker fee.
    expect(toPropertyFilter(parse('type=sale&noFee=1'))).toEqual({ listingType: 'FOR_SALE' });
    // A saved search's filter sets it again.
    expect(fromPropertyFilter({ noFee: true }).noFee).toBe('1');
    expect(fromPropertyFilter({}).noFee).toBe('');
  });

  it('reads Rent / Buy (type=sale; rentals by default), writes it back and asks the server for sales only then', () => {
    const sale = parse('type=sale&maxPrice=2000000&sort=price_high');
    expect(sale.type).toBe('sale');
    expect(toSearchParams(sale).toString()).toBe('type=sale&maxPrice=2000000&sort=price_high');
    expect(toPropertyFilter(sale)).toEqual({ listingType: 'FOR_SALE', maxPrice: 2_000_000 });
    expect(fromPropertyFilter(toPropertyFilter(sale)).type).toBe('sale');
    // Rentals are the default: nothing in the URL, nothing sent (the server's default).
    expect(parse('').type).toBe('rent');
    expect(parse('type=lease').type).toBe('rent');
    expect(toSearchParams(parse('type=rent')).toString()).toBe('');
    expect(toPropertyFilter(parse('')).listingType).toBeUndefined();
    // A sale has no net effective rent.
    expect(parse('type=sale&rent=net').rent).toBe('gross');
    expect(updateSearch(parse('rent=net'), { type: 'sale' }).rent).toBe('gross');
  });

  it("reads the rent basis ('net' or the default gross), writes it back and sends it as priceBasis", () => {
    const state = parse('maxPrice=3000&rent=net');
    expect(state.rent).toBe('net');
    expect(toSearchParams(state).toString()).toBe('maxPrice=3000&rent=net');
    expect(toPropertyFilter(state)).toEqual({ maxPrice: 3000, priceBasis: 'NET_EFFECTIVE' });
    expect(parse('rent=cheapest').rent).toBe('gross');
    expect(toSearchParams(parse('rent=gross')).toString()).toBe('');
  });

  it('reads accessibility features (known ones, once each, in the order of the options), writes them back and sends them', () => {
    const state = parse('access=elevator,STEP_FREE_ENTRANCE,teleporter,elevator');
    expect(state.accessibility).toEqual(['STEP_FREE_ENTRANCE', 'ELEVATOR']);
    expect(toSearchParams(state).toString()).toBe('access=step_free_entrance%2Celevator');
    expect(toPropertyFilter(state)).toEqual({ accessibility: ['STEP_FREE_ENTRANCE', 'ELEVATOR'] });
  });

  it('reads a drawn area (3 to 24 corners in New York City), writes it back and sends it', () => {
    const query = 'area=40.71%2C-73.99%3B40.72%2C-73.95%3B40.7%2C-73.96';
    const state = parse(query);
    expect(state.area).toEqual([
      { lat: 40.71, lng: -73.99 },
      { lat: 40.72, lng: -73.95 },
      { lat: 40.7, lng: -73.96 },
    ]);
    expect(toSearchParams(state).toString()).toBe(query);
    expect(toPropertyFilter(state)).toEqual({ area: state.area });
    // Too few corners, a corner outside the city or not a number, too many corners: no area.
    expect(parse('area=40.71,-73.99;40.72,-73.95').area).toBeNull();
    expect(parse('area=40.71,-73.99;40.72,-73.95;51.5,-0.12').area).toBeNull();
    expect(parse('area=40.71,-73.99;40.72,x;40.7,-73.96').area).toBeNull();
    expect(parse(`area=${Array.from({ length: 25 }, () => '40.7,-73.9').join(';')}`).area).toBeNull();
    expect(hasActiveFilters(state)).toBe(true);
  });

  it("reads and writes the 'Recently Reduced' sort (issue 14)", () => {
    const state = parse('sort=recently_reduced');
    expect(state).toEqual({ ...EMPTY_SEARCH, sort: 'recently_reduced' });
    expect(toSearchParams(state).toString()).toBe('sort=recently_reduced');
    expect(toPropertySort(state.sort)).toBe('RECENTLY_REDUCED');
  });

  it('reads a commute destination (a station or a point), its limit and the commute sort, and writes them back', () => {
    const station = 'to=station%3A635&toName=14+St-Union+Sq&commute=30&sort=commute';
    const state = parse(station);
    expect(state).toMatchObject({
      commute: { kind: 'station', stationId: '635', label: '14 St-Union Sq' },
      commuteMax: '30',
      sort: 'commute',
    });
    expect(toSearchParams(state).toString()).toBe(station);
    expect(toPropertyFilter(state)).toEqual({ commuteTo: { stationId: '635' }, commuteMaxMinutes: 30 });
    expect(toPropertySort(state.sort)).toBe('COMMUTE');

    const point = parse('to=40.7359%2C-73.9911&toName=Union+Square');
    expect(point.commute).toEqual({ kind: 'point', lat: 40.7359, lng: -73.9911, label: 'Union Square' });
    expect(toPropertyFilter(point)).toEqual({ commuteTo: { lat: 40.7359, lng: -73.9911 } });
    expect(toSearchParams(point).toString()).toBe('to=40.7359%2C-73.9911&toName=Union+Square');

    // No destination: no limit, no commute sort; a point outside the city or a malformed one is dropped.
    expect(parse('commute=30&sort=commute')).toEqual(EMPTY_SEARCH);
    expect(parse('to=10%2C20&commute=30').commute).toBeNull();
    expect(parse('to=station%3A%3Bdrop&sort=commute')).toEqual(EMPTY_SEARCH);
    expect(parse('to=station%3A635&commute=25').commuteMax).toBe('any');
    // Clearing the destination clears its limit and its sort.
    expect(updateSearch(state, { commute: null })).toMatchObject({ commute: null, commuteMax: 'any', sort: 'newest' });
  });

  it('omits empty, all, any and default values', () => {
    expect(toSearchParams(EMPTY_SEARCH).toString()).toBe('');
    expect(hasActiveFilters(EMPTY_SEARCH)).toBe(false);
    expect(parse('borough=all&bedrooms=any&pets=any&propertyType=any&sort=newest&search=%20')).toEqual(EMPTY_SEARCH);
  });

  it('drops invalid values and repairs what it can', () => {
    expect(parse('borough=atlantis&bedrooms=9&pets=lizards&sort=random&bounds=1,2,3&walk=7&lines=;drop,,LONG')).toEqual(
      EMPTY_SEARCH,
    );
    // Lines: upper case, each once, at most 12.
    expect(parse('lines=l,g,L,%207').lines).toEqual(['L', 'G', '7']);
    expect(parse(`lines=${'1,2,3,4,5,6,7,A,C,E,B,D,F,M'}`).lines).toHaveLength(12);
    // A neighborhood alone brings its borough; one of another borough is dropped.
    expect(parse('neighborhood=astoria')).toMatchObject({ borough: 'QUEENS', neighborhood: 'Astoria' });
    expect(parse('borough=bronx&neighborhood=Astoria')).toMatchObject({ borough: 'BRONX', neighborhood: '' });
    // Prices are digits only; a reversed range is put in order.
    expect(parse('minPrice=%245%2C000&maxPrice=3000')).toMatchObject({ minPrice: '3000', maxPrice: '5000' });
    expect(normalizePrice('00120')).toBe('120');
    expect(normalizePrice('abc')).toBe('');
    // A negative price is no price (issue 59 item 5: 'maxPrice=-5' read as 'Up to $5').
    expect(parse('maxPrice=-5&minPrice=-1000')).toMatchObject({ minPrice: '', maxPrice: '' });
    expect(hasActiveFilters(parse('maxPrice=-5'))).toBe(false);
    expect(normalizePrice('$-20')).toBe('');
    // A search of only emoji or symbols is no search: no chip that filters nothing.
    expect(parse('search=%F0%9F%8F%A0%F0%9F%8F%A0')).toEqual(EMPTY_SEARCH);
    expect(parse('search=***').search).toBe('');
    expect(parse('search=%F0%9F%8F%A0%20loft').search).toBe('🏠 loft');
  });

  it('changing the borough resets the neighborhood', () => {
    const state = parse('borough=brooklyn&neighborhood=DUMBO');
    expect(updateSearch(state, { borough: 'QUEENS' })).toMatchObject({ borough: 'QUEENS', neighborhood: '' });
    expect(updateSearch(state, { bedrooms: '1' })).toMatchObject({ borough: 'BROOKLYN', neighborhood: 'DUMBO' });
    expect(updateSearch(state, { borough: 'all' }).neighborhood).toBe('');
  });

  it('maps onto the GraphQL filter and sort', () => {
    expect(
      toPropertyFilter(parse('borough=manhattan&neighborhood=Chelsea&bedrooms=0&propertyType=house&pets=none&maxPrice=900')),
    ).toEqual({
      borough: 'MANHATTAN',
      neighborhood: 'Chelsea',
      minBeds: 0,
      propertyType: 'HOUSE',
      pets: 'NONE',
      maxPrice: 900,
    });
    expect(toPropertyFilter(parse('lines=L,G&walk=5'))).toEqual({ lines: ['L', 'G'], walkMinutes: 5 });
    expect(toPropertyFilter(EMPTY_SEARCH)).toEqual({});
    expect(toPropertySort('price_high')).toBe('PRICE_HIGH');
  });
});

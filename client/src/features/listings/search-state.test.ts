import { describe, expect, it } from 'vitest';
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
      'search=bedford&borough=staten-island&neighborhood=St.+George&minPrice=1500&maxPrice=4000&bedrooms=2&propertyType=loft&pets=cats&sort=price_low&bounds=40.8%2C40.7%2C-73.9%2C-74';
    const state = parse(query);
    expect(state).toEqual({
      search: 'bedford',
      borough: 'STATEN_ISLAND',
      neighborhood: 'St. George',
      minPrice: '1500',
      maxPrice: '4000',
      bedrooms: '2',
      propertyType: 'loft',
      pets: 'cats',
      sort: 'price_low',
      bounds: { north: 40.8, south: 40.7, east: -73.9, west: -74 },
    });
    expect(toSearchParams(state).toString()).toBe(query);
  });

  it('omits empty, all, any and default values', () => {
    expect(toSearchParams(EMPTY_SEARCH).toString()).toBe('');
    expect(hasActiveFilters(EMPTY_SEARCH)).toBe(false);
    expect(parse('borough=all&bedrooms=any&pets=any&propertyType=any&sort=newest&search=%20')).toEqual(EMPTY_SEARCH);
  });

  it('drops invalid values and repairs what it can', () => {
    expect(parse('borough=atlantis&bedrooms=9&pets=lizards&sort=random&bounds=1,2,3')).toEqual(EMPTY_SEARCH);
    // A neighborhood alone brings its borough; one of another borough is dropped.
    expect(parse('neighborhood=astoria')).toMatchObject({ borough: 'QUEENS', neighborhood: 'Astoria' });
    expect(parse('borough=bronx&neighborhood=Astoria')).toMatchObject({ borough: 'BRONX', neighborhood: '' });
    // Prices are digits only; a reversed range is put in order.
    expect(parse('minPrice=%245%2C000&maxPrice=3000')).toMatchObject({ minPrice: '3000', maxPrice: '5000' });
    expect(normalizePrice('00120')).toBe('120');
    expect(normalizePrice('abc')).toBe('');
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
    expect(toPropertyFilter(EMPTY_SEARCH)).toEqual({});
    expect(toPropertySort('price_high')).toBe('PRICE_HIGH');
  });
});

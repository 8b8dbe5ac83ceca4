import { describe, expect, it } from 'vitest';
import { findNeighborhoodName, NEIGHBORHOOD_NAMES } from './neighborhoods.js';
import { BoroughValues, findNeighborhood, NEIGHBORHOODS, neighborhoodsOf, placeListing } from './nyc.js';

describe('placeListing: the borough and neighborhood of a listing that names neither', () => {
  it('takes the neighborhood nearest to the map point', () => {
    const williamsburg = findNeighborhood('Williamsburg')!;
    expect(placeListing(williamsburg.centroid, null)).toEqual({ borough: 'BROOKLYN', neighborhood: 'Williamsburg' });
    // A few hundred metres off the centre is still Williamsburg.
    const near = { lat: williamsburg.centroid.lat + 0.002, lng: williamsburg.centroid.lng - 0.002 };
    expect(placeListing(near, '1 Somewhere Street')).toEqual({ borough: 'BROOKLYN', neighborhood: 'Williamsburg' });
  });

  it('does not place a point far outside the city; then the address decides', () => {
    const boston = { lat: 42.3601, lng: -71.0589 };
    expect(placeListing(boston, '1 Main Street, Boston, MA')).toBeNull();
    expect(placeListing(boston, '26-26 31st Street, Astoria, NY 11102')).toEqual({ borough: 'QUEENS', neighborhood: 'Astoria' });
  });

  it('reads the longest neighborhood name the address holds, else a borough only, else nothing', () => {
    expect(placeListing(null, '5-01 48th Ave, Long Island City, NY')).toEqual({
      borough: 'QUEENS',
      neighborhood: 'Long Island City',
    });
    expect(placeListing(null, '10 Grand Concourse, Bronx, NY')).toEqual({ borough: 'BRONX' });
    expect(placeListing(null, '10 Somewhere Road')).toBeNull();
    expect(placeListing(null, '')).toBeNull();
    expect(placeListing({ lat: Number.NaN, lng: 1 }, null)).toBeNull();
  });
});

describe('the neighborhood names the listings page loads (common/neighborhoods.ts)', () => {
  it('are the neighborhoods of this file, borough by borough, in the same order', () => {
    for (const borough of BoroughValues) {
      expect(NEIGHBORHOOD_NAMES[borough]).toEqual(neighborhoodsOf(borough).map((hood) => hood.name));
    }
  });

  it('match a name or slug as findNeighborhood does', () => {
    for (const hood of NEIGHBORHOODS) {
      for (const key of [hood.name, hood.slug, hood.name.toUpperCase(), ` ${hood.slug} `]) {
        expect(findNeighborhoodName(key)).toEqual({ name: hood.name, borough: hood.borough });
        expect(findNeighborhood(key)).toBe(hood);
      }
    }
    expect(findNeighborhoodName('Nowhere')).toBeUndefined();
  });
});

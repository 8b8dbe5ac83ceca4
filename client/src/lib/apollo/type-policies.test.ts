import { InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typePolicies } from './type-policies';

// Not a client document (codegen checks those against the schema): a shape of the cache's own.
const LISTINGS = parse(`
  query Listings {
    listings {
      id
      nearbyStations {
        id
        name
        walkMinutes
      }
    }
  }
`);

const station = (walkMinutes: number) => ({ __typename: 'NearbyStation', id: 'L08', name: 'Bedford Av', walkMinutes });

describe('the cache rules', () => {
  it('keeps each listing its own walk to a station two listings share', () => {
    const cache = new InMemoryCache({ typePolicies });
    const data = {
      listings: [
        { __typename: 'Property', id: 'a', nearbyStations: [station(2)] },
        { __typename: 'Property', id: 'b', nearbyStations: [station(9)] },
      ],
    };
    cache.writeQuery({ query: LISTINGS, data });
    expect(cache.readQuery({ query: LISTINGS })).toEqual(data);
  });
});

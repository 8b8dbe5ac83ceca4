// Every cache rule of the client lives here (DESIGN part 4).
//
// Identity: every entity type keeps Apollo's default key, `__typename` + `id`, so an object fetched by
// any query or returned by any mutation updates the same normalized record. Connection, edge and
// page-info objects carry no id and stay embedded in their parent field.
import type { ApolloCache, TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      // One cached list per filter and sort; `first` and `after` page through it, and fetchMore
      // appends the next page's edges to the list already in the cache.
      properties: relayStylePagination(['filter', 'sort']),
    },
  },
  Agent: {
    fields: {
      // An agent's active listings on the profile: 'Show more listings' appends the next page.
      listings: relayStylePagination(),
    },
  },
};

/**
 * After a save or unsave: the viewer's saved-listings list no longer matches, so it is dropped and
 * read again the next time it is shown. (`isSaved` itself updates through the returned Property.)
 */
export function evictSavedProperties(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'savedProperties' });
  cache.gc();
}

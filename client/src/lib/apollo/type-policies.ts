// Every cache rule of the client lives here (DESIGN part 4).
//
// Identity: every entity type keeps Apollo's default key, `__typename` + `id`, so an object fetched by
// any query or returned by any mutation updates the same normalized record. Connection, edge and
// page-info objects carry no id and stay embedded in their parent field.
import type { ApolloCache, FieldFunctionOptions, Reference, TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import {
  mergeMessagePages,
  mergeThreadPages,
  sortMostRecentFirst,
  type ItemKeys,
  type MessagePageLike,
  type ThreadPageLike,
} from './conversation-pages';

type ReadField = FieldFunctionOptions['readField'];

/** How the messaging merges read a cached message or thread: by reference, through `readField`. */
function refKeys(readField: ReadField, at: 'createdAt' | 'lastMessageAt'): ItemKeys<Reference> {
  return {
    id: (ref) => readField<string>('id', ref),
    at: (ref) => readField<string>(at, ref),
  };
}

// Cache rules of the ratings feature, spread into typePolicies below. Only types no other rule names
// (a spread key would replace theirs): none of Query, Agent, Thread here.
//
// Everything else needs no rule: Agent and Review are normalized by id, so rateAgent's answer
// (`agent { id rating reviewCount isNew viewerRating }`) updates the profile, the listing page and every
// property card; RatingsSummary has an id (`ROLE:uid`), so the answer's `givenSummary` updates the
// ratings screen; the lists that cannot be patched are dropped after a review
// (features/reviews/use-rate-agent.ts).
export const ratingsTypePolicies: TypePolicies = {
  // Values of their parent with no id of their own: a newer answer replaces the fields it carries.
  ViewerRating: { merge: true },
  CategoryAverages: { merge: true },
  ReviewAuthor: { merge: true },
};

export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      // One cached list per filter and sort; `first` and `after` page through it, and fetchMore
      // appends the next page's edges to the list already in the cache.
      properties: relayStylePagination(['filter', 'sort']),
      // The viewer's saved homes (/me/saved): 'Show more' appends the next page.
      savedProperties: relayStylePagination(),
      // The viewer's conversations (issue 9): one list whatever the page size; 'after' appends the
      // next page, a first page replaces it. Read most recent first, so a conversation whose
      // `lastMessageAt` a live event moved forward goes to the top without a refetch.
      threads: {
        keyArgs: false,
        merge(existing: ThreadPageLike<Reference> | undefined, incoming: ThreadPageLike<Reference>, { args }) {
          return mergeThreadPages(existing, incoming, args as { after?: string | null } | null, {
            id: (ref: Reference) => ref.__ref,
          });
        },
        read(existing: ThreadPageLike<Reference> | undefined, { readField }) {
          if (!existing) return existing;
          return { ...existing, items: sortMostRecentFirst(existing.items, refKeys(readField, 'lastMessageAt')) };
        },
      },
    },
  },
  Thread: {
    fields: {
      // A conversation's messages, oldest first, as one list: the newest page, older pages fetched with
      // `before` in front of it, live messages added at the end (cache-updates in the messaging feature).
      messages: {
        keyArgs: false,
        merge(existing: MessagePageLike<Reference> | undefined, incoming: MessagePageLike<Reference>, { args, readField }) {
          return mergeMessagePages(
            existing,
            incoming,
            args as { before?: string | null } | null,
            refKeys(readField, 'createdAt'),
          );
        },
      },
    },
  },
  // No id: the prompt is a value of its thread, replaced as a whole.
  RatingPrompt: { merge: true },
  // A station as seen from one listing: its id is the station's, but `walkMinutes` is the walk from
  // that listing. Kept inside each listing, not merged by id (two listings near one station would
  // otherwise both show the walk of whichever was written last).
  NearbyStation: { keyFields: false },
  Agent: {
    fields: {
      // An agent's active listings on the profile: 'Show more listings' appends the next page.
      listings: relayStylePagination(),
    },
  },
  // Ratings (issue 10): types no rule above names (ratingsTypePolicies, above).
  ...ratingsTypePolicies,
};

/**
 * After a save or unsave: the viewer's saved-listings list no longer matches, so it is dropped and
 * read again the next time it is shown. (`isSaved` itself updates through the returned Property.)
 */
export function evictSavedProperties(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'savedProperties' });
  cache.gc();
}

/** The arguments a cached `myListings` page was stored under (its store key holds them as JSON). */
function myListingsArgs(storeFieldName: string): { status?: string } {
  const start = storeFieldName.indexOf('{');
  const end = storeFieldName.lastIndexOf('}');
  if (start < 0 || end < start) return {};
  try {
    return JSON.parse(storeFieldName.slice(start, end + 1)) as { status?: string };
  } catch {
    return {};
  }
}

interface CachedMyListingsPage {
  items: readonly Reference[];
  totalCount: number;
  pageSize: number;
  pageCount: number;
}

/**
 * Takes a listing out of the cached pages of the manage screen's list (`myListings`) whose status
 * argument `drop` accepts, and counts it out of their totals. Pages stay as they are otherwise: the
 * list is not fetched again (the manage screen reads from the network when its filters change).
 */
export function removeFromMyListings(cache: ApolloCache, id: string, drop: (status: string) => boolean = () => true): void {
  cache.modify({
    id: 'ROOT_QUERY',
    fields: {
      myListings(existing, { readField, storeFieldName }) {
        const page = existing as CachedMyListingsPage;
        if (!page?.items || !drop(myListingsArgs(storeFieldName).status ?? 'ALL')) return existing;
        const items = page.items.filter((ref) => readField('id', ref) !== id);
        if (items.length === page.items.length) return existing;
        const totalCount = Math.max(0, page.totalCount - 1);
        return { ...page, items, totalCount, pageCount: Math.max(1, Math.ceil(totalCount / page.pageSize)) };
      },
    },
  });
}

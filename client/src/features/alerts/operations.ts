// The saved searches and notification centre's GraphQL documents (issue 14). Mutations return the
// changed objects, so Apollo's normalized cache updates every list and badge by itself.
import { graphql } from '@/gql';

export const SavedSearchFieldsFragment = graphql(`
  fragment SavedSearchFields_savedSearch on SavedSearch {
    id
    name
    frequency
    newMatchCount
    createdAt
    filter {
      listingType
      search
      borough
      neighborhood
      minPrice
      maxPrice
      priceBasis
      minBeds
      propertyType
      pets
      lines
      walkMinutes
      commuteMaxMinutes
      commuteTo {
        stationId
        lat
        lng
      }
      bounds {
        north
        south
        east
        west
      }
      area {
        lat
        lng
      }
      accessibility
      noFee
      minBaths
      amenities
      ...DeclaredSavedFilters
    }
  }
`);

export const SavedSearchesDocument = graphql(`
  query SavedSearches {
    savedSearches {
      ...SavedSearchFields_savedSearch
    }
  }
`);

export const SaveSearchDocument = graphql(`
  mutation SaveSearch($input: SaveSearchInput!) {
    saveSearch(input: $input) {
      ...SavedSearchFields_savedSearch
    }
  }
`);

export const UpdateSavedSearchDocument = graphql(`
  mutation UpdateSavedSearch($id: ID!, $input: UpdateSavedSearchInput!) {
    updateSavedSearch(id: $id, input: $input) {
      id
      name
      frequency
    }
  }
`);

export const MarkSavedSearchSeenDocument = graphql(`
  mutation MarkSavedSearchSeen($id: ID!) {
    markSavedSearchSeen(id: $id) {
      id
      newMatchCount
    }
  }
`);

export const DeleteSavedSearchDocument = graphql(`
  mutation DeleteSavedSearch($id: ID!) {
    deleteSavedSearch(id: $id)
  }
`);

/**
 * The header's unread count alone: what a page rendered on the server asks for (app/page-queries.ts);
 * the list (below) is asked for by the browser, and brings the count with it.
 */
export const NotificationCountDocument = graphql(`
  query NotificationCount {
    unreadNotificationCount
  }
`);

export const NotificationsDocument = graphql(`
  query Notifications {
    unreadNotificationCount
    notifications(first: 20) {
      id
      kind
      title
      body
      url
      readAt
      createdAt
    }
  }
`);

export const NotificationAddedDocument = graphql(`
  subscription NotificationAdded {
    notificationAdded {
      id
    }
  }
`);

export const MarkNotificationReadDocument = graphql(`
  mutation MarkNotificationRead($id: ID!) {
    markNotificationRead(id: $id) {
      id
      readAt
    }
  }
`);

export const MarkAllNotificationsReadDocument = graphql(`
  mutation MarkAllNotificationsRead {
    markAllNotificationsRead
  }
`);

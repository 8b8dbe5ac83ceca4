// Written by `npm run schema:emit` from common/search-filters.ts (every declared search filter): do not edit.
import { graphql } from '@/gql';

export const DeclaredSavedFilters = graphql(`
  fragment DeclaredSavedFilters on SavedSearchFilter {
    noFee
    minBaths
    maxBeds
    amenities
    moveInBy
  }
`);

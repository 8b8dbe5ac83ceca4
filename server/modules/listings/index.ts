/** What other modules may use of the listings module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { upcomingTourWhere } from './listing-people.js';
export { listingKeyWhere, listingWhere, parseFilter, searchWhereSql } from './listings.service.js';
export { listingChangeCursor } from './listing-changes.service.js';
export { deleteListing } from './listing-write.service.js';
export type { SearchFilter } from './listings.service.js';
export { goingTo, lockOpenHouse, promoteWaitlist } from './open-house-places.js';
export {
  PUBLIC_LISTING,
  canManageListing,
  canSeeListing,
  isPublicListing,
  listingAccessSelect,
  managedBy,
  publicListingSql,
  visibleListingWhere,
} from './visibility.js';

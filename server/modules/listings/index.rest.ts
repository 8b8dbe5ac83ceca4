/** What other modules' REST adapters may use of the listings module's REST adapter. Nothing outside the module imports its other files (eslint.config.js). */
export { listingItemInclude, listingItems, noStore, parseRestSearchQuery } from './listings.rest.js';
export type { ListingItems, ListingWithRelations, SelectionOf } from './listings.rest.js';

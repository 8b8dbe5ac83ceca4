import { PAGE_LIMITS } from '@common/page-limits';

/**
 * Listings per search page: the search's row of the page limits (common/page-limits.ts), which
 * imports nothing. Not read from common/search.ts: that module builds the server's zod schemas when
 * it loads, which would put zod (about 23 KB gzip) on the listings page (docs/decisions/0023).
 */
export const SEARCH_PAGE_SIZE = PAGE_LIMITS.search.default;

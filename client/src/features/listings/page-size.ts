/**
 * Listings per search page, as `SEARCH_PAGE_SIZE` of common/search.ts says (page-size.test.ts keeps
 * them equal). Not imported from there: that module builds the server's zod schemas when it loads,
 * which would put zod (about 23 KB gzip) on the listings page (docs/decisions/0023).
 */
export const SEARCH_PAGE_SIZE = 12;

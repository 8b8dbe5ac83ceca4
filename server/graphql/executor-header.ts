/** Answers of the search page's own executor (search-page.ts) carry this header, naming it: tests and the bench check it. */
export const SEARCH_PAGE_HEADER = 'X-GraphQL-Executor';

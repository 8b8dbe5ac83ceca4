import { SEARCH_PAGE_SIZE as COMMON_PAGE_SIZE } from '@common/search';
import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from './page-size';

describe('the search page size of the client', () => {
  it('is the one common/search.ts names', () => {
    expect(SEARCH_PAGE_SIZE).toBe(COMMON_PAGE_SIZE);
  });
});

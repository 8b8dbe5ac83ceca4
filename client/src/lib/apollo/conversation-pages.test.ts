import { describe, expect, it } from 'vitest';
import {
  insertChronological,
  mergeMessagePages,
  mergeThreadPages,
  sortMostRecentFirst,
  uniqueChronological,
  type ItemKeys,
} from './conversation-pages';

interface Item {
  id: string;
  at: string;
}

const keys: ItemKeys<Item> = { id: (i) => i.id, at: (i) => i.at };
const m = (n: number): Item => ({
  id: `m${String(n).padStart(2, '0')}`,
  at: `2026-03-01T10:${String(n).padStart(2, '0')}:00.000Z`,
});
const ids = (items: readonly Item[]) => items.map((i) => i.id);
const page = (items: Item[], hasOlder: boolean, olderCursor: string | null = hasOlder ? `before-${items[0]?.id}` : null) => ({
  __typename: 'MessagePage',
  items,
  hasOlder,
  olderCursor,
});

describe('mergeMessagePages', () => {
  it('takes the first page as it is', () => {
    const incoming = page([m(3), m(4)], true);
    expect(mergeMessagePages(undefined, incoming, {}, keys)).toBe(incoming);
  });

  it('puts an older page in front and takes its cursor', () => {
    const merged = mergeMessagePages(page([m(3), m(4)], true), page([m(1), m(2)], false), { before: 'before-m03' }, keys);
    expect(ids(merged.items)).toEqual(['m01', 'm02', 'm03', 'm04']);
    expect(merged.hasOlder).toBe(false);
    expect(merged.olderCursor).toBeNull();
  });

  it('drops duplicates when pages overlap (a message sent between two page reads)', () => {
    const merged = mergeMessagePages(page([m(3), m(4)], true), page([m(2), m(3)], true), { before: 'before-m03' }, keys);
    expect(ids(merged.items)).toEqual(['m02', 'm03', 'm04']);
    expect(merged.olderCursor).toBe('before-m02');
  });

  it('joins a refetched newest page with messages loaded before, keeping the older cursor', () => {
    // Loaded: two pages (m01…m04) and a live message (m05); the refetch after a reconnect brings m04…m07.
    const existing = page([m(1), m(2), m(3), m(4), m(5)], true, 'before-m01');
    const merged = mergeMessagePages(existing, page([m(4), m(5), m(6), m(7)], true, 'before-m04'), {}, keys);
    expect(ids(merged.items)).toEqual(['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07']);
    expect(merged.hasOlder).toBe(true);
    expect(merged.olderCursor).toBe('before-m01');
  });

  it('starts again from the newest page when it does not reach the loaded messages (a gap)', () => {
    const existing = page([m(1), m(2)], true, 'before-m01');
    const incoming = page([m(8), m(9)], true, 'before-m08');
    expect(mergeMessagePages(existing, incoming, {}, keys)).toBe(incoming);
  });

  it('joins a newest page that is the whole conversation even without overlap', () => {
    const merged = mergeMessagePages(page([m(1)], false), page([m(2), m(3)], false), {}, keys);
    expect(ids(merged.items)).toEqual(['m01', 'm02', 'm03']);
    expect(merged.hasOlder).toBe(false);
  });

  it('keeps live messages when the newest page comes back empty', () => {
    const merged = mergeMessagePages(page([m(1)], false), page([], false), {}, keys);
    expect(ids(merged.items)).toEqual(['m01']);
  });

  it('takes the incoming cursor when the incoming page reaches further back', () => {
    const merged = mergeMessagePages(page([m(5)], false), page([m(4), m(5)], true, 'before-m04'), {}, keys);
    expect(ids(merged.items)).toEqual(['m04', 'm05']);
    expect(merged.hasOlder).toBe(true);
    expect(merged.olderCursor).toBe('before-m04');
  });
});

describe('mergeThreadPages', () => {
  const threadPage = (items: Item[], hasMore: boolean, endCursor: string | null = null) => ({ items, hasMore, endCursor });

  it('replaces the list with a first page (the server order after a reconnect)', () => {
    const incoming = threadPage([m(9), m(8)], true, 'c1');
    expect(mergeThreadPages(threadPage([m(1)], false), incoming, {}, keys)).toBe(incoming);
  });

  it('appends a next page without duplicates and takes its cursor', () => {
    const merged = mergeThreadPages(threadPage([m(9), m(8)], true, 'c1'), threadPage([m(8), m(7)], false), { after: 'c1' }, keys);
    expect(ids(merged.items)).toEqual(['m09', 'm08', 'm07']);
    expect(merged.hasMore).toBe(false);
  });
});

describe('ordering helpers', () => {
  it('sorts conversations most recent first, ties by id', () => {
    const tie = { id: 'm99', at: m(2).at };
    expect(ids(sortMostRecentFirst([m(1), m(3), tie, m(2)], keys))).toEqual(['m03', 'm99', 'm02', 'm01']);
  });

  it('keeps one copy of each message, oldest first', () => {
    expect(ids(uniqueChronological([m(2), m(1), m(2)], keys))).toEqual(['m01', 'm02']);
  });

  it('inserts a live message at its place, and only once', () => {
    const list = [m(1), m(3)];
    expect(ids(insertChronological(list, m(2), keys))).toEqual(['m01', 'm02', 'm03']);
    expect(insertChronological(list, m(3), keys)).toBe(list);
  });
});

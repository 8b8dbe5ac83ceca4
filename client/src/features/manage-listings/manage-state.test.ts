import { describe, expect, it } from 'vitest';
import { formatRelativeTime, parseManageParams, toManageParams, updateManageState } from './manage-state';

describe('manage screen URL state', () => {
  it('reads the defaults from an empty query and omits them when writing', () => {
    const state = parseManageParams(new URLSearchParams());
    expect(state).toEqual({ status: 'all', search: '', sort: 'newest', page: 1 });
    expect(toManageParams(state).toString()).toBe('');
  });

  it("maps 'pending' to draft and ignores unknown values", () => {
    expect(parseManageParams(new URLSearchParams('status=pending')).status).toBe('draft');
    expect(parseManageParams(new URLSearchParams('status=Active&sort=VIEWS')).status).toBe('active');
    const odd = parseManageParams(new URLSearchParams('status=sold&sort=cheap&page=-3'));
    expect(odd).toMatchObject({ status: 'all', sort: 'newest', page: 1 });
  });

  it('writes status, search, sort and page; a filter change goes back to page 1', () => {
    const state = parseManageParams(new URLSearchParams('status=draft&search=loft&sort=price-asc&page=3'));
    expect(toManageParams(state).toString()).toBe('status=draft&search=loft&sort=price-asc&page=3');
    expect(updateManageState(state, { sort: 'views' }).page).toBe(1);
    expect(updateManageState(state, { page: 2 })).toMatchObject({ page: 2, sort: 'price-asc' });
  });

  it('says how long ago a listing was created', () => {
    const now = Date.parse('2026-05-10T12:00:00Z');
    expect(formatRelativeTime('2026-05-10T11:59:50Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-05-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-05-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-04-19T12:00:00Z', now)).toBe('3 weeks ago');
  });
});

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EMPTY_SEARCH, parseSearchParams, toSearchParams, updateSearch, type SearchState } from './search-state';

/**
 * The listings page's filters as they live in the URL (SPEC part 4): the state read from the query
 * string, `onChange` for a control's change (a new borough resets the neighborhood) and `clearAll`
 * for the reset values; every change writes the URL, omitting empty, 'all' and 'any' values.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchParams(params), [params]);
  // The listings picked for comparing (features/compare) are not a filter: a change of the filters keeps them.
  const setState = useCallback(
    (next: SearchState) =>
      setParams(
        (current) => {
          const out = toSearchParams(next);
          const compare = current.get('compare');
          if (compare) out.set('compare', compare);
          return out;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  // A change made before the URL has caught up with the one before it (two selects changed at once, or
  // the changes a visitor made before the app ran, done again in a row) builds on that one, not on
  // the state last rendered: no change is lost.
  const pending = useRef<SearchState | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const onChange = useCallback(
    (patch: Partial<SearchState>) => {
      const next = updateSearch(pending.current ?? state, patch);
      pending.current = next;
      setState(next);
    },
    [state, setState],
  );
  const clearAll = useCallback(() => {
    pending.current = EMPTY_SEARCH;
    setState(EMPTY_SEARCH);
  }, [setState]);
  return { state, onChange, clearAll };
}

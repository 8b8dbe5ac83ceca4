import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** How many listings can be compared side by side (issue 26 item 6). */
export const MAX_COMPARE = 3;
const LISTING_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'id1,id2' → the listing ids (known shapes only, each once, at most MAX_COMPARE). */
export function parseCompareParam(raw: string | null): string[] {
  const ids = (raw ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((id) => LISTING_ID.test(id));
  return [...new Set(ids)].slice(0, MAX_COMPARE);
}

/** The page that compares `ids`. */
export function comparePath(ids: readonly string[]): string {
  return `/compare?ids=${ids.join(',')}`;
}

/**
 * The listings picked for comparing, kept in the URL of the page (`compare=`), beside its filters: a
 * change of the filters keeps them (use-search-state.ts carries the parameter over).
 */
export function useCompareSelection(param = 'compare') {
  const [params, setParams] = useSearchParams();
  const ids = useMemo(() => parseCompareParam(params.get(param)), [params, param]);
  const set = useCallback(
    (next: readonly string[]) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (next.length > 0) out.set(param, next.join(','));
          else out.delete(param);
          return out;
        },
        { preventScrollReset: true, replace: true },
      ),
    [setParams, param],
  );
  const toggle = useCallback(
    (id: string) => {
      if (ids.includes(id)) set(ids.filter((x) => x !== id));
      else if (ids.length < MAX_COMPARE) set([...ids, id]);
    },
    [ids, set],
  );
  return { ids, toggle, set, clear: useCallback(() => set([]), [set]), full: ids.length >= MAX_COMPARE };
}

import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type NavigateOptions, type UNSAFE_createBrowserHistory } from 'react-router';

// The scroll as React Router's <ScrollRestoration> keeps it, for the declarative router (app/router.tsx):
// a new address starts at its top, or at the element its #hash names; going back or forward returns
// to where the visitor was on that entry; a navigation asked with `preventScrollReset` (a filter, a
// page of results, a sort: the same screen with other parameters) leaves the scroll where it is.

const STORAGE_KEY = 'scroll-positions';

/** Where the visitor was on each history entry (by its key), kept across a reload in sessionStorage. */
const positions: Record<string, number> = (() => {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
})();

/** The last push or replace asked to keep the scroll (a `Link`'s or `navigate`'s `preventScrollReset`). */
let keepScroll = false;

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type ScrollOption = Pick<NavigateOptions, 'preventScrollReset'> | undefined;

/**
 * The router's history, telling the scroll whether a push or replace asked to keep it: React Router
 * passes a navigation's options to its history (app/app.tsx), which keeps none of them.
 */
export function scrollAwareHistory<H extends History>(history: H): H {
  return Object.assign(Object.create(history) as H, {
    push(to: Parameters<History['push']>[0], state?: unknown, options?: ScrollOption) {
      keepScroll = options?.preventScrollReset === true;
      history.push(to, state);
    },
    replace(to: Parameters<History['replace']>[0], state?: unknown, options?: ScrollOption) {
      keepScroll = options?.preventScrollReset === true;
      history.replace(to, state);
    },
  });
}

/**
 * An entry's key for its position: the history's key, or for a page loaded anew (every such page's key is
 * 'default') its address.
 */
const entryKey = ({ key, pathname, search }: { key: string; pathname: string; search: string }) =>
  key === 'default' ? `${pathname}${search}` : key;

export function ScrollRestoration() {
  const location = useLocation();
  const type = useNavigationType();
  /** The location last handled (its entry is where a scroll is recorded). */
  const handled = useRef<typeof location | null>(null);

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const onScroll = () => {
      if (handled.current) positions[entryKey(handled.current)] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are kept for this page only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    // Once per location (React runs a layout effect twice on mount in development's StrictMode).
    if (handled.current === location) return;
    const isFirst = handled.current === null;
    handled.current = location;
    const saved = positions[entryKey(location)];
    if (isFirst) {
      // A page loaded again (reload, or back to it from another site): where the visitor was on it, as kept
      // at `pagehide`, unless they have scrolled since. A new page keeps the browser's scroll (or the
      // visitor's, should they scroll while it loads).
      const kind = (performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
      if (saved !== undefined && (kind === 'reload' || kind === 'back_forward') && window.scrollY === 0)
        window.scrollTo(0, saved);
      return;
    }
    const keep = keepScroll;
    keepScroll = false;
    if (type === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (keep) return;
    window.scrollTo(0, 0);
  }, [location, type]);

  return null;
}

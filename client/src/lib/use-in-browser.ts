import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value only the browser knows (its time zone, what local storage holds): `server` on the server
 * and while the browser takes a server-rendered page over, so that the first render matches the HTML,
 * then at once `browser()` (React draws again when a store's server value differs). `browser` must
 * return the same value each time it is asked.
 */
export function useBrowserValue<T>(browser: () => T, server: T): T {
  return useSyncExternalStore(unchanging, browser, () => server);
}

const yes = () => true;

/** False on the server and while a server-rendered page is taken over, true from then on. */
export function useInBrowser(): boolean {
  return useBrowserValue(yes, false);
}

import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False on the server and while the browser takes a server-rendered page over (so the first render
 * matches the HTML), true from then on: React draws again at once with it (a store whose server value
 * differs). For what only the browser holds, such as local storage.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}

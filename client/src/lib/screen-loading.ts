import { useSyncExternalStore } from 'react';
import type { NavigateFunction } from 'react-router';

// The screens' code as it loads (app/router.tsx loads it): how many loads are under way, for the
// header's progress bar and the main landmark's aria-busy, and a way for a control that opens another
// screen to wait for its code first ('Opening…'), as it waited for the data router's navigation.

let loading = 0;
const listeners = new Set<() => void>();

/**
 * Counts a screen's load from its start (1) to its end (-1). A load may start while React renders (a
 * screen met for the first time): the listeners are told after the render, not during it.
 */
export function countScreenLoad(change: 1 | -1): void {
  loading += change;
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Whether a screen's code is loading (the old screen is shown meanwhile). */
export function useScreenLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loading > 0,
    () => false,
  );
}

let loader: (pathname: string) => Promise<void> = () => Promise.resolve();

/** Set by the app's routes (app/router.tsx): loads the code of the screens an address shows. */
export function setScreenLoader(load: (pathname: string) => Promise<void>): void {
  loader = load;
}

/** The browser's current history entry (React Router keeps its key in the entry's state). */
const entry = (): unknown => (window.history.state as { key?: unknown } | null)?.key ?? window.location.href;

/**
 * Goes to `to` once its screen's code is in, for a control that says it is opening it meanwhile
 * ('Opening…'). Should the visitor have gone elsewhere while it loaded, nothing happens: they are not
 * pulled away from where they went.
 */
export async function navigateWhenLoaded(navigate: NavigateFunction, to: string): Promise<void> {
  const at = entry();
  await loader(new URL(to, 'http://app.invalid').pathname).catch(() => undefined);
  if (entry() !== at) return;
  await navigate(to);
}

import { useSyncExternalStore } from 'react';

export interface DeferredModule<M> {
  /** Starts loading the module (once); resolves with it. */
  load: () => Promise<M>;
  /** Starts loading the module; a failure (the network) is only reported, and the next request tries again. */
  request: () => void;
  /** The module once loaded, else null (always null while the server renders and while hydrating). */
  useModule: () => M | null;
}

/**
 * A module fetched when it is about to be needed (a pointer over its control, a focus, a click)
 * rather than with the page: the page's first screen works without it, and every component using it
 * re-renders with it once it is in.
 */
export function deferredModule<M>(importer: () => Promise<M>): DeferredModule<M> {
  let loaded: M | null = null;
  let loading: Promise<M> | null = null;
  const listeners = new Set<() => void>();
  const load = () =>
    (loading ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getSnapshot = () => loaded;
  const getServerSnapshot = () => null;
  const request = () => {
    load().catch(console.warn);
  };
  return { load, request, useModule: () => useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) };
}

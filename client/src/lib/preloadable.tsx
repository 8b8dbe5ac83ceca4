import { lazy, type ComponentProps, type ComponentType } from 'react';

export type Preloadable<P extends object> = ComponentType<P> & {
  /** Loads the component's code; once it is in, the component renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` that can be loaded ahead of rendering. A server-rendered page hydrates a lazy part
 * only once its code has arrived; until then its markup is on screen but dead, and a click on it is
 * lost (React replays no click on a part it cannot hydrate yet). The app preloads such parts before
 * it hydrates (boot.tsx), so they are taken over with the rest of the page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy takes
export function preloadable<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): Preloadable<ComponentProps<C>> {
  type P = ComponentProps<C>;
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default as ComponentType<P>;
      },
      (err: unknown) => {
        loading = null;
        throw err;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function PreloadableComponent(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from './use-toast';

const Toaster = lazy(() => import('./toast').then((m) => ({ default: m.Toaster })));

// True from the first toast on: the toast area then stays, so F8 reaches it.
let started = false;
const hasStarted = () => (started ||= toastStore.getState().toasts.length > 0);

/**
 * The app's toasts, whose code (Radix Toast) is fetched with the first toast rather than with every
 * page: most visits show none.
 */
export function LazyToaster() {
  const shown = useSyncExternalStore(toastStore.subscribe, hasStarted, () => false);
  return shown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

// Setup of the components project (vitest.config.ts): Testing Library's DOM matchers, a clean DOM
// and storage after every test, and the browser APIs happy-dom lacks that the app's components use.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../../client/src/components/ui/use-toast';

// findBy* and waitFor wait up to 10 s rather than 1 s: a busy machine (CI's two cores running the
// other suites) made a popover's first render miss the second, and on a machine of the kind about half
// as fast (7 Dec 2026) the 5 s after (filter-bar.test.tsx, the price popover; it passes in 2 s alone). A
// pass is no faster for it; only a slow success is let through.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  toastStore.reset();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
for (const name of ['IntersectionObserver', 'ResizeObserver'] as const) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: NoopObserver, writable: true });
}
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

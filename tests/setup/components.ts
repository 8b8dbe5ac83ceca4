// Setup of the components project (vitest.config.ts): Testing Library's DOM matchers, a clean DOM
// and storage after every test, and the browser APIs happy-dom lacks that the app's components use.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toastStore } from '../../client/src/components/ui/use-toast';

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

import { act, cleanup, render } from '@testing-library/react';
import { StrictMode, useLayoutEffect } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  useNavigate,
  type NavigateFunction,
} from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollRestoration, scrollAwareHistory } from './scroll-restoration';

let navigate!: NavigateFunction;
const keep = (given: NavigateFunction) => {
  navigate = given;
};
function Navigator({ expose }: { expose: (navigate: NavigateFunction) => void }) {
  const given = useNavigate();
  useLayoutEffect(() => expose(given), [expose, given]);
  return null;
}

/** Where the page is scrolled to: window.scrollTo moves it, as a browser's does. */
let y = 0;
beforeEach(() => {
  y = 0;
  vi.spyOn(window, 'scrollTo').mockImplementation(((_x: number, top: number) => {
    y = top;
  }) as typeof window.scrollTo);
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => y });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The visitor scrolls to `top`. */
function scrollBy(top: number) {
  y = top;
  window.dispatchEvent(new Event('scroll'));
}

function renderAt(path: string) {
  const history = scrollAwareHistory(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  // In StrictMode, as the app runs (its effects twice on mount in development).
  render(
    <StrictMode>
      <HistoryRouter history={history}>
        <Navigator expose={keep} />
        <ScrollRestoration />
      </HistoryRouter>
    </StrictMode>,
  );
  return history;
}

describe('the scroll between screens', () => {
  it('leaves the first page where it is, starts a new address at its top, and keeps it for a navigation that asks', async () => {
    renderAt('/');
    scrollBy(700);
    // The first page is not moved (the visitor may have scrolled before the app took it over).
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(async () => navigate('/properties/a-1'));
    expect(y).toBe(0);
    scrollBy(300);
    // A filter or a page of results: the same screen, the scroll kept.
    await act(async () => navigate('/properties/a-1?tab=2', { preventScrollReset: true }));
    expect(y).toBe(300);
    await act(async () => navigate('/agents/x', { replace: true }));
    expect(y).toBe(0);
  });

  it('returns to where the visitor was on an entry when they go back or forward', async () => {
    renderAt('/');
    scrollBy(1200);
    await act(async () => navigate('/properties/a-1'));
    expect(y).toBe(0);
    scrollBy(250);
    await act(async () => navigate(-1));
    await vi.waitFor(() => expect(y).toBe(1200));
    await act(async () => navigate(1));
    await vi.waitFor(() => expect(y).toBe(250));
  });

  it('scrolls to the element a #hash names', async () => {
    const target = document.createElement('section');
    target.id = 'reviews';
    target.scrollIntoView = vi.fn();
    document.body.append(target);
    try {
      renderAt('/');
      await act(async () => navigate('/agents/x#reviews'));
      expect(target.scrollIntoView).toHaveBeenCalledOnce();
      expect(window.scrollTo).not.toHaveBeenCalled();
    } finally {
      target.remove();
    }
  });

  it('keeps the positions through a reload (sessionStorage), by entry', async () => {
    renderAt('/');
    scrollBy(640);
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(sessionStorage.getItem('scroll-positions') ?? '{}') as Record<string, number>;
    expect(Object.values(saved)).toContain(640);
  });

  it('returns a page loaded again to where the visitor was on it, and leaves a page loaded anew where it is', async () => {
    renderAt('/listings?borough=bronx');
    scrollBy(900);
    cleanup();
    y = 0;
    const navigation = vi.spyOn(performance, 'getEntriesByType');
    navigation.mockReturnValue([{ type: 'reload' } as unknown as PerformanceEntry]);
    renderAt('/listings?borough=bronx');
    expect(y).toBe(900);
    cleanup();
    y = 0;
    navigation.mockReturnValue([{ type: 'navigate' } as unknown as PerformanceEntry]);
    renderAt('/listings?borough=bronx');
    expect(y).toBe(0);
  });
});

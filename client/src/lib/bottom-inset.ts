import { useCallback, useRef } from 'react';

// What floats at the bottom of the window (issue 24 item 5). Bars pinned to the bottom (the listing
// form's actions, the detail page's phone bar) say how tall they are: toasts and the message button
// sit above them (`--bottom-inset`). A bar fixed to the window (`--bottom-fixed`) asks the page to
// end with room for it, so the footer scrolls clear of it. Both are CSS variables on <html>. (The
// message button's room is the stylesheet's: index.css, `data-floating-action`.)

const insets = new Map<object, { height: number; fixed: boolean }>();

function applyInset() {
  const bars = [...insets.values()];
  set('--bottom-inset', Math.max(0, ...bars.map((b) => b.height)));
  set('--bottom-fixed', Math.max(0, ...bars.filter((b) => b.fixed).map((b) => b.height)));
}

/**
 * Only a change is written: a variable set on <html> makes the browser restyle the whole page (a
 * hidden bar's 0 is what the stylesheet assumes unset).
 */
function set(name: string, px: number) {
  const style = document.documentElement.style;
  if ((style.getPropertyValue(name) || '0px') !== `${px}px`) style.setProperty(name, `${px}px`);
}

/** Follows a bar's height (0 while hidden) until `stop` is called. */
function follow(element: HTMLElement): () => void {
  const key = {};
  const measure = () => {
    insets.set(key, { height: element.getBoundingClientRect().height, fixed: getComputedStyle(element).position === 'fixed' });
    applyInset();
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  // The observer's first report comes once the page is laid out; measuring here, as the bar is
  // committed, would lay out the whole page inside React's task (profiled on the listing form: half
  // of a 250 ms task on Lighthouse's 4× slower CPU).
  if (observer) observer.observe(element);
  else measure();
  window.addEventListener('resize', measure);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', measure);
    insets.delete(key);
    applyInset();
  };
}

/**
 * For a bar pinned to the bottom of the window: a ref to put on it. Its height (0 while hidden) lifts
 * the other floating parts for as long as it is on the page.
 */
export function useBottomInset(): (element: HTMLElement | null) => void {
  const stop = useRef<(() => void) | null>(null);
  return useCallback((element: HTMLElement | null) => {
    stop.current?.();
    stop.current = element ? follow(element) : null;
  }, []);
}

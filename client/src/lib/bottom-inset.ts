import { useCallback, useEffect, useRef } from 'react';

// What floats at the bottom of the window (issue 24 item 5). Bars pinned to the bottom (the listing
// form's actions, the detail page's phone bar) say how tall they are: toasts and the message button
// sit above them (`--bottom-inset`). A bar fixed to the window (`--bottom-fixed`) and the message
// button (`--floating-clearance`) ask the page to end with room for them, so the footer scrolls
// clear of them. All are CSS variables on <html>.

const insets = new Map<object, { height: number; fixed: boolean }>();
const clearances = new Map<object, string>();

function applyInset() {
  const bars = [...insets.values()];
  const style = document.documentElement.style;
  style.setProperty('--bottom-inset', `${Math.max(0, ...bars.map((b) => b.height))}px`);
  style.setProperty('--bottom-fixed', `${Math.max(0, ...bars.filter((b) => b.fixed).map((b) => b.height))}px`);
}

function applyClearance() {
  const values = [...clearances.values()];
  if (values.length) document.documentElement.style.setProperty('--floating-clearance', values.at(-1) as string);
  else document.documentElement.style.removeProperty('--floating-clearance');
}

/** Follows a bar's height (0 while hidden) until `stop` is called. */
function follow(element: HTMLElement): () => void {
  const key = {};
  const measure = () => {
    insets.set(key, { height: element.getBoundingClientRect().height, fixed: getComputedStyle(element).position === 'fixed' });
    applyInset();
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
  observer?.observe(element);
  window.addEventListener('resize', measure);
  measure();
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

/** A button floating over the page's bottom corner: the page ends with `space` more, so nothing stays under it. */
export function useFloatingClearance(space: string): void {
  useEffect(() => {
    const key = {};
    clearances.set(key, space);
    applyClearance();
    return () => {
      clearances.delete(key);
      applyClearance();
    };
  }, [space]);
}

import { useLayoutEffect, type CSSProperties, type DependencyList, type RefObject } from 'react';

/**
 * The heights items of a list had when the visitor left it, by their keys, so that the list drawn again
 * (going back to it) has them before they are laid out. An item out of view is not laid out
 * (`content-visibility: auto`, index.css `.result-item-later`) and takes its placeholder height until it
 * nears the screen; a list drawn anew has no memory of its items' real heights, so the cards above the
 * place Back returns to would be placeholders of another height, and the list would open away from where
 * the visitor was (a card 9 to 60 px off on a phone). Kept for this page's life, for the width it was measured at.
 */
const LIMIT = 400;
const heights = new Map<string, { height: number; width: number }>();

/** The kept height of an item as a style (`contain-intrinsic-size`), or none. */
export function keptHeightStyle(key: string): CSSProperties | undefined {
  if (typeof window === 'undefined') return undefined;
  const kept = heights.get(key);
  return kept && kept.width === window.innerWidth ? { containIntrinsicSize: `auto ${kept.height}px` } : undefined;
}

/**
 * Keeps the heights of the list's children (each named by `data-key`) when it changes or goes away
 * (React runs a layout effect's cleanup before the nodes leave the page).
 */
export function useKeepHeights(list: RefObject<HTMLElement | null>, deps: DependencyList): void {
  useLayoutEffect(() => {
    const element = list.current;
    return () => {
      if (!element?.isConnected) return;
      const width = window.innerWidth;
      for (const child of Array.from(element.children) as HTMLElement[]) {
        const key = child.dataset.key;
        const height = child.getBoundingClientRect().height;
        if (!key || !height) continue;
        heights.delete(key);
        heights.set(key, { height, width });
        if (heights.size > LIMIT) heights.delete(heights.keys().next().value!);
      }
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}

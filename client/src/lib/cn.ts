import { type ClassValue, clsx } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * Joins class names conditionally. A class given to a shared control overrides the control's own
 * defaults because those are component classes (client/src/index.css), not because classes are merged
 * in the browser (docs/decisions/0053-deferred-controls.md). In development and tests, two classes that
 * set the same thing in one list are an error (tailwind-merge finds them); production ships none of it.
 */
export function cn(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  if (import.meta.env.DEV) refuseConflicts(joined);
  return joined;
}

// Made on first use, so that a production build (which never calls it) ships none of tailwind-merge.
// Tailwind 4's font sizes leave a `leading-*` in force (it sets a variable they read): not a conflict.
let twMerge: ((classes: string) => string) | undefined;

function refuseConflicts(classes: string): void {
  twMerge ??= extendTailwindMerge({ override: { conflictingClassGroups: { 'font-size': [] } } });
  const unique = [...new Set(classes.split(/\s+/).filter(Boolean))].join(' ');
  const merged = twMerge(unique);
  if (merged !== unique) {
    const lost = unique.split(' ').filter((c) => !merged.split(' ').includes(c));
    throw new Error(`Classes that set the same thing as a later one: ${lost.join(' ')} (in "${classes}")`);
  }
}

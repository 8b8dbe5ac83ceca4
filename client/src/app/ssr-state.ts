// What a page rendered on the server hands to the browser (docs/decisions/0035-server-rendering.md):
// the GraphQL answers it rendered with, as a JSON script element (no inline script: the page's
// Content-Security-Policy allows only scripts of its own origin).

/** The id of the `<script type="application/json">` element that carries the state. */
export const SSR_STATE_ID = 'ssr-state';

export interface SsrState {
  /** The answers the server rendered with, by query and variables (lib/apollo/page-answers.ts). */
  answers: Record<string, Record<string, unknown>>;
}

let read: SsrState | null | undefined;

/** The state of the page the server rendered, or null (a page it did not render, or not a browser). */
export function readServerState(): SsrState | null {
  if (read !== undefined) return read;
  read = null;
  if (typeof document === 'undefined') return read;
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return read;
  try {
    read = JSON.parse(element.textContent) as SsrState;
  } catch (err) {
    console.warn('The server-rendered state could not be read; rendering in the browser.', err);
  }
  return read;
}

/**
 * The state as the text of a script element: `<`, U+2028 and U+2029 escaped, so no text in it can
 * close the element or start a comment, whatever the data holds.
 */
export function serializeServerState(state: SsrState): string {
  return JSON.stringify(state).replace(/[<\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

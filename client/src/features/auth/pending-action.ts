// What a signed-out visitor asked for before being sent to sign in (issue 58 item 7): save a listing,
// RSVP to an open house, request a tour, save a search. It is remembered in this tab's
// sessionStorage with the page to come back to, and done once they are back there signed in (or
// signed up): the control that asked for it finds it on mounting, takes it (once) and does it, with
// its usual confirmation. Nothing is replayed on another page, for someone who stayed signed out, or
// after 30 minutes.
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { safeRedirectPath } from './redirect';

import { KEY, session, type PendingAction, type PendingKind, type Stored } from './pending-action-store';

export { PENDING_ACTION_MAX_AGE_MS, type PendingAction, type PendingKind } from './pending-action-store';

/** Remembers the action (one at a time: the last asked for) to do on `returnTo` once signed in. */
export function rememberPendingAction(action: PendingAction, returnTo: string, storage = session(), now = Date.now()): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ action, returnTo: safeRedirectPath(returnTo), at: now } satisfies Stored));
  } catch {
    // Storage can be refused (private mode, quota): the visitor signs in and does it again.
  }
}

/** Whether anything is remembered at all (cheap: one read of sessionStorage). */
function hasPendingAction(storage = session()): boolean {
  try {
    return storage?.getItem(KEY) != null;
  } catch {
    return false;
  }
}

/** Forgets any remembered action (the visitor did it another way, or signed out). */
export function clearPendingAction(storage = session()): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** The page as a return path: path and query. */
export function useHere(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}`;
}

/**
 * Does the remembered action of this kind and subject once the viewer is signed in on the page it was
 * asked for on and the page's data has come (`run` gets it). Each control calls it for its own subject.
 */
export function usePendingAction<K extends PendingKind>(
  kind: K,
  id: string,
  signedIn: boolean,
  run: (action: Extract<PendingAction, { kind: K }>) => void,
): void {
  const here = useHere();
  const client = useApolloClient();
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    // Nothing remembered (nearly always): the code that takes and does it is not even loaded.
    if (!signedIn || !hasPendingAction()) return;
    let state: 'waiting' | 'done' | 'gone' = 'waiting';
    let taken: Extract<PendingAction, { kind: K }> | null = null;
    void import('./pending-action-replay').then(async ({ takePendingAction, pageSettled }) => {
      if (state !== 'waiting') return;
      taken = takePendingAction(kind, id, here);
      if (!taken) {
        state = 'done';
        return;
      }
      await pageSettled(client);
      if (state !== 'waiting') return;
      state = 'done';
      latest.current(taken);
    });
    return () => {
      // Unmounted (or the page changed) before it was done: kept for the control that comes next.
      if (state === 'waiting' && taken) rememberPendingAction(taken, here);
      state = 'gone';
    };
  }, [kind, id, here, signedIn, client]);
}

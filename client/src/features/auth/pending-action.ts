// What a signed-out visitor asked for before being sent to sign in (issue 58 item 7): save a listing,
// RSVP to an open house, request a tour, save a search. It is remembered in this tab's
// sessionStorage with the page to come back to, and done once they are back there signed in (or
// signed up): the control that asked for it finds it on mounting, takes it (once) and does it, with
// its usual confirmation. Nothing is replayed on another page, for someone who stayed signed out, or
// after 30 minutes.
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { safeRedirectPath } from './redirect';

export type PendingAction =
  | { kind: 'saveListing'; id: string }
  | { kind: 'rsvp'; id: string; waitlist: boolean }
  | { kind: 'requestTour'; id: string }
  | { kind: 'saveSearch'; id: string };

export type PendingKind = PendingAction['kind'];

interface Stored {
  action: PendingAction;
  /** The page (path and query) the action was asked for on, and is done on. */
  returnTo: string;
  /** When it was asked for (epoch ms). */
  at: number;
}

const KEY = 'nyc-rentals:pending-action';
export const PENDING_ACTION_MAX_AGE_MS = 30 * 60 * 1000;
const KINDS: readonly PendingKind[] = ['saveListing', 'rsvp', 'requestTour', 'saveSearch'];

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the action (one at a time: the last asked for) to do on `returnTo` once signed in. */
export function rememberPendingAction(action: PendingAction, returnTo: string, storage = session(), now = Date.now()): void {
  try {
    storage?.setItem(KEY, JSON.stringify({ action, returnTo: safeRedirectPath(returnTo), at: now } satisfies Stored));
  } catch {
    // Storage can be refused (private mode, quota): the visitor signs in and does it again.
  }
}

function read(storage: Storage | null, now: number): Stored | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Stored> | null;
    const action = parsed?.action as Partial<PendingAction> | undefined;
    const fresh = typeof parsed?.at === 'number' && now - parsed.at >= 0 && now - parsed.at <= PENDING_ACTION_MAX_AGE_MS;
    if (
      !fresh ||
      typeof parsed?.returnTo !== 'string' ||
      !action ||
      !KINDS.includes(action.kind as PendingKind) ||
      typeof action.id !== 'string'
    ) {
      storage?.removeItem(KEY);
      return null;
    }
    return parsed as Stored;
  } catch {
    return null;
  }
}

/**
 * The remembered action of this kind and subject, when it was asked for on `here` and is fresh:
 * removed as it is taken, so it is done once. Anything else stays (another control may take it).
 */
export function takePendingAction<K extends PendingKind>(
  kind: K,
  id: string,
  here: string,
  storage = session(),
  now = Date.now(),
): Extract<PendingAction, { kind: K }> | null {
  const stored = read(storage, now);
  if (!stored || stored.action.kind !== kind || stored.action.id !== id || stored.returnTo !== here) return null;
  try {
    storage?.removeItem(KEY);
  } catch {
    return null;
  }
  return stored.action as Extract<PendingAction, { kind: K }>;
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
 * Resolves once the page's queries have their answers (at most `limitMs`): signing in refetches them
 * all as the new viewer, and an answer read before the action was done would undo what it shows.
 */
export async function pageSettled(client: ApolloClient, limitMs = 5000, stepMs = 50): Promise<void> {
  const until = Date.now() + limitMs;
  const busy = () => [...client.getObservableQueries('active')].some((q) => q.getCurrentResult().loading);
  while (busy() && Date.now() < until) await new Promise((r) => setTimeout(r, stepMs));
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
    if (!signedIn) return;
    const action = takePendingAction(kind, id, here);
    if (!action) return;
    let state: 'waiting' | 'done' | 'gone' = 'waiting';
    void pageSettled(client).then(() => {
      if (state !== 'waiting') return;
      state = 'done';
      latest.current(action);
    });
    return () => {
      // Unmounted (or the page changed) before it was done: kept for the control that comes next.
      if (state === 'waiting') rememberPendingAction(action, here);
      state = 'gone';
    };
  }, [kind, id, here, signedIn, client]);
}

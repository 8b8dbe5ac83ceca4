// A remembered action as stored in this tab's sessionStorage (./pending-action.ts).

export type PendingAction =
  | { kind: 'saveListing'; id: string }
  | { kind: 'rsvp'; id: string; waitlist: boolean }
  | { kind: 'requestTour'; id: string }
  | { kind: 'saveSearch'; id: string };

export type PendingKind = PendingAction['kind'];

export interface Stored {
  action: PendingAction;
  /** The page (path and query) the action was asked for on, and is done on. */
  returnTo: string;
  /** When it was asked for (epoch ms). */
  at: number;
}

export const KEY = 'nyc-rentals:pending-action';
export const PENDING_ACTION_MAX_AGE_MS = 30 * 60 * 1000;
export const KINDS: readonly PendingKind[] = ['saveListing', 'rsvp', 'requestTour', 'saveSearch'];

export function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

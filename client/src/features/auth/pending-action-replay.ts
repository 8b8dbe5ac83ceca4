// What takes and does a remembered action (./pending-action.ts): loaded only when one is remembered,
// so the pages of everyone else do not carry it.
import type { ApolloClient } from '@apollo/client';
import {
  KEY,
  KINDS,
  session,
  type PendingAction,
  type PendingKind,
  type Stored,
  PENDING_ACTION_MAX_AGE_MS,
} from './pending-action-store';

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

/**
 * Resolves once the page's queries have their answers (at most `limitMs`): signing in refetches them
 * all as the new viewer, and an answer read before the action was done would undo what it shows.
 */
export async function pageSettled(client: ApolloClient, limitMs = 5000, stepMs = 50): Promise<void> {
  const until = Date.now() + limitMs;
  const busy = () => [...client.getObservableQueries('active')].some((q) => q.getCurrentResult().loading);
  while (busy() && Date.now() < until) await new Promise((r) => setTimeout(r, stepMs));
}

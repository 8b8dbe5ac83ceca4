// The optional token sync of SPEC part 7 (docs/decisions/0027). With TOKEN_SYNC_URL configured on
// the server (it reaches the page as `tokenSyncUrl` in /api/client-config), the page POSTs the
// signed-in user's Firebase ID token to that URL (Authorization: Bearer) after a sign-in or sign-up,
// and again whenever the identity SDK renews the token of that user; on sign-out it sends DELETE
// with no token. Nothing here can fail a sign-in or a sign-out: a network error, a refusal by the
// Content-Security-Policy, a timeout or a non-2xx answer is logged with console.warn, and that is all.
// This module is loaded with import() by the auth provider only when it is needed.
import { loadClientConfig } from './client-config';

export interface TokenSyncOptions {
  /** The configured URL, or null when token sync is off (default: the server's client configuration). */
  url?: () => Promise<string | null>;
  fetch?: typeof fetch;
  /** The page's origin (default: location.origin): cookies go only to a same-origin URL. */
  pageOrigin?: string;
  /** A call that has not answered by then is given up (default 10 s). */
  timeoutMs?: number;
}

export interface TokenSync {
  /** A user signed in (or finished signing up) on this page: POST their token. */
  signedIn(uid: string, idToken: string): Promise<void>;
  /** The identity SDK has a new token: POST it when it belongs to the user this page synced (or restored). */
  tokenChanged(uid: string, idToken: string): Promise<void>;
  /** The SDK restored a user stored by an earlier visit (synced then): their next tokens are synced. */
  restored(uid: string): void;
  /** Signing out: DELETE, whatever was synced before. */
  signedOut(): Promise<void>;
}

const configuredUrl = async () => (await loadClientConfig()).tokenSyncUrl ?? null;

export function createTokenSync(opts: TokenSyncOptions = {}): TokenSync {
  const getUrl = opts.url ?? configuredUrl;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  // The user (and token) the sync target was last given; null after a sign-out.
  let current: { uid: string; idToken: string | null } | null = null;
  // One call at a time, in order: a quick sign-out's DELETE never overtakes the sign-in's POST.
  let queue: Promise<void> = Promise.resolve();

  async function send(method: 'POST' | 'DELETE', idToken: string | null): Promise<void> {
    let url: string | null;
    try {
      url = await getUrl();
    } catch (err) {
      console.warn('Token sync skipped: the client configuration is unavailable', err);
      return;
    }
    if (!url) return;
    try {
      const target = new URL(url);
      const pageOrigin = opts.pageOrigin ?? globalThis.location?.origin;
      const res = await (opts.fetch ?? fetch)(target, {
        method,
        headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
        credentials: target.origin === pageOrigin ? 'same-origin' : 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) console.warn(`Token sync ${method} ${target.origin}${target.pathname} answered ${res.status}`);
    } catch (err) {
      console.warn(`Token sync ${method} failed`, err);
    }
  }

  function enqueue(method: 'POST' | 'DELETE', idToken: string | null): Promise<void> {
    queue = queue.then(() => send(method, idToken));
    return queue;
  }

  return {
    signedIn(uid, idToken) {
      current = { uid, idToken };
      return enqueue('POST', idToken);
    },
    tokenChanged(uid, idToken) {
      if (!current || current.uid !== uid || current.idToken === idToken) return queue;
      current = { uid, idToken };
      return enqueue('POST', idToken);
    },
    restored(uid) {
      current = { uid, idToken: null };
    },
    signedOut() {
      current = null;
      return enqueue('DELETE', null);
    },
  };
}

/** The page's token sync, over the server's configuration. */
export const tokenSync: TokenSync = createTokenSync();

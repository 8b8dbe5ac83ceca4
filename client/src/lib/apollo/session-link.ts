// What the client does when the server refuses its identity (issue 7 point 3).
//
// - UNAUTHENTICATED on an operation sent with a token, or with the session cookie of a signed-in page
//   (docs/decisions/0023): the ID token is force-refreshed once (loading the identity SDK if needed)
//   and the operation retried once, with the token. If the refresh fails with an auth error, or the fresh token is refused
//   too, the session has ended: the app signs out locally (Firebase, Apollo store) and says so in a
//   toast; the page goes on as a signed-out visitor. A refresh that fails for network reasons does
//   not sign anyone out.
// - SERVICE_UNAVAILABLE (the identity provider cannot be reached): never a sign-out; a toast says
//   'Sign-in service unavailable, try again'.
// - `X-Auth-Token-Refused: expired` on a public read (answered anonymously): the token is refreshed in
//   the background so the next request carries a good one.
import { ApolloLink } from '@apollo/client';
import { Observable, type Subscription } from 'rxjs';
import { toast } from '@/components/ui/use-toast';
import {
  authErrorCode,
  codeOfGraphQLErrors,
  SERVICE_UNAVAILABLE_MESSAGE,
  SESSION_ENDED_MESSAGE,
  TOKEN_REFUSED_HEADER,
  type AuthErrorCode,
} from '../auth-errors';

/** How a forced token refresh went: a new token, the provider refused it (signed out), or no network. */
export type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable' | 'signed-out';

/** What the identity feature gives the transport. */
export interface SessionBridge {
  /** The current ID token (refreshed by the SDK when close to expiry), or null when signed out. */
  getToken(): Promise<string | null>;
  /** Forces a new ID token. */
  refreshToken(): Promise<RefreshOutcome>;
  /** Signs out locally (identity SDK + Apollo store); no call to the server is needed. */
  endSession(): Promise<void>;
  /**
   * True while the page holds a session of the server's cookie (docs/decisions/0023): requests then
   * carry no token, and an UNAUTHENTICATED answer is treated like a refused token.
   */
  hasCookieSession?(): boolean;
}

const signedOutBridge: SessionBridge = {
  getToken: () => Promise.resolve(null),
  refreshToken: () => Promise.resolve('signed-out'),
  endSession: () => Promise.resolve(),
};

let bridge: SessionBridge = signedOutBridge;
let refreshing: Promise<RefreshOutcome> | null = null;
let ending = false;
let lastUnavailableToast = 0;
const sessionEndedListeners = new Set<() => void>();

export function setSessionBridge(next: SessionBridge | null): void {
  bridge = next ?? signedOutBridge;
}

export function currentBridge(): SessionBridge {
  return bridge;
}

/** Runs `listener` whenever the session ends on the server's word (used to restart sockets). */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** One forced refresh at a time, shared by every operation that needs it. */
export function refreshOnce(): Promise<RefreshOutcome> {
  refreshing ??= bridge
    .refreshToken()
    .catch((): RefreshOutcome => 'unreachable')
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The server refused the viewer for good: sign out locally once, and tell the person. */
export function endSession(): void {
  if (ending) return;
  ending = true;
  // After the current operation has delivered its error to its caller.
  setTimeout(() => {
    bridge
      .endSession()
      .catch((err: unknown) => console.warn('Signing out locally failed', err))
      .finally(() => {
        ending = false;
        toast({ title: SESSION_ENDED_MESSAGE });
        for (const listener of sessionEndedListeners) listener();
      });
  }, 0);
}

/** The identity provider cannot be reached: say so (at most every few seconds), never sign out. */
export function notifyServiceUnavailable(): void {
  const now = Date.now();
  if (now - lastUnavailableToast < 3000) return;
  lastUnavailableToast = now;
  toast({ variant: 'destructive', title: SERVICE_UNAVAILABLE_MESSAGE });
}

/** Sent with an identity: a token, or the session cookie of a signed-in page. */
function sentWithIdentity(operation: ApolloLink.Operation): boolean {
  const headers = (operation.getContext() as { headers?: Record<string, string> }).headers;
  return Boolean(headers?.authorization ?? headers?.Authorization) || Boolean(bridge.hasCookieSession?.());
}

function refusedHeader(operation: ApolloLink.Operation): string | null {
  const response = (operation.getContext() as { response?: Response }).response;
  return response?.headers?.get(TOKEN_REFUSED_HEADER) ?? null;
}

/** The link; place it before the link that adds the Authorization header. */
export function createSessionLink(): ApolloLink {
  return new ApolloLink(
    (operation, forward) =>
      new Observable<ApolloLink.Result>((observer) => {
        let subscription: Subscription | undefined;
        let closed = false;
        let retrying = false;

        // Decides what an auth code means for this attempt; true when a retry was started.
        const react = (code: AuthErrorCode | null, attempt: number, deliver: () => void): boolean => {
          if (code === 'SERVICE_UNAVAILABLE') {
            notifyServiceUnavailable();
            return false;
          }
          if (code !== 'UNAUTHENTICATED' || !sentWithIdentity(operation)) return false;
          if (attempt > 0) {
            // A freshly refreshed token was refused as well: the session is over.
            endSession();
            return false;
          }
          retrying = true;
          subscription?.unsubscribe();
          void refreshOnce().then((outcome) => {
            if (closed) return;
            if (outcome === 'refreshed') {
              retrying = false;
              run(attempt + 1);
              return;
            }
            if (outcome === 'refused' || outcome === 'signed-out') endSession();
            deliver();
          });
          return true;
        };

        const run = (attempt: number) => {
          subscription = forward(operation).subscribe({
            next: (result) => {
              if (retrying) return;
              if (refusedHeader(operation) === 'expired') void refreshOnce();
              const code = codeOfGraphQLErrors(result.errors);
              if (
                react(code, attempt, () => {
                  observer.next(result);
                  observer.complete();
                })
              )
                return;
              observer.next(result);
            },
            error: (error: unknown) => {
              if (retrying) return;
              if (react(authErrorCode(error), attempt, () => observer.error(error))) return;
              observer.error(error);
            },
            complete: () => {
              if (!retrying) observer.complete();
            },
          });
        };

        run(0);
        return () => {
          closed = true;
          subscription?.unsubscribe();
        };
      }),
  );
}

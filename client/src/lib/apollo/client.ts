// The Apollo Client of the SPA: HTTP for queries and mutations, graphql-ws for subscriptions, both at
// /graphql on the page's own origin (Vite proxies them to the API in development). Every request
// carries the session cookie and, when someone is signed in, a Firebase ID token. What happens when
// the server refuses that identity is in session-link.ts.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { Observable, type Subscription } from 'rxjs';
import {
  createSessionLink,
  currentBridge,
  endSession,
  onSessionEnded,
  refreshOnce,
  setSessionBridge,
  type SessionBridge,
} from './session-link';
import { handOverAnswers } from './page-answers';
import { trustedDocumentsLink } from './trusted-documents';
import { readServerState } from '@/app/ssr-state';
import { typePolicies } from './type-policies';
import type { SubscriptionTransport } from './ws-transport';

export type { RefreshOutcome, SessionBridge } from './session-link';

const GRAPHQL_PATH = '/graphql';

/** WebSocket close codes of the server: the token was refused or expired; the user's sessions were revoked. */
export const WS_TOKEN_REFUSED = 4401; // graphql-ws's CloseCode.Unauthorized
export const WS_SESSIONS_REVOKED = 4403; // CloseCode.Forbidden

/**
 * Connects the transport to the identity feature: where the ID token comes from (asked before each
 * request, so it may refresh), how to force a new one and how to sign out locally. Reconnects open
 * subscriptions so they pick up the new identity. `null` means signed out.
 */
export function setSessionHandlers(next: SessionBridge | null): void {
  wsState.sessionRevoked = false;
  setSessionBridge(next);
  restartSubscriptions();
}

/** Closes the subscription socket; it reconnects, with fresh connection parameters, when needed. */
export function restartSubscriptions(): void {
  openTransport?.terminate();
}

/** The token, or null when signed out or when the identity provider fails (SPEC part 7 and 8). */
async function readAuthToken(): Promise<string | null> {
  try {
    return await currentBridge().getToken();
  } catch (error) {
    console.warn('Identity provider unavailable; sending the request without a token.', error);
    return null;
  }
}

function webSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${GRAPHQL_PATH}`;
}

function closeCodeOf(value: unknown): number | null {
  if (typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number') return value.code;
  // GraphQLWsLink turns a close event into Error('Socket closed with event 4401 …').
  const match = value instanceof Error ? /Socket closed with event (\d+)/.exec(value.message) : null;
  return match ? Number(match[1]) : null;
}

const wsState = {
  // After a 4401 close the next connection asks for a fresh token first.
  needsFreshToken: false,
  // After a 4403 close (the user signed out on another device) the socket stays anonymous: the live
  // features go quiet, and the page is signed out only when it does something that needs the viewer
  // (issue 7: a sign-out elsewhere never interrupts reading).
  sessionRevoked: false,
};

const reconnectListeners = new Set<() => void>();

/**
 * Runs `listener` each time the subscription socket is connected again after it dropped, once the
 * open subscriptions have been sent again: events published meanwhile were missed, so screens fetch
 * what they show again (nothing is lost). Returns the function that removes the listener.
 */
export function onSubscriptionsReconnected(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => reconnectListeners.delete(listener);
}

// The socket's code (graphql-ws and Apollo's link over it) is fetched with the first subscription: a
// signed-out visit to most pages has none, and no socket is needed when the app is rendered on the
// server (client/src/entry-server.tsx).
let transport: Promise<SubscriptionTransport> | undefined;
let openTransport: SubscriptionTransport | undefined;
const loadTransport = () =>
  (transport ??= import('./ws-transport').then((m) => {
    openTransport = m.createSubscriptionTransport({
      url: webSocketUrl,
      connectionParams: async () => {
        if (wsState.needsFreshToken) {
          wsState.needsFreshToken = false;
          const outcome = await refreshOnce();
          if (outcome === 'refused') endSession();
        }
        const token = wsState.sessionRevoked ? null : await readAuthToken();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
      shouldRetry: (event) => closeCodeOf(event) !== WS_SESSIONS_REVOKED,
      onReconnected: () => {
        for (const listener of reconnectListeners) listener();
      },
      onClosed: (event) => {
        const code = closeCodeOf(event);
        if (code === WS_TOKEN_REFUSED) wsState.needsFreshToken = true;
        if (code === WS_SESSIONS_REVOKED) wsState.sessionRevoked = true;
      },
    });
    return openTransport;
  })).catch((error: unknown) => {
    // Not fetched (the network): the next subscription tries again.
    transport = undefined;
    throw error;
  });

onSessionEnded(() => restartSubscriptions());

/** A subscription closed with 4401 is tried once more, on a new socket with a fresh token. */
const wsSessionLink = new ApolloLink(
  (operation, forward) =>
    new Observable<ApolloLink.Result>((observer) => {
      let subscription: Subscription | undefined;
      let closed = false;
      const run = (attempt: number) => {
        subscription = forward(operation).subscribe({
          next: (result) => observer.next(result),
          complete: () => observer.complete(),
          error: (error: unknown) => {
            if (attempt > 0 || closeCodeOf(error) !== WS_TOKEN_REFUSED) return observer.error(error);
            wsState.needsFreshToken = false;
            void refreshOnce().then((outcome) => {
              if (closed) return;
              if (outcome === 'refreshed') return run(attempt + 1);
              if (outcome === 'refused') endSession();
              observer.error(error);
            });
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

const authLink = new SetContextLink(async (prevContext) => {
  const token = await readAuthToken();
  if (!token) return {};
  return { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } };
});

const httpLink = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'include' });

const wsLink = new ApolloLink(
  (operation) =>
    new Observable<ApolloLink.Result>((observer) => {
      let subscription: Subscription | undefined;
      let closed = false;
      loadTransport().then(
        (loaded) => {
          if (!closed) subscription = loaded.link.request(operation).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        closed = true;
        subscription?.unsubscribe();
      };
    }),
);

const link = ApolloLink.from([
  trustedDocumentsLink,
  ApolloLink.split(
    ({ query }) => isSubscriptionOperation(query),
    ApolloLink.from([wsSessionLink, wsLink]),
    ApolloLink.from([createSessionLink(), authLink, httpLink]),
  ),
]);

/**
 * The page's client. A page the server rendered carries the answers it rendered with
 * (client/src/app/ssr-state.ts): the first render reads them as they are, and they go into the store
 * once the page has been taken over (`settleServerAnswers`, page-answers.ts).
 */
const cache = new InMemoryCache({ typePolicies });
export const apolloClient: ApolloClient = new ApolloClient({
  link,
  cache,
  // Queries are answered from the cache once loaded and are refetched only on request (SPEC part 7:
  // never stale, no refetch on focus, no retries; no RetryLink is installed — the only retry is the
  // single one after a refused token has been refreshed).
  defaultOptions: {
    watchQuery: { fetchPolicy: 'cache-first', refetchOn: false },
    query: { fetchPolicy: 'cache-first' },
  },
  dataMasking: false,
  devtools: { enabled: import.meta.env.DEV },
});

/** Writes the server-rendered page's answers into the store (boot.tsx, once the page is taken over). */
export const settleServerAnswers: () => void = handOverAnswers(cache, readServerState()?.answers).settle;

// The Apollo Client of the SPA: HTTP for queries and mutations, graphql-ws for subscriptions, both at
// /graphql on the page's own origin (Vite proxies them to the API in development). Every request
// carries the session cookie and, once the sign-in feature provides one, a Firebase ID token.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { isSubscriptionOperation } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { typePolicies } from './type-policies';

const GRAPHQL_PATH = '/graphql';

type AuthTokenGetter = () => Promise<string | null>;

let getAuthToken: AuthTokenGetter = () => Promise.resolve(null);

/**
 * Provides the identity token sent with every request: as `Authorization: Bearer <token>` on HTTP and
 * as `{ authorization: 'Bearer <token>' }` in the WebSocket connection parameters. The getter is asked
 * before each request, so it may refresh the token. Reconnects open subscriptions so they pick it up.
 */
export function setAuthTokenGetter(getter: AuthTokenGetter): void {
  getAuthToken = getter;
  restartSubscriptions();
}

/** Closes the subscription socket; it reconnects, with fresh connection parameters, when needed. */
export function restartSubscriptions(): void {
  wsClient.terminate();
}

/** The token, or null when signed out or when the identity provider fails (SPEC part 7 and 8). */
async function readAuthToken(): Promise<string | null> {
  try {
    return await getAuthToken();
  } catch (error) {
    console.warn('Identity provider unavailable; sending the request without a token.', error);
    return null;
  }
}

function webSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${GRAPHQL_PATH}`;
}

const wsClient = createClient({
  url: webSocketUrl,
  lazy: true,
  connectionParams: async () => {
    const token = await readAuthToken();
    return token ? { authorization: `Bearer ${token}` } : {};
  },
});

const authLink = new SetContextLink(async (prevContext) => {
  const token = await readAuthToken();
  if (!token) return {};
  return { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } };
});

const httpLink = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'include' });

const wsLink = new GraphQLWsLink(wsClient);

const link = ApolloLink.split(
  ({ query }) => isSubscriptionOperation(query),
  wsLink,
  ApolloLink.from([authLink, httpLink]),
);

export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({ typePolicies }),
  // Queries are answered from the cache once loaded and are refetched only on request (SPEC part 7:
  // never stale, no refetch on focus, no retries; no RetryLink is installed).
  defaultOptions: {
    watchQuery: { fetchPolicy: 'cache-first', refetchOn: false },
    query: { fetchPolicy: 'cache-first' },
  },
  dataMasking: false,
  devtools: { enabled: import.meta.env.DEV },
});

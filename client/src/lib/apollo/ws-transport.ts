// The subscription socket (graphql-ws) and Apollo's link over it, loaded by client.ts with the first
// subscription. What the socket sends and how its closes are read stay in client.ts, with the rest
// of the session's handling.
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { reconnectDelayMs } from './reconnect';

/** How long the client waits for the server's pong before it gives the socket up for dead. */
const PONG_TIMEOUT_MS = 5_000;
/** A ping every 15 s notices a connection that died silently (sleep, a network switch). */
const KEEP_ALIVE_MS = 15_000;

export interface SubscriptionTransportOptions {
  url: () => string;
  connectionParams: () => Promise<Record<string, unknown>>;
  /** False for a close that must not be retried (the user's sessions were revoked). */
  shouldRetry: (event: unknown) => boolean;
  /** The socket is connected again after it dropped, and the open subscriptions are sent again. */
  onReconnected: () => void;
  onClosed: (event: unknown) => void;
}

export interface SubscriptionTransport {
  link: GraphQLWsLink;
  /** Closes the socket; it reconnects, with fresh connection parameters, when needed. */
  terminate: () => void;
}

export function createSubscriptionTransport(options: SubscriptionTransportOptions): SubscriptionTransport {
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let activeSocket: WebSocket | null = null;
  const client = createClient({
    url: options.url,
    lazy: true,
    connectionParams: options.connectionParams,
    // 4403: the user's sessions were revoked; the live operations end, the socket is not retried and
    // comes back anonymously when something subscribes again. graphql-ws never retries 4401 itself:
    // client.ts retries the operation once with a fresh token. A failed connection (an error event,
    // no close code: the network is down, the server unreachable) is retried like a dropped one.
    shouldRetry: options.shouldRetry,
    // A dropped socket is tried again for as long as something is subscribed (graphql-ws gives up
    // after 5 attempts by default), with a capped backoff.
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(retries))),
    keepAlive: KEEP_ALIVE_MS,
    on: {
      // graphql-ws sends the open subscriptions again right after 'connected'; the listeners wait a
      // moment so their refetch reads after the subscriptions listen again (a message sent in between
      // then arrives twice, and the cache keeps one copy).
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) setTimeout(options.onReconnected, 300);
      },
      ping: (received) => {
        if (received) return;
        // Our ping went out: no pong in time means the connection is gone; close it so graphql-ws
        // reconnects (4408: request timeout, retried like any other close).
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => {
          if (activeSocket?.readyState === WebSocket.OPEN) activeSocket.close(4408, 'Request Timeout');
        }, PONG_TIMEOUT_MS);
      },
      pong: (received) => {
        if (received) clearTimeout(pongTimer);
      },
      opened: (socket) => {
        activeSocket = socket as WebSocket;
      },
      closed: (event) => {
        clearTimeout(pongTimer);
        activeSocket = null;
        options.onClosed(event);
      },
    },
  });
  return { link: new GraphQLWsLink(client), terminate: () => client.terminate() };
}

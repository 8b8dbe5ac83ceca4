import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export const TEST_ORIGIN = 'http://localhost:5173';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Result = { data?: any; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

/** A live subscription: its results in arrival order, and how it ended. */
export interface LiveSubscription {
  results: Result[];
  /** Resolves with the next result not yet taken (waits up to `ms`). */
  next(ms?: number): Promise<Result>;
  /** Resolves when `n` results have arrived in total. */
  waitFor(n: number, ms?: number): Promise<Result[]>;
  ended: Promise<{ error?: unknown }>;
  stop(): void;
}

/** A graphql-ws client on an app's /graphql (Bearer token in connectionParams, or a cookie on the upgrade). */
export function openSocket(
  baseUrl: string,
  auth: { idToken?: string; cookie?: string } = {},
  opts: { localAddress?: string } = {},
): {
  client: Client;
  /** Resolves once the server has acknowledged the connection (its auth is done). */
  connected: Promise<void>;
  subscribe(query: string, variables?: Record<string, unknown>): LiveSubscription;
  close(): Promise<void>;
} {
  const client = createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    retryAttempts: 0,
    lazy: false,
    connectionParams: auth.idToken ? { authorization: `Bearer ${auth.idToken}` } : {},
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, {
          headers: { origin: TEST_ORIGIN, ...(auth.cookie ? { cookie: auth.cookie } : {}) },
          ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
        });
      }
    },
  });
  const connected = new Promise<void>((resolve) => {
    const off = client.on('connected', () => {
      off();
      resolve();
    });
  });
  const subscribe = (query: string, variables?: Record<string, unknown>): LiveSubscription => {
    const results: Result[] = [];
    let taken = 0;
    const waiters: Array<() => void> = [];
    const wake = () => waiters.splice(0).forEach((w) => w());
    let endResolve: (v: { error?: unknown }) => void = () => {};
    const ended = new Promise<{ error?: unknown }>((r) => (endResolve = r));
    const stop = client.subscribe(
      { query, variables },
      {
        next: (v) => {
          results.push(v as Result);
          wake();
        },
        error: (error) => {
          endResolve({ error });
          wake();
        },
        complete: () => {
          endResolve({});
          wake();
        },
      },
    );
    const waitUntil = (ok: () => boolean, ms: number, what: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
        const check = () => {
          if (ok()) {
            clearTimeout(timer);
            resolve();
          } else waiters.push(check);
        };
        check();
      });
    return {
      results,
      async next(ms = 5_000) {
        await waitUntil(() => results.length > taken, ms, 'the next result');
        return results[taken++]!;
      },
      async waitFor(n, ms = 5_000) {
        await waitUntil(() => results.length >= n, ms, `${n} results (have ${results.length})`);
        taken = Math.max(taken, n);
        return results.slice(0, n);
      },
      ended,
      stop,
    };
  };
  return { client, connected, subscribe, close: () => client.dispose() as Promise<void> };
}

/** Lets in-flight socket frames settle (a subscription is registered on the server asynchronously). */
export const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

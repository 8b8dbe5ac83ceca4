import type http from 'node:http';
import type { SubscribePayload } from 'graphql-ws';
import type { Duplex } from 'node:stream';
import {
  execute,
  GraphQLError,
  Kind,
  parse,
  subscribe as subscribeOperation,
  type DocumentNode,
  type ExecutionArgs,
  type OperationDefinitionNode,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { inLocale } from '../core/locale.js';
import type { Locale } from '../../common/i18n/locales.js';
import { requestLocale } from '../http/locale.js';
import { WebSocketServer, type WebSocket } from 'ws';
import { isAllowedOrigin } from '../http/origin.js';
import { bearerToken, confirmAuth, recheckAuth, resolveAuth, type AuthState } from '../modules/auth/viewer.js';
import type { GraphQLContext, TransportDeps } from './context.js';
import { AppError } from '../core/errors.js';
import { say } from '../core/texts.js';
import { defineMessages, formatMessage } from '../../common/i18n/messages.js';
import { formatGraphQLError } from './errors.js';
import { addressKey } from '../http/rate-limit.js';
import { graphqlPayloadHasNul, nulMessage } from '../http/nul-guard.js';
import { needsFreshAuth } from './fresh-auth.js';
import { assertWithinCost, PARSE_OPTIONS, stripSuggestions } from './limits.js';
import { createDocumentValidator } from './validation.js';
import { resolveTrustedQuery } from './trusted-documents.js';

/** Limits of the WebSocket transport (docs/decisions/0011-bounded-graphql.md). */
export const WS_LIMITS = {
  /** Largest message a client may send (the `ws` default is 100 MiB). */
  maxPayloadBytes: 1024 * 1024,
  /** Open sockets per client address. */
  maxSocketsPerIp: 50,
  /** Operations running at once on one socket. */
  maxOperationsPerSocket: 50,
  /** Operations running at once for one signed-in user, across all their sockets on an instance. */
  maxOperationsPerUser: 100,
} as const;

const messages = defineMessages({
  sessionEnded: { id: 'server.auth.sessionEnded', defaultMessage: 'Your session has ended. Please sign in again.' },
});

/** The language each operation's context was made in (its socket's page's): what it says, it says in it. */
const operationLocales = new WeakMap<object, Locale>();

const localeOf = (args: ExecutionArgs) => operationLocales.get(args.contextValue as object);

/**
 * A subscription's events, each made in `locale` (graphql-ws reads them in its own async context,
 * where the request's language does not hold). Ending it ends the source at once.
 */
function speakingIn<T>(locale: Locale | undefined, source: AsyncIterable<T>): AsyncIterableIterator<T> {
  const it = source[Symbol.asyncIterator]();
  const done = (value?: unknown) => Promise.resolve({ done: true, value } as IteratorResult<T>);
  return {
    next: () => inLocale(locale, () => it.next()),
    return: (value?: unknown) => (it.return ? inLocale(locale, () => it.return!(value)) : done(value)),
    throw: (err?: unknown) => (it.throw ? inLocale(locale, () => it.throw!(err)) : Promise.reject(err)),
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * Close codes: the credential expired (reconnect with a fresh one), the user's sessions were revoked,
 * the socket kept sending invalid documents (RATE_LIMITS.socketInvalidDocuments), or far more
 * messages than RATE_LIMITS.socketMessages. graphql-ws clients do not reconnect after 4400 or 4429.
 */
export const WS_CLOSE = { tokenExpired: 4401, sessionRevoked: 4403, invalidDocuments: 4400, tooManyMessages: 4429 } as const;

/** A count in a fixed window, per socket. */
interface Window {
  startedAt: number;
  count: number;
}

/** Counts one more in `w` for a limit of `durationSeconds`; answers the count in the current window. */
function tick(w: Window, durationSeconds: number, now = Date.now()): number {
  if (now - w.startedAt >= durationSeconds * 1000) {
    w.startedAt = now;
    w.count = 0;
  }
  return ++w.count;
}

interface Extra extends Record<PropertyKey, unknown> {
  request: http.IncomingMessage;
  socket: WebSocket;
  auth?: AuthState;
  operations?: number;
  /** The operations holding a slot, and the user each counts for (null: anonymous). */
  slots?: Map<string, string | null>;
  /** Invalid documents sent in the current window (RATE_LIMITS.socketInvalidDocuments). */
  invalid?: Window;
}

function clientIp(req: http.IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',').at(-1)?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export interface GraphQLWebSocket {
  /** Closes every open socket of a user (sign-out, revocation) whose sign-in is older than `validAfterMs`. */
  closeUser(uid: string, validAfterMs?: number): void;
  dispose(): Promise<void>;
}

/**
 * graphql-ws on the HTTP server's /graphql path. The handshake is authenticated like HTTP (a Bearer
 * token in connectionParams.authorization, else the session cookie of the upgrade request), checked
 * with the provider when the socket opens, and re-checked (through the revocation cache) before each
 * operation; mutations are checked fresh, like on HTTP. Each operation is parsed and validated with
 * the same limits as HTTP (graphql-ws skips its own validation when `onSubscribe` returns arguments).
 */
export function attachGraphQLWebSocket(deps: TransportDeps): GraphQLWebSocket {
  const { server, schema, env, prisma, log, identityDeps, storage, realtime, limits, presence } = deps;
  const production = env.NODE_ENV === 'production';
  const validate = createDocumentValidator(schema, { production });
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_LIMITS.maxPayloadBytes });
  /** Live operations per signed-in user on this instance (WS_LIMITS.maxOperationsPerUser). */
  const perUser = new Map<string, number>();
  const perIp = new Map<string, number>();
  const byUser = new Map<string, Set<{ socket: WebSocket; extra: Extra }>>();

  // Messages per socket (RATE_LIMITS.socketMessages), counted as they arrive, before graphql-ws reads
  // them: over the limit a subscribe is refused unread; at twice the limit the socket is closed.
  wss.on('connection', (socket: WebSocket) => {
    const window: Window = { startedAt: Date.now(), count: 0 };
    const emit = socket.emit.bind(socket) as (event: string | symbol, ...args: unknown[]) => boolean;
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'message') return emit(event, ...args);
      const n = tick(window, limits.socketMessages.durationSeconds);
      if (n <= limits.socketMessages.points) return emit(event, ...args);
      if (n > 2 * limits.socketMessages.points) {
        if (socket.readyState === socket.OPEN) socket.close(WS_CLOSE.tooManyMessages, 'Too many messages');
        return false;
      }
      let message: { id?: unknown; type?: unknown } | null = null;
      try {
        message = JSON.parse(String(args[0])) as { id?: unknown; type?: unknown };
      } catch {
        message = null;
      }
      if (message?.type !== 'subscribe' || typeof message.id !== 'string') return emit(event, ...args);
      const refusal = { message: say('tooManyRequests'), extensions: { code: 'RATE_LIMITED' } };
      socket.send(JSON.stringify({ id: message.id, type: 'error', payload: [refusal] }));
      return false;
    }) as typeof socket.emit;
  });

  const onUpgrade = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/graphql') return refuseUpgrade(socket, 404, 'Not Found');
    if (!isAllowedOrigin(env, req.headers.origin)) return refuseUpgrade(socket, 403, 'Forbidden');
    const ip = clientIp(req, env.TRUST_PROXY);
    const open = perIp.get(ip) ?? 0;
    if (open >= WS_LIMITS.maxSocketsPerIp) return refuseUpgrade(socket, 429, 'Too Many Requests');
    perIp.set(ip, open + 1);
    // The slot is given back when the connection ends, however it ends: a refused or abandoned
    // handshake closes the raw socket too (counting on the WebSocket's close would leak it).
    let released = false;
    socket.once('close', () => {
      if (released) return;
      released = true;
      const n = (perIp.get(ip) ?? 1) - 1;
      if (n <= 0) perIp.delete(ip);
      else perIp.set(ip, n);
    });
    wss.handleUpgrade(req, socket, head, (ws) => {
      wss.emit('connection', ws, req);
    });
  };
  server.on('upgrade', onUpgrade);

  // By the credential's user, also when it could not be checked at connect time (an outage).
  const track = (extra: Extra) => {
    const uid = extra.auth?.viewer?.uid ?? extra.auth?.credential?.uid;
    if (!uid) return;
    let set = byUser.get(uid);
    if (!set) byUser.set(uid, (set = new Set()));
    const entry = { socket: extra.socket, extra };
    set.add(entry);
    extra.socket.once('close', () => {
      set.delete(entry);
      if (set.size === 0) byUser.delete(uid);
    });
  };

  const closeUser = (uid: string, validAfterMs = Number.MAX_SAFE_INTEGER) => {
    for (const { socket, extra } of byUser.get(uid) ?? []) {
      const authTime = extra.auth?.credential?.authTime ?? 0;
      if (authTime * 1000 < validAfterMs) socket.close(WS_CLOSE.sessionRevoked, 'Session revoked');
    }
  };
  const stopListening = identityDeps.revocations.onRevoked((uid, validAfterMs) => closeUser(uid, validAfterMs));
  // Someone with an open socket is online (the offline e-mail is for the others).
  const stopPresence = presence.keepAlive(() => byUser.keys());

  const wsServer = useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema,
      // Operations run in the language of the page that opened the socket, as over HTTP.
      execute: (args) => inLocale(localeOf(args), () => execute(args)),
      subscribe: async (args) => {
        const locale = localeOf(args);
        const result = await inLocale(locale, () => subscribeOperation(args));
        return Symbol.asyncIterator in result ? speakingIn(locale, result) : result;
      },
      onConnect: async (ctx) => {
        const raw = ctx.connectionParams?.authorization;
        const token = typeof raw === 'string' ? bearerToken(raw) : undefined;
        if (typeof raw === 'string' && !token) return false;
        try {
          // Checked with the provider when the socket opens.
          const auth = await resolveAuth(
            identityDeps,
            { cookie: ctx.extra.request.headers.cookie },
            { bearer: token, fresh: true },
          );
          if (auth.refused && token) return false; // the client presented a credential it does not have: reconnect signed out or with a fresh one
          ctx.extra.auth = auth;
          ctx.extra.operations = 0;
          track(ctx.extra);
          if (auth.viewer) presence.seen(auth.viewer.uid);
          return true;
        } catch (err) {
          log.warn({ err }, 'websocket: identity check failed');
          return false;
        }
      },
      // Its refusals in the language of the page that opened the socket (server/core/locale.ts).
      onSubscribe: (ctx, id, payload) => inLocale(requestLocale(ctx.extra.request), () => subscribe(ctx.extra, id, payload)),
      onNext: async (_ctx, _id, _payload, args, result) => {
        if (!('errors' in result) || !result.errors?.length) return;
        return {
          ...result,
          errors: result.errors.map((e) => {
            const formatted = formatGraphQLError(
              e.toJSON(),
              e,
              (err) => log.error({ err }, 'GraphQL resolver failed (websocket)'),
              { production },
            );
            return new GraphQLError(formatted.message, { path: formatted.path, extensions: formatted.extensions });
          }),
        };
      },
      onComplete: (ctx, id) => {
        release(ctx.extra, id);
      },
    },
    wss,
  );

  async function subscribe(extra: Extra, id: string, payload: SubscribePayload) {
    // The slots are taken before any await: 500 subscribes sent at once get 50, not 348.
    const refused = reserve(extra, id);
    if (refused) return [refused];
    let kept = false;
    try {
      const args = await prepare(extra, payload);
      kept = !Array.isArray(args);
      return args;
    } finally {
      if (!kept) release(extra, id);
    }
  }

  /**
   * Takes an operation's slots: one of its socket's (WS_LIMITS.maxOperationsPerSocket) and, for a
   * signed-in user, one of theirs across all their sockets on this instance
   * (WS_LIMITS.maxOperationsPerUser). Synchronous: counted before anything is awaited.
   */
  function reserve(extra: Extra, id: string): GraphQLError | null {
    if ((extra.operations ?? 0) >= WS_LIMITS.maxOperationsPerSocket) {
      return new GraphQLError(`Too many operations at once on this socket (at most ${WS_LIMITS.maxOperationsPerSocket}).`, {
        extensions: { code: 'RATE_LIMITED' },
      });
    }
    const uid = extra.auth?.viewer?.uid ?? null;
    if (uid && (perUser.get(uid) ?? 0) >= WS_LIMITS.maxOperationsPerUser) {
      return new GraphQLError(`Too many live operations for one account (at most ${WS_LIMITS.maxOperationsPerUser}).`, {
        extensions: { code: 'RATE_LIMITED' },
      });
    }
    extra.operations = (extra.operations ?? 0) + 1;
    if (!extra.slots) {
      const slots = (extra.slots = new Map());
      // A closed socket gives every slot back at once: its subscriptions end later, when their
      // streams next wake (an async generator returns only at a yield), or never.
      extra.socket.once('close', () => {
        for (const slotId of [...slots.keys()]) release(extra, slotId);
      });
    }
    extra.slots.set(id, uid);
    if (uid) perUser.set(uid, (perUser.get(uid) ?? 0) + 1);
    return null;
  }

  function release(extra: Extra, id: string): void {
    if (!extra.slots?.has(id)) return;
    const uid = extra.slots.get(id) ?? null;
    extra.slots.delete(id);
    extra.operations = Math.max(0, (extra.operations ?? 1) - 1);
    if (uid) {
      const left = (perUser.get(uid) ?? 1) - 1;
      if (left > 0) perUser.set(uid, left);
      else perUser.delete(uid);
    }
  }

  /**
   * One more invalid document from this socket: past RATE_LIMITS.socketInvalidDocuments in its window
   * the socket is closed (4400), so a client that keeps sending them stops costing parses and validations.
   */
  function invalidDocument(extra: Extra): void {
    const w = (extra.invalid ??= { startedAt: Date.now(), count: 0 });
    if (tick(w, limits.socketInvalidDocuments.durationSeconds) > limits.socketInvalidDocuments.points) {
      if (extra.socket.readyState === extra.socket.OPEN)
        extra.socket.close(WS_CLOSE.invalidDocuments, 'Too many invalid documents');
    }
  }

  /** Checks an operation and builds its execution arguments, or answers why it does not run. */
  async function prepare(extra: Extra, payload: SubscribePayload): Promise<ExecutionArgs | GraphQLError[]> {
    // Anonymous operations count against the same per-address limit as anonymous HTTP requests, a
    // signed-in user's against their own (RATE_LIMITS.signedIn, shared with GraphQL over HTTP).
    const uid = extra.auth?.viewer?.uid;
    const budget = uid
      ? await limits.signedIn.take(uid)
      : await limits.anonymous.take(addressKey(clientIp(extra.request, env.TRUST_PROXY)));
    if (!budget.allowed) {
      return [new GraphQLError(say('tooManyRequests'), { extensions: { code: 'RATE_LIMITED' } })];
    }
    if (graphqlPayloadHasNul(payload)) {
      return [new GraphQLError(nulMessage(), { extensions: { code: 'BAD_USER_INPUT' } })];
    }
    // Only the client's persisted documents run here when TRUSTED_DOCUMENTS_ONLY is on (partner
    // keys are not taken on the WebSocket); a named one runs the manifest's text, not the payload's.
    const trusted = resolveTrustedQuery(deps.trustedDocuments, payload, {
      enforce: env.TRUSTED_DOCUMENTS_ONLY,
      partner: false,
    });
    if ('code' in trusted) return [new GraphQLError(trusted.message, { extensions: { code: trusted.code } })];
    const source = typeof trusted.query === 'string' ? trusted.query : payload.query;
    let document: DocumentNode;
    try {
      document = parse(source, PARSE_OPTIONS);
    } catch (err) {
      invalidDocument(extra);
      return [
        err instanceof GraphQLError
          ? new GraphQLError(err.message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })
          : new GraphQLError('Syntax error'),
      ];
    }
    const errors = validate(document, source);
    if (errors.length) invalidDocument(extra);
    if (errors.length)
      return errors.map(
        (e) =>
          new GraphQLError(production ? stripSuggestions(e.message) : e.message, {
            nodes: e.nodes,
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          }),
      );
    try {
      assertWithinCost(schema, document, payload.operationName, payload.variables);
    } catch (err) {
      return [err as GraphQLError];
    }
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode =>
        d.kind === Kind.OPERATION_DEFINITION && (!payload.operationName || d.name?.value === payload.operationName),
    );
    let auth = extra.auth!;
    try {
      auth = needsFreshAuth(operation) ? await confirmAuth(identityDeps, auth) : await recheckAuth(identityDeps, auth);
    } catch (err) {
      if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE')
        return [new GraphQLError(err.message, { extensions: { code: err.code } })];
      throw err;
    }
    if (auth.refused && extra.auth?.credential) {
      // The socket's credential is no longer good: the client reconnects (with a fresh token, or signed out).
      extra.socket.close(
        auth.refused === 'expired' ? WS_CLOSE.tokenExpired : WS_CLOSE.sessionRevoked,
        auth.refused === 'expired' ? 'Token expired' : 'Session revoked',
      );
      return [new GraphQLError(formatMessage(messages.sessionEnded), { extensions: { code: 'UNAUTHENTICATED' } })];
    }
    extra.auth = auth;
    const contextValue: GraphQLContext = {
      prisma,
      viewer: auth.viewer,
      auth,
      log,
      storage,
      identity: identityDeps.identity,
      realtime,
      limits,
      mail: deps.mailer ? { mailer: deps.mailer, publicUrl: env.publicUrl } : undefined,
      visitor: { ip: clientIp(extra.request, env.TRUST_PROXY), cookieId: null, issueCookie: () => null },
    };
    operationLocales.set(contextValue, requestLocale(extra.request));
    return {
      schema,
      document,
      operationName: payload.operationName ?? null,
      variableValues: payload.variables ?? null,
      contextValue,
    } satisfies ExecutionArgs;
  }

  return {
    closeUser,
    async dispose() {
      stopListening();
      stopPresence();
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await wsServer.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

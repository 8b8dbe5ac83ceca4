import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Request } from 'express';
import { byAddress, limitRequests } from '../http/rate-limit.js';
import { GraphQLError, print, type DocumentNode, type FormattedExecutionResult } from 'graphql';
import {
  anonymous,
  graphqlCacheLookup,
  graphqlRead,
  publicCachePlugin,
  subjectOf,
  wantsFresh,
  type PublicCacheSlot,
} from '../http/public-cache.js';
import { containsNul, nulMessage, refuseNulGraphql } from '../http/nul-guard.js';
import { visitorOf } from '../http/visitor.js';
import type { Visitor } from '../core/viewer.js';
import { assertPartnerOperation } from '../http/partner-access.js';
import { sessionCookieOriginCheck } from '../http/origin.js';
import { providerUnavailableMessage } from '../modules/auth/identity.js';
import { confirmAuth, recheckAuth, SESSION_COOKIE, TOKEN_REFUSED_HEADER, type IdentityDeps } from '../modules/auth/viewer.js';
import type { GraphQLContext, TransportDeps } from './context.js';
import { AppError } from '../core/errors.js';
import { say } from '../core/texts.js';
import { formatGraphQLError } from './errors.js';
import { needsFreshAuth } from './fresh-auth.js';
import { assertWithinCost, limitRules, PARSE_OPTIONS, partnerCost, type RequestBudget } from './limits.js';
import { createPlannedPath } from './planned/index.js';
import { trustedDocumentsHttp } from './trusted-documents.js';
import { createPartnerDocuments } from '../modules/partners/partner-documents.js';
import { jsonBody } from '../http/locale.js';

/** A 429's body in GraphQL's dialect. */
const refuseGraphql = (res: express.Response) =>
  void res.json({ errors: [{ message: say('tooManyRequests'), extensions: { code: 'RATE_LIMITED' } }] });

/** Largest GraphQL request body. */
export const GRAPHQL_BODY_LIMIT = '256kb';

interface HttpContext extends GraphQLContext {
  /** Clears the session cookie (a mutation found it revoked). */
  endCookieSession?: () => void;
  /** Where this anonymous request's answer goes in the public cache, if it is a public query. */
  publicCacheSlot?: PublicCacheSlot | null;
  /** A partner key's requests left this window: its answers carry `extensions.cost`. */
  partnerBudget?: RequestBudget | null;
}

/**
 * Identity on GraphQL over HTTP: every mutation re-checks the viewer with the provider (reads use
 * the revocation cache); a refused credential is reported in the X-Auth-Token-Refused header; when
 * the provider is unreachable what needs a viewer is a 503 'Sign-in service unavailable, try again'.
 * Also the cost limit, which reads the variables.
 */
function guardPlugin(identityDeps: IdentityDeps): ApolloServerPlugin<HttpContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, contextValue: ctx, document, operationName, request, schema }) {
          // Apollo Server cannot run a subscription over HTTP (it answered 500): they live on the
          // WebSocket (graphql-ws) at this same path.
          if (operation?.operation === 'subscription') {
            throw new GraphQLError('Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP.', {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            });
          }
          if (ctx.partner) assertPartnerOperation(schema, document, operation);
          assertWithinCost(schema, document, operationName, request.variables);
          if (operation?.operation !== 'mutation' || !ctx.auth) return;
          try {
            const next = needsFreshAuth(operation)
              ? await confirmAuth(identityDeps, ctx.auth)
              : await recheckAuth(identityDeps, ctx.auth);
            if (next.refused && ctx.auth.via === 'cookie') ctx.endCookieSession?.();
            ctx.auth = next;
            ctx.viewer = next.viewer;
          } catch (err) {
            if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') {
              throw new GraphQLError(providerUnavailableMessage(), {
                extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } },
              });
            }
            throw err;
          }
        },
        async willSendResponse({ contextValue: ctx, response, operation, document, operationName, request, schema }) {
          if (ctx.auth?.refused) response.http.headers.set(TOKEN_REFUSED_HEADER, ctx.auth.refused);
          if (response.body.kind !== 'single') return;
          // What a partner's query cost and what its key has left (issue 53 item 3); the planned path says the same.
          if (ctx.partner && ctx.partnerBudget) {
            const result = response.body.singleResult;
            // A partner's GET of public data may be kept by a CDN, a minute, apart for each key (issue 53 item 4).
            if (request.http?.method === 'GET' && !result.errors?.length) {
              response.http.headers.set(
                'cache-control',
                `public, max-age=${PARTNER_GET_MAX_AGE}, s-maxage=${PARTNER_GET_MAX_AGE}`,
              );
              response.http.headers.set('vary', 'Authorization, Accept-Language');
            }
            result.extensions = {
              ...result.extensions,
              cost: partnerCost(schema, document, operationName, request.variables, result.data, ctx.partnerBudget),
            };
          }
          let errors = response.body.singleResult.errors;
          if (!errors?.length) return;
          // A read that answered nothing because of its own input (a forged page cursor): a 400, as
          // a refused variable is before execution. Mutations keep 200 with their field errors.
          if (
            operation?.operation === 'query' &&
            response.body.singleResult.data === null &&
            errors.every((e) => e.extensions?.code === 'BAD_USER_INPUT')
          ) {
            response.http.status = 400;
          }
          if (ctx.auth?.unavailable && errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
            errors = response.body.singleResult.errors = errors.map((e) =>
              e.extensions?.code === 'UNAUTHENTICATED'
                ? { ...e, message: providerUnavailableMessage(), extensions: { code: 'SERVICE_UNAVAILABLE' } }
                : e,
            );
          }
          if (errors.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) response.http.status = 503;
        },
      };
    },
  };
}

/** How long a CDN or browser may keep the answer to a partner's GET (seconds). */
export const PARTNER_GET_MAX_AGE = 60;

/** Apollo Server on POST/GET /graphql, with the limits of docs/decisions/0011-bounded-graphql.md. */
export async function createGraphQLHttp(deps: TransportDeps & { onDrain: () => Promise<void> }): Promise<{
  apollo: ApolloServer<HttpContext>;
  router: express.Router;
  executorFor: (req: Request, res: express.Response) => PageExecutor;
}> {
  const { server, schema, env, prisma, log, identityDeps, storage } = deps;
  const production = env.NODE_ENV === 'production';
  const apollo = new ApolloServer<HttpContext>({
    schema,
    csrfPrevention: true,
    // main.ts owns SIGINT/SIGTERM and stops everything in order; Apollo's own handler would start a
    // stop that leaves our `apollo.stop()` waiting forever (Apollo Server 5.5, issue #5074).
    stopOnTerminationSignals: false,
    introspection: !production,
    includeStacktraceInErrorResponses: false,
    parseOptions: PARSE_OPTIONS,
    // Automatic persisted queries off: the client's documents are persisted at build time
    // (trusted-documents.ts swaps them in before Apollo), and no caller may register new ones.
    persistedQueries: false,
    validationRules: limitRules({ production }),
    formatError: (formatted, error) =>
      formatGraphQLError(formatted, error, (err) => log.error({ err }, 'GraphQL resolver failed'), { production }),
    plugins: [
      // Off: plugins we do not use that would otherwise be installed implicitly. Cache control wraps
      // every field resolver in a per-field hook (docs/decisions/0022-fast-graphql.md); usage and
      // schema reporting and inline traces are Apollo GraphOS features.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      guardPlugin(identityDeps),
      publicCachePlugin<HttpContext>(deps.publicCache),
      {
        async serverWillStart() {
          return { drainServer: deps.onDrain };
        },
      },
    ],
  });
  await apollo.start();

  // The site's queries (and a partner's from its second request), planned once and answered without
  // graphql-js' per-field execution (planned/; docs/decisions/0047-planned-documents.md). With
  // GRAPHQL_PLANNED=off nothing is planned and Apollo answers every request.
  const planned =
    env.GRAPHQL_PLANNED === 'on'
      ? createPlannedPath({
          schema,
          trustedDocuments: deps.trustedDocuments,
          publicCache: deps.publicCache,
          log,
          contextOf,
          production,
        })
      : null;
  const router = express.Router();
  router.use(
    '/graphql',
    sessionCookieOriginCheck(env),
    // Anonymous requests take from their address's one budget (RATE_LIMITS.anonymous); signed-in
    // people and partner keys (which have their own limit) are not counted per address.
    limitRequests(deps.limits.anonymous, {
      key: (req) => (req.auth?.viewer || req.partner ? null : byAddress(req)),
      refuse: refuseGraphql,
    }),
    // Signed-in people take from their own budget (RATE_LIMITS.signedIn, shared with their WebSocket
    // operations; issue 58 item 12). A partner key is counted by its own row.
    limitRequests(deps.limits.signedIn, {
      key: (req) => (req.auth?.viewer && !req.partner ? req.auth.viewer.uid : null),
      refuse: refuseGraphql,
    }),
    jsonBody({ limit: GRAPHQL_BODY_LIMIT }),
    refuseNulGraphql,
    trustedDocumentsHttp(deps.trustedDocuments, {
      enforce: env.TRUSTED_DOCUMENTS_ONLY,
      partnerDocuments: createPartnerDocuments(prisma),
    }),
    graphqlCacheLookup(deps.publicCache),
    ...(planned ? [planned.handler] : []),
    expressMiddleware(apollo, { context: async ({ req, res }) => contextOf(req, res) }),
  );

  /**
   * Answers operations in process as /graphql would answer them for this request's viewer: for pages
   * rendered on the server (server/http/ssr.ts), whose documents are the client's own. A persisted
   * document goes the planned path, as the same request over HTTP would; anything that path leaves
   * to Apollo goes through Apollo's whole pipeline (validation, limits, the identity guard).
   */
  function executorFor(req: Request, res: express.Response): PageExecutor {
    // An anonymous page reads the public entries the same documents read over /graphql (one cache,
    // keyed by what was read: issue 52 item 2), and stores what it read for them.
    const cache = anonymous(req) && !wantsFresh(req) ? deps.publicCache : null;
    return async (operation) => {
      const { variables, operationName } = operation;
      // As /graphql refuses it (refuseNulGraphql): a NUL from the page's address never reaches the database.
      if (containsNul(variables)) return { errors: [{ message: nulMessage(), extensions: { code: 'BAD_USER_INPUT' } }] };
      const slot = cache?.begin() ?? null;
      // The text the browser sends for it: the persisted document's (a document of no hash, printed).
      const text = operation.hash ? deps.trustedDocuments.get(operation.hash) : print(operation.query);
      const read = slot && text ? graphqlRead({ query: text, variables, operationName }) : null;
      if (!slot || !read) return execute(operation);
      const hit = await cache!.get(slot, read.key).catch(() => null);
      if (hit !== null) return JSON.parse(hit) as FormattedExecutionResult;
      const result = await execute(operation);
      if (!result.errors?.length && result.data)
        await cache!
          .set(slot, read.key, JSON.stringify({ data: result.data }), subjectOf(read.operation, result.data))
          .catch(() => undefined);
      return result;
    };

    async function execute({
      query,
      variables,
      operationName,
      hash,
    }: Parameters<PageExecutor>[0]): Promise<FormattedExecutionResult> {
      const text = hash ? deps.trustedDocuments.get(hash) : undefined;
      if (text && planned) {
        const answered = await planned.execute(text, variables, req, res);
        if (answered) return answered;
      }
      const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue: contextOf(req, res) });
      if (response.body.kind !== 'single') throw new Error('An incremental answer cannot be rendered on the server.');
      return response.body.singleResult;
    }
  }

  function contextOf(req: Request, res: express.Response): HttpContext {
    return {
      prisma,
      viewer: req.auth?.viewer ?? null,
      auth: req.auth,
      log: req.log ?? log,
      // One visitor per request: the planned path and Apollo (when it answers instead) share it.
      visitor: (res.locals.visitor ??= visitorOf(env, req, res)) as Visitor,
      storage,
      identity: identityDeps.identity,
      realtime: deps.realtime,
      limits: deps.limits,
      mail: deps.mailer ? { mailer: deps.mailer, publicUrl: env.publicUrl } : undefined,
      endCookieSession: () => res.clearCookie(SESSION_COOKIE, { path: '/' }),
      publicCacheSlot: (res.locals.publicCache as PublicCacheSlot | undefined) ?? null,
      partner: req.partner ?? null,
      partnerBudget: req.partnerBudget ?? null,
      webhooks: deps.webhooks,
    };
  }
  return { apollo, router, executorFor };
}

/** One operation of a page rendered on the server, and its answer. */
export type PageExecutor = (operation: {
  query: DocumentNode;
  variables?: Record<string, unknown>;
  operationName?: string;
  /** The sha256 codegen persisted the document under (the client's own documents). */
  hash?: string;
}) => Promise<FormattedExecutionResult>;

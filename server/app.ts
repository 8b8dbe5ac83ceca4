import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { PrismaClient } from './db/client.js';
import type { Env } from './env.js';
import { createGraphQLHttp } from './graphql/http.js';
import { getSchema } from './graphql/schema.js';
import { loadTrustedDocuments } from './graphql/trusted-documents.js';
import { attachGraphQLWebSocket } from './graphql/ws.js';
import { errorHandler } from './http/errors.js';
import { healthRoutes } from './http/health.js';
import { securityHeaders } from './http/security-headers.js';
import { speakRequestLocale } from './http/locale.js';
import { spaRoutes } from './http/spa.js';
import { SERVER_RENDERED_PAGES, serverRenderedPages } from './http/ssr.js';
import type { Logger } from './logger.js';
import { authRoutes, identityMiddleware } from './modules/auth/auth.rest.js';
import { originCheck, restWritesAreFresh } from './http/origin.js';
import { addressKey, byAddress, limitRequests, restTooMany } from './http/rate-limit.js';
import type { IdentityProvider } from './modules/auth/identity.js';
import { RevocationCache } from './modules/auth/revocation.js';
import type { IdentityDeps } from './modules/auth/viewer.js';
import { configureGeocoder } from './modules/listings/geocoder.js';
import { pruneListingViews } from './modules/listings/listing-views.js';
import { pruneListingChanges } from './modules/listings/listing-changes.service.js';
import { mediaRoutes } from './modules/uploads/media.rest.js';
import { pruneOrphanUploads } from './modules/uploads/prune.js';
import type { Storage } from './modules/uploads/storage.js';
import { createRateLimits, type RateLimits } from './infra/rate-limits.js';
import { createPresence } from './modules/messaging/presence.js';
import { createRealtime, feedSubscribers, type Realtime } from './infra/realtime.js';
import { startOfflineMailJob } from './modules/messaging/offline-mail.js';
import { createJobQueue, type JobQueue } from './modules/jobs/queue.js';
import { registerTourJobs } from './modules/tours/tour-jobs.js';
import { registerAlertJobs } from './modules/alerts/alerts.service.js';
import { pruneWebhookDeliveries, registerWebhookJobs } from './modules/webhooks/index.js';
import { refreshResponseTimes, registerResponseTimes } from './modules/agents/response-time.js';
import { listenForInteractions } from './modules/reviews/reviews.service.js';
import { wireEffects } from './modules/effects.js';
import { alertRoutes } from './modules/alerts/alerts.rest.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { createAfterResponse, type AfterResponse } from './infra/after-response.js';
import { outboxRoutes } from './modules/mail/outbox.rest.js';
import { mountRestRoutes } from './rest.js';
import { createSelection } from './graphql/planned/index.js';
import type { SelectionOf } from './modules/listings/listings.rest.js';
import { createPublicCache, type PublicCache } from './infra/public-cache.js';
import { restPublicCache } from './http/public-cache.js';
import { eventsOf } from './core/events.js';
import { relayEvents } from './infra/event-relay.js';
import { requestLogging } from './http/request-log.js';
import { partnerAccess } from './http/partner-access.js';
import { partnerCors } from './http/partner-cors.js';
import { PartnerKeys } from './modules/partners/partner-keys.js';

export interface AppDeps {
  env: Env;
  prisma: PrismaClient;
  storage: Storage;
  log: Logger;
  identity: IdentityProvider;
  /** Folder of the built client; the SPA is served from it when it exists. */
  clientDir?: string;
  /** Folder of the client's server build (entry-server.js); the listings and detail pages are rendered with it when it exists. */
  serverDir?: string;
  /** E-mail (default: from the configuration: SMTP_URL, else the development outbox). */
  mailer?: Mailer;
  /** How often the offline e-mail job runs (default 60 s). */
  offlineMailEveryMs?: number;
  /** Background jobs (default: pg-boss with DATABASE_URL, else in process). */
  jobs?: JobQueue;
}

export interface RunningApp {
  app: express.Express;
  server: http.Server;
  /** The per-user revocation cache (tests read and mark it). */
  revocations: RevocationCache;
  /** Real-time fan-out (in process, or Redis with REDIS_URL). */
  realtime: Realtime;
  limits: RateLimits;
  /** The background job queue (saved-search alerts). */
  jobs: JobQueue;
  /** Listens on the given port (0 picks a free one) and resolves with the base URL. */
  listen(port: number, host?: string): Promise<string>;
  /** Stops accepting connections, drains requests and sockets. The database is the caller's. */
  close(): Promise<void>;
}

const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const DEFAULT_SERVER_DIR = path.resolve(import.meta.dirname, '../dist/server');

/** The REST shims (SPEC part 7) and the auth routes under /api; anything else there is a JSON 404. */
function apiRoutes(deps: {
  env: Env;
  prisma: PrismaClient;
  log: Logger;
  identityDeps: IdentityDeps;
  storage: Storage;
  realtime: Realtime;
  limits: RateLimits;
  publicCache: PublicCache;
  mailer: Mailer;
  afterResponse: AfterResponse;
  selection: SelectionOf;
}): express.Router {
  const api = express.Router();
  api.use(originCheck(deps.env));
  api.use(restPublicCache(deps.publicCache));
  api.use(
    authRoutes({
      env: deps.env,
      prisma: deps.prisma,
      identityDeps: deps.identityDeps,
      mapStyleUrl: deps.env.MAP_STYLE_URL ?? null,
      limits: deps.limits,
      mailer: deps.mailer,
      afterResponse: deps.afterResponse,
      log: deps.log,
      // The development outbox (mounted below outside production) holds what was "sent" without SMTP.
      outboxUrl: deps.env.NODE_ENV !== 'production' && deps.mailer.kind === 'outbox' ? '/dev/outbox/' : null,
    }),
  );
  mountRestRoutes(api, deps);
  api.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  return api;
}

/**
 * The Express app and the graphql-ws server on one HTTP server. Each concern is a named piece:
 * security headers, health, identity, GraphQL over HTTP and WebSocket, media, REST, the SPA, errors.
 */
export async function createApp(deps: AppDeps): Promise<RunningApp> {
  const { env, prisma, storage, log, identity } = deps;
  configureGeocoder(env.GEOCODER_URL ?? null);
  const app = express();
  const server = http.createServer(app);
  // An idle kept-alive connection is closed after 65 s, not Node's 5 s: longer than the idle timeout
  // of the usual load balancers (60 s), so the app never closes a connection a client or proxy is
  // about to reuse (which surfaces as ECONNRESET or a 502). Headers must come within 66 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  app.disable('x-powered-by');
  // No ETag computed from every JSON body (a hash per response): GraphQL POSTs and the REST shims are
  // not cacheable by clients (no-store); the built client's files carry their own (server/http/spa.ts).
  app.set('etag', false);
  if (env.TRUST_PROXY) app.set('trust proxy', 1);

  const revocations = new RevocationCache(identity);
  const identityDeps: IdentityDeps = { identity, revocations };
  const schema = getSchema();
  const realtime = createRealtime({ redisUrl: env.REDIS_URL ?? null, log });
  const limits = createRateLimits({ redisUrl: env.REDIS_URL ?? null, log });
  const publicCache = createPublicCache({ ttlSeconds: env.PUBLIC_CACHE_SECONDS, redisUrl: env.REDIS_URL ?? null, log });
  // The domain's events (server/core/events.ts) empty the public cache, whatever the transport of
  // the write; with Redis, other instances' events too.
  const events = eventsOf(prisma);
  const stopListening = events.subscribe((event, { eventId, local }) => publicCache.heard(event, eventId, local));
  // Live subscriptions hear this instance's events through its realtime fan-out (Redis with REDIS_URL).
  const stopFeeding = feedSubscribers(events, realtime);
  const relay = env.REDIS_URL ? relayEvents(events, { redisUrl: env.REDIS_URL, log, onGap: () => publicCache.unsure() }) : null;
  const presence = createPresence(prisma, log);
  const trustedDocuments = loadTrustedDocuments({ required: env.TRUSTED_DOCUMENTS_ONLY });
  const mailer = deps.mailer ?? createMailer(env, log);
  const afterResponse = createAfterResponse(log);
  // Partners' webhooks: where they may go, and a nudge to the job that delivers them (registered below).
  const webhookRules = { allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK };
  let webhookJobs: ReturnType<typeof registerWebhookJobs> | null = null;
  const webhooks = { rules: webhookRules, kick: () => webhookJobs?.kick(true) };

  const ws = attachGraphQLWebSocket({
    server,
    schema,
    env,
    prisma,
    log,
    identityDeps,
    storage,
    realtime,
    limits,
    presence,
    publicCache,
    trustedDocuments,
    mailer,
  });
  const graphql = await createGraphQLHttp({
    realtime,
    limits,
    presence,
    publicCache,
    trustedDocuments,
    mailer,
    server,
    schema,
    env,
    prisma,
    log,
    identityDeps,
    storage,
    webhooks,
    onDrain: () => ws.dispose(),
  });

  app.use(requestLogging(log));
  // What the server says, it says in the request's language (issue 29 item 4).
  app.use(speakRequestLocale());
  app.use(securityHeaders(env));
  app.use(healthRoutes({ prisma, log, redisUp: () => limits.redisUp() }));
  app.use('/graphql', partnerCors());
  const partners = partnerAccess({ keys: new PartnerKeys(prisma), limit: limits.partnerRequests });
  app.use(
    ['/graphql', '/api'],
    partners,
    identityMiddleware({ env, identityDeps, freshFor: (req) => req.baseUrl === '/api' && restWritesAreFresh(req) }),
    (req: express.Request, _res: express.Response, next: express.NextFunction) => {
      if (req.auth?.viewer) presence.seen(req.auth.viewer.uid);
      next();
    },
  );
  app.use(graphql.router);
  app.use(mediaRoutes({ storage }));
  // The development outbox: every e-mail the app sent, as .eml files (never in production).
  if (env.NODE_ENV !== 'production') app.use('/dev/outbox', outboxRoutes({ env }));
  // The unsubscribe links' token is their only credential; a partner key there is refused like on /api.
  app.use(
    '/alerts',
    partnerAccess({ keys: new PartnerKeys(prisma), limit: limits.partnerRequests }),
    alertRoutes({ prisma, log }),
  );
  // Anonymous REST reads take from the same per-address budget as anonymous GraphQL (a cache-busting
  // crawl of GET /api/properties is held like one of the GraphQL search).
  app.use(
    '/api',
    limitRequests(limits.anonymous, {
      key: (req) =>
        (req.method === 'GET' || req.method === 'HEAD') && !req.auth?.viewer && !req.partner ? byAddress(req) : null,
      refuse: restTooMany(),
    }),
  );
  // REST items are fragments of the GraphQL schema run over the rows REST loads (decision 0047).
  const selection = (fragment: string) => createSelection(schema, fragment);
  app.use(
    '/api',
    apiRoutes({ env, prisma, log, identityDeps, storage, realtime, limits, publicCache, mailer, afterResponse, selection }),
  );
  const clientDir = deps.clientDir ?? DEFAULT_CLIENT_DIR;
  const pagePaths = SERVER_RENDERED_PAGES.flatMap((page) => page.paths);
  const pages = serverRenderedPages({
    clientDir,
    serverDir: deps.serverDir ?? DEFAULT_SERVER_DIR,
    log,
    executorFor: graphql.executorFor,
    allowAnonymous: (ip) => limits.anonymous.take(addressKey(ip)).then((taken) => taken.allowed),
    cache: publicCache,
  });
  app.get(pagePaths, identityMiddleware({ env, identityDeps, freshFor: () => false }), pages.router);
  app.use(spaRoutes(clientDir));
  app.use(errorHandler(log));

  // Visits older than the view window no longer block anything, and photos uploaded a week ago for a
  // listing never saved are not coming back: forget them now and then.
  const pruning = setInterval(() => {
    pruneListingViews(prisma).catch((err: unknown) => log.warn({ err }, 'pruning listing views failed'));
    pruneListingChanges(prisma).catch((err: unknown) => log.warn({ err }, 'pruning the change feed failed'));
    pruneWebhookDeliveries(prisma).catch((err: unknown) => log.warn({ err }, 'pruning webhook deliveries failed'));
    pruneOrphanUploads(prisma, storage).catch((err: unknown) => log.warn({ err }, 'pruning orphan uploads failed'));
  }, 10 * 60_000);
  pruning.unref();
  // Participants offline for 10 minutes hear about new messages by e-mail (once per thread per hour).
  const offlineMail = startOfflineMailJob({ prisma, mailer, log, publicUrl: env.publicUrl, intervalMs: deps.offlineMailEveryMs });
  // Saved-search alerts run as background jobs: pg-boss on PostgreSQL (one worker per job across
  // instances), in process on PGlite (docs/decisions/0032-saved-searches-and-alerts.md).
  const jobs =
    deps.jobs ??
    createJobQueue({ databaseUrl: env.DATABASE_URL ?? null, schema: env.JOBS_SCHEMA, pollSeconds: env.JOBS_POLL_SECONDS, log });
  const alertJobs = registerAlertJobs({
    queue: jobs,
    prisma,
    mailer,
    log,
    publicUrl: env.publicUrl,
    digestHourUtc: env.ALERTS_DIGEST_HOUR_UTC,
  });
  // Open houses and tours: their e-mails, reminders and expiry (issue 27).
  const tourJobs = registerTourJobs({ queue: jobs, prisma, mailer, log, publicUrl: env.publicUrl });
  // How fast agents answer: refreshed by the messages' events and once a day.
  registerResponseTimes({ prisma, queue: jobs, log });
  // Partners' webhooks: the change feed's entries they asked for, delivered and retried (issue 53 item 2).
  webhookJobs = registerWebhookJobs({ queue: jobs, prisma, mailer, log, rules: webhookRules });
  await webhookJobs.ready;
  // A review written before the agent answered or confirmed a tour counts once they do (issue 58 item 10).
  listenForInteractions(prisma, log);
  // Which module hears which event inside a write (a tour's step: its message and notifications).
  wireEffects();
  // Before the first request: a database that predates the figure gets it at once (one statement).
  await refreshResponseTimes(prisma);
  await jobs.start();

  return {
    app,
    server,
    revocations,
    realtime,
    limits,
    jobs,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address() as AddressInfo;
          resolve(`http://${host && host !== '0.0.0.0' ? host : 'localhost'}:${addr.port}`);
        });
      }),
    async close() {
      clearInterval(pruning);
      offlineMail.stop();
      alertJobs.stop();
      tourJobs.stop();
      webhookJobs?.stop();
      const closed = new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
      });
      server.closeIdleConnections();
      await graphql.apollo.stop(); // drains HTTP requests in flight, then the WebSocket server
      server.closeIdleConnections();
      // A connection still busy after the drain is ended rather than waited on.
      const force = setTimeout(() => server.closeAllConnections(), 2_000);
      force.unref();
      await closed;
      clearTimeout(force);
      await jobs.stop(); // the jobs in flight finish (they may still e-mail and publish)
      await afterResponse.drain(); // and what requests started after their answers
      stopListening();
      stopFeeding();
      await Promise.all([realtime.close(), limits.close(), mailer.close(), publicCache.close(), relay?.close(), pages.close()]);
    },
  };
}

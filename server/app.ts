import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type ErrorRequestHandler } from 'express';
import helmet from 'helmet';
import { useServer } from 'graphql-ws/use/ws';
import { pinoHttp } from 'pino-http';
import { WebSocketServer } from 'ws';
import type { PrismaClient } from './db/client.js';
import type { Env } from './env.js';
import type { GraphQLContext, Viewer } from './graphql/context.js';
import { formatGraphQLError, HTTP_STATUS, toAppError } from './graphql/errors.js';
import { getSchema } from './graphql/schema.js';
import { configureGeocoder } from './modules/listings/geocoder.js';
import { mountRestRoutes } from './rest.js';
import type { Logger } from './logger.js';
import type { Storage } from './modules/uploads/storage.js';
import { authRoutes, isAllowedOrigin, originCheck, viewerMiddleware } from './modules/auth/auth.rest.js';
import type { IdentityProvider } from './modules/auth/identity.js';
import { bearerToken, resolveViewer } from './modules/auth/viewer.js';

export interface AppDeps {
  env: Env;
  prisma: PrismaClient;
  storage: Storage;
  log: Logger;
  identity: IdentityProvider;
  /** Folder of the built client; the SPA is served from it when it exists. */
  clientDir?: string;
}

export interface RunningApp {
  app: express.Express;
  server: http.Server;
  /** Listens on the given port (0 picks a free one) and resolves with the base URL. */
  listen(port: number, host?: string): Promise<string>;
  /** Stops accepting connections, drains requests and sockets. The database is the caller's. */
  close(): Promise<void>;
}

const DEFAULT_CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');

export async function createApp(deps: AppDeps): Promise<RunningApp> {
  const { env, prisma, storage, log, identity } = deps;
  configureGeocoder(env.GEOCODER_URL ?? null);
  const app = express();
  const server = http.createServer(app);
  app.disable('x-powered-by');
  if (env.TRUST_PROXY) app.set('trust proxy', 1);

  app.use(
    pinoHttp({
      logger: log,
      autoLogging: { ignore: (req) => req.url === '/healthz' || (req.url ?? '').startsWith('/assets/') },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'", 'http://localhost:*', 'http://127.0.0.1:*', 'https:'],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // --- health ------------------------------------------------------------------------------------
  app.get('/healthz', async (_req, res) => {
    try {
      await prisma.$queryRaw`SELECT 1`;
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: 'ok' });
    } catch (err) {
      log.error({ err }, 'health check: database unreachable');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'error', database: 'unreachable' });
    }
  });

  // --- who is asking (Bearer ID token or session cookie), for GraphQL and REST alike ---------------
  app.use(['/graphql', '/api'], viewerMiddleware({ env, identity }));

  // --- GraphQL over HTTP and WebSocket -----------------------------------------------------------
  const schema = getSchema();
  const wss = new WebSocketServer({ server, path: '/graphql' });
  const wsServer = useServer<Record<string, unknown>, { viewer: Viewer | null }>(
    {
      schema,
      context: (ctx): GraphQLContext => ({ prisma, viewer: ctx.extra.viewer ?? null, log }),
      // The handshake is authenticated like HTTP: a Bearer token in connectionParams.authorization,
      // else the session cookie of the upgrade request; and only allowed origins may connect.
      onConnect: async (ctx) => {
        const { headers } = ctx.extra.request;
        if (!isAllowedOrigin(env, headers.origin)) return false;
        const raw = ctx.connectionParams?.authorization;
        const token = typeof raw === 'string' ? bearerToken(raw) : undefined;
        if (typeof raw === 'string' && !token) return false;
        try {
          ctx.extra.viewer = (await resolveViewer(identity, { cookie: headers.cookie }, token)).viewer;
          return true;
        } catch {
          return false;
        }
      },
    },
    wss,
  );
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    csrfPrevention: true,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError: (formatted, error) => formatGraphQLError(formatted, error, (err) => log.error({ err }, 'GraphQL resolver failed')),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer: server }),
      {
        async serverWillStart() {
          return {
            async drainServer() {
              await wsServer.dispose();
            },
          };
        },
      },
    ],
  });
  await apollo.start();
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(apollo, {
      context: async ({ req }) => ({ prisma, viewer: req.viewer ?? null, log: req.log ?? log }),
    }),
  );

  // --- photos ------------------------------------------------------------------------------------
  app.get('/media/*key', async (req, res, next) => {
    try {
      const parts = (req.params as { key?: string[] }).key ?? [];
      const object = await storage.get(parts.join('/')).catch(() => null);
      if (!object) {
        res.status(404).json({ error: 'Not found' });
        return;
      }
      res.set({
        'Content-Type': object.contentType,
        'Content-Length': String(object.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      });
      object.body.on('error', next).pipe(res);
    } catch (err) {
      next(err);
    }
  });

  // --- REST shims (SPEC part 7); anything else under /api is a JSON 404 -----------------------------
  const api = express.Router();
  api.use(originCheck(env));
  api.use(authRoutes({ env, prisma, identity, mapStyleUrl: env.MAP_STYLE_URL ?? null }));
  mountRestRoutes(api, { env, prisma, log });
  api.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  app.use('/api', api);

  // --- the client (SPA) --------------------------------------------------------------------------
  const clientDir = deps.clientDir ?? DEFAULT_CLIENT_DIR;
  const indexHtml = path.join(clientDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    app.get('/{*splat}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
    });
  } else {
    app.get('/', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The client is not built. Run `npm run build` (or `npm run dev` for hot reload on port 5173).');
    });
  }

  // --- errors ------------------------------------------------------------------------------------
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const app = toAppError(err);
    if (app) {
      res.status(HTTP_STATUS[app.code]).json({ error: app.message, code: app.code });
      return;
    }
    const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 500) (req.log ?? log).error({ err }, 'request failed');
    res.status(status).json({ error: status >= 500 ? 'Internal server error' : (err as Error).message });
  };
  app.use(onError);

  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  return {
    app,
    server,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server.address() as AddressInfo;
          resolve(`http://${host && host !== '0.0.0.0' ? host : 'localhost'}:${addr.port}`);
        });
      }),
    async close() {
      for (const client of wss.clients) client.close(1001, 'Server shutting down');
      await apollo.stop();
      wss.close();
      await new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        // Idle keep-alive sockets would hold close() open.
        setTimeout(() => sockets.forEach((s) => s.destroy()), 2_000).unref();
      });
    },
  };
}


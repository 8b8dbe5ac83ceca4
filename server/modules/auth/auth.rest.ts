import express, { type NextFunction, type Request, type Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { checkPhoneSchema } from '../../../common/auth.js';
import type { PrismaClient } from '../../db/client.js';
import type { Env } from '../../env.js';
import { AppError, fromZod } from '../../graphql/errors.js';
import { completeSignup, phoneRegistered, recordSignIn } from './auth.service.js';
import type { IdentityProvider } from './identity.js';
import { bearerToken, resolveViewer, SESSION_COOKIE } from './viewer.js';

/** Sign-in must be recent to mint a session cookie (SPEC part 9: identity token max age 5 minutes). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export interface AuthDeps {
  env: Env;
  prisma: PrismaClient;
  identity: IdentityProvider;
}

function cookieOptions(env: Env) {
  const url = new URL(env.publicUrl);
  const plainLocalhost = url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return { httpOnly: true, sameSite: 'lax' as const, secure: !plainLocalhost, path: '/' };
}

/**
 * Sets `req.viewer` on every request (Bearer ID token, else session cookie). A bad Bearer token is
 * answered with 401 UNAUTHENTICATED; a stale cookie is cleared and the request goes on anonymously.
 */
export function viewerMiddleware({ env, identity }: Pick<AuthDeps, 'env' | 'identity'>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const resolved = await resolveViewer(identity, req.headers);
      req.viewer = resolved.viewer;
      (req as Request & { authVia?: string | null }).authVia = resolved.via;
      if (resolved.staleCookie) res.clearCookie(SESSION_COOKIE, cookieOptions(env));
      next();
    } catch (err) {
      if (err instanceof AppError && err.code === 'UNAUTHENTICATED') {
        if (req.originalUrl.startsWith('/graphql')) {
          res.status(401).json({ errors: [{ message: err.message, extensions: { code: 'UNAUTHENTICATED' } }] });
        } else {
          res.status(401).json({ error: err.message, code: 'UNAUTHENTICATED' });
        }
        return;
      }
      next(err);
    }
  };
}

function originOf(req: Request): string | null {
  const origin = req.get('origin');
  if (origin) return origin;
  const referer = req.get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF protection of the REST API: a state-changing request that does not carry a Bearer token
 * (so it could ride on the session cookie) must come from an allowed Origin.
 */
export function originCheck(env: Env) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method) || bearerToken(req.get('authorization'))) return next();
    const origin = originOf(req);
    if (!origin || !env.allowedOrigins.includes(origin)) {
      res.status(403).json({ error: 'Cross-site request refused', code: 'FORBIDDEN' });
      return;
    }
    next();
  };
}

export function isAllowedOrigin(env: Env, origin: string | undefined): boolean {
  return origin === undefined || env.allowedOrigins.includes(origin);
}

const asyncRoute =
  (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) =>
    fn(req, res).catch(next);

/** POST /api/auth/session, POST /api/token, POST /api/auth/signout, check-phone, complete-signup, client config. */
export function authRoutes(deps: AuthDeps & { mapStyleUrl?: string | null }): express.Router {
  const { env, prisma, identity } = deps;
  const router = express.Router();
  const json = express.json({ limit: '16kb' });
  const testing = env.NODE_ENV === 'test';
  const authLimiter = rateLimit({ windowMs: 60_000, limit: testing ? 1_000 : 30, standardHeaders: 'draft-8', legacyHeaders: false, message: { error: 'Too many attempts. Please wait a minute.', code: 'RATE_LIMITED' } });
  const phoneLimiter = rateLimit({ windowMs: 60_000, limit: testing ? 1_000 : 10, standardHeaders: 'draft-8', legacyHeaders: false, message: { error: 'Too many attempts. Please wait a minute.', code: 'RATE_LIMITED' } });
  const maxAgeMs = env.SESSION_COOKIE_DAYS * 24 * 60 * 60 * 1000;

  async function startSession(idToken: string, res: Response) {
    const who = await identity.verifyIdToken(idToken);
    if (Date.now() / 1000 - who.authTime > RECENT_SIGN_IN_SECONDS) {
      throw new AppError('UNAUTHENTICATED', 'Recent sign-in required. Please sign in again.');
    }
    const cookie = await identity.createSessionCookie(idToken, maxAgeMs);
    res.cookie(SESSION_COOKIE, cookie, { ...cookieOptions(env), maxAge: maxAgeMs });
    await recordSignIn(prisma, who.uid);
    res.set('Cache-Control', 'no-store').json({ ok: true, uid: who.uid });
  }

  router.get('/client-config', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      firebase: identity.webConfig,
      authEmulatorUrl: identity.emulatorUrl,
      mapStyleUrl: deps.mapStyleUrl ?? null,
    });
  });

  router.post(
    '/auth/session',
    authLimiter,
    json,
    asyncRoute(async (req, res) => {
      const idToken = (req.body as { idToken?: unknown } | undefined)?.idToken;
      if (typeof idToken !== 'string' || idToken.length < 10 || idToken.length > 8192) {
        throw new AppError('BAD_USER_INPUT', 'idToken is required');
      }
      await startSession(idToken, res);
    }),
  );

  router.post(
    '/token',
    authLimiter,
    asyncRoute(async (req, res) => {
      const token = bearerToken(req.get('authorization'));
      if (!token) throw new AppError('UNAUTHENTICATED', 'A Bearer token is required');
      await startSession(token, res);
    }),
  );

  router.post(
    '/auth/signout',
    asyncRoute(async (req, res) => {
      if (req.viewer) await identity.revokeSessions(req.viewer.uid);
      res.clearCookie(SESSION_COOKIE, cookieOptions(env));
      res.set('Cache-Control', 'no-store').json({ ok: true });
    }),
  );

  router.post(
    '/auth/check-phone',
    phoneLimiter,
    json,
    asyncRoute(async (req, res) => {
      const parsed = checkPhoneSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw fromZod(parsed.error);
      const exists = await phoneRegistered(prisma, identity, parsed.data.phone);
      res.set('Cache-Control', 'no-store').json({ exists });
    }),
  );

  router.post(
    '/auth/complete-signup',
    authLimiter,
    json,
    asyncRoute(async (req, res) => {
      const token = bearerToken(req.get('authorization'));
      if (!token) throw new AppError('UNAUTHENTICATED', 'A Bearer token is required');
      const who = await identity.verifyIdToken(token);
      const user = await completeSignup(prisma, who, req.body);
      res.status(201).json({ ok: true, user: { id: user.id, role: user.role, agentId: user.agent?.id ?? null } });
    }),
  );

  return router;
}

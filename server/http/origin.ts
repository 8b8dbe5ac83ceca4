import type { NextFunction, Request, Response } from 'express';
import type { Env } from '../env.js';
import { bearerToken, readCookie, SESSION_COOKIE } from '../modules/auth/viewer.js';

/**
 * Where a request comes from, for both adapters: the CSRF checks of REST writes and of GraphQL
 * over HTTP, and the WebSocket upgrade's Origin check.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** REST writes are checked against the identity provider; reads use the revocation cache. */
export const restWritesAreFresh = (req: Request) => !SAFE_METHODS.has(req.method);

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
    if (SAFE_METHODS.has(req.method) || bearerToken(req.get('authorization'))) return next();
    const origin = originOf(req);
    if (!origin || !env.allowedOrigins.includes(origin)) {
      res.status(403).json({ error: 'Cross-site request refused', code: 'FORBIDDEN' });
      return;
    }
    next();
  };
}

/**
 * CSRF protection of GraphQL over HTTP, beside Apollo's csrfPrevention (which refuses the requests a
 * browser sends without a preflight): a request that rides on the session cookie (no Bearer token)
 * must come from an allowed Origin, as REST writes must. Anonymous requests and tokens (partner keys
 * included) are not concerned; GET cannot run mutations.
 */
export function sessionCookieOriginCheck(env: Env) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || bearerToken(req.get('authorization'))) return next();
    if (!readCookie(req.headers.cookie, SESSION_COOKIE)) return next();
    const origin = originOf(req);
    if (!origin || !env.allowedOrigins.includes(origin)) {
      res.status(403).json({ errors: [{ message: 'Cross-site request refused', extensions: { code: 'FORBIDDEN' } }] });
      return;
    }
    next();
  };
}

export function isAllowedOrigin(env: Env, origin: string | undefined): boolean {
  return origin === undefined || env.allowedOrigins.includes(origin);
}

import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Env } from '../env.js';
import type { Visitor } from '../core/viewer.js';
import { readCookie } from '../modules/auth/viewer.js';

/** The first-party visitor cookie: a random id, httpOnly, a year; used only to count views honestly. */
export const VISITOR_COOKIE = 'vid';
const VISITOR_RE = /^[0-9a-f-]{36}$/;
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function secureCookies(env: Env): boolean {
  const url = new URL(env.publicUrl);
  return !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
}

/** The visitor of an HTTP request; `issueCookie` sets the cookie on the response when it is missing. */
export function visitorOf(env: Env, req: Request, res: Response): Visitor {
  const existing = readCookie(req.headers.cookie, VISITOR_COOKIE);
  const cookieId = existing && VISITOR_RE.test(existing) ? existing : null;
  let issued: string | null = null;
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    cookieId,
    issueCookie() {
      if (cookieId || res.headersSent) return null;
      if (issued) return issued; // once per response
      issued = randomUUID();
      res.cookie(VISITOR_COOKIE, issued, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(env),
        path: '/',
        maxAge: YEAR_MS,
      });
      return issued;
    },
  };
}

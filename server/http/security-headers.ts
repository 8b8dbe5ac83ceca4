import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Env } from '../env.js';

/** The origin of a URL ('https://tiles.example.com'), or null for none or a malformed one. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Whether the public URL is HTTPS (HSTS and upgrading requests mean nothing, or harm, otherwise). */
function httpsSite(env: Env): boolean {
  return env.publicUrl.startsWith('https:');
}

/** Firebase Auth's web SDK: its REST endpoints (connect), and reCAPTCHA for phone verification (script, frame). */
const FIREBASE_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
const RECAPTCHA_SCRIPT = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://apis.google.com'];
const RECAPTCHA_FRAME = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The Content-Security-Policy the app runs under (issue 12 item 3).
 *
 * Production names every host the page talks to: itself (and its WebSocket), Firebase Auth's endpoints
 * and its auth domain, reCAPTCHA for phone verification, the map style's host and the hosts in
 * MAP_ORIGINS (tiles, glyphs, sprites), the photo bucket's public URL, and the token-sync URL (SPEC
 * part 7); no `https:` wildcard for connections or frames (images may come from any HTTPS host). Development and tests also allow the Auth emulator and Vite on loopback ports.
 */
export function contentSecurityPolicy(env: Env): Record<string, string[] | null> {
  const production = env.NODE_ENV === 'production';
  const self = new URL(env.publicUrl);
  const socket = `${self.protocol === 'https:' ? 'wss:' : 'ws:'}//${self.host}`;
  const mapOrigins = [
    originOf(env.MAP_STYLE_URL),
    ...(env.MAP_ORIGINS ?? '')
      .split(',')
      .map((o) => originOf(o.trim()))
      .filter(Boolean),
  ].filter((o): o is string => Boolean(o));
  const photos = originOf(env.S3_PUBLIC_URL);
  const tokenSync = originOf(env.TOKEN_SYNC_URL);
  const authDomain = env.FIREBASE_AUTH_DOMAIN ? `https://${env.FIREBASE_AUTH_DOMAIN.replace(/^https?:\/\//, '')}` : null;
  const loopback = ['http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*'];
  const unique = (xs: Array<string | null>) => [...new Set(xs.filter((x): x is string => Boolean(x)))];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: unique(["'self'", ...RECAPTCHA_SCRIPT]),
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Photos of people (agents' avatars) may come from any HTTPS host; images cannot run or send.
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: unique([
      "'self'",
      socket,
      ...FIREBASE_CONNECT,
      authDomain,
      ...mapOrigins,
      photos,
      tokenSync,
      ...(production ? [] : ['ws:', 'wss:', 'https:', ...loopback]),
    ]),
    workerSrc: ["'self'", 'blob:'],
    fontSrc: unique(["'self'", 'data:', ...mapOrigins]),
    frameSrc: unique(["'self'", authDomain, ...RECAPTCHA_FRAME, ...(production ? [] : ['https:', ...loopback])]),
    objectSrc: ["'none'"],
    // Only when the site itself is served over HTTPS: a production build tried on http://localhost
    // (docker compose up) would have its own scripts and API calls upgraded to an HTTPS it lacks.
    upgradeInsecureRequests: production && httpsSite(env) ? [] : null,
  };
}

/** Helmet's middleware with the app's settings: the CSP above; HSTS in production over HTTPS only (a development server is plain HTTP). */
export function helmetHeaders(env: Env) {
  const production = env.NODE_ENV === 'production';
  return helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(env) },
    strictTransportSecurity: production && httpsSite(env) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The security headers of every answer: helmet's, worked out once. None of them depends on the
 * request (no nonce, no directive computed per request), yet helmet builds each header again for every
 * request through a chain of twelve middlewares (1.5 % of a rendered detail page's CPU, profiled on
 * 28 Nov); here they are what helmet set on a first run, set as they are.
 * security-headers.test.ts checks they are helmet's.
 */
export function securityHeaders(env: Env): RequestHandler {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let done = false;
  helmetHeaders(env)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once: its headers cannot be worked out once.');
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

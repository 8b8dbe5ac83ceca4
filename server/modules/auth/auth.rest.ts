import express, { type NextFunction, type Request, type Response } from 'express';
import type { RateLimit, RateLimits } from '../../infra/rate-limits.js';
import { byAddress, limitRequests, restTooMany } from '../../http/rate-limit.js';
import type { PrismaClient } from '../../db/client.js';
import type { Env } from '../../env.js';
import { AppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import {
  checkPhoneDuringSignup,
  completeSignup,
  recordSignIn,
  requestPasswordReset,
  signupInProgressOnly,
  unfinishedSignup,
} from './auth.service.js';
import type { Logger } from '../../logger.js';
import type { AfterResponse } from '../../infra/after-response.js';
import type { Mailer } from '../mail/index.js';
import { noBody } from '../../http/no-body.js';
import { secureCookies } from '../../http/visitor.js';
import { CredentialRefused, providerUnavailable } from './identity.js';
import { revokeEndedSession } from './revocation.js';
import { ANONYMOUS, bearerToken, resolveAuth, SESSION_COOKIE, TOKEN_REFUSED_HEADER, type IdentityDeps } from './viewer.js';
import { jsonBody } from '../../http/locale.js';

const messages = defineMessages({
  recentSignIn: { id: 'server.auth.recentSignIn', defaultMessage: 'Recent sign-in required. Please sign in again.' },
});

/** Sign-in must be recent to mint a session cookie (SPEC part 9: identity token max age 5 minutes). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;

export interface AuthDeps {
  env: Env;
  prisma: PrismaClient;
  identityDeps: IdentityDeps;
  mailer: Mailer;
  log: Logger;
}

function cookieOptions(env: Env) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: secureCookies(env), path: '/' };
}

/**
 * Sets `req.auth` and `req.viewer` on every request (Bearer ID token, else session cookie).
 * Verification is local and revocation comes from the per-user cache; REST writes check it with
 * the provider (`fresh`). Nothing here fails a request: a refused credential makes it anonymous
 * (with the X-Auth-Token-Refused header, and a cleared cookie when the provider said it is invalid
 * or revoked), and what then needs a viewer answers 401, or 503 when the provider was unreachable.
 */
export function identityMiddleware({
  env,
  identityDeps,
  freshFor,
}: {
  env: Env;
  identityDeps: IdentityDeps;
  freshFor: (req: Request) => boolean;
}) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.partner) {
      // A partner API key (checked by partnerAccess): no person is signed in.
      req.auth = ANONYMOUS;
      req.viewer = null;
      return next();
    }
    try {
      const auth = await resolveAuth(identityDeps, req.headers, { fresh: freshFor(req) });
      req.auth = auth;
      req.viewer = auth.viewer;
      if (auth.refused) res.set(TOKEN_REFUSED_HEADER, auth.refused);
      if (auth.clearCookie) res.clearCookie(SESSION_COOKIE, cookieOptions(env));
      next();
    } catch (err) {
      next(err);
    }
  };
}

const asyncRoute = (fn: (req: Request, res: Response) => Promise<void>) => (req: Request, res: Response, next: NextFunction) =>
  fn(req, res).catch(next);

/** POST /api/auth/session, POST /api/token, POST /api/auth/signout, check-phone, complete-signup, client config. */
export function authRoutes(
  deps: AuthDeps & { mapStyleUrl?: string | null; limits: RateLimits; outboxUrl?: string | null; afterResponse: AfterResponse },
): express.Router {
  const { env, prisma, identityDeps } = deps;
  const { identity, revocations } = identityDeps;
  const router = express.Router();
  const json = jsonBody({ limit: '16kb' });
  // Per address, counted with every instance's when REDIS_URL is set.
  // Per address and minute (server/infra/rate-limits.ts), before a byte of the body is read.
  const perAddress = (limit: RateLimit) =>
    limitRequests(limit, { key: byAddress, refuse: restTooMany(() => say('tooManyAttempts')) });
  const sessionLimiter = perAddress(deps.limits.authSession);
  const phoneLimiter = perAddress(deps.limits.authPhoneCheck);
  const signupLimiter = perAddress(deps.limits.authSignup);
  const resetLimiter = perAddress(deps.limits.authPasswordReset);
  const maxAgeMs = env.SESSION_COOKIE_DAYS * 24 * 60 * 60 * 1000;

  /** A fresh, recent, unrevoked ID token; else UNAUTHENTICATED (or 503 when the provider is unreachable). */
  async function verifiedNow(idToken: string) {
    const who = await verifiedToken(idToken);
    const status = await revocations.status(who, { fresh: true });
    if (status === 'unavailable') throw providerUnavailable();
    if (status === 'revoked') throw new CredentialRefused('revoked').toAppError();
    return who;
  }

  /** A valid ID token (its revocation is not asked of the provider). */
  async function verifiedToken(idToken: string) {
    try {
      return await identity.verifyIdToken(idToken);
    } catch (err) {
      if (err instanceof CredentialRefused) throw err.toAppError();
      throw err;
    }
  }

  async function startSession(idToken: string, res: Response) {
    const who = await verifiedNow(idToken);
    if (Date.now() / 1000 - who.authTime > RECENT_SIGN_IN_SECONDS) {
      throw new AppError('UNAUTHENTICATED', formatMessage(messages.recentSignIn));
    }
    let cookie: string;
    try {
      cookie = await identity.createSessionCookie(idToken, maxAgeMs);
    } catch (err) {
      if (err instanceof CredentialRefused) throw err.toAppError();
      throw err;
    }
    res.cookie(SESSION_COOKIE, cookie, { ...cookieOptions(env), maxAge: maxAgeMs });
    // `profile: false`: the identity's sign-up is not finished (issue 24 item 1).
    const profile = await recordSignIn(prisma, who.uid);
    res.set('Cache-Control', 'no-store').json({ ok: true, uid: who.uid, profile });
  }

  router.get('/client-config', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({
      firebase: identity.webConfig,
      authEmulatorUrl: identity.emulatorUrl,
      mapStyleUrl: deps.mapStyleUrl ?? null,
      // SPEC part 7: where the browser POSTs its ID token after sign-in and sends DELETE on sign-out.
      tokenSyncUrl: env.TOKEN_SYNC_URL ?? null,
      outboxUrl: deps.outboxUrl ?? null,
    });
  });

  router.post(
    '/auth/session',
    sessionLimiter,
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
    sessionLimiter,
    noBody,
    asyncRoute(async (req, res) => {
      const token = bearerToken(req.get('authorization'));
      if (!token) throw new AppError('UNAUTHENTICATED', 'A Bearer token is required');
      await startSession(token, res);
    }),
  );

  router.post(
    '/auth/signout',
    noBody,
    asyncRoute(async (req, res) => {
      // The cookie goes in any case; the sessions of every device are revoked when the provider answers.
      res.clearCookie(SESSION_COOKIE, cookieOptions(env)).set('Cache-Control', 'no-store');
      const uid = req.auth?.viewer?.uid ?? null;
      if (uid) {
        // The session this ends is revoked too, even when it began within this same second.
        await revokeEndedSession({ identity, revocations }, uid, req.auth?.credential?.authTime ?? 0);
      } else if (req.auth?.unavailable) {
        throw providerUnavailable();
      }
      res.json({ ok: true });
    }),
  );

  // The phone lookup answers only the account in the middle of its own sign-up (the ID token of an
  // identity just created, with no phone linked and no profile here yet), within the limits per
  // address, per account and for everyone together (docs/decisions/0026-phone-check.md).
  router.post(
    '/auth/check-phone',
    phoneLimiter,
    json,
    asyncRoute(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const token = bearerToken(req.get('authorization'));
      if (!token) throw new AppError('UNAUTHENTICATED', signupInProgressOnly());
      const who = await verifiedToken(token);
      const exists = await checkPhoneDuringSignup({ prisma, identity, limits: deps.limits }, who, req.body ?? {}, (retryAfter) =>
        res.set('Retry-After', String(retryAfter)),
      );
      res.json({ exists });
    }),
  );

  // The unfinished sign-up of the identity the token names: what it gave so far, so the code step can
  // be taken again (issue 24 item 1). Its own only; a finished account is 409.
  router.get(
    '/auth/signup',
    sessionLimiter,
    asyncRoute(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const token = bearerToken(req.get('authorization'));
      if (!token) throw new AppError('UNAUTHENTICATED', 'A Bearer token is required');
      res.json(await unfinishedSignup(prisma, await verifiedNow(token)));
    }),
  );

  // A password reset e-mail with a link to the app's own page (issue 24 item 2). The answer is the same
  // whether or not an account uses the address, and comes before the provider and the mail are asked.
  router.post(
    '/auth/password-reset',
    resetLimiter,
    json,
    asyncRoute(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      // A refusal (400, or 429 with Retry-After) is written by the shared error handler.
      const request = await requestPasswordReset(
        { identity, mailer: deps.mailer, limits: deps.limits, publicUrl: env.publicUrl, prisma },
        req.body ?? {},
      );
      res.status(202).json({ ok: true });
      deps.afterResponse.run('password reset requested', () => request.deliver());
    }),
  );

  router.post(
    '/auth/complete-signup',
    signupLimiter,
    json,
    asyncRoute(async (req, res) => {
      const token = bearerToken(req.get('authorization'));
      if (!token) throw new AppError('UNAUTHENTICATED', 'A Bearer token is required');
      const who = await verifiedNow(token);
      const user = await completeSignup(prisma, who, req.body);
      res.status(201).json({ ok: true, user: { id: user.id, role: user.role, agentId: user.agent?.id ?? null } });
    }),
  );

  return router;
}

import http from 'node:http';
import type { ErrorRequestHandler } from 'express';
import { internalErrorMessage, toAppError, type ErrorCode } from '../core/errors.js';
import type { Logger } from '../logger.js';
import { providerUnavailableMessage } from '../modules/auth/identity.js';

/** The HTTP status of each domain error code (REST answers, and GraphQL over HTTP where a whole request fails). */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
};

/**
 * The last error handler: domain errors become their status and `{ error, code }`; a request that
 * needed a viewer while the identity provider was unreachable is a 503, not a 401; body-parser's
 * client errors (too large, malformed JSON) keep their 4xx; anything else is logged and masked.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const app = toAppError(err);
    if (app) {
      if (app.code === 'UNAUTHENTICATED' && req.auth?.unavailable) {
        res.status(503).json({ error: providerUnavailableMessage(), code: 'SERVICE_UNAVAILABLE' });
        return;
      }
      if (app.code === 'SERVICE_UNAVAILABLE')
        (req.log ?? log).warn({ err: (app as { cause?: unknown }).cause ?? app }, 'dependency unavailable');
      const retryAfter = app.details?.retryAfterSeconds;
      if (app.code === 'RATE_LIMITED' && typeof retryAfter === 'number') res.set('Retry-After', String(retryAfter));
      res.status(HTTP_STATUS[app.code]).json({ error: app.message, code: app.code });
      return;
    }
    const status = typeof (err as { status?: unknown }).status === 'number' ? (err as { status: number }).status : 500;
    if (status >= 500) {
      (req.log ?? log).error({ err }, 'request failed');
      res.status(500).json({ error: internalErrorMessage() });
      return;
    }
    // body-parser and send mark client errors `expose`; anything else gets the status' own words.
    const exposed = (err as { expose?: boolean }).expose === true;
    res.status(status).json({ error: exposed ? (err as Error).message : (http.STATUS_CODES[status] ?? 'Bad request') });
  };
}

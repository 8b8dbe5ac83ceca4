import type { NextFunction, Request, Response } from 'express';
import { bearerToken } from '../modules/auth/viewer.js';
import { isPartnerKeyShaped } from '../modules/partners/partner-keys.js';

/**
 * CORS for partners' browser pages on /graphql (docs/decisions/0024-partner-api.md): any origin may
 * send a request with an API key and read its answer; never with cookies.
 *
 * - A preflight (OPTIONS with Access-Control-Request-Method) from any origin is answered 204: POST and
 *   GET, with the `authorization` and `content-type` headers. It never allows credentials, so a
 *   browser never sends another site's cookies on such a request.
 * - An answer is readable cross-origin (`Access-Control-Allow-Origin: *`) only when the request carried
 *   a partner key. Cookie sessions and anonymous reads from other origins stay unreadable to them.
 */
export function partnerCors() {
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (!origin) return next();
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res
        .status(204)
        .set({
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
          'Access-Control-Allow-Headers': 'authorization, content-type, apollo-require-preflight',
          'Access-Control-Max-Age': '600',
        })
        .end();
      return;
    }
    const token = bearerToken(req.get('authorization'));
    if (token && isPartnerKeyShaped(token)) {
      res.set({ 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After, X-Public-Cache' });
    }
    next();
  };
}

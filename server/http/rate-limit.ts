import type { NextFunction, Request, Response } from 'express';
import { networkOf } from '../core/address.js';
import type { RateLimit } from '../infra/rate-limits.js';
import { say } from '../core/texts.js';

/**
 * An Express middleware over one of the rate limits of server/infra/rate-limits.ts: takes a point
 * for the request's key (null: the request is not counted), and answers 429 with Retry-After and
 * the limit's policy when the key is over it. Counting happens before the body is read.
 */
export function limitRequests(
  limit: RateLimit,
  opts: {
    key: (req: Request) => string | null;
    /** The 429's body in the route's own dialect (REST's `{ error, code }`, GraphQL's `{ errors }`). */
    refuse: (res: Response) => void;
  },
) {
  const policy = `${limit.points};w=${limit.durationSeconds}`;
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = opts.key(req);
    if (key === null) return next();
    try {
      const taken = await limit.take(key);
      res.set('RateLimit-Policy', policy);
      if (taken.allowed) return next();
      res.set('Retry-After', String(taken.retryAfterSeconds));
      res.status(429);
      opts.refuse(res);
    } catch (err) {
      next(err);
    }
  };
}

/** The key of a per-address limit: the client's network (server/core/address.ts). */
export const addressKey = (ip: string | undefined): string => `addr:${networkOf(ip) ?? ip ?? 'unknown'}`;

/** A request's per-address key (TRUST_PROXY respected through req.ip). */
export const byAddress = (req: Request): string => addressKey(req.ip ?? req.socket.remoteAddress);

/** REST's answer over a limit: `error` says it, in the request's language (made when it is said). */
export const restTooMany =
  (error: () => string = () => say('tooManyRequests')) =>
  (res: Response) =>
    void res.json({ error: error(), code: 'RATE_LIMITED' });

import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { createRedis } from './redis.js';

/**
 * Per-key rate limits of user actions (message sends, typing signals, ...). With REDIS_URL the
 * counters live in Redis, so a limit holds across every app instance; without it, in process. If
 * Redis is unreachable the in-process counter takes over until it is back (rate-limiter-flexible's
 * insurance limiter) rather than refusing everyone or letting everything through.
 */
/** What a key has left of its window after a take: `remaining` points, the window over in `resetSeconds`. */
export type Taken =
  | { allowed: true; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number; remaining: 0; resetSeconds: number };

export interface RateLimit {
  /**
   * Takes one point for `key`: what is left of the key's window (`remaining`, `resetSeconds` until it
   * starts again), and `retryAfterSeconds` when the key is over its limit.
   */
  take(key: string): Promise<Taken>;
  /** Gives back one point taken for `key` (what it was taken for did not happen: a refused tour request). */
  giveBack(key: string): Promise<void>;
  readonly points: number;
  readonly durationSeconds: number;
}

/**
 * Who a limit counts: a client address (its network: server/core/address.ts), a user, a partner key,
 * an e-mail address, everyone together, or one WebSocket (counted in process by the socket's own
 * instance, synchronously as its messages arrive: server/graphql/ws.ts).
 */
export type LimitKey = 'address' | 'user' | 'partner key' | 'e-mail' | 'everyone' | 'socket';

export interface RateLimitSpec {
  /** The counter's name (Redis keys `rl:<name>:<key>`). */
  name: string;
  points: number;
  durationSeconds: number;
  key: LimitKey;
}

/**
 * Every rate limit of the app, in one table: HTTP (GraphQL, REST, server-rendered pages), GraphQL
 * and WebSocket all take from these counters (docs/decisions/0042-one-table-of-limits.md). Tests keep
 * the real values; a test that needs another value configures it (`createRateLimits({ overrides })`).
 */
export const RATE_LIMITS = {
  /**
   * Anonymous requests per address and minute, one budget for everything anonymous: GraphQL over
   * HTTP, WebSocket operations, REST reads (`GET /api/...`) and server-rendered pages.
   */
  anonymous: { name: 'anonymous', points: 1_200, durationSeconds: 60, key: 'address' },
  /**
   * Signed-in GraphQL requests per user and minute, over HTTP and WebSocket operations together
   * (issue 58 item 12): the signed-in twin of `anonymous`. The site's heaviest use (a search page
   * changed every second, with its header reads) stays well under it.
   */
  signedIn: { name: 'signed-in', points: 1_200, durationSeconds: 60, key: 'user' },
  /**
   * Messages one WebSocket may send in 10 s (subscribes, completes, pings). Over it, a subscribe is
   * refused (RATE_LIMITED) before its document is read; at twice it, the socket is closed (4429).
   */
  socketMessages: { name: 'socket-messages', points: 600, durationSeconds: 10, key: 'socket' },
  /** Invalid documents (unparsable or refused by validation) one WebSocket may send a minute before it is closed (4400). */
  socketInvalidDocuments: { name: 'socket-invalid-documents', points: 20, durationSeconds: 60, key: 'socket' },
  /** Session mints (POST /api/auth/session and /api/token) per address and minute. */
  authSession: { name: 'auth-session', points: 30, durationSeconds: 60, key: 'address' },
  /** Sign-up's phone checks per address and minute (docs/decisions/0026-phone-check.md). */
  authPhoneCheck: { name: 'auth-phone-check', points: 10, durationSeconds: 60, key: 'address' },
  /** Sign-up completions per address and minute. */
  authSignup: { name: 'auth-signup', points: 10, durationSeconds: 60, key: 'address' },
  /** Password reset requests per address and minute (issue 24 item 2). */
  authPasswordReset: { name: 'auth-password-reset', points: 5, durationSeconds: 60, key: 'address' },
  /** Password reset e-mails to one address an hour, whoever asks, so nobody fills a stranger's inbox. */
  passwordResetEmail: { name: 'password-reset-email', points: 3, durationSeconds: 3_600, key: 'e-mail' },
  /** Phone lookups of one account in the middle of sign-up, an hour (numbers cannot be enumerated). */
  phoneCheckAccount: { name: 'phone-check-account', points: 5, durationSeconds: 3_600, key: 'user' },
  /** Phone lookups of all callers together, a minute. */
  phoneCheckGlobal: { name: 'phone-check-global', points: 120, durationSeconds: 60, key: 'everyone' },
  /** The listing form's drafts saved to the server as they are typed, per user and minute (every 3 s at most). */
  formDraftSave: { name: 'form-draft-save', points: 40, durationSeconds: 60, key: 'user' },
  /** Photo uploads per user and minute. */
  uploads: { name: 'uploads', points: 60, durationSeconds: 60, key: 'user' },
  /**
   * GraphQL requests per partner API key and minute (docs/decisions/0024-partner-api.md): never less
   * than an anonymous visitor's (issue 53 item 3). Each answer to a key says what is left of it (the
   * RateLimit and RateLimit-Policy headers, `extensions.cost.budget`).
   */
  partnerRequests: { name: 'partner-requests', points: 1_200, durationSeconds: 60, key: 'partner key' },
  /** Test messages (`sendTestWebhook`) one partner key may send an hour. */
  webhookTest: { name: 'webhook-test', points: 10, durationSeconds: 3_600, key: 'partner key' },
  /** Messages one user may send a minute (a fast typist in a live chat sends well under 20). */
  messageSend: { name: 'message-send', points: 30, durationSeconds: 60, key: 'user' },
  /** New conversations one user may start an hour (contacting agents about 20 listings). */
  threadStart: { name: 'thread-start', points: 20, durationSeconds: 3_600, key: 'user' },
  /** Typing signals a minute (the client sends at most one every 2 s while typing). */
  typing: { name: 'typing', points: 60, durationSeconds: 60, key: 'user' },
  /** Review submissions (new or updated) an hour (docs/decisions/0019-reviews.md). */
  reviewSubmit: { name: 'review-submit', points: 10, durationSeconds: 3_600, key: 'user' },
  /** Reports of reviews an hour (an honest reader flags a few, not a campaign). */
  reviewReport: { name: 'review-report', points: 20, durationSeconds: 3_600, key: 'user' },
  /** Agents' replies to reviews an hour (each review takes one reply, ever). */
  reviewReply: { name: 'review-reply', points: 30, durationSeconds: 3_600, key: 'user' },
  /** Saved-search saves an hour (the list holds at most 50). */
  savedSearchSave: { name: 'saved-search-save', points: 20, durationSeconds: 3_600, key: 'user' },
  /** Reports of listings an hour, like reports of reviews (docs/decisions/0033-trust.md). */
  listingReport: { name: 'listing-report', points: 20, durationSeconds: 3_600, key: 'user' },
  /** Open-house RSVPs (going or waitlisted) a day (issue 27): a renter visits a few homes a day, not dozens. */
  openHouseRsvp: { name: 'open-house-rsvp', points: 30, durationSeconds: 86_400, key: 'user' },
  /** Private tour requests an hour (issue 27): a renter asks to see a few homes, not every listing. */
  tourRequest: { name: 'tour-request', points: 5, durationSeconds: 3_600, key: 'user' },
  /** Answers to tour requests an hour (confirm, propose, decline, cancel), either side: a busy agent answers dozens. */
  tourAnswer: { name: 'tour-answer', points: 120, durationSeconds: 3_600, key: 'user' },
} as const satisfies Record<string, RateLimitSpec>;

export type LimitName = keyof typeof RATE_LIMITS;

export type RateLimits = Record<LimitName, RateLimit> & {
  /** Whether Redis answers (null without REDIS_URL): for /healthz. Fails fast while Redis is down. */
  redisUp(): Promise<boolean | null>;
  close(): Promise<void>;
};

function wrap(limiter: RateLimiterMemory | RateLimiterRedis, spec: RateLimitSpec): RateLimit {
  return {
    points: spec.points,
    durationSeconds: spec.durationSeconds,
    async take(key) {
      try {
        const res = await limiter.consume(key, 1);
        return {
          allowed: true,
          remaining: Math.max(0, res.remainingPoints),
          resetSeconds: Math.max(0, Math.ceil(res.msBeforeNext / 1000)),
        };
      } catch (res) {
        if (res instanceof RateLimiterRes) {
          const wait = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
          return { allowed: false, retryAfterSeconds: wait, remaining: 0, resetSeconds: wait };
        }
        throw res;
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1);
    },
  };
}

export function createRateLimits(opts: {
  redisUrl?: string | null;
  log: Logger;
  /** Other values for some limits (a test or a bench that needs them; production uses the table). */
  overrides?: Partial<Record<LimitName, Partial<Pick<RateLimitSpec, 'points' | 'durationSeconds'>>>>;
}): RateLimits {
  let redis: Redis | null = null;
  if (opts.redisUrl) {
    // Fail fast while Redis is down (the insurance limiter answers), instead of queueing commands.
    redis = createRedis(opts.redisUrl, opts.log, 'rate-limits', undefined, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
  }
  /** One counter: in Redis with REDIS_URL (the in-process one answering while Redis is down), else in process. */
  const limiter = (spec: RateLimitSpec) => {
    const memory = new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `rl:${spec.name}`,
      points: spec.points,
      duration: spec.durationSeconds,
      insuranceLimiter: memory,
    });
  };
  const made = Object.fromEntries(
    (Object.keys(RATE_LIMITS) as LimitName[]).map((name) => {
      const spec: RateLimitSpec = { ...RATE_LIMITS[name], ...opts.overrides?.[name] };
      return [name, wrap(limiter(spec), spec)];
    }),
  ) as Record<LimitName, RateLimit>;
  return {
    ...made,
    async redisUp() {
      if (!redis) return null;
      return redis.ping().then(
        () => true,
        () => false,
      );
    },
    async close() {
      await redis?.quit().catch(() => redis?.disconnect());
    },
  };
}

let fallback: RateLimits | undefined;

/** In-process limits where no app wires them in (in-process GraphQL tests). */
export function inProcessRateLimits(log: Logger): RateLimits {
  fallback ??= createRateLimits({ log });
  return fallback;
}

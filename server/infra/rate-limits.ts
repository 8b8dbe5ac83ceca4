import type { Redis } from 'ioredis';
import type { IncrementResponse, Store } from 'express-rate-limit';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { createRedis } from './redis.js';

/**
 * Per-key rate limits of user actions (message sends, typing signals, ...). With REDIS_URL the
 * counters live in Redis, so a limit holds across every app instance; without it, in process. If
 * Redis is unreachable the in-process counter takes over until it is back (rate-limiter-flexible's
 * insurance limiter) rather than refusing everyone or letting everything through.
 */
export interface RateLimit {
  /** Takes one point for `key`; `retryAfterSeconds` when the key is over its limit. */
  take(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  readonly points: number;
  readonly durationSeconds: number;
}

export interface RateLimitSpec {
  name: string;
  points: number;
  durationSeconds: number;
}

/** The limits of the messaging feature (docs/decisions/0018-realtime-messaging.md). */
export const MESSAGE_LIMITS = {
  /** Messages one user may send: 30 a minute (a fast typist in a live chat sends well under 20). */
  send: { name: 'message-send', points: 30, durationSeconds: 60 },
  /** New conversations one user may start: 20 an hour (contacting agents about 20 listings). */
  start: { name: 'thread-start', points: 20, durationSeconds: 3_600 },
  /** Typing signals: 60 a minute (the client sends at most one every 2 s while typing). */
  typing: { name: 'typing', points: 60, durationSeconds: 60 },
} as const satisfies Record<string, RateLimitSpec>;

/** The limits of ratings (docs/decisions/0019-reviews.md). */
export const REVIEW_LIMITS = {
  /** Review submissions (new or updated) one user may make: 10 an hour (one honest review takes minutes). */
  submit: { name: 'review-submit', points: 10, durationSeconds: 3_600 },
  /** Reports of reviews one user may file: 20 an hour (an honest reader flags a few, not a campaign). */
  report: { name: 'review-report', points: 20, durationSeconds: 3_600 },
  /** Agents' replies to reviews: 30 an hour (each review takes one reply, ever). */
  reply: { name: 'review-reply', points: 30, durationSeconds: 3_600 },
} as const satisfies Record<string, RateLimitSpec>;

/** Saved searches (issue 14): 20 saves an hour per user (the list holds at most 50). */
export const SAVED_SEARCH_LIMITS = {
  save: { name: 'saved-search-save', points: 20, durationSeconds: 3_600 },
} as const satisfies Record<string, RateLimitSpec>;

/** Reports of listings (issue 14; docs/decisions/0033-trust.md): 20 an hour per user, like reports of reviews. */
export const LISTING_LIMITS = {
  report: { name: 'listing-report', points: 20, durationSeconds: 3_600 },
} as const satisfies Record<string, RateLimitSpec>;

/** Partner API keys (docs/decisions/0024-partner-api.md): 600 GraphQL requests a minute per key. */
export const PARTNER_LIMITS = {
  requests: { name: 'partner-requests', points: 600, durationSeconds: 60 },
} as const satisfies Record<string, RateLimitSpec>;

/**
 * The phone lookup of sign-up (issue 12 item 8; docs/decisions/0026-phone-check.md): besides the
 * per-address limit, each account in the middle of sign-up may look up 5 numbers an hour, and all
 * callers together 120 a minute, so the registered numbers cannot be enumerated at scale.
 */
export const PHONE_CHECK_LIMITS = {
  account: { name: 'phone-check-account', points: 5, durationSeconds: 3_600 },
  global: { name: 'phone-check-global', points: 120, durationSeconds: 60 },
} as const satisfies Record<string, RateLimitSpec>;

/**
 * Password reset e-mails (issue 24 item 2): 3 an hour to one address, whoever asks, so nobody fills a
 * stranger's inbox (besides the per-address limit of the route).
 */
export const PASSWORD_RESET_LIMITS = {
  email: { name: 'password-reset-email', points: 3, durationSeconds: 3_600 },
} as const satisfies Record<string, RateLimitSpec>;

export interface RateLimits {
  partnerRequests: RateLimit;
  passwordResetEmail: RateLimit;
  phoneCheckAccount: RateLimit;
  phoneCheckGlobal: RateLimit;
  messageSend: RateLimit;
  threadStart: RateLimit;
  typing: RateLimit;
  reviewSubmit: RateLimit;
  reviewReport: RateLimit;
  reviewReply: RateLimit;
  savedSearchSave: RateLimit;
  listingReport: RateLimit;
  /**
   * A counter store for express-rate-limit (the per-address limits: anonymous GraphQL, sign-in calls,
   * uploads), kept where these limits are: in Redis with REDIS_URL, so every instance counts together.
   */
  store(name: string, windowMs: number): Store;
  /** Whether Redis answers (null without REDIS_URL): for /healthz. Fails fast while Redis is down. */
  redisUp(): Promise<boolean | null>;
  close(): Promise<void>;
}

/** An express-rate-limit Store over a rate-limiter-flexible counter (it counts; express-rate-limit decides). */
class CounterStore implements Store {
  readonly localKeys: boolean;
  readonly prefix: string;

  constructor(
    private readonly counter: RateLimiterMemory | RateLimiterRedis,
    name: string,
    local: boolean,
  ) {
    this.prefix = `${name}:`;
    this.localKeys = local;
  }

  async increment(key: string): Promise<IncrementResponse> {
    let res: RateLimiterRes;
    try {
      res = await this.counter.consume(key, 1);
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      res = err;
    }
    return { totalHits: res.consumedPoints, resetTime: new Date(Date.now() + res.msBeforeNext) };
  }

  async decrement(key: string): Promise<void> {
    await this.counter.reward(key, 1).catch(() => undefined);
  }

  async resetKey(key: string): Promise<void> {
    await this.counter.delete(key).catch(() => undefined);
  }
}

function wrap(limiter: RateLimiterMemory | RateLimiterRedis, spec: RateLimitSpec): RateLimit {
  return {
    points: spec.points,
    durationSeconds: spec.durationSeconds,
    async take(key) {
      try {
        await limiter.consume(key, 1);
        return { allowed: true };
      } catch (res) {
        if (res instanceof RateLimiterRes)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
        throw res;
      }
    },
  };
}

export function createRateLimits(opts: { redisUrl?: string | null; log: Logger }): RateLimits {
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
  const make = (spec: RateLimitSpec): RateLimit => wrap(limiter(spec), spec);
  // Counting only: express-rate-limit compares the hits with its own limit.
  const counter = (name: string, windowMs: number) =>
    new CounterStore(
      limiter({ name: `count-${name}`, points: 1_000_000_000, durationSeconds: Math.max(1, Math.round(windowMs / 1000)) }),
      name,
      !redis,
    );
  return {
    store: counter,
    partnerRequests: make(PARTNER_LIMITS.requests),
    passwordResetEmail: make(PASSWORD_RESET_LIMITS.email),
    phoneCheckAccount: make(PHONE_CHECK_LIMITS.account),
    phoneCheckGlobal: make(PHONE_CHECK_LIMITS.global),
    messageSend: make(MESSAGE_LIMITS.send),
    threadStart: make(MESSAGE_LIMITS.start),
    typing: make(MESSAGE_LIMITS.typing),
    reviewSubmit: make(REVIEW_LIMITS.submit),
    reviewReport: make(REVIEW_LIMITS.report),
    reviewReply: make(REVIEW_LIMITS.reply),
    savedSearchSave: make(SAVED_SEARCH_LIMITS.save),
    listingReport: make(LISTING_LIMITS.report),
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

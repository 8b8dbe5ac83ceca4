import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import { createRedis } from './redis.js';

/**
 * A short-lived cache of public answers: the anonymous search page and listing details
 * (docs/decisions/0022-fast-graphql.md). What is cached is the answer's JSON, for `ttlSeconds`;
 * a listing write anywhere invalidates everything at once by moving to the next generation (entries
 * are keyed by generation, so old ones are never read again and simply expire).
 *
 * In process by default (a bounded map); with REDIS_URL in Redis, shared by every instance: the
 * generation is a Redis counter (INCR on a write, announced on a channel, read again after a
 * reconnection), the entries Redis keys with an expiry. Redis being down is a cache miss, never an
 * error: commands fail fast instead of queueing.
 *
 * A request remembers the generation it started in (`begin`) and stores its answer under that one,
 * so an answer read before a write but finished after it is never served.
 */
export interface PublicCache {
  readonly ttlSeconds: number;
  /** The current generation, or null when the cache is off or not ready (Redis: before the first read). */
  generation(): number | null;
  get(generation: number, key: string): Promise<string | null>;
  set(generation: number, key: string, body: string): Promise<void>;
  /** A listing changed: every cached answer is stale. */
  invalidate(): Promise<void>;
  close(): Promise<void>;
}

/** Answers larger than this are not cached. */
const MAX_BODY_BYTES = 512 * 1024;
/** In process: at most this many answers (the oldest go first). */
const MAX_ENTRIES = 2_000;
const GEN_KEY = 'public-cache:gen';
const CHANNEL = 'public-cache:invalidate';

/** A cache key from the parts of a request that decide its answer. */
export function cacheKey(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}

export function createPublicCache(opts: { ttlSeconds: number; redisUrl?: string | null; log: Logger }): PublicCache {
  const { ttlSeconds, log } = opts;
  if (ttlSeconds <= 0) {
    return {
      ttlSeconds: 0,
      generation: () => null,
      get: async () => null,
      set: async () => undefined,
      invalidate: async () => undefined,
      close: async () => undefined,
    };
  }
  return opts.redisUrl ? redisCache(opts.redisUrl, ttlSeconds, log) : memoryCache(ttlSeconds);
}

function memoryCache(ttlSeconds: number): PublicCache {
  let gen = 0;
  const entries = new Map<string, { body: string; expires: number }>();
  return {
    ttlSeconds,
    generation: () => gen,
    async get(generation, key) {
      if (generation !== gen) return null;
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.expires <= Date.now()) {
        entries.delete(key);
        return null;
      }
      return hit.body;
    },
    async set(generation, key, body) {
      if (generation !== gen || body.length > MAX_BODY_BYTES) return;
      entries.delete(key);
      entries.set(key, { body, expires: Date.now() + ttlSeconds * 1000 });
      while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
    async invalidate() {
      gen += 1;
      entries.clear();
    },
    async close() {
      entries.clear();
    },
  };
}

function redisCache(url: string, ttlSeconds: number, log: Logger): PublicCache {
  let gen: number | null = null;
  const learn = (value: unknown) => {
    const n = Number(value ?? 0);
    if (Number.isFinite(n) && (gen === null || n > gen)) gen = n;
  };
  const refresh = () => {
    commands.get(GEN_KEY).then(
      (v) => {
        // After an outage the counter may have moved while we were not listening: take it as is.
        gen = null;
        learn(v);
      },
      () => undefined,
    );
  };
  // Fail fast while Redis is down (a miss), rather than queueing commands behind a request.
  const commands: Redis = createRedis(url, log, 'public-cache', refresh, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  const subscriber: Redis = createRedis(url, log, 'public-cache-sub', refresh);
  subscriber.subscribe(CHANNEL).catch(() => undefined);
  subscriber.on('message', (_channel: string, message: string) => learn(message));
  commands.once('ready', refresh);
  const keyOf = (generation: number, key: string) => `public-cache:${generation}:${key}`;
  return {
    ttlSeconds,
    generation: () => gen,
    async get(generation, key) {
      try {
        return await commands.get(keyOf(generation, key));
      } catch {
        return null;
      }
    },
    async set(generation, key, body) {
      if (body.length > MAX_BODY_BYTES) return;
      await commands.set(keyOf(generation, key), body, 'EX', ttlSeconds).catch(() => undefined);
    },
    async invalidate() {
      // Stop serving this instance's generation at once; then move every instance on.
      gen = null;
      try {
        const next = await commands.incr(GEN_KEY);
        learn(next);
        await commands.publish(CHANNEL, String(next));
      } catch (err) {
        // Redis is down: this instance caches nothing until it can read the counter again.
        log.warn({ err: (err as Error).message }, 'public cache: could not announce a listing change');
      }
    },
    async close() {
      await Promise.all([
        commands.quit().catch(() => commands.disconnect()),
        subscriber.quit().catch(() => subscriber.disconnect()),
      ]);
    },
  };
}

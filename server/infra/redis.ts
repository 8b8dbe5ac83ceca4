import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger.js';

/**
 * A Redis connection that survives a Redis restart: commands wait (in ioredis' offline queue) until
 * the server is back instead of failing after a few retries, reconnects back off up to 2 s, and errors
 * are logged once per outage rather than thrown (an 'error' event without a listener would be printed
 * for every attempt). `onReady` runs on every (re)connection after the first.
 */
export function createRedis(
  url: string,
  log: Logger,
  name: string,
  onReconnected?: () => void,
  overrides: Partial<RedisOptions> = {},
): Redis {
  const options: RedisOptions = {
    lazyConnect: false,
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    retryStrategy: (times) => Math.min(100 * times, 2_000),
    connectionName: `nyc-rentals:${name}`,
    ...overrides,
  };
  const redis = new Redis(url, options);
  let down = false;
  let connectedOnce = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message, redis: name }, 'redis: connection lost; retrying');
  });
  redis.on('ready', () => {
    if (down) log.info({ redis: name }, 'redis: connection back');
    down = false;
    if (connectedOnce) onReconnected?.();
    connectedOnce = true;
  });
  return redis;
}

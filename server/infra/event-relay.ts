import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { DomainEvent, EventBus } from '../core/events.js';
import type { Logger } from '../logger.js';
import { createRedis } from './redis.js';

const CHANNEL = 'domain-events';

/**
 * Carries the domain events of one instance's bus to every other instance's (Redis pub/sub), so a
 * listing published through one instance empties the public cache of all of them. Redis keeps
 * nothing: while it is down, events are lost, and on reconnection `onGap` tells the listeners that
 * something may have been missed (the public cache then trusts nothing it stored before).
 */
export interface EventRelay {
  close(): Promise<void>;
}

const relays = new WeakMap<EventBus, { relay: EventRelay; users: number; gaps: Set<() => void> }>();

/**
 * The relay of a bus: one per bus however many apps share it (apps on one database client in one
 * process); closed when the last of them closes it.
 */
export function relayEvents(bus: EventBus, opts: { redisUrl: string; log: Logger; onGap: () => void }): EventRelay {
  let shared = relays.get(bus);
  if (!shared) {
    const gaps = new Set<() => void>();
    shared = { relay: openRelay(bus, { ...opts, onGap: () => gaps.forEach((gap) => gap()) }), users: 0, gaps };
    relays.set(bus, shared);
  }
  const entry = shared;
  entry.users += 1;
  entry.gaps.add(opts.onGap);
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      entry.gaps.delete(opts.onGap);
      entry.users -= 1;
      if (entry.users > 0) return;
      relays.delete(bus);
      await entry.relay.close();
    },
  };
}

function openRelay(bus: EventBus, opts: { redisUrl: string; log: Logger; onGap: () => void }): EventRelay {
  const instance = randomUUID();
  const { log } = opts;
  const pub: Redis = createRedis(opts.redisUrl, log, 'events-publish', opts.onGap, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  const sub: Redis = createRedis(opts.redisUrl, log, 'events-subscribe', opts.onGap);
  sub.subscribe(CHANNEL).catch(() => undefined);
  sub.on('message', (_channel: string, message: string) => {
    try {
      const { from, eventId, event } = JSON.parse(message) as { from: string; eventId: string; event: DomainEvent };
      if (from !== instance) bus.deliverRemote(event, eventId);
    } catch (err) {
      log.warn({ err }, 'events: a relayed event could not be read');
    }
  });
  bus.onPublish((event, eventId) => {
    pub.publish(CHANNEL, JSON.stringify({ from: instance, eventId, event })).catch((err: unknown) => {
      log.warn({ err: (err as Error).message, event: event.type }, 'events: not relayed to other instances');
    });
  });
  return {
    async close() {
      bus.onPublish(null);
      await Promise.all([pub.quit().catch(() => pub.disconnect()), sub.quit().catch(() => sub.disconnect())]);
    },
  };
}

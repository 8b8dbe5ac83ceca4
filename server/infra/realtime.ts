import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub, type PubSub } from '@graphql-yoga/subscription';
import { Repeater, SlidingBuffer } from '@repeaterjs/repeater';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { eventsOf, type DomainEvent, type EventBus } from '../core/events.js';
import type { Logger } from '../logger.js';
import { createRedis } from './redis.js';

/**
 * Real-time fan-out of messaging events (docs/decisions/0018-realtime-messaging.md).
 *
 * One channel per thread (`thread:<id>`) and one per user (`user:<uid>`). Payloads are small and
 * carry ids, not rows: a subscriber loads what it may see from the database, so an event can never
 * leak data, and a lost event is repaired by the next one (subscribers read everything after their
 * own cursor). In-process by default; through Redis pub/sub with REDIS_URL so every app instance
 * hears every event. Redis keeps nothing: after a Redis outage each subscriber is told to resync.
 */
export type ThreadEvent =
  | { kind: 'message'; messageId: string }
  | { kind: 'read'; userId: string; at: string }
  | { kind: 'typing'; userId: string; typing: boolean }
  /** Participants changed (e.g. the listing was handed to another agent): re-check access. */
  | { kind: 'access' };

export type UserEvent =
  | { kind: 'thread'; threadId: string }
  | { kind: 'access' }
  /** A notification was made for the user (issue 14; server/modules/notifications). */
  | { kind: 'notification'; notificationId: string }
  /** One of the user's tour requests took a step (issue 27; server/modules/tours). */
  | { kind: 'tour'; tourId: string };

/** What changed on a listing's page for everyone looking at it (issue 27: an open house's places). */
export type ListingEvent = { kind: 'openHouse'; openHouseId: string };

/** A local signal to re-read from the database (Redis came back; events may have been missed). */
export type Resync = { kind: 'resync' };

type Topics = {
  thread: [threadId: string, event: ThreadEvent];
  user: [uid: string, event: UserEvent];
  listing: [listingId: string, event: ListingEvent];
};

export interface Realtime {
  readonly mode: 'memory' | 'redis';
  /** Which subscribers its events reach: the Redis server, or this one in-process fan-out. */
  readonly channel: string;
  publishThread(threadId: string, event: ThreadEvent): void;
  publishUser(uid: string, event: UserEvent): void;
  publishListing(listingId: string, event: ListingEvent): void;
  /** Events of a thread, plus a resync signal after a Redis outage. Ends when `return()` is called. */
  threadEvents(threadId: string): AsyncIterableIterator<ThreadEvent | Resync>;
  userEvents(uid: string): AsyncIterableIterator<UserEvent | Resync>;
  listingEvents(listingId: string): AsyncIterableIterator<ListingEvent | Resync>;
  /** Subscribers open in this process (for tests and the health page). */
  subscriberCount(): number;
  close(): Promise<void>;
}

/** Events a slow subscriber may fall behind by before the oldest are dropped (they resync from the database). */
const BUFFER = 256;

export function createRealtime(opts: { redisUrl?: string | null; log: Logger }): Realtime {
  const { log } = opts;
  const resyncListeners = new Set<() => void>();
  let pub: Redis | null = null;
  let sub: Redis | null = null;
  let pubsub: PubSub<Topics>;
  if (opts.redisUrl) {
    pub = createRedis(opts.redisUrl, log, 'publish');
    sub = createRedis(opts.redisUrl, log, 'subscribe', () => {
      // ioredis re-subscribes its channels on reconnect; what was published meanwhile is gone.
      for (const listener of resyncListeners) listener();
    });
    const publishClient = pub;
    const subscribeClient = sub;
    // The event target calls only these four methods; their promises are settled here so a Redis
    // outage can never become an unhandled rejection.
    const settle = (p: Promise<unknown>, what: string) =>
      p.catch((err: unknown) => log.warn({ err: (err as Error).message }, `redis: ${what} failed`));
    const publishFacade = {
      publish: (channel: string, message: string) => settle(publishClient.publish(channel, message), 'publish'),
    };
    const subscribeFacade = {
      on: (event: string, listener: (...args: unknown[]) => void) => subscribeClient.on(event, listener),
      subscribe: (channel: string) => settle(subscribeClient.subscribe(channel), 'subscribe'),
      unsubscribe: (channel: string) => settle(subscribeClient.unsubscribe(channel), 'unsubscribe'),
    };
    pubsub = createPubSub<Topics>({
      eventTarget: createRedisEventTarget({
        publishClient: publishFacade as unknown as Redis,
        subscribeClient: subscribeFacade as unknown as Redis,
      }),
      repeaterBuffer: new SlidingBuffer(BUFFER),
    });
  } else {
    pubsub = createPubSub<Topics>({ repeaterBuffer: new SlidingBuffer(BUFFER) });
  }

  let subscribers = 0;
  function withResync<T>(source: Repeater<T>): AsyncIterableIterator<T | Resync> {
    const resync = new Repeater<Resync>(async (push, stop) => {
      const listener = () => void push({ kind: 'resync' });
      resyncListeners.add(listener);
      await stop;
      resyncListeners.delete(listener);
    }, new SlidingBuffer(1));
    subscribers += 1;
    const merged = Repeater.merge([source, resync]);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      subscribers -= 1;
      void source.return();
      void resync.return();
    };
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        const r = await merged.next();
        if (r.done) finish();
        return r as IteratorResult<T | Resync>;
      },
      async return() {
        finish();
        await merged.return();
        return { done: true, value: undefined };
      },
      async throw(err: unknown) {
        finish();
        await merged.return();
        throw err;
      },
    };
  }

  return {
    mode: opts.redisUrl ? 'redis' : 'memory',
    channel: opts.redisUrl ? `redis:${opts.redisUrl}` : `memory:${randomUUID()}`,
    publishThread: (threadId, event) => pubsub.publish('thread', threadId, event),
    publishUser: (uid, event) => pubsub.publish('user', uid, event),
    publishListing: (listingId, event) => pubsub.publish('listing', listingId, event),
    threadEvents: (threadId) => withResync(pubsub.subscribe('thread', threadId) as Repeater<ThreadEvent>),
    userEvents: (uid) => withResync(pubsub.subscribe('user', uid) as Repeater<UserEvent>),
    listingEvents: (listingId) => withResync(pubsub.subscribe('listing', listingId) as Repeater<ListingEvent>),
    subscriberCount: () => subscribers,
    async close() {
      await Promise.all([pub?.quit().catch(() => pub?.disconnect()), sub?.quit().catch(() => sub?.disconnect())]);
    },
  };
}

/** The Redis (or in-process) channels each bus already feeds, and the apps' fan-outs on each. */
const fed = new WeakMap<EventBus, Map<string, { realtimes: Realtime[]; stop: () => void }>>();

/**
 * Live subscriptions listen to the domain's events (server/core/events.ts): this instance's events
 * go to its subscribers' channels (threads and users), and through Redis to every instance's.
 * Events relayed from other instances are theirs to feed. One feed per bus and channel, however
 * many apps share them (apps on one database client and one Redis would otherwise announce twice),
 * through the fan-out of an app still running; answers the stop.
 */
export function feedSubscribers(bus: EventBus, realtime: Realtime): () => void {
  let feeds = fed.get(bus);
  if (!feeds) fed.set(bus, (feeds = new Map()));
  const all = feeds;
  let feed = all.get(realtime.channel);
  if (!feed) {
    const realtimes: Realtime[] = [];
    const stop = bus.subscribe((event, { local }) => {
      const current = realtimes.at(-1);
      if (local && current) toSubscribers(current, event);
    });
    feed = { realtimes, stop };
    all.set(realtime.channel, feed);
  }
  const entry = feed;
  entry.realtimes.push(realtime);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    entry.realtimes.splice(entry.realtimes.indexOf(realtime), 1);
    if (entry.realtimes.length > 0) return;
    entry.stop();
    all.delete(realtime.channel);
  };
}

function toSubscribers(realtime: Realtime, event: DomainEvent): void {
  switch (event.type) {
    case 'message.sent':
      realtime.publishThread(event.threadId, { kind: 'message', messageId: event.messageId });
      realtime.publishUser(event.renterId, { kind: 'thread', threadId: event.threadId });
      realtime.publishUser(event.agentUserId, { kind: 'thread', threadId: event.threadId });
      return;
    case 'thread.read':
      realtime.publishThread(event.threadId, { kind: 'read', userId: event.userId, at: event.at });
      realtime.publishUser(event.userId, { kind: 'thread', threadId: event.threadId });
      return;
    case 'thread.typing':
      realtime.publishThread(event.threadId, { kind: 'typing', userId: event.userId, typing: event.typing });
      return;
    case 'thread.handedOver':
      realtime.publishThread(event.threadId, { kind: 'access' });
      realtime.publishUser(event.fromUserId, { kind: 'access' });
      realtime.publishUser(event.toUserId, { kind: 'thread', threadId: event.threadId });
      return;
    case 'openHouse.rsvpChanged':
      realtime.publishListing(event.listingId, { kind: 'openHouse', openHouseId: event.openHouseId });
      return;
    case 'tour.changed':
      realtime.publishUser(event.renterId, { kind: 'tour', tourId: event.tourId });
      realtime.publishUser(event.agentUserId, { kind: 'tour', tourId: event.tourId });
      return;
    case 'notification.created':
      realtime.publishUser(event.userId, { kind: 'notification', notificationId: event.notificationId });
      return;
    default:
      return;
  }
}

let fallback: Realtime | undefined;
const fedFallback = new WeakSet<object>();

/**
 * The in-process fan-out used where no app wires one in (in-process GraphQL tests), fed by the bus
 * of the database client those tests write through.
 */
export function inProcessRealtime(log: Logger, prisma?: object): Realtime {
  fallback ??= createRealtime({ log });
  if (prisma && !fedFallback.has(prisma)) {
    fedFallback.add(prisma);
    feedSubscribers(eventsOf(prisma), fallback);
  }
  return fallback;
}

/**
 * A subscription's stream over a live source (`threadEvents`, `userEvents`, `listingEvents`), ended at
 * once when its consumer stops (the socket closed, the client unsubscribed). An async generator waiting
 * for its source's next event hears a `return()` only when that event comes, which may be never: the
 * generator and its source's listener would then stay for as long as the process runs, one set per
 * closed tab (tests/integration/realtime.test.ts).
 */
export function endsWithSource<T>(source: AsyncIterator<unknown>, stream: AsyncGenerator<T>): AsyncGenerator<T> {
  const stop = stream.return.bind(stream);
  stream.return = async (value) => {
    await source.return?.();
    return stop(value);
  };
  return stream;
}

/**
 * The ids a subscription sends: each event of `kind` on a live source, read again as the viewer may
 * see it (`read` answers null for one they may not, which is skipped). Ends with its consumer.
 */
export function liveIds<E extends { kind: string }, K extends E['kind']>(
  events: AsyncIterableIterator<E | Resync>,
  kind: K,
  read: (event: Extract<E, { kind: K }>) => Promise<{ id: string } | null>,
): AsyncGenerator<string> {
  return endsWithSource(
    events,
    (async function* () {
      try {
        for await (const event of events) {
          if (event.kind !== kind) continue;
          const row = await read(event as Extract<E, { kind: K }>);
          if (row) yield row.id;
        }
      } finally {
        await events.return?.();
      }
    })(),
  );
}

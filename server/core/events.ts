import { randomUUID } from 'node:crypto';

/**
 * Domain events: services announce what changed, in the domain's words; caches, alerts and live
 * updates listen here, never to transport names (docs/decisions/0044-domain-events.md).
 *
 * One bus per database client (`eventsOf(prisma)`, which every service already holds). In process,
 * every listener hears every event synchronously after the write committed (a listener that throws
 * does not stop the others);
 * with Redis (server/infra/event-relay.ts) other instances hear it too, with `local: false`. A
 * listener that must act once across instances (queueing an alert job) acts on local events only.
 */
export type DomainEvent =
  /** A listing was created (`isPublic`: published at once rather than saved as a draft). */
  | { type: 'listing.created'; listingId: string; isPublic: boolean }
  /** A listing changed: its fields, its status, or moderation hid or showed it. */
  | {
      type: 'listing.changed';
      listingId: string;
      wasPublic: boolean;
      isPublic: boolean;
      published?: boolean;
      priceChanged?: boolean;
    }
  | { type: 'listing.deleted'; listingId: string; wasPublic: boolean }
  /**
   * A listing was deleted or deactivated with people attached (issue 58 item 4): `people` is who they
   * were, read before the write (a deleted listing's open houses and RSVPs are gone by now). The tours
   * module cancels their visits and tells each renter.
   */
  | {
      type: 'listing.withdrawn';
      listingId: string;
      how: 'DELETED' | 'DEACTIVATED';
      title: string;
      /** Who answers for the listing (its agent, else its owner): the messages are theirs. */
      agentUserId: string;
      people: WithdrawnPerson[];
    }
  /** What cards show of an agent changed (the 'Licensed' badge). */
  | { type: 'agent.changed'; agentId: string }
  /** `firstReply`: the agent's first reply in the conversation (how fast agents answer changed). */
  | { type: 'message.sent'; threadId: string; messageId: string; renterId: string; agentUserId: string; firstReply?: boolean }
  /** A participant read what the other sent. */
  | { type: 'thread.read'; threadId: string; userId: string; at: string }
  | { type: 'thread.typing'; threadId: string; userId: string; typing: boolean }
  /** A thread's agent changed (the listing was handed over): the previous one no longer takes part. */
  | { type: 'thread.handedOver'; threadId: string; fromUserId: string; toUserId: string }
  | { type: 'notification.created'; userId: string; notificationId: string }
  | { type: 'review.written'; agentId: string; reviewId: string }
  | { type: 'review.hidden'; agentId: string; reviewId: string }
  /** Who is going to one of a listing's open houses changed (its places left). */
  /** Who is going to one of a listing's open houses changed (its places left). `nowGoing`: the renters who
   * got a place by this change (an RSVP, or the waitlist moving up), who are sent its calendar file. */
  | { type: 'openHouse.rsvpChanged'; openHouseId: string; listingId: string; nowGoing?: string[] }
  /** A tour request took a step (issue 27): `to` is the side to tell (the one that did not act). */
  | {
      type: 'tour.changed';
      tourId: string;
      renterId: string;
      agentUserId: string;
      step: TourStep;
      to: 'RENTER' | 'AGENT' | 'BOTH';
    };

/** A renter a listing's withdrawal concerns: their conversation, upcoming tours and RSVPs (times as ISO strings). */
export interface WithdrawnPerson {
  renterId: string;
  threadId: string | null;
  tours: Array<{ id: string; startsAt: string | null; endsAt: string | null; confirmed: boolean }>;
  openHouses: Array<{ id: string; startsAt: string; endsAt: string }>;
}

/** The steps of a tour request (server/modules/tours/tour-requests.service.ts). */
export type TourStep =
  | 'REQUESTED'
  | 'PROPOSED'
  | 'CONFIRMED'
  | 'DECLINED'
  | 'CANCELLED'
  | 'EXPIRED'
  | 'REMINDER_24H'
  | 'REMINDER_2H';

export type EventType = DomainEvent['type'];

export interface Delivery {
  /** Published by this instance (false: relayed from another one through Redis). */
  local: boolean;
  /** The event's id, the same on every instance. */
  eventId: string;
}

export type Listener = (event: DomainEvent, delivery: Delivery) => void;

export interface EventBus {
  publish(event: DomainEvent): void;
  /** Every event; answers the unsubscribe. */
  subscribe(listener: Listener): () => void;
  /** Hands an event relayed from another instance to this instance's listeners. */
  deliverRemote(event: DomainEvent, eventId: string): void;
  /** Where this instance's own events go besides its listeners (the Redis relay). */
  onPublish(relay: ((event: DomainEvent, eventId: string) => void) | null): void;
}

/** A listing event that a visitor can see: the listing was public before or is now. */
export function changesPublicListing(event: DomainEvent): boolean {
  switch (event.type) {
    case 'listing.created':
      return event.isPublic;
    case 'listing.changed':
      return event.wasPublic || event.isPublic;
    case 'listing.deleted':
      return event.wasPublic;
    default:
      return false;
  }
}

export function createEventBus(): EventBus {
  const listeners = new Set<Listener>();
  let relay: ((event: DomainEvent, eventId: string) => void) | null = null;
  const deliver = (event: DomainEvent, delivery: Delivery) => {
    for (const listener of listeners) {
      try {
        listener(event, delivery);
      } catch {
        // A listener must not throw (each catches and logs its own failures); if one does, the others still hear the event.
      }
    }
  };
  return {
    publish(event) {
      const eventId = randomUUID();
      deliver(event, { local: true, eventId });
      relay?.(event, eventId);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliverRemote(event, eventId) {
      deliver(event, { local: false, eventId });
    },
    onPublish(next) {
      relay = next;
    },
  };
}

const buses = new WeakMap<object, EventBus>();

/**
 * The bus of everything that writes through `prisma`: apps on one database client share it (each
 * listener hears each event once); a command or a unit test announces into one nobody listens to.
 */
export function eventsOf(prisma: object): EventBus {
  let bus = buses.get(prisma);
  if (!bus) {
    bus = createEventBus();
    buses.set(prisma, bus);
  }
  return bus;
}

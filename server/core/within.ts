import type { NotificationKind, Prisma, PrismaClient } from '../db/generated/prisma/client.js';
import type { MessageEvent } from '../../common/message-events.js';
import { eventsOf, type DomainEvent } from './events.js';

/**
 * Events inside a write (issue 52 item 4, docs/decisions/0063-events-within-a-write.md). A module
 * says what happened in its own words (a tour's step, a listing withdrawn from a renter, places given
 * on an open house's waitlist) inside the transaction of its write; the modules whose rows it touches
 * (messaging writes the conversation's message, notifications the bell's rows) hear it in that same
 * transaction, so everything commits or nothing does. No module imports another to do so: each one
 * registers what it does on hearing an event (`handleWithin`, from server/modules/effects.ts, the one
 * place that wires them) and the writer only knows the event.
 *
 * What the handlers announce once committed (a message sent, a notification made), and what the writer
 * adds (`afterCommit`), is published on the bus (events.ts) by `published()`, which the writer calls
 * after its transaction commits; a transaction rolled back publishes nothing.
 */

type Db = PrismaClient | Prisma.TransactionClient;

/** Someone a write tells by the bell. */
export interface Telling {
  userId: string;
  kind: NotificationKind;
  /** Its title and body, made in the person's language (their account's setting); or as written. */
  texts: (() => { title: string; body?: string | null }) | { title: string; body?: string | null };
  /** Where it leads in the app; a function of what the handlers before answered (the conversation). */
  url?: string | null | ((answers: WithinAnswers) => string);
  propertyId?: string | null;
  savedSearchId?: string | null;
}

/**
 * A renter's conversation about a listing: the thread `threadId` when it is still there, else the
 * renter's conversation about `propertyId`, else a new one (`listingTitle` names a deleted listing's).
 */
export interface Conversation {
  threadId?: string | null;
  propertyId: string | null;
  renterId: string;
  agentUserId: string;
  listingTitle?: string;
  /** A conversation made for this counts one inquiry on the listing (a renter asking; not a notice of the app's). */
  countsAsInquiry: boolean;
}

/** A message written into the conversation by one of its two sides. */
export interface Written {
  /** Who writes: that user, or the conversation's agent side as it is now (`'AGENT'`). */
  from: string | 'AGENT';
  /** Whose language `content` is stored in (each reader sees `event` in theirs). */
  writtenTo: string;
  content: string | (() => string);
  event?: MessageEvent;
}

export type WithinEvent =
  /** A tour request took a step: its message in the renter's conversation, the other side (or both) told. */
  | { type: 'tour.stepTaken'; conversation: Conversation; message: Written; tell: Telling[] }
  /** A listing's agent wrote to a renter who answered one of its open houses. */
  | { type: 'openHouse.attendeeMessaged'; conversation: Conversation; message: Written }
  /** A listing was deleted or deactivated: one renter's visits are cancelled, which they are told in the conversation and by the bell. */
  | { type: 'listing.visitsWithdrawn'; conversation: Conversation; message: Written; tell: Telling[] }
  /** The waitlist of an open house moved up: each renter given a place is told. */
  | { type: 'openHouse.placesGiven'; openHouseId: string; tell: Telling[] }
  /** Tours and open houses are near: both sides (or the renter going) are reminded. */
  | { type: 'visit.remindersDue'; tell: Telling[] }
  /** A listing matched saved searches (their alerts): each search's owner is told. */
  | { type: 'search.matched'; propertyId: string; tell: Telling[] }
  /** Moderation or a license check decided something its subject is told of. */
  | { type: 'account.decided'; tell: Telling[] };

export type WithinType = WithinEvent['type'];

/** What the handlers of an event answer the writer: the conversation written in, the people told. */
export interface WithinAnswers {
  threadId?: string;
  messageId?: string;
  told?: Array<{ id: string; userId: string }>;
}

/** What a handler works with: the writer's transaction (or the database outside one), and the commit's announcements. */
export interface WithinScope {
  db: Db;
  afterCommit(event: DomainEvent): void;
}

type Handler<E extends WithinEvent = WithinEvent> = (
  scope: WithinScope,
  event: E,
  answered: Readonly<WithinAnswers>,
) => Promise<Partial<WithinAnswers> | void>;

const handlers = new Map<WithinType, Handler[]>();

/** What a module does on hearing an event inside a write (registered once per process, by server/modules/effects.ts). */
export function handleWithin<T extends WithinType>(type: T, handler: Handler<Extract<WithinEvent, { type: T }>>): void {
  const list = handlers.get(type) ?? [];
  list.push(handler as Handler);
  handlers.set(type, list);
}

/** Whether a module handles `type` already (the wiring registers each once). */
export function handlesWithin(type: WithinType): boolean {
  return (handlers.get(type)?.length ?? 0) > 0;
}

export interface Within {
  /** What happened, heard by its handlers in this transaction, in the order they were registered; answers what they said. */
  happened(event: WithinEvent): Promise<WithinAnswers>;
  /** An event of the bus to publish once committed. */
  afterCommit(event: DomainEvent): void;
  /** Publishes on the bus what the handlers and the writer queued: call after the transaction committed. */
  published(): void;
}

/** Events inside the write running in `db` (a transaction of `prisma`'s, or `prisma` itself for a single write). */
export function within(prisma: object, db: Db): Within {
  const queued: DomainEvent[] = [];
  const scope: WithinScope = { db, afterCommit: (event) => queued.push(event) };
  return {
    async happened(event) {
      const list = handlers.get(event.type);
      if (!list?.length) {
        throw new Error(`No module handles '${event.type}': server/modules/effects.ts wires them (wireEffects()).`);
      }
      const answers: WithinAnswers = {};
      for (const handler of list) Object.assign(answers, await handler(scope, event, answers));
      return answers;
    },
    afterCommit: scope.afterCommit,
    published() {
      for (const event of queued.splice(0)) eventsOf(prisma).publish(event);
    },
  };
}

/**
 * One event that is a write of its own (telling people, one statement): heard in `prisma` itself,
 * then published. An event whose handlers write several rows goes in the writer's transaction (`within`).
 */
export async function happenedNow(prisma: PrismaClient, event: WithinEvent): Promise<WithinAnswers> {
  const w = within(prisma, prisma);
  const answers = await w.happened(event);
  w.published();
  return answers;
}

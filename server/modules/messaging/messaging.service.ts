import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { z } from 'zod';
import { FIRST_MESSAGE_GREETING, MESSAGE_MAX_LENGTH, NO_TITLE, SUBJECT_MAX_LENGTH } from '../../../common/messaging.js';
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { countRows } from '../../db/prepared.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, fromZod } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { defineMessages, formatMessage, type MessageDescriptor } from '../../../common/i18n/messages.js';
import type { RateLimit, RateLimits } from '../../infra/rate-limits.js';
import { requireUser, requireViewer } from '../../core/authz.js';
import { renderMessageEvent, type MessageEvent } from '../../../common/message-events.js';
import { agentKeyWhere } from '../agents/index.js';
import { listingWhere } from '../listings/index.js';
import { canManageListing } from '../listings/index.js';
import type { Realtime } from '../../infra/realtime.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../core/cursor.js';
import { eventsOf, type DomainEvent } from '../../core/events.js';
import type { Conversation, WithinScope, Written } from '../../core/within.js';
import { inLocale } from '../../core/locale.js';
import { agentRefusal, flagRefusingMessage } from '../moderation/index.js';

/**
 * Messaging between a renter and the agent of a listing (SPEC parts 2-7, issue 9). One rule set for
 * GraphQL, REST and the WebSocket: only the thread's two participants read it, send in it, or hear
 * about it; anybody else is told the thread does not exist.
 */

export const MESSAGE_RULES = {
  maxLength: MESSAGE_MAX_LENGTH,
  subjectMaxLength: SUBJECT_MAX_LENGTH,
  /** Messages per page of a thread (newest page first, older pages by keyset). */
  pageDefault: PAGE_LIMITS.messages.default,
  pageMax: PAGE_LIMITS.messages.max,
  threadsPageDefault: PAGE_LIMITS.threads.default,
  threadsPageMax: PAGE_LIMITS.threads.max,
} as const;

export { FIRST_MESSAGE_GREETING, NO_TITLE };

export interface MessagingDeps {
  prisma: PrismaClient;
  realtime: Realtime;
  limits: RateLimits;
}

// In the request's language (server/core/locale.ts), each made when it is said.
const messages = defineMessages({
  messageRequired: { id: 'server.message.required', defaultMessage: 'Message is required' },
  messageEmpty: { id: 'server.message.empty', defaultMessage: 'Message cannot be empty' },
  messageTooLong: { id: 'server.message.tooLong', defaultMessage: 'Message must be at most {max, number} characters' },
  subjectTooLong: { id: 'server.message.subjectTooLong', defaultMessage: 'Subject must be at most {max} characters' },
  conversationNotFound: { id: 'server.message.conversationNotFound', defaultMessage: 'That conversation does not exist.' },
  agentOfListing: { id: 'server.message.agentOfListing', defaultMessage: 'You are the agent for this listing.' },
  agentNotFound: { id: 'server.message.agentNotFound', defaultMessage: 'That agent does not exist.' },
  startingTooQuickly: {
    id: 'server.limit.startingConversations',
    defaultMessage:
      'You are starting conversations too quickly. Please wait {seconds, plural, other {{seconds} seconds}} and try again.',
  },
  typingTooQuickly: {
    id: 'server.limit.sendingTypingSignals',
    defaultMessage:
      'You are sending typing signals too quickly. Please wait {seconds, plural, other {{seconds} seconds}} and try again.',
  },
});

const tooLong = () => formatMessage(messages.messageTooLong, { max: MESSAGE_RULES.maxLength });

const content = z
  .string({ error: () => formatMessage(messages.messageRequired) })
  .max(MESSAGE_RULES.maxLength * 2, { error: tooLong })
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .refine((s) => s.length > 0, { error: () => formatMessage(messages.messageEmpty) })
  .refine((s) => s.length <= MESSAGE_RULES.maxLength, { error: tooLong });

const subject = z
  .string()
  .max(MESSAGE_RULES.subjectMaxLength * 2)
  .transform((s) => s.trim())
  .refine((s) => s.length <= MESSAGE_RULES.subjectMaxLength, {
    error: () => formatMessage(messages.subjectTooLong, { max: MESSAGE_RULES.subjectMaxLength }),
  })
  .nullish()
  .transform((s) => (s ? s : null));

const id = z.string().trim().min(1).max(200);

export const sendMessageSchema = z.object({ threadId: id, content, subject });
export const startThreadSchema = z
  .object({
    propertyId: id.nullish(),
    agentId: id.nullish(),
    message: content,
    subject,
  })
  .refine((v) => Boolean(v.propertyId) !== Boolean(v.agentId), {
    message: 'Name either a listing or an agent',
    path: ['propertyId'],
  });

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', formatMessage(messages.conversationNotFound));

/** The thread as its participant sees it; nobody else does (the same answer as a missing thread). */
export function participantWhere(uid: string): Prisma.ThreadWhereInput {
  return { OR: [{ renterId: uid }, { agentUserId: uid }] };
}

/** `participantWhere` in SQL, on a thread row named `t`. */
function participantSql(uid: string): Prisma.Sql {
  return Prisma.sql`(t."renterId" = ${uid} OR t."agentUserId" = ${uid})`;
}

/** `participantWhere` as a test of a thread row already read. */
export function takesPart(thread: { renterId: string; agentUserId: string }, uid: string): boolean {
  return thread.renterId === uid || thread.agentUserId === uid;
}

export function threadWhere(threadId: string, uid: string): Prisma.ThreadWhereInput | null {
  if (!uuid.test(threadId)) return null;
  return { id: threadId, ...participantWhere(uid) };
}

/** Throws NOT_FOUND unless the viewer takes part in the thread; answers both participants. */
export async function requireParticipant(prisma: PrismaClient, viewer: Viewer | null | undefined, threadId: string) {
  const v = requireViewer(viewer);
  const where = threadWhere(threadId, v.uid);
  const thread = where ? await prisma.thread.findFirst({ where, select: { id: true, renterId: true, agentUserId: true } }) : null;
  if (!thread) throw notFound();
  return thread;
}

/** Over the limit: RATE_LIMITED, `tooQuickly` saying so (with the seconds to wait). */
async function limit(rate: RateLimit, key: string, tooQuickly: MessageDescriptor | 'sendingMessages') {
  const r = await rate.take(key);
  if (!r.allowed) {
    const values = { seconds: r.retryAfterSeconds };
    const message = tooQuickly === 'sendingMessages' ? say(tooQuickly, values) : formatMessage(tooQuickly, values);
    throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: r.retryAfterSeconds });
  }
}

// --- cursors -----------------------------------------------------------------------------------------

export interface MessageCursor {
  createdAt: Date;
  id: string;
}

/** The cursor after a message of a thread (newest page first by createdAt, id: server/core/cursor.ts). */
export function encodeMessageCursor(m: MessageCursor): string {
  return encodeTimeCursor('messages', { at: m.createdAt, id: m.id });
}

export function decodeMessageCursor(cursor: string): MessageCursor {
  const { at, id } = decodeTimeCursor('messages', cursor);
  return { createdAt: at, id };
}

/** The cursor after a conversation (most recent first by lastMessageAt, id). */
export const encodeThreadCursor = (t: { lastMessageAt: Date; id: string }) =>
  encodeTimeCursor('threads', { at: t.lastMessageAt, id: t.id });
export const decodeThreadCursor = (c: string) => {
  const { at, id } = decodeTimeCursor('threads', c);
  return { lastMessageAt: at, id };
};

// --- writes ------------------------------------------------------------------------------------------

/**
 * Appends a message inside a transaction. The thread row is locked by the UPDATE, so the messages of
 * one thread are committed one at a time, and each gets a timestamp strictly after the previous one
 * (the database clock, never earlier than the last message plus 1 ms). A reader that has seen a
 * message has therefore seen every earlier one: keyset reads after a cursor never skip a message.
 */
async function appendMessage(
  tx: Prisma.TransactionClient,
  input: { threadId: string; senderId: string; content: string; subject: string | null; event?: MessageEvent },
) {
  const rows = await tx.$queryRaw<Array<{ at: Date; renterId: string; agentUserId: string; prior: number; agentPrior: number }>>`
    UPDATE "Thread" t
       SET "lastMessageAt" = GREATEST(date_trunc('milliseconds', clock_timestamp() AT TIME ZONE 'UTC'), t."lastMessageAt" + interval '1 millisecond'),
           "agentFirstResponseAt" = CASE
             WHEN t."agentUserId" = ${input.senderId} AND t."agentFirstResponseAt" IS NULL
             THEN date_trunc('milliseconds', clock_timestamp() AT TIME ZONE 'UTC')
             ELSE t."agentFirstResponseAt" END
     WHERE t.id = ${input.threadId}::uuid AND (t."renterId" = ${input.senderId} OR t."agentUserId" = ${input.senderId})
 RETURNING t."lastMessageAt" AS at, t."renterId", t."agentUserId",
           (SELECT count(*)::int FROM "Message" m WHERE m."threadId" = t.id) AS prior,
           (SELECT count(*)::int FROM "Message" m WHERE m."threadId" = t.id AND m."senderId" = t."agentUserId") AS "agentPrior"`;
  const row = rows[0];
  if (!row) throw notFound();
  const message = await tx.message.create({
    data: {
      threadId: input.threadId,
      senderId: input.senderId,
      content: input.content,
      // What the app wrote for a step, shown in each reader's language (common/message-events.ts).
      ...(input.event ? { event: input.event as Prisma.InputJsonValue } : {}),
      // The subject belongs to a conversation's first message only (SPEC part 4).
      subject: row.prior === 0 ? input.subject : null,
      createdAt: row.at,
    },
    select: { id: true, createdAt: true },
  });
  // The agent's first reply in this conversation: how fast agents answer changes (agents/response-time.ts).
  const firstReply = input.senderId === row.agentUserId && row.agentPrior === 0;
  return { ...message, renterId: row.renterId, agentUserId: row.agentUserId, firstReply };
}

/**
 * What messaging does on hearing an event inside a write (core/within.ts, wired by
 * server/modules/effects.ts): writes the event's message in the renter's conversation (the thread
 * named when it is still there, else the renter's conversation about the listing, else a new one), in
 * the writer's transaction, and announces it once committed. Answers the conversation and the message.
 * A conversation made at the same moment elsewhere aborts the transaction (P2002): the writer runs it
 * again (`retryOnNewThread`).
 */
export async function writeInConversation(scope: WithinScope, conversation: Conversation, written: Written) {
  const tx = scope.db;
  const side = { id: true, agentUserId: true } as const;
  let thread =
    (conversation.threadId ? await tx.thread.findUnique({ where: { id: conversation.threadId }, select: side }) : null) ??
    (conversation.propertyId
      ? await tx.thread.findUnique({
          where: { propertyId_renterId: { propertyId: conversation.propertyId, renterId: conversation.renterId } },
          select: side,
        })
      : null);
  if (!thread) {
    thread = await tx.thread.create({
      data: {
        propertyId: conversation.propertyId,
        renterId: conversation.renterId,
        agentUserId: conversation.agentUserId,
        ...(conversation.listingTitle ? { listingTitle: conversation.listingTitle } : {}),
      },
      select: side,
    });
    if (conversation.countsAsInquiry && conversation.propertyId)
      await tx.property.update({ where: { id: conversation.propertyId }, data: { inquiriesCount: { increment: 1 } } });
  }
  let content = written.content;
  if (typeof content === 'function') {
    const reader = await tx.user.findUnique({ where: { id: written.writtenTo }, select: { locale: true } });
    content = inLocale(reader?.locale ?? null, content);
  }
  const message = await appendMessage(tx, {
    threadId: thread.id,
    senderId: written.from === 'AGENT' ? thread.agentUserId : written.from,
    content,
    event: written.event,
    subject: null,
  });
  scope.afterCommit(sentEvent({ ...message, threadId: thread.id }));
  return { threadId: thread.id, messageId: message.id };
}

/** Runs `run` again once when it failed because the conversation was made at the same moment elsewhere. */
export async function retryOnNewThread<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return run();
  }
}

/** What a message sent tells the bus. */
function sentEvent(m: { id: string; threadId: string; renterId: string; agentUserId: string; firstReply: boolean }): DomainEvent {
  return {
    type: 'message.sent',
    threadId: m.threadId,
    messageId: m.id,
    renterId: m.renterId,
    agentUserId: m.agentUserId,
    firstReply: m.firstReply,
  };
}

function announceMessage(
  { prisma }: { prisma: object },
  m: { id: string; threadId: string; renterId: string; agentUserId: string; firstReply: boolean },
) {
  eventsOf(prisma).publish(sentEvent(m));
}

export async function sendMessage(deps: MessagingDeps, viewer: Viewer | null | undefined, input: unknown) {
  const v = requireViewer(viewer);
  const data = parse(sendMessageSchema, input);
  if (!uuid.test(data.threadId)) throw notFound();
  await limit(deps.limits.messageSend, v.uid, 'sendingMessages');
  const m = await deps.prisma.$transaction(async (tx) => {
    const message = await appendMessage(tx, {
      threadId: data.threadId,
      senderId: v.uid,
      content: data.content,
      subject: data.subject,
    });
    // The listing's side refusing rental assistance (issue 58 item 1): delivered, flagged for the moderators, the sender warned.
    const refusal = agentRefusal({ senderId: v.uid, agentUserId: message.agentUserId, content: data.content });
    if (refusal) await flagRefusingMessage(tx, message.id, refusal);
    return { ...message, refusal };
  });
  announceMessage(deps, {
    id: m.id,
    threadId: data.threadId,
    renterId: m.renterId,
    agentUserId: m.agentUserId,
    firstReply: m.firstReply,
  });
  /** `assistanceRefusal`: the refusing phrase of the sender's message, which the sender is warned of. */
  return { id: m.id, threadId: data.threadId, assistanceRefusal: m.refusal };
}

/** Who answers for a listing: its listing agent, else its owner. */
export function answeringUser(listing: { ownerId: string; agent: { userId: string } | null }) {
  return listing.agent?.userId ?? listing.ownerId;
}

function isUniqueViolation(err: unknown) {
  return (err as { code?: string } | null)?.code === 'P2002';
}

/**
 * Starts (or reopens) the viewer's conversation about a listing, or with an agent directly, and sends
 * its first message. One thread per renter and listing; a new thread counts one inquiry on the listing.
 */
export async function startThread(deps: MessagingDeps, viewer: Viewer | null | undefined, input: unknown) {
  const user = await requireUser(deps.prisma, viewer);
  const data = parse(startThreadSchema, input);
  let propertyId: string | null = null;
  let agentUserId: string;
  if (data.propertyId) {
    const where = listingWhere(data.propertyId, viewer);
    const listing = where
      ? await deps.prisma.property.findFirst({
          where,
          select: { id: true, status: true, ownerId: true, agent: { select: { userId: true } } },
        })
      : null;
    if (!listing) throw new AppError('NOT_FOUND', say('listingNotFound'));
    if (canManageListing(viewer, listing)) throw new AppError('FORBIDDEN', formatMessage(messages.agentOfListing));
    propertyId = listing.id;
    agentUserId = answeringUser(listing);
  } else {
    const where = agentKeyWhere(String(data.agentId));
    const agent = where ? await deps.prisma.agent.findFirst({ where, select: { userId: true } }) : null;
    if (!agent) throw new AppError('NOT_FOUND', formatMessage(messages.agentNotFound));
    agentUserId = agent.userId;
  }
  if (agentUserId === user.id) throw new AppError('FORBIDDEN', say('messageYourself'));

  const existingWhere: Prisma.ThreadWhereInput = propertyId
    ? { propertyId, renterId: user.id }
    : { propertyId: null, renterId: user.id, agentUserId };
  const existing = await deps.prisma.thread.findFirst({ where: existingWhere, select: { id: true } });
  await limit(deps.limits.messageSend, user.id, 'sendingMessages');
  if (!existing) await limit(deps.limits.threadStart, user.id, messages.startingTooQuickly);

  const run = () =>
    deps.prisma.$transaction(async (tx) => {
      let thread = await tx.thread.findFirst({ where: existingWhere, select: { id: true } });
      let created = false;
      if (!thread) {
        if (!propertyId) {
          // No unique key covers a conversation without a listing: serialize its creation instead.
          await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`thread:${user.id}:${agentUserId}`}))`;
          thread = await tx.thread.findFirst({ where: existingWhere, select: { id: true } });
        }
        if (!thread) {
          thread = await tx.thread.create({ data: { propertyId, renterId: user.id, agentUserId }, select: { id: true } });
          created = true;
          if (propertyId) await tx.property.update({ where: { id: propertyId }, data: { inquiriesCount: { increment: 1 } } });
        }
      }
      const m = await appendMessage(tx, { threadId: thread.id, senderId: user.id, content: data.message, subject: data.subject });
      return { threadId: thread.id, created, message: m };
    });
  let result;
  try {
    result = await run();
  } catch (err) {
    // Two first contacts at once: the other one created the thread; append to it.
    if (!isUniqueViolation(err)) throw err;
    result = await run();
  }
  announceMessage(deps, {
    id: result.message.id,
    threadId: result.threadId,
    renterId: result.message.renterId,
    agentUserId: result.message.agentUserId,
    firstReply: result.message.firstReply,
  });
  return { threadId: result.threadId, created: result.created, messageId: result.message.id };
}

/** Marks what the other participant sent as read; tells the sender ('Seen') and the viewer's other tabs. */
export async function markThreadRead(deps: MessagingDeps, viewer: Viewer | null | undefined, threadId: string) {
  const thread = await requireParticipant(deps.prisma, viewer, threadId);
  const uid = viewer!.uid;
  const side = thread.renterId === uid ? 'renterReadAt' : 'agentReadAt';
  const [{ count }] = await deps.prisma.$transaction([
    deps.prisma.message.updateMany({
      where: { threadId: thread.id, isRead: false, senderId: { not: uid } },
      data: { isRead: true },
    }),
    deps.prisma.thread.update({ where: { id: thread.id }, data: { [side]: new Date() }, select: { id: true } }),
  ]);
  if (count > 0)
    eventsOf(deps.prisma).publish({ type: 'thread.read', threadId: thread.id, userId: uid, at: new Date().toISOString() });
  return { threadId: thread.id, marked: count };
}

/** 'Typing…' for the other participant: nothing is stored. */
export async function setTyping(deps: MessagingDeps, viewer: Viewer | null | undefined, threadId: string, typing: boolean) {
  const thread = await requireParticipant(deps.prisma, viewer, threadId);
  await limit(deps.limits.typing, viewer!.uid, messages.typingTooQuickly);
  eventsOf(deps.prisma).publish({ type: 'thread.typing', threadId: thread.id, userId: viewer!.uid, typing });
  return true;
}

/** The renter has seen the prompt to rate the agent (it is shown once). */
export async function dismissRatingPrompt(deps: MessagingDeps, viewer: Viewer | null | undefined, threadId: string) {
  const thread = await requireParticipant(deps.prisma, viewer, threadId);
  if (thread.renterId === viewer!.uid) {
    await deps.prisma.thread.updateMany({
      where: { id: thread.id, userRatingPromptSent: false },
      data: { userRatingPromptSent: true, userRatingPromptAt: new Date() },
    });
  }
  return thread.id;
}

/**
 * Hands a listing's conversations to another agent (the listing changed hands): the previous agent
 * stops receiving at once — their open subscriptions re-check access on the 'access' event.
 */
export async function handOverThreads(deps: Pick<MessagingDeps, 'prisma'>, propertyId: string, agentUserId: string) {
  const threads = await deps.prisma.thread.findMany({
    where: { propertyId, agentUserId: { not: agentUserId }, renterId: { not: agentUserId } },
    select: { id: true, agentUserId: true },
  });
  if (!threads.length) return 0;
  await deps.prisma.thread.updateMany({ where: { id: { in: threads.map((t) => t.id) } }, data: { agentUserId } });
  for (const t of threads)
    eventsOf(deps.prisma).publish({
      type: 'thread.handedOver',
      threadId: t.id,
      fromUserId: t.agentUserId,
      toUserId: agentUserId,
    });
  return threads.length;
}

// --- reads -------------------------------------------------------------------------------------------

export function clampPage(first: number | null | undefined, def: number, max: number) {
  if (first == null || !Number.isFinite(first)) return def;
  return Math.min(max, Math.max(1, Math.trunc(first)));
}

/** A page of a thread's messages, newest page first, each page in chronological order. */
/** A Prisma `select` or `include` (from Pothos' queryFromInfo); the keyset columns are added to a select. */
export type RowQuery = { select?: Record<string, unknown>; include?: Record<string, unknown> };

function withKeys(query: RowQuery, keys: Record<string, true>): RowQuery {
  return query.select ? { select: { ...query.select, ...keys } } : query.include ? { include: query.include } : {};
}

export async function messagesPage(
  prisma: PrismaClient,
  threadId: string,
  args: { first?: number | null; before?: string | null },
  query: RowQuery = {},
) {
  const take = clampPage(args.first, MESSAGE_RULES.pageDefault, MESSAGE_RULES.pageMax);
  const cursor = args.before ? decodeMessageCursor(args.before) : null;
  const rows = (await prisma.message.findMany({
    where: {
      threadId,
      ...(cursor
        ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: take + 1,
    ...withKeys(query, { id: true, createdAt: true }),
  })) as Array<{ id: string; createdAt: Date }>;
  const hasOlder = rows.length > take;
  const items = rows.slice(0, take).reverse();
  return { items, hasOlder, olderCursor: hasOlder && items[0] ? encodeMessageCursor(items[0]) : null };
}

/**
 * The messages of a thread after a cursor, as its participant may read them: null when the viewer no
 * longer takes part in the thread (one statement).
 */
export async function messagesAfter(prisma: PrismaClient, threadId: string, uid: string, after: MessageCursor | null) {
  const where = threadWhere(threadId, uid);
  if (!where) return null;
  const thread = await prisma.thread.findFirst({
    where,
    select: {
      messages: {
        where: after
          ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
          : undefined,
        orderBy: [{ createdAt: after ? 'asc' : 'desc' }, { id: after ? 'asc' : 'desc' }],
        take: after ? 200 : 1,
        select: { id: true, createdAt: true },
      },
    },
  });
  return thread ? thread.messages : null;
}

type SharedRead = Promise<{ renterId: string; agentUserId: string; messages: Array<{ id: string; createdAt: Date }> } | null>;
const eventReads = new WeakMap<object, Map<string, SharedRead>>();

/**
 * `messagesAfter` for the live subscribers of a thread (issue 25 item 5): all of this instance's
 * subscribers handling one event (the same event object reaches each of them) with the same cursor
 * share one read, and each one's access is checked from the participants that read returned. One
 * message to a thread watched by 2,500 subscriptions costs one read, not 2,500.
 */
export async function messagesAfterEvent(
  prisma: PrismaClient,
  threadId: string,
  uid: string,
  after: MessageCursor,
  event: object,
): Promise<Array<{ id: string; createdAt: Date }> | null> {
  if (!uuid.test(threadId)) return null;
  let reads = eventReads.get(event);
  if (!reads) {
    reads = new Map();
    eventReads.set(event, reads);
  }
  const key = `${threadId}|${after.createdAt.toISOString()}|${after.id}`;
  let read = reads.get(key);
  if (!read) {
    read = prisma.thread.findUnique({
      where: { id: threadId },
      select: {
        renterId: true,
        agentUserId: true,
        messages: {
          where: { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] },
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          take: 200,
          select: { id: true, createdAt: true },
        },
      },
    });
    reads.set(key, read);
  }
  const thread = await read;
  return thread && takesPart(thread, uid) ? thread.messages : null;
}

const rowReads = new Map<string, Promise<unknown>>();

/**
 * One read of a row for every caller asking for it with the same query at the same time (live
 * subscribers resolving the message an event brought): the first read is shared while in flight,
 * never kept after it.
 */
export function sharedRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  let pending = rowReads.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = read().finally(() => rowReads.delete(key));
    rowReads.set(key, pending);
  }
  return pending;
}

/** Messages the viewer has not read yet, over all their conversations (the header's badge). */
export async function unreadCount(prisma: PrismaClient, uid: string): Promise<number> {
  return countRows(
    prisma,
    Prisma.sql`SELECT count(*)::int AS n FROM "Message" m JOIN "Thread" t ON t."id" = m."threadId"
      WHERE m."isRead" = false AND m."senderId" <> ${uid} AND ${participantSql(uid)}`,
    () => prisma.message.count({ where: { isRead: false, senderId: { not: uid }, thread: participantWhere(uid) } }),
  );
}

export async function threadsPage(
  prisma: PrismaClient,
  uid: string,
  args: { first?: number | null; after?: string | null },
  query: RowQuery = {},
) {
  const take = clampPage(args.first, MESSAGE_RULES.threadsPageDefault, MESSAGE_RULES.threadsPageMax);
  const cursor = args.after ? decodeThreadCursor(args.after) : null;
  const rows = (await prisma.thread.findMany({
    where: {
      AND: [
        participantWhere(uid),
        cursor
          ? {
              OR: [
                { lastMessageAt: { lt: cursor.lastMessageAt } },
                { lastMessageAt: cursor.lastMessageAt, id: { lt: cursor.id } },
              ],
            }
          : {},
      ],
    },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: take + 1,
    ...withKeys(query, { id: true, lastMessageAt: true }),
  })) as Array<{ id: string; lastMessageAt: Date }>;
  const hasMore = rows.length > take;
  const items = rows.slice(0, take);
  return { items, hasMore, endCursor: hasMore && items.length ? encodeThreadCursor(items.at(-1)!) : null };
}

export type { RateLimits };

/** A message's text for whoever reads it now: a step the app wrote, in the reader's language; else as written. */
export function messageText(m: { content: string; event?: unknown }): string {
  return (m.event === null || m.event === undefined ? null : renderMessageEvent(m.event)) ?? m.content;
}

import { PAGE_LIMITS } from '../../../common/page-limits.js';
import http from 'node:http';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Prisma } from '../../db/generated/prisma/client.js';
import { AppError, fromZod, toAppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { HTTP_STATUS } from '../../http/errors.js';
import { requireViewer } from '../../core/authz.js';
import { providerUnavailableMessage } from '../auth/index.js';
import { noStore } from '../listings/index.rest.js';
import { listingKeyWhere, listingWhere } from '../listings/index.js';
import { canManageListing } from '../listings/index.js';
import {
  decodeMessageCursor,
  encodeMessageCursor,
  MESSAGE_RULES,
  messageText,
  NO_TITLE,
  participantWhere,
  sendMessage,
  sendMessageSchema,
  startThread,
  threadsPage,
  type MessageCursor,
  type MessagingDeps,
} from './messaging.service.js';
import { refusalWarning } from '../moderation/index.js';
import { jsonBody } from '../../http/locale.js';

/**
 * The messaging shims of SPEC part 7 (issue 9, item 10), thin handlers over the messaging service;
 * sign-in required everywhere, and only a conversation's two participants read or write in it.
 *
 * - POST /api/threads `{propertySlug | propertyId | agentId, firstMessage, subject?}` → `{ok, threadId, error}`
 *   (201 for a new conversation, 200 when the viewer's existing one about the listing is reopened).
 * - GET /api/threads `?limit=&cursor=` → `{ok, items, nextCursor}`, most recent first.
 * - GET /api/messages `?userId=&limit=&cursor=` → `{items, nextCursor}`: the viewer's messages, newest first.
 * - GET /api/conversations `?userId=&recipientId=&propertyId=&limit=&cursor=` → `{items, nextCursor}`: the
 *   messages between the viewer and one other person, chronological (the newest page; `nextCursor` asks for
 *   the page before it).
 * - POST /api/messages `{fromUserId, toUserId, propertyId?, subject?, content}` → the Message (201); with
 *   `warning: {reason, phrase, message}` when the listing's side refused rental assistance (delivered and flagged).
 *
 * Failures answer `{ error, code }` with the mapped status (the threads calls inside their documented
 * envelope), and a 429 carries Retry-After. Messages never carry an e-mail address or a phone number.
 */

export const REST_MESSAGES_MAX_PAGE = PAGE_LIMITS.restMessages.max;

// --- input -------------------------------------------------------------------------------------------

const content = sendMessageSchema.shape.content;
const subject = sendMessageSchema.shape.subject;
const key = z.string({ error: 'must be text' }).trim().min(1, 'is required').max(200, 'is too long');
const userKey = z.string({ error: 'is required' }).trim().min(1, 'is required').max(128, 'is too long');

const limitParam = z
  .string()
  .regex(/^\d{1,3}$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1, 'must be at least 1').max(REST_MESSAGES_MAX_PAGE, `must be at most ${REST_MESSAGES_MAX_PAGE}`))
  .optional();
const cursorParam = z.string().min(1).max(500).optional();

const startThreadBody = z
  .object({
    propertySlug: key.nullish(),
    propertyId: key.nullish(),
    agentId: key.nullish(),
    firstMessage: content,
    subject,
  })
  .refine((b) => Boolean(b.propertySlug || b.propertyId) !== Boolean(b.agentId), {
    message: 'Name the listing (propertySlug or propertyId) or an agent (agentId)',
    path: ['propertySlug'],
  });

const sendMessageBody = z.object({
  fromUserId: userKey,
  toUserId: userKey,
  propertyId: key.nullish(),
  subject,
  content,
});

const pageQuery = z.object({ limit: limitParam, cursor: cursorParam });
const messagesQuery = pageQuery.extend({ userId: userKey.optional() });
const conversationQuery = pageQuery.extend({ userId: userKey.optional(), recipientId: userKey, propertyId: key.optional() });

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

/** `?userId=` may only name the viewer (the documented clients send their own id). */
function requireSelf(viewerUid: string, userId: string | undefined, what: string) {
  if (userId !== undefined && userId !== viewerUid) throw new AppError('FORBIDDEN', `You can only ${what}.`);
}

// --- output ------------------------------------------------------------------------------------------

const personSelect = { firstName: true, lastName: true, photoUrl: true } as const;

/** A message with what the REST shape needs, in one statement (the thread and both people are joined). */
export const restMessageSelect = {
  id: true,
  threadId: true,
  senderId: true,
  subject: true,
  content: true,
  event: true,
  isRead: true,
  createdAt: true,
  thread: {
    select: {
      propertyId: true,
      renterId: true,
      agentUserId: true,
      renter: { select: personSelect },
      agent: { select: personSelect },
    },
  },
} as const satisfies Prisma.MessageSelect;

type RestMessageRow = Prisma.MessageGetPayload<{ select: typeof restMessageSelect }>;
type Person = { firstName: string; lastName: string; photoUrl: string | null };

const person = (p: Person) => ({ firstName: p.firstName, lastName: p.lastName, avatar: p.photoUrl });

/** SPEC part 3's Message: names and photos of both people, never their e-mail or phone. */
export function toRestMessage(m: RestMessageRow) {
  const t = m.thread;
  const fromRenter = m.senderId === t.renterId;
  return {
    id: m.id,
    threadId: m.threadId,
    fromUserId: m.senderId,
    toUserId: fromRenter ? t.agentUserId : t.renterId,
    fromUser: person(fromRenter ? t.renter : t.agent),
    toUser: person(fromRenter ? t.agent : t.renter),
    propertyId: t.propertyId,
    subject: m.subject,
    content: messageText(m),
    isRead: m.isRead,
    createdAt: m.createdAt.toISOString(),
  };
}

const participantSelect = { id: true, firstName: true, lastName: true, photoUrl: true } as const;

function threadItemSelect(uid: string) {
  return {
    id: true,
    status: true,
    lastMessageAt: true,
    propertyId: true,
    agentUserId: true,
    listingTitle: true,
    property: { select: { title: true } },
    agent: { select: participantSelect },
    renter: { select: participantSelect },
    messages: {
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: 1,
      select: { content: true, event: true, createdAt: true },
    },
    _count: { select: { messages: { where: { isRead: false, senderId: { not: uid } } } } },
  } as const satisfies Prisma.ThreadSelect;
}

type ThreadItemRow = Prisma.ThreadGetPayload<{ select: ReturnType<typeof threadItemSelect> }>;

const displayName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim() || 'Agent';

/** SPEC part 3's Thread as listed; `agent` (and `otherParticipant`) is the other person as the viewer sees them. */
function toRestThread(t: ThreadItemRow, uid: string) {
  const other = t.agentUserId === uid ? t.renter : t.agent;
  const last = t.messages[0];
  return {
    id: t.id,
    propertyTitle: t.property?.title || t.listingTitle || NO_TITLE,
    status: t.status.toLowerCase(),
    agent: { name: displayName(other), photoUrl: other.photoUrl },
    otherParticipant: { id: other.id, name: displayName(other), photoUrl: other.photoUrl },
    lastMessageText: last ? messageText(last) : '',
    lastMessageAt: (last?.createdAt ?? t.lastMessageAt).toISOString(),
    unreadCount: t._count.messages,
    propertyId: t.propertyId,
  };
}

// --- errors ------------------------------------------------------------------------------------------

/** The status and words of an error as the shared error handler gives them; null for an unexpected one (a 500). */
function clientError(err: unknown, req: Request) {
  const app = toAppError(err);
  if (app) {
    if (app.code === 'UNAUTHENTICATED' && req.auth?.unavailable)
      return {
        status: 503,
        error: providerUnavailableMessage(),
        code: 'SERVICE_UNAVAILABLE',
        retryAfter: null,
        providerDown: true,
      };
    const retry = app.details?.retryAfterSeconds;
    return {
      status: HTTP_STATUS[app.code],
      error: app.message,
      code: app.code,
      retryAfter: typeof retry === 'number' ? retry : null,
      providerDown: false,
    };
  }
  const status = (err as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  const exposed = (err as { expose?: boolean }).expose === true;
  return {
    status,
    error: exposed ? (err as Error).message : (http.STATUS_CODES[status] ?? 'Bad request'),
    code: undefined,
    retryAfter: null,
    providerDown: false,
  };
}

/** The threads calls answer failures inside their documented envelope (`{ ok: false, …, error }`). */
function envelopeErrors(envelope: Record<string, unknown>): ErrorRequestHandler {
  return (err, req, res, next) => {
    const e = clientError(err, req);
    if (!e) return next(err);
    if (e.code === 'SERVICE_UNAVAILABLE' && !e.providerDown)
      req.log?.warn({ err: (err as { cause?: unknown }).cause ?? err }, 'dependency unavailable');
    if (e.retryAfter !== null) res.set('Retry-After', String(e.retryAfter));
    res.status(e.status).json({ ok: false, ...envelope, error: e.error, ...(e.code ? { code: e.code } : {}) });
  };
}

/** The other calls use the shared error handler; a rate-limited answer tells when to try again. */
const retryAfterHeader: ErrorRequestHandler = (err, req, res, next) => {
  const e = clientError(err, req);
  if (e?.retryAfter != null) res.set('Retry-After', String(e.retryAfter));
  next(err);
};

// --- the conversation POST /api/messages writes in -------------------------------------------------------

const messages = defineMessages({
  noThreadAsAgent: {
    id: 'server.message.noThreadAsAgent',
    defaultMessage: 'You are the agent for this listing: the renter has to write to you first, then you can answer.',
  },
  noThread: {
    id: 'server.message.noThread',
    defaultMessage:
      'You have no conversation with this person. Conversations are started by renters, with an agent or about a listing.',
  },
});

/**
 * Sends in the conversation between the viewer and `toUserId` (about the listing, when named); when
 * there is none and the viewer is the renter side, starts it (a new thread, its inquiry counted).
 * Answers the new message's id, and the refusing phrase of an agent's message (issue 58 item 1).
 */
async function sendBetween(
  deps: MessagingDeps,
  req: Request,
  body: z.output<typeof sendMessageBody>,
): Promise<{ id: string; assistanceRefusal: string | null }> {
  const viewer = requireViewer(req.viewer);
  const me = viewer.uid;
  const to = body.toUserId;
  const listingKey = body.propertyId ? listingKeyWhere(body.propertyId) : null;
  if (body.propertyId && !listingKey) throw new AppError('NOT_FOUND', say('listingNotFound'));

  const existing = await deps.prisma.thread.findFirst({
    where: {
      AND: [
        {
          OR: [
            { renterId: me, agentUserId: to },
            { renterId: to, agentUserId: me },
          ],
        },
        listingKey ? { property: { is: listingKey } } : {},
      ],
    },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    select: { id: true },
  });
  if (existing) {
    const m = await sendMessage(deps, viewer, { threadId: existing.id, content: body.content, subject: body.subject });
    return { id: m.id, assistanceRefusal: m.assistanceRefusal };
  }

  if (body.propertyId) {
    const where = listingWhere(body.propertyId, viewer);
    const listing = where
      ? await deps.prisma.property.findFirst({
          where,
          select: { id: true, status: true, ownerId: true, agent: { select: { userId: true } } },
        })
      : null;
    if (!listing) throw new AppError('NOT_FOUND', say('listingNotFound'));
    if (canManageListing(viewer, listing)) throw new AppError('FORBIDDEN', formatMessage(messages.noThreadAsAgent));
    // The renter's conversation about the listing is with whoever answers for it; not with anyone else.
    const mine = await deps.prisma.thread.findFirst({ where: { propertyId: listing.id, renterId: me }, select: { id: true } });
    if (mine || (listing.agent?.userId ?? listing.ownerId) !== to)
      throw new AppError('BAD_USER_INPUT', 'toUserId: that person does not answer for this listing; write to its agent.');
    const r = await startThread(deps, viewer, { propertyId: listing.id, message: body.content, subject: body.subject });
    // The renter's side: never checked for refusals.
    return { id: r.messageId, assistanceRefusal: null };
  }

  // No listing named: a conversation with an agent directly (their profile's 'Send Message').
  const agent = await deps.prisma.agent.findUnique({ where: { userId: to }, select: { id: true } });
  if (!agent) throw new AppError('NOT_FOUND', formatMessage(messages.noThread));
  const r = await startThread(deps, viewer, { agentId: agent.id, message: body.content, subject: body.subject });
  return { id: r.messageId, assistanceRefusal: null };
}

// --- routes ------------------------------------------------------------------------------------------

/** Messages older than the cursor (pages go from the newest back). */
const olderThan = (c: MessageCursor | null): Prisma.MessageWhereInput =>
  c ? { OR: [{ createdAt: { lt: c.createdAt } }, { createdAt: c.createdAt, id: { lt: c.id } }] } : {};

export function messagingRoutes(deps: MessagingDeps): express.Router {
  const { prisma } = deps;
  const router = express.Router();
  const json = jsonBody({ limit: '32kb' });

  router.post(
    '/threads',
    noStore,
    json,
    async (req: Request, res: Response) => {
      const viewer = requireViewer(req.viewer);
      const body = parse(startThreadBody, req.body);
      const r = await startThread(deps, viewer, {
        propertyId: body.propertySlug || body.propertyId || null,
        agentId: body.agentId || null,
        message: body.firstMessage,
        subject: body.subject,
      });
      res.status(r.created ? 201 : 200).json({ ok: true, threadId: r.threadId, error: null });
    },
    envelopeErrors({ threadId: null }),
  );

  router.get(
    '/threads',
    noStore,
    async (req: Request, res: Response) => {
      const viewer = requireViewer(req.viewer);
      const q = parse(pageQuery, { limit: req.query.limit, cursor: req.query.cursor });
      const page = await threadsPage(
        prisma,
        viewer.uid,
        { first: q.limit ?? MESSAGE_RULES.threadsPageDefault, after: q.cursor ?? null },
        { select: threadItemSelect(viewer.uid) },
      );
      res.json({
        ok: true,
        items: (page.items as ThreadItemRow[]).map((t) => toRestThread(t, viewer.uid)),
        nextCursor: page.endCursor,
      });
    },
    envelopeErrors({ items: [] }),
  );

  router.get('/messages', noStore, async (req: Request, res: Response) => {
    const viewer = requireViewer(req.viewer);
    const q = parse(messagesQuery, { userId: req.query.userId, limit: req.query.limit, cursor: req.query.cursor });
    requireSelf(viewer.uid, q.userId, 'read your own messages');
    const take = q.limit ?? REST_MESSAGES_MAX_PAGE;
    const rows = await prisma.message.findMany({
      where: { AND: [{ thread: participantWhere(viewer.uid) }, olderThan(q.cursor ? decodeMessageCursor(q.cursor) : null)] },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: take + 1,
      select: restMessageSelect,
    });
    const items = rows.slice(0, take);
    res.json({ items: items.map(toRestMessage), nextCursor: rows.length > take ? encodeMessageCursor(items.at(-1)!) : null });
  });

  router.get('/conversations', noStore, async (req: Request, res: Response) => {
    const viewer = requireViewer(req.viewer);
    const q = parse(conversationQuery, {
      userId: req.query.userId,
      recipientId: req.query.recipientId,
      propertyId: req.query.propertyId,
      limit: req.query.limit,
      cursor: req.query.cursor,
    });
    requireSelf(viewer.uid, q.userId, 'read your own conversations');
    const me = viewer.uid;
    const other = q.recipientId;
    const listingKey = q.propertyId ? listingKeyWhere(q.propertyId) : null;
    if (q.propertyId && !listingKey) throw new AppError('NOT_FOUND', say('listingNotFound'));
    const take = q.limit ?? REST_MESSAGES_MAX_PAGE;
    // Only threads the viewer takes part in: the pair is the viewer and the other person, either way round.
    const rows = await prisma.message.findMany({
      where: {
        AND: [
          {
            thread: {
              OR: [
                { renterId: me, agentUserId: other },
                { renterId: other, agentUserId: me },
              ],
              ...(listingKey ? { property: { is: listingKey } } : {}),
            },
          },
          olderThan(q.cursor ? decodeMessageCursor(q.cursor) : null),
        ],
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: take + 1,
      select: restMessageSelect,
    });
    const items = rows.slice(0, take).reverse();
    res.json({ items: items.map(toRestMessage), nextCursor: rows.length > take ? encodeMessageCursor(items[0]!) : null });
  });

  router.post('/messages', noStore, json, async (req: Request, res: Response) => {
    const viewer = requireViewer(req.viewer);
    const body = parse(sendMessageBody, req.body);
    if (body.fromUserId !== viewer.uid)
      throw new AppError('FORBIDDEN', 'fromUserId must be your own user id: you can only send as yourself.');
    if (body.toUserId === viewer.uid) throw new AppError('FORBIDDEN', say('messageYourself'));
    const sent = await sendBetween(deps, req, body);
    const row = await prisma.message.findUniqueOrThrow({ where: { id: sent.id }, select: restMessageSelect });
    // A refusal of rental assistance is delivered, flagged, and the sender warned (issue 58 item 1).
    const warning = sent.assistanceRefusal ? refusalWarning(sent.assistanceRefusal) : null;
    res.status(201).json({ ...toRestMessage(row), ...(warning ? { warning } : {}) });
  });

  router.use(retryAfterHeader);
  return router;
}

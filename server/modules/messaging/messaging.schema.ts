import { queryFromInfo } from '@pothos/plugin-prisma';
import { builder } from '../../graphql/builder.js';
import { shownName } from '../../core/names.js';
import { keptQueryField } from '../../graphql/planned/index.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import { requireViewer } from '../../core/authz.js';
import {
  dismissRatingPrompt,
  markThreadRead,
  messagesAfter,
  messagesAfterEvent,
  sharedRead,
  messagesPage,
  messageText,
  NO_TITLE,
  requireParticipant,
  sendMessage,
  setTyping,
  startThread,
  threadsPage,
  threadWhere,
  unreadCount,
  type MessageCursor,
  type MessagingDeps,
  type RowQuery,
} from './messaging.service.js';
import { endsWithSource, inProcessRealtime, liveIds, type ThreadEvent } from '../../infra/realtime.js';

export function messagingDeps(ctx: GraphQLContext): MessagingDeps {
  return {
    prisma: ctx.prisma,
    realtime: ctx.realtime ?? inProcessRealtime(ctx.log, ctx.prisma),
    limits: ctx.limits ?? inProcessRateLimits(ctx.log),
  };
}

/** A participant's public face in a conversation: a name and a photo, never contact details. */
const participantSelect = {
  id: true,
  firstName: true,
  lastName: true,
  photoUrl: true,
  role: true,
  agent: { select: { id: true } },
} as const;

interface ParticipantShape {
  id: string;
  firstName: string;
  lastName: string;
  photoUrl: string | null;
  role: string;
  agent: { id: string } | null;
}

export const ParticipantRef = builder.objectRef<ParticipantShape>('Participant').implement({
  description: 'Someone taking part in a conversation, as the other participant sees them (name and photo only).',
  fields: (t) => ({
    id: t.exposeID('id', { description: "The person's user id." }),
    // A deleted account's name in the reader's language (shownName).
    firstName: t.string({ resolve: (p) => shownName(p).firstName }),
    lastName: t.string({ resolve: (p) => shownName(p).lastName }),
    name: t.string({
      resolve: (p) => {
        const shown = shownName(p);
        return `${shown.firstName} ${shown.lastName}`.trim() || (p.role === 'AGENT' ? 'Agent' : 'Renter');
      },
    }),
    photoUrl: t.exposeString('photoUrl', { nullable: true }),
    isAgent: t.boolean({ resolve: (p) => p.role === 'AGENT' }),
    agentId: t.id({ nullable: true, description: 'Their agent profile, if they have one.', resolve: (p) => p.agent?.id ?? null }),
  }),
});

export const ThreadStatusEnum = builder.enumType('ThreadStatus', { values: ['OPEN', 'CLOSED', 'ARCHIVED'] as const });

export const MessageRef = builder.prismaObject('Message', {
  description: 'One message in a conversation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    threadId: t.exposeID('threadId'),
    content: t.string({
      description:
        "Plain text (never HTML). A message the app wrote for a step (a tour's, a withdrawn listing's) is given in the reader's language.",
      select: { content: true, event: true },
      resolve: (m) => messageText(m),
    }),
    subject: t.exposeString('subject', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    isRead: t.exposeBoolean('isRead', { description: 'Read by the recipient.' }),
    isMine: t.boolean({
      select: { senderId: true },
      resolve: (m, _args, ctx) => m.senderId === ctx.viewer?.uid,
    }),
    assistanceRefusal: t.string({
      nullable: true,
      description:
        "To its sender only: the part of this message that refuses rental assistance ('no vouchers', 'Section 8: no'), which the " +
        'sender is warned of (source-of-income discrimination is illegal in New York City); the message was delivered and flagged ' +
        'for the moderators. Null for anyone else, and for a message that refuses nothing.',
      select: { senderId: true, flag: { select: { phrase: true } } },
      resolve: (m, _args, ctx) => (m.senderId === ctx.viewer?.uid ? (m.flag?.phrase ?? null) : null),
    }),
    sender: t.field({
      type: ParticipantRef,
      select: { sender: { select: participantSelect } },
      resolve: (m) => m.sender,
    }),
  }),
});

const MessagePageRef = builder
  .objectRef<{ items: unknown[]; hasOlder: boolean; olderCursor: string | null }>('MessagePage')
  .implement({
    description: 'A page of messages in chronological order; `olderCursor` asks for the page before it.',
    fields: (t) => ({
      items: t.field({ type: [MessageRef], resolve: (p) => p.items as never }),
      hasOlder: t.exposeBoolean('hasOlder'),
      olderCursor: t.exposeString('olderCursor', { nullable: true }),
    }),
  });

const RatingPromptRef = builder.objectRef<{ agentId: string; agentName: string }>('RatingPrompt').implement({
  description: "Shown once to the renter after the agent's first answer: rate the agent.",
  fields: (t) => ({
    agentId: t.exposeID('agentId'),
    agentName: t.exposeString('agentName'),
  }),
});

/**
 * The renter's one prompt to rate the agent (issue 59 item 8): after a tour that took place, not after
 * the agent's first reply (a reply is no experience to rate); once (dismissRatingPrompt when shown); and
 * not to a renter who has rated the agent already, whatever the conversation.
 */
function ratingPromptOf(
  th: {
    renterId: string;
    userRatingPromptSent: boolean | null;
    _count: { tours: number };
    agent: { firstName: string; lastName: string; agent: { id: string; _count: { reviews: number } } | null };
  },
  viewerId: string | null,
): { agentId: string; agentName: string } | null {
  if (th.renterId !== viewerId || th.userRatingPromptSent || th._count.tours === 0) return null;
  const agent = th.agent.agent;
  if (!agent || agent._count.reviews > 0) return null;
  const shown = shownName(th.agent);
  return { agentId: agent.id, agentName: `${shown.firstName} ${shown.lastName}`.trim() || 'Agent' };
}

export const ThreadRef = builder.prismaObject('Thread', {
  description: 'A conversation between a renter and the agent (or owner) of a listing.',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: ThreadStatusEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime' }),
    firstContactAt: t.expose('firstContactAt', { type: 'DateTime' }),
    agentFirstResponseAt: t.expose('agentFirstResponseAt', { type: 'DateTime', nullable: true }),
    property: t.relation('property', { nullable: true, description: 'The listing, unless it was deleted or none was named.' }),
    title: t.string({
      description: "The listing's title (kept when it was deleted), or 'Property Inquiry'.",
      select: { listingTitle: true, property: { select: { title: true } } },
      resolve: (th) => th.property?.title ?? th.listingTitle ?? NO_TITLE,
    }),
    viewerIsAgent: t.boolean({
      description: 'Whether the viewer is the agent side of the conversation.',
      select: { agentUserId: true },
      resolve: (th, _a, ctx) => th.agentUserId === ctx.viewer?.uid,
    }),
    agent: t.field({ type: ParticipantRef, select: { agent: { select: participantSelect } }, resolve: (th) => th.agent }),
    renter: t.field({ type: ParticipantRef, select: { renter: { select: participantSelect } }, resolve: (th) => th.renter }),
    otherParticipant: t.field({
      type: ParticipantRef,
      select: { agentUserId: true, agent: { select: participantSelect }, renter: { select: participantSelect } },
      resolve: (th, _a, ctx) => (th.agentUserId === ctx.viewer?.uid ? th.renter : th.agent),
    }),
    lastMessage: t.field({
      type: MessageRef,
      nullable: true,
      select: (_args, _ctx, nested) => ({
        messages: nested({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1 }),
      }),
      resolve: (th) => th.messages[0] ?? null,
    }),
    unreadCount: t.int({
      description: 'Messages from the other participant the viewer has not read.',
      select: (_args, ctx) => ({
        _count: { select: { messages: { where: { isRead: false, senderId: { not: ctx.viewer?.uid ?? '' } } } } },
      }),
      resolve: (th) => th._count.messages,
    }),
    seenUpTo: t.field({
      type: 'DateTime',
      nullable: true,
      description: "When the other participant last read the conversation: the viewer's messages sent before it were seen.",
      select: { renterId: true, renterReadAt: true, agentReadAt: true },
      resolve: (th, _a, ctx) => (th.renterId === ctx.viewer?.uid ? th.agentReadAt : th.renterReadAt),
    }),
    ratingPrompt: t.field({
      type: RatingPromptRef,
      nullable: true,
      description:
        "For the renter, once a tour of theirs in this conversation has taken place (a confirmed tour's time is over), shown once, and never once they have rated the agent: rate the agent.",
      select: (_args, ctx) => ({
        renterId: true,
        userRatingPromptSent: true,
        _count: { select: { tours: { where: { status: 'CONFIRMED' as const, endsAt: { lte: new Date() } } } } },
        agent: {
          select: {
            firstName: true,
            lastName: true,
            agent: { select: { id: true, _count: { select: { reviews: { where: { authorId: ctx.viewer?.uid ?? '' } } } } } },
          },
        },
      }),
      resolve: (th, _a, ctx) => ratingPromptOf(th, ctx.viewer?.uid ?? null),
    }),
    messages: t.field({
      type: MessagePageRef,
      description: 'Newest page first; pass `olderCursor` as `before` for the page before it.',
      args: { first: t.arg.int({ required: false }), before: t.arg.string({ required: false }) },
      resolve: (th, args, ctx, info) => {
        const query = queryFromInfo({ context: ctx, info, typeName: 'Message', path: ['items'] });
        return messagesPage(ctx.prisma, th.id, { first: args.first, before: args.before }, query as RowQuery);
      },
    }),
  }),
});

const ThreadPageRef = builder
  .objectRef<{ items: unknown[]; hasMore: boolean; endCursor: string | null }>('ThreadPage')
  .implement({
    description: "The viewer's conversations, most recent first.",
    fields: (t) => ({
      items: t.field({ type: [ThreadRef], resolve: (p) => p.items as never }),
      hasMore: t.exposeBoolean('hasMore'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });

const ThreadActivityKind = builder.enumType('ThreadActivityKind', { values: ['TYPING', 'STOPPED_TYPING', 'READ'] as const });

const ThreadActivityRef = builder
  .objectRef<{ threadId: string; userId: string; kind: 'TYPING' | 'STOPPED_TYPING' | 'READ'; at: Date }>('ThreadActivity')
  .implement({
    description: 'Something the other participant did in a conversation: typing, or reading.',
    fields: (t) => ({
      threadId: t.exposeID('threadId'),
      userId: t.exposeID('userId'),
      kind: t.field({ type: ThreadActivityKind, resolve: (a) => a.kind }),
      at: t.expose('at', { type: 'DateTime' }),
    }),
  });

/** `property.viewerThreadId`: the viewer's conversation about this listing, if any (compose reopens it). */
builder.prismaObjectField('Property', 'viewerThreadId', (t) =>
  t.id({
    nullable: true,
    description: "The signed-in viewer's conversation about this listing, if they started one.",
    select: (_args, ctx) =>
      ctx.viewer ? { threads: { where: { renterId: ctx.viewer.uid }, select: { id: true }, take: 1 } } : {},
    resolve: (p) => (p as { threads?: Array<{ id: string }> }).threads?.[0]?.id ?? null,
  }),
);

builder.queryFields((t) => ({
  threads: t.field({
    type: ThreadPageRef,
    description: "The viewer's conversations, most recent first (UNAUTHENTICATED when signed out).",
    args: { first: t.arg.int({ required: false }), after: t.arg.string({ required: false }) },
    // The planned path runs the same resolver with the query it kept (graphql/planned/).
    ...keptQueryField(
      { typeName: 'Thread', path: ['items'] },
      (query: RowQuery, _root, args: { first?: number | null; after?: string | null }, ctx) =>
        threadsPage(ctx.prisma, requireViewer(ctx.viewer).uid, args, query),
    ),
  }),
  thread: t.prismaField({
    type: 'Thread',
    nullable: true,
    description: "One of the viewer's conversations; null when it does not exist or the viewer is not in it.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const where = threadWhere(String(args.id), viewer.uid);
      return where ? ctx.prisma.thread.findFirst({ ...query, where }) : null;
    },
  }),
  unreadMessagesCount: t.int({
    description: 'Messages the viewer has not read, over all conversations (0 when signed out).',
    resolve: (_root, _args, ctx) => (ctx.viewer ? unreadCount(ctx.prisma, ctx.viewer.uid) : 0),
  }),
}));

builder.mutationFields((t) => ({
  startThread: t.prismaField({
    type: 'Thread',
    description:
      'Starts a conversation about a listing (propertyId: id or slug) or with an agent (agentId), or reopens the existing one, and sends its first message.',
    args: {
      propertyId: t.arg.id({ required: false }),
      agentId: t.arg.id({ required: false }),
      message: t.arg.string({ required: true }),
      subject: t.arg.string({ required: false }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await startThread(messagingDeps(ctx), ctx.viewer, {
        propertyId: args.propertyId == null ? null : String(args.propertyId),
        agentId: args.agentId == null ? null : String(args.agentId),
        message: args.message,
        subject: args.subject,
      });
      return ctx.prisma.thread.findUniqueOrThrow({ ...query, where: { id: r.threadId } });
    },
  }),
  sendMessage: t.prismaField({
    type: 'Message',
    description:
      "Sends a message in one of the viewer's conversations. The subject is kept on a first message only. A message of the " +
      "listing's side that refuses rental assistance is delivered, flagged for the moderators, and answered with `assistanceRefusal`.",
    args: {
      threadId: t.arg.id({ required: true }),
      content: t.arg.string({ required: true }),
      subject: t.arg.string({ required: false }),
    },
    resolve: async (query, _root, args, ctx) => {
      const r = await sendMessage(messagingDeps(ctx), ctx.viewer, {
        threadId: String(args.threadId),
        content: args.content,
        subject: args.subject,
      });
      return ctx.prisma.message.findUniqueOrThrow({ ...query, where: { id: r.id } });
    },
  }),
  markThreadRead: t.prismaField({
    type: 'Thread',
    description: 'Marks what the other participant sent in the conversation as read.',
    args: { threadId: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const r = await markThreadRead(messagingDeps(ctx), ctx.viewer, String(args.threadId));
      return ctx.prisma.thread.findUniqueOrThrow({ ...query, where: { id: r.threadId } });
    },
  }),
  setTyping: t.boolean({
    description: 'Tells the other participant the viewer is typing (or stopped). Nothing is stored.',
    args: { threadId: t.arg.id({ required: true }), typing: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setTyping(messagingDeps(ctx), ctx.viewer, String(args.threadId), args.typing),
  }),
  dismissRatingPrompt: t.prismaField({
    type: 'Thread',
    description: 'The renter saw the prompt to rate the agent; it is not shown again.',
    args: { threadId: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const id = await dismissRatingPrompt(messagingDeps(ctx), ctx.viewer, String(args.threadId));
      return ctx.prisma.thread.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));

// --- subscriptions -----------------------------------------------------------------------------------

const messages = defineMessages({
  accessEnded: { id: 'server.message.accessEnded', defaultMessage: 'You are no longer part of this conversation.' },
});
const accessEnded = () => new AppError('FORBIDDEN', formatMessage(messages.accessEnded));

/** A subscriber re-reads once this long after subscribing: covers what was sent while its Redis SUBSCRIBE was in flight. */
const CATCH_UP_AFTER_MS = 1_000;

/**
 * New messages of a thread, in order, for its participants. The listener is registered before the
 * cursor is read; each event (or a resync after a Redis outage, or the one catch-up read) reads every
 * message after the last one delivered, so a lost or reordered event costs nothing. The read also
 * re-checks that the viewer still takes part (one statement): a removed participant's stream ends.
 */
function messageIds(ctx: GraphQLContext, threadId: string, uid: string): AsyncGenerator<string> {
  const { prisma } = ctx;
  const events = messagingDeps(ctx).realtime.threadEvents(threadId);
  return endsWithSource(
    events,
    (async function* () {
      let pending = events.next();
      let catchUpTimer: NodeJS.Timeout | undefined;
      try {
        const latest = await messagesAfter(prisma, threadId, uid, null);
        if (!latest) throw accessEnded();
        let cursor: MessageCursor = latest[0] ?? { createdAt: new Date(0), id: '00000000-0000-0000-0000-000000000000' };
        let catchUp: Promise<'catch-up'> | null = new Promise((resolve) => {
          catchUpTimer = setTimeout(() => resolve('catch-up'), CATCH_UP_AFTER_MS);
        });
        for (;;) {
          const r = await (catchUp ? Promise.race([pending, catchUp]) : pending);
          let event: object | null = null;
          if (r === 'catch-up') {
            catchUp = null;
          } else {
            if (r.done) return;
            pending = events.next();
            if (r.value.kind === 'typing' || r.value.kind === 'read') continue;
            if (r.value.kind === 'message') event = r.value;
          }
          // A message event is read once for every subscriber of this instance (messagesAfterEvent).
          const fresh = event
            ? await messagesAfterEvent(prisma, threadId, uid, cursor, event)
            : await messagesAfter(prisma, threadId, uid, cursor);
          if (!fresh) throw accessEnded();
          for (const m of fresh) {
            cursor = m;
            yield m.id;
          }
        }
      } finally {
        clearTimeout(catchUpTimer);
        await events.return?.();
      }
    })(),
  );
}

function activity(ctx: GraphQLContext, threadId: string) {
  const viewer = requireViewer(ctx.viewer);
  const events = messagingDeps(ctx).realtime.threadEvents(threadId);
  return endsWithSource(
    events,
    (async function* () {
      try {
        for await (const event of events) {
          const e = event as ThreadEvent | { kind: 'resync' };
          if (e.kind === 'access') {
            const still = await ctx.prisma.thread.findFirst({ where: threadWhere(threadId, viewer.uid)!, select: { id: true } });
            if (!still) throw accessEnded();
            continue;
          }
          if (e.kind !== 'typing' && e.kind !== 'read') continue;
          if (e.userId === viewer.uid) continue; // the viewer's own signals are not news to them
          yield {
            threadId,
            userId: e.userId,
            kind: e.kind === 'read' ? ('READ' as const) : e.typing ? ('TYPING' as const) : ('STOPPED_TYPING' as const),
            at: e.kind === 'read' ? new Date(e.at) : new Date(),
          };
        }
      } finally {
        await events.return?.();
      }
    })(),
  );
}

/** The viewer's conversations that changed (a message either way, a read): one thread at a time. */
function inboxThreadIds(ctx: GraphQLContext): AsyncGenerator<string> {
  const viewer = requireViewer(ctx.viewer);
  return liveIds(messagingDeps(ctx).realtime.userEvents(viewer.uid), 'thread', async (event) => {
    const where = threadWhere(event.threadId, viewer.uid);
    return where ? await ctx.prisma.thread.findFirst({ where, select: { id: true } }) : null;
  });
}

builder.subscriptionType({});

builder.subscriptionFields((t) => ({
  messageAdded: t.prismaField({
    type: 'Message',
    description: "New messages of one of the viewer's conversations, in order (refused at subscribe time for anyone else).",
    args: { threadId: t.arg.id({ required: true }) },
    // Refused at subscribe time (an error answer, the socket stays open) unless the viewer takes part.
    subscribe: async (_root, args, ctx) => {
      const thread = await requireParticipant(ctx.prisma, ctx.viewer, String(args.threadId));
      return messageIds(ctx, thread.id, ctx.viewer!.uid);
    },
    // Every subscriber resolving the message at once with the same selection shares one read.
    resolve: (query, messageId, _args, ctx) =>
      sharedRead(`message|${String(messageId)}|${JSON.stringify(query)}`, () =>
        ctx.prisma.message.findUniqueOrThrow({ ...query, where: { id: messageId as unknown as string } }),
      ),
  }),
  inboxChanged: t.prismaField({
    type: 'Thread',
    description: "One of the viewer's conversations changed: a new message (either way) or a read.",
    subscribe: (_root, _args, ctx) => {
      requireViewer(ctx.viewer);
      return inboxThreadIds(ctx);
    },
    resolve: (query, threadId, _args, ctx) =>
      ctx.prisma.thread.findUniqueOrThrow({ ...query, where: { id: threadId as unknown as string } }),
  }),
  threadActivity: t.field({
    type: ThreadActivityRef,
    description: "The other participant's typing and reading in one of the viewer's conversations.",
    args: { threadId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const thread = await requireParticipant(ctx.prisma, ctx.viewer, String(args.threadId));
      return activity(ctx, thread.id);
    },
    resolve: (payload) => payload,
  }),
}));

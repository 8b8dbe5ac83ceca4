import { builder } from '../../graphql/builder.js';
import { messageFlagQueue, MESSAGE_FLAGS_MAX, resolveMessageFlag, type MessageFlagCase } from './message-flags.service.js';

/**
 * Messages flagged by the system over GraphQL (issue 58 item 1): the moderators' list and their
 * decision. Rules live in message-flags.service.ts.
 */

export const MessageFlagReasonEnum = builder.enumType('MessageFlagReason', {
  description: 'Why the system flagged a message.',
  values: {
    SOURCE_OF_INCOME: { description: 'It refuses rental assistance (source-of-income discrimination).' },
  } as const,
});

const MessageFlagRef = builder.objectRef<MessageFlagCase>('MessageFlag').implement({
  description: "A message the system flagged for the moderators: an agent's message that refuses rental assistance.",
  fields: (t) => ({
    id: t.exposeID('id'),
    reason: t.field({ type: MessageFlagReasonEnum, resolve: (f) => f.reason }),
    phrase: t.exposeString('phrase', { description: 'The refusing part of the message.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    messageId: t.exposeID('messageId'),
    content: t.exposeString('content', { description: 'The whole message, as sent.' }),
    senderName: t.exposeString('senderName'),
    senderEmail: t.exposeString('senderEmail'),
    listingSlug: t.exposeString('listingSlug', { nullable: true, description: 'The listing the conversation is about, if any.' }),
    listingTitle: t.exposeString('listingTitle', { nullable: true }),
  }),
});

const ResolveMessageFlagPayloadRef = builder.objectRef<{ id: string; resolved: boolean }>('ResolveMessageFlagPayload').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    resolved: t.exposeBoolean('resolved'),
  }),
});

builder.queryFields((t) => ({
  messageFlags: t.field({
    type: [MessageFlagRef],
    description: `Admins only: messages the system flagged, not yet resolved, newest first (at most ${MESSAGE_FLAGS_MAX}). Errors: UNAUTHENTICATED, FORBIDDEN.`,
    resolve: (_root, _args, ctx) => messageFlagQueue(ctx.prisma, ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  resolveMessageFlag: t.field({
    type: ResolveMessageFlagPayloadRef,
    description:
      'Admins only: a flagged message was dealt with; it leaves the list (audited). Errors: UNAUTHENTICATED, FORBIDDEN, NOT_FOUND.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => resolveMessageFlag(ctx.prisma, ctx.viewer, String(args.id)),
  }),
}));

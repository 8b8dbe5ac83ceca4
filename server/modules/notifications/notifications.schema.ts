import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { builder } from '../../graphql/builder.js';
import { NotificationKindValues } from '../../../common/options.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { AppError } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { requireViewer } from '../../core/authz.js';
import { isUuid } from '../../core/ids.js';
import { inProcessRealtime, liveIds } from '../../infra/realtime.js';
import { unreadNotificationCount } from './notifications.service.js';

/** The in-app notification centre (issue 14): the header's bell, its panel, and live arrivals. */
export const NotificationKindEnum = builder.enumType('NotificationKind', {
  values: NotificationKindValues,
});

export const NotificationRef = builder.prismaObject('Notification', {
  description: 'Something the app tells one user (a saved-search match, a price drop, a moderation decision).',
  fields: (t) => ({
    id: t.exposeID('id'),
    kind: t.expose('kind', { type: NotificationKindEnum }),
    title: t.exposeString('title'),
    body: t.exposeString('body', { nullable: true }),
    url: t.exposeString('url', { nullable: true, description: 'Where it leads in the app (a path).' }),
    readAt: t.expose('readAt', { type: 'DateTime', nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const { default: PAGE_DEFAULT, max: PAGE_MAX } = PAGE_LIMITS.notifications;

const messages = defineMessages({
  notFound: { id: 'server.notification.notFound', defaultMessage: 'That notification does not exist.' },
});

builder.queryFields((t) => ({
  notifications: t.prismaField({
    type: ['Notification'],
    description: `The signed-in viewer's notifications, newest first (at most ${PAGE_MAX}; \`before\`: older than that one).`,
    args: { first: t.arg.int({ defaultValue: PAGE_DEFAULT }), before: t.arg.id() },
    resolve: async (query, _root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const first = args.first ?? PAGE_DEFAULT;
      if (first < 1 || first > PAGE_MAX) throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${PAGE_MAX}`);
      let before: { createdAt: Date; id: string } | null = null;
      if (args.before != null) {
        const id = String(args.before);
        before = isUuid(id)
          ? await ctx.prisma.notification.findFirst({ where: { id, userId: viewer.uid }, select: { createdAt: true, id: true } })
          : null;
        if (!before) return [];
      }
      return ctx.prisma.notification.findMany({
        ...query,
        where: {
          userId: viewer.uid,
          ...(before
            ? { OR: [{ createdAt: { lt: before.createdAt } }, { createdAt: before.createdAt, id: { lt: before.id } }] }
            : {}),
        },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: first,
      });
    },
  }),
  unreadNotificationCount: t.int({
    description: "How many of the signed-in viewer's notifications are unread (0 when signed out).",
    resolve: (_root, _args, ctx) => (ctx.viewer ? unreadNotificationCount(ctx.prisma, ctx.viewer.uid) : 0),
  }),
}));

builder.mutationFields((t) => ({
  markNotificationRead: t.prismaField({
    type: 'Notification',
    description: "Marks one of the viewer's notifications read (NOT_FOUND for anyone else's).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const id = String(args.id);
      if (!isUuid(id)) throw new AppError('NOT_FOUND', formatMessage(messages.notFound));
      const { count } = await ctx.prisma.notification.updateMany({
        where: { id, userId: viewer.uid, readAt: null },
        data: { readAt: new Date() },
      });
      const row = await ctx.prisma.notification.findFirst({ ...query, where: { id, userId: viewer.uid } });
      if (!row) throw new AppError('NOT_FOUND', formatMessage(messages.notFound));
      void count;
      return row;
    },
  }),
  markAllNotificationsRead: t.int({
    description: "Marks all the viewer's notifications read; answers how many were unread.",
    resolve: async (_root, _args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const { count } = await ctx.prisma.notification.updateMany({
        where: { userId: viewer.uid, readAt: null },
        data: { readAt: new Date() },
      });
      return count;
    },
  }),
}));

/** The viewer's new notifications, as they are made (their ids come over the user's channel; rows are read here). */
function notificationIds(ctx: GraphQLContext): AsyncGenerator<string> {
  const viewer = requireViewer(ctx.viewer);
  const events = (ctx.realtime ?? inProcessRealtime(ctx.log, ctx.prisma)).userEvents(viewer.uid);
  return liveIds(events, 'notification', (event) =>
    ctx.prisma.notification.findFirst({ where: { id: event.notificationId, userId: viewer.uid }, select: { id: true } }),
  );
}

builder.subscriptionFields((t) => ({
  notificationAdded: t.prismaField({
    type: 'Notification',
    description: 'A notification made for the signed-in viewer (the bell counts up live).',
    subscribe: (_root, _args, ctx) => {
      requireViewer(ctx.viewer);
      return notificationIds(ctx);
    },
    resolve: (query, id, _args, ctx) =>
      ctx.prisma.notification.findUniqueOrThrow({ ...query, where: { id: id as unknown as string } }),
  }),
}));

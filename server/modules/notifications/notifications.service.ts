import { Prisma, type NotificationKind } from '../../db/generated/prisma/client.js';
import { countRows } from '../../db/prepared.js';
import type { PrismaClient } from '../../db/client.js';
import { eventsOf } from '../../core/events.js';

/**
 * The in-app notification centre (issue 14): one row per notification, announced on the user's
 * real-time channel (`user:<uid>`, the same channel as the inbox) with its id only, so a subscriber
 * reads what it may see from the database. Every feature that tells a user something (saved-search
 * alerts, moderation, license verification) goes through `notify`.
 */
export interface NotificationInput {
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string | null;
  /** Where it leads in the app (a path, e.g. /properties/<slug>). */
  url?: string | null;
  propertyId?: string | null;
  savedSearchId?: string | null;
}

type Db = PrismaClient | Prisma.TransactionClient;

/** Writes the notifications (in `db`, which may be a transaction) and returns their ids. */
export async function insertNotifications(db: Db, items: NotificationInput[]): Promise<Array<{ id: string; userId: string }>> {
  if (items.length === 0) return [];
  return db.notification.createManyAndReturn({
    data: items.map((n) => ({
      userId: n.userId,
      kind: n.kind,
      title: n.title.slice(0, 200),
      body: n.body?.slice(0, 1000) ?? null,
      url: n.url ?? null,
      propertyId: n.propertyId ?? null,
      savedSearchId: n.savedSearchId ?? null,
    })),
    select: { id: true, userId: true },
  });
}

/** Announces written notifications (call after the transaction commits): their users' open sockets hear of them. */
export function announceNotifications(prisma: object, made: Array<{ id: string; userId: string }>): void {
  for (const n of made) eventsOf(prisma).publish({ type: 'notification.created', userId: n.userId, notificationId: n.id });
}

/** Writes and announces notifications outside any transaction. */
export async function notify(
  deps: { prisma: PrismaClient },
  items: NotificationInput[],
): Promise<Array<{ id: string; userId: string }>> {
  const made = await insertNotifications(deps.prisma, items);
  announceNotifications(deps.prisma, made);
  return made;
}

/** How many of the user's notifications are unread (the header's bell). */
export function unreadNotificationCount(prisma: PrismaClient, uid: string): Promise<number> {
  return countRows(
    prisma,
    Prisma.sql`SELECT count(*)::int AS n FROM "Notification" WHERE "userId" = ${uid} AND "readAt" IS NULL`,
    () => prisma.notification.count({ where: { userId: uid, readAt: null } }),
  );
}

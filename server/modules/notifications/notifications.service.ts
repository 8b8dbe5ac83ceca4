import { Prisma, type NotificationKind } from '../../db/generated/prisma/client.js';
import { countRows } from '../../db/prepared.js';
import type { PrismaClient } from '../../db/client.js';
import { inLocale } from '../../core/locale.js';
import type { Telling, WithinAnswers, WithinScope } from '../../core/within.js';

/**
 * The in-app notification centre (issue 14): one row per notification, announced on the user's
 * real-time channel (`user:<uid>`, the same channel as the inbox) with its id only, so a subscriber
 * reads what it may see from the database. Every feature that tells a user something (saved-search
 * alerts, moderation, license verification, tours) tells people through an event inside its write
 * (core/within.ts), which `tellPeople` hears.
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
async function insertNotifications(db: Db, items: NotificationInput[]): Promise<Array<{ id: string; userId: string }>> {
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

/**
 * What notifications do on hearing an event inside a write (core/within.ts, wired by
 * server/modules/effects.ts): the people it tells get a bell notification, its texts in each one's
 * language (their account's setting), written in the writer's transaction and announced once committed.
 */
export async function tellPeople(scope: WithinScope, tell: readonly Telling[], answered: Readonly<WithinAnswers>) {
  const toTranslate = [...new Set(tell.filter((t) => typeof t.texts === 'function').map((t) => t.userId))];
  const locales = new Map(
    toTranslate.length
      ? (await scope.db.user.findMany({ where: { id: { in: toTranslate } }, select: { id: true, locale: true } })).map((u) => [
          u.id,
          u.locale,
        ])
      : [],
  );
  const made = await insertNotifications(
    scope.db,
    tell.map((t) => {
      const { title, body } = typeof t.texts === 'function' ? inLocale(locales.get(t.userId) ?? null, t.texts) : t.texts;
      return {
        userId: t.userId,
        kind: t.kind,
        title,
        body: body ?? null,
        url: typeof t.url === 'function' ? t.url(answered) : (t.url ?? null),
        propertyId: t.propertyId ?? null,
        savedSearchId: t.savedSearchId ?? null,
      };
    }),
  );
  for (const n of made) scope.afterCommit({ type: 'notification.created', userId: n.userId, notificationId: n.id });
  return { told: made };
}

/** How many of the user's notifications are unread (the header's bell). */
export function unreadNotificationCount(prisma: PrismaClient, uid: string): Promise<number> {
  return countRows(
    prisma,
    Prisma.sql`SELECT count(*)::int AS n FROM "Notification" WHERE "userId" = ${uid} AND "readAt" IS NULL`,
    () => prisma.notification.count({ where: { userId: uid, readAt: null } }),
  );
}

import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import type { Logger } from '../../logger.js';
import type { Mailer } from '../mail/index.js';
import { inLocale } from '../../core/locale.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { mailTexts } from '../mail/index.js';

// In the recipient's language (their account's setting; English without one): server/modules/mail/texts.ts.
const messages = defineMessages({
  subject: { id: 'mail.offline.subject', defaultMessage: 'New message from {sender} about {about}' },
  someone: { id: 'mail.offline.someone', defaultMessage: 'someone' },
  propertyInquiry: { id: 'mail.offline.propertyInquiry', defaultMessage: 'Property Inquiry' },
  // The count as written in the code ('1000'), as the e-mail always wrote it.
  youHave: {
    id: 'mail.offline.youHave',
    defaultMessage:
      'You have {count, plural, one {{unread} unread message} other {{unread} unread messages}} from {sender} about {about}.',
  },
  latest: { id: 'mail.offline.latest', defaultMessage: 'Latest:' },
  readAndReply: { id: 'mail.offline.readAndReply', defaultMessage: 'Read and reply: {link}' },
  atMostHourly: {
    id: 'mail.offline.atMostHourly',
    defaultMessage: 'While you are away we send at most one e-mail per conversation per hour.',
  },
});

/**
 * "A participant who has not been online for 10 minutes gets one e-mail per thread per hour about
 * new messages." Each run selects, in one statement, the (thread, participant) pairs owed an e-mail,
 * then claims each pair with a conditional UPDATE of `<side>EmailedAt` before sending, so that with
 * several instances running the job at once every e-mail is sent exactly once. A failed send puts
 * the previous value back, and a later run retries. See docs/decisions/0017-mail.md.
 */
export const OFFLINE_MAIL = { offlineAfterMs: 10 * 60_000, perThreadEveryMs: 60 * 60_000 } as const;

/** At most this many e-mails per run; the rest go on the next run. */
const BATCH = 500;
const EXCERPT_MAX = 280;

export interface OfflineMailDeps {
  prisma: PrismaClient;
  mailer: Mailer;
  log: Logger;
  /** Origin of the web app (links in the e-mail). */
  publicUrl: string;
  /** The time of the run (tests); the current time otherwise. */
  now?: Date;
}

type Side = 'renter' | 'agent';

// Identifiers cannot be parameters: they come from this fixed map, never from data.
const EMAILED_AT: Record<Side, Prisma.Sql> = {
  renter: Prisma.raw('"renterEmailedAt"'),
  agent: Prisma.raw('"agentEmailedAt"'),
};

interface Due {
  threadId: string;
  side: Side;
  emailedAt: Date | null;
  email: string;
  /** The recipient's language (null: English). */
  locale: string | null;
  recipientFirstName: string;
  senderFirstName: string;
  propertyTitle: string | null;
  unread: number;
  latest: string | null;
}

/** Sends the e-mails owed now; answers how many were sent. */
export async function sendOfflineMail(deps: OfflineMailDeps): Promise<number> {
  const { prisma, mailer, log } = deps;
  const now = deps.now ?? new Date();
  const offlineBefore = new Date(now.getTime() - OFFLINE_MAIL.offlineAfterMs);
  const emailedBefore = new Date(now.getTime() - OFFLINE_MAIL.perThreadEveryMs);

  // Both sides of every thread that has had a message since that side was last e-mailed (the cheap
  // test on "Thread"), then the unread messages of the other participant since then (the
  // ("threadId", "createdAt") index), for recipients offline for 10 minutes and not e-mailed about
  // this thread for an hour.
  const due = await prisma.$queryRaw<Due[]>`
    SELECT s."threadId", s.side, s."emailedAt", r."email", r."locale", r."firstName" AS "recipientFirstName",
           o."firstName" AS "senderFirstName", p."title" AS "propertyTitle", m.unread, m.latest
    FROM (
      SELECT t."id" AS "threadId", 'renter' AS side, t."renterId" AS "recipientId", t."agentUserId" AS "senderId",
             t."renterEmailedAt" AS "emailedAt", t."propertyId", t."lastMessageAt"
      FROM "Thread" t
      WHERE t."lastMessageAt" > coalesce(t."renterEmailedAt", '-infinity'::timestamp)
        AND (t."renterEmailedAt" IS NULL OR t."renterEmailedAt" < ${emailedBefore}::timestamp(3))
      UNION ALL
      SELECT t."id", 'agent', t."agentUserId", t."renterId", t."agentEmailedAt", t."propertyId", t."lastMessageAt"
      FROM "Thread" t
      WHERE t."lastMessageAt" > coalesce(t."agentEmailedAt", '-infinity'::timestamp)
        AND (t."agentEmailedAt" IS NULL OR t."agentEmailedAt" < ${emailedBefore}::timestamp(3))
    ) s
    JOIN "User" r ON r."id" = s."recipientId"
    JOIN "User" o ON o."id" = s."senderId"
    LEFT JOIN "Property" p ON p."id" = s."propertyId"
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS unread,
             (array_agg(left(x."content", 2000) ORDER BY x."createdAt" DESC, x."id" DESC))[1] AS latest
      FROM "Message" x
      WHERE x."threadId" = s."threadId" AND x."senderId" = s."senderId" AND NOT x."isRead"
        AND x."createdAt" > coalesce(s."emailedAt", '-infinity'::timestamp)
    ) m
    WHERE (r."lastSeenAt" IS NULL OR r."lastSeenAt" < ${offlineBefore}::timestamp(3))
      AND r."emailMessages" AND r."deletedAt" IS NULL
      AND m.unread > 0
    ORDER BY s."lastMessageAt", s."threadId", s.side
    LIMIT ${BATCH}`;

  let sent = 0;
  for (const row of due) {
    const column = EMAILED_AT[row.side];
    // The claim: only one caller sees the row still unclaimed (PostgreSQL re-checks the condition
    // against the committed row when another transaction updated it first).
    const claimed = await prisma.$queryRaw<Array<{ id: string }>>`
      UPDATE "Thread" SET ${column} = ${now}::timestamp(3)
      WHERE "id" = ${row.threadId}::uuid AND (${column} IS NULL OR ${column} < ${emailedBefore}::timestamp(3))
      RETURNING "id"::text AS id`;
    if (claimed.length === 0) continue;
    try {
      await mailer.send(composeOfflineMail(row, deps.publicUrl));
      sent++;
    } catch (err) {
      log.error({ err, threadId: row.threadId, side: row.side }, 'offline e-mail not sent; will retry');
      await prisma.$executeRaw`
        UPDATE "Thread" SET ${column} = ${row.emailedAt}::timestamp(3)
        WHERE "id" = ${row.threadId}::uuid AND ${column} = ${now}::timestamp(3)`.catch((resetErr: unknown) =>
        log.error({ err: resetErr, threadId: row.threadId }, 'offline e-mail claim not released'),
      );
    }
  }
  return sent;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

function excerpt(content: string): string {
  const text = oneLine(content);
  return text.length <= EXCERPT_MAX ? text : `${text.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

/** The e-mail, in the recipient's language; the sender's name, the listing's title and the message as written. */
function composeOfflineMail(row: Due, publicUrl: string) {
  return inLocale(row.locale, () => {
    const sender = oneLine(row.senderFirstName).slice(0, 60) || formatMessage(messages.someone);
    const about = oneLine(row.propertyTitle ?? '').slice(0, 120) || formatMessage(messages.propertyInquiry);
    const link = `${publicUrl.replace(/\/+$/, '')}/messages?open=${encodeURIComponent(row.threadId)}`;
    const name = oneLine(row.recipientFirstName);
    const text = [
      name ? formatMessage(mailTexts.hiName, { name }) : formatMessage(mailTexts.hi),
      '',
      formatMessage(messages.youHave, { count: row.unread, unread: String(row.unread), sender, about }),
      '',
      formatMessage(messages.latest),
      excerpt(row.latest ?? ''),
      '',
      formatMessage(messages.readAndReply, { link }),
      '',
      formatMessage(messages.atMostHourly),
      '— NYC Rentals',
      '',
    ].join('\n');
    return { to: row.email, subject: formatMessage(messages.subject, { sender, about }), text };
  });
}

/**
 * Runs `sendOfflineMail` every `intervalMs` (60 s by default), one run at a time, on a timer that does
 * not keep the process alive. Errors are logged, never thrown.
 */
export function startOfflineMailJob(deps: OfflineMailDeps & { intervalMs?: number }): { stop(): void } {
  const intervalMs = deps.intervalMs ?? 60_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, intervalMs);
    timer.unref();
  };
  const run = async () => {
    try {
      const sent = await sendOfflineMail({ ...deps, now: new Date() });
      if (sent > 0) deps.log.info({ sent }, 'offline e-mails sent');
    } catch (err) {
      deps.log.error({ err }, 'offline e-mail run failed');
    } finally {
      schedule(); // the next run starts only after this one ends: runs never overlap
    }
  };
  schedule();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

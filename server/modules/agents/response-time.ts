// How fast an agent answers (issue 26 item 3; docs/decisions/0049-days-on-market-response-time-accessibility.md).
// The median time from a renter's first message to the agent's first reply, over the conversations
// begun in the last 90 days, kept on the agent's row (`Agent.responseMinutes`) so a page of cards reads
// it in its own one statement. Kept fresh by the core's events (a message sent: that agent again) and
// by a daily refresh of every agent (a conversation left unanswered grows slower with no event).
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import { eventsOf } from '../../core/events.js';
import type { JobQueue } from '../jobs/index.js';
import type { Logger } from '../../logger.js';

export const RESPONSE_WINDOW_DAYS = 90;
/** Fewer conversations than this in the window: no figure is shown. */
export const RESPONSE_MIN_CONVERSATIONS = 3;
/** An unanswered conversation counts once it has waited this long (its wait so far); younger ones are not judged yet. */
export const RESPONSE_PENDING_HOURS = 24;

/**
 * Recomputes the figure of the given agents (by their user ids), or of every agent, in one statement.
 * A conversation answered counts its first-reply time; one unanswered for RESPONSE_PENDING_HOURS or
 * more counts its wait so far (ignoring renters cannot make an agent look fast).
 */
export async function refreshResponseTimes(
  prisma: Pick<PrismaClient, '$executeRaw'>,
  agentUserIds?: readonly string[],
): Promise<number> {
  const which = agentUserIds ? Prisma.sql`AND a2."userId" = ANY(${[...agentUserIds]}::text[])` : Prisma.empty;
  return prisma.$executeRaw`
    UPDATE "Agent" a
    SET "responseMinutes" = s.minutes
    FROM (
      SELECT a2."id",
             (SELECT CASE WHEN count(*) >= ${RESPONSE_MIN_CONVERSATIONS}::int THEN
                       round(percentile_cont(0.5) WITHIN GROUP (
                         ORDER BY extract(epoch FROM (COALESCE(t."agentFirstResponseAt", now()) - t."firstContactAt")) / 60))::int
                     END
              FROM "Thread" t
              WHERE t."agentUserId" = a2."userId"
                AND t."firstContactAt" >= now() - make_interval(days => ${RESPONSE_WINDOW_DAYS}::int)
                AND (t."agentFirstResponseAt" IS NOT NULL
                     OR t."firstContactAt" <= now() - make_interval(hours => ${RESPONSE_PENDING_HOURS}::int))) AS minutes
      FROM "Agent" a2
      WHERE true ${which}
    ) s
    WHERE a."id" = s."id" AND a."responseMinutes" IS DISTINCT FROM s.minutes`;
}

const listening = new WeakSet<object>();
export const RESPONSE_JOB = 'agents.response-times';

/**
 * Listens to the core's events: an agent's first reply in a conversation refreshes that agent, on the
 * instance that sent it (a renter's message changes nothing until it has waited a day: the daily job
 * refreshes every agent).
 */
export function registerResponseTimes(deps: { prisma: PrismaClient; queue: JobQueue; log: Logger }): void {
  const { prisma, queue, log } = deps;
  queue.work(RESPONSE_JOB, async () => {
    const changed = await refreshResponseTimes(prisma);
    if (changed > 0) log.info({ changed }, 'agent response times refreshed');
  });
  queue.schedule(RESPONSE_JOB, { cron: '17 4 * * *', everyMs: 24 * 3_600_000 });
  listenForMessages(prisma, log);
}

/** The event half of `registerResponseTimes` (tests use it alone). */
export function listenForMessages(prisma: PrismaClient, log: Logger): void {
  if (listening.has(prisma)) return;
  listening.add(prisma);
  eventsOf(prisma).subscribe((event, { local }) => {
    if (event.type !== 'message.sent' || !event.firstReply || !local) return;
    refreshResponseTimes(prisma, [event.agentUserId]).catch((err: unknown) =>
      log.warn({ err }, 'refreshing response times failed'),
    );
  });
}

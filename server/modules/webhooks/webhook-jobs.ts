import { changesPublicListing, eventsOf } from '../../core/events.js';
import type { JobQueue } from '../jobs/index.js';
import { runWebhooks, type DeliverDeps } from './webhooks.service.js';

export const WEBHOOK_JOB = 'webhooks.run';
/** How soon after a public listing's change its deliveries go (changes in that time go together). */
const KICK_DELAY_MS = 300;
/** The scheduled pass's period in process (pg-boss: every minute by cron). */
const EVERY_MS = 60_000;

/**
 * Webhooks run as a job of the queue (pg-boss on PostgreSQL: one instance at a time; in process on
 * PGlite): every minute, soon after a public listing changed on this instance, after a partner's
 * change to its endpoints, and when the next retry falls due before the next minute. A pass makes the
 * feed's new deliveries and sends the due ones; passes at once on two instances share the work (their
 * claims skip each other's rows). A listing's change nudges the job only while this instance knows of
 * an enabled endpoint (learnt at start and at each pass), so an app without webhooks does nothing more.
 */
export function registerWebhookJobs(deps: DeliverDeps & { queue: JobQueue }): {
  /** Learns whether there are endpoints (before the app serves). */
  ready: Promise<void>;
  /** A pass soon; `force`: even if this instance knows of no enabled endpoint. */
  kick(force?: boolean): void;
  stop(): void;
} {
  const { queue, log, prisma } = deps;
  let endpoints = false;
  let stopped = false;
  let soon: NodeJS.Timeout | null = null;
  let retry: { timer: NodeJS.Timeout; at: number } | null = null;

  const kick = (force = false, delay = KICK_DELAY_MS) => {
    if (stopped || soon || (!force && !endpoints)) return;
    soon = setTimeout(() => {
      soon = null;
      queue.send(WEBHOOK_JOB, {}).catch((err: unknown) => log?.warn({ err }, 'queueing webhooks failed'));
    }, delay);
    soon.unref();
  };
  /** A pass when the next retry is due, if that is before the next scheduled one. */
  const retryAt = (at: Date | null) => {
    if (!at || stopped) return;
    const ms = Math.max(0, at.getTime() - Date.now());
    if (ms >= EVERY_MS || (retry && retry.at <= at.getTime())) return;
    if (retry) clearTimeout(retry.timer);
    const timer = setTimeout(() => {
      retry = null;
      kick(true, 0);
    }, ms + 50);
    timer.unref();
    retry = { timer, at: at.getTime() };
  };

  queue.work(WEBHOOK_JOB, async () => {
    const { made, attempts, enabledEndpoints, nextDueAt } = await runWebhooks(deps);
    endpoints = enabledEndpoints > 0;
    retryAt(nextDueAt);
    if (made || attempts) log?.debug({ made, attempts }, 'webhooks run');
  });
  queue.schedule(WEBHOOK_JOB, { cron: '* * * * *', everyMs: EVERY_MS });
  const unsubscribe = eventsOf(prisma).subscribe((event, { local }) => {
    if (local && changesPublicListing(event)) kick();
  });
  const ready = prisma.webhookEndpoint.count({ where: { disabledAt: null } }).then((n) => {
    endpoints = n > 0;
  });
  return {
    ready,
    kick: (force = false) => {
      // An endpoint was made or turned on: a listing's change from now on nudges the job too, without
      // waiting for the pass this kick asks for to say so (a change while that pass ran went unsent
      // until the minute's pass). The pass corrects it when no endpoint is left.
      if (force) endpoints = true;
      kick(force);
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (soon) clearTimeout(soon);
      if (retry) clearTimeout(retry.timer);
    },
  };
}

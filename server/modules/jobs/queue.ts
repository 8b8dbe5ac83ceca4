import PgBoss from 'pg-boss';
import type { Logger } from '../../logger.js';

/**
 * Background jobs (docs/decisions/0032-saved-searches-and-alerts.md). One small interface, two implementations:
 * pg-boss on PostgreSQL (DATABASE_URL), where each job is fetched by one worker of one instance
 * (SKIP LOCKED) and retried after a failure, and schedules fire once across instances; and an
 * in-process queue for the embedded PGlite default, which runs the same handlers in this process.
 * Handlers must be idempotent: a retry (or, in process, a second instance) may run a job again.
 */
export interface JobQueue {
  readonly kind: 'memory' | 'pg-boss';
  /** Registers the handler of a job name (before `start`). */
  work<T extends object>(name: string, handler: (data: T) => Promise<void>): void;
  /** Runs a job on a schedule: `cron` with pg-boss (UTC), every `everyMs` in process (first after `firstInMs`). */
  schedule(name: string, spec: { cron: string; everyMs: number; firstInMs?: number }): void;
  /** Queues a job; resolves once it is stored (pg-boss) or queued (in process). */
  send(name: string, data: object): Promise<void>;
  start(): Promise<void>;
  /** Stops fetching, waits for the jobs in flight (up to a few seconds), closes connections. */
  stop(): Promise<void>;
}

const RETRIES = 3;

export function createJobQueue(opts: {
  databaseUrl?: string | null;
  schema?: string;
  pollSeconds?: number;
  log: Logger;
}): JobQueue {
  return opts.databaseUrl ? createPgBossQueue({ ...opts, databaseUrl: opts.databaseUrl }) : createMemoryQueue(opts.log);
}

export function createMemoryQueue(log: Logger): JobQueue {
  const handlers = new Map<string, (data: object) => Promise<void>>();
  const schedules: Array<{ name: string; everyMs: number; firstInMs?: number }> = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  let tail: Promise<void> = Promise.resolve();

  const run = (name: string, data: object, attempt = 1): void => {
    const handler = handlers.get(name);
    if (!handler || stopped) return;
    // One job at a time (PGlite has one connection; the order of events is kept).
    const p = (tail = tail.then(async () => {
      if (stopped) return;
      try {
        await handler(data);
      } catch (err) {
        if (attempt >= RETRIES) {
          log.error({ err, job: name }, 'job failed; giving up');
          return;
        }
        log.warn({ err, job: name, attempt }, 'job failed; will retry');
        const t = setTimeout(() => {
          timers.delete(t);
          run(name, data, attempt + 1);
        }, 1_000 * attempt);
        t.unref();
        timers.add(t);
      }
    }));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  return {
    kind: 'memory',
    work(name, handler) {
      handlers.set(name, handler as (data: object) => Promise<void>);
    },
    schedule(name, spec) {
      schedules.push({ name, everyMs: spec.everyMs, firstInMs: spec.firstInMs });
    },
    async send(name, data) {
      if (!handlers.has(name)) throw new Error(`no handler for job ${name}`);
      run(name, data);
    },
    async start() {
      if (started) return;
      started = true;
      for (const s of schedules) {
        const fire = (delay: number) => {
          const t = setTimeout(() => {
            timers.delete(t);
            run(s.name, {});
            fire(s.everyMs);
          }, delay);
          t.unref();
          timers.add(t);
        };
        fire(s.firstInMs ?? s.everyMs);
      }
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 5_000).unref())]);
    },
  };
}

export function createPgBossQueue(opts: { databaseUrl: string; schema?: string; pollSeconds?: number; log: Logger }): JobQueue {
  const { log } = opts;
  const boss = new PgBoss({ connectionString: opts.databaseUrl, schema: opts.schema ?? 'pgboss', max: 3 });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  const handlers = new Map<string, (data: object) => Promise<void>>();
  const schedules = new Map<string, string>();
  let started = false;
  return {
    kind: 'pg-boss',
    work(name, handler) {
      handlers.set(name, handler as (data: object) => Promise<void>);
    },
    schedule(name, spec) {
      schedules.set(name, spec.cron);
    },
    async send(name, data) {
      await boss.send(name, data, { retryLimit: RETRIES, retryDelay: 2, retryBackoff: true });
    },
    async start() {
      if (started) return;
      started = true;
      await boss.start();
      for (const name of new Set([...handlers.keys(), ...schedules.keys()])) await boss.createQueue(name);
      for (const [name, handler] of handlers) {
        await boss.work<object>(name, { pollingIntervalSeconds: opts.pollSeconds ?? 2, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await handler(job.data ?? {});
        });
      }
      for (const [name, cron] of schedules) await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stop() {
      if (!started) return;
      await boss.stop({ graceful: true, timeout: 5_000, wait: true });
    },
  };
}

import type { Logger } from '../logger.js';

/**
 * Work a request starts after its answer (a password reset e-mail goes after the 202, so its timing
 * tells nothing). The app's shutdown waits for it, up to a few seconds, before it closes the mailer:
 * a SIGTERM right after a request does not lose the e-mail, and nothing writes after close.
 */
export interface AfterResponse {
  run(what: string, task: () => Promise<unknown>): void;
  /** Waits for the work in flight, at most `ms`. */
  drain(ms?: number): Promise<void>;
}

export function createAfterResponse(log: Logger): AfterResponse {
  const inFlight = new Set<Promise<unknown>>();
  return {
    run(what, task) {
      const p = task().then(
        (outcome) => log.info({ outcome }, what),
        (err: unknown) => log.error({ err }, `${what}: failed`),
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    },
    async drain(ms = 5_000) {
      if (!inFlight.size) return;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, ms).unref())]);
    },
  };
}

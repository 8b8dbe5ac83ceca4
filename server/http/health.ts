import express from 'express';
import type { PrismaClient } from '../db/client.js';
import type { Logger } from '../logger.js';

/** How long /healthz waits for a dependency before calling it unreachable. */
const CHECK_TIMEOUT_MS = 2_000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref())]);
}

/**
 * GET /healthz: the process answers, and so does each dependency it has: the database always, Redis
 * with REDIS_URL (`redis` is absent without it). 503 naming what is down when one does not answer
 * (the app keeps serving what it can meanwhile).
 */
export function healthRoutes({
  prisma,
  log,
  redisUp,
}: {
  prisma: PrismaClient;
  log: Logger;
  /** Whether Redis answers; null without REDIS_URL. */
  redisUp: () => Promise<boolean | null>;
}): express.Router {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    const [database, redis] = await Promise.all([
      within(prisma.$queryRaw`SELECT 1`, CHECK_TIMEOUT_MS).then(
        () => 'ok' as const,
        (err: unknown) => {
          log.error({ err }, 'health check: database unreachable');
          return 'unreachable' as const;
        },
      ),
      within(redisUp(), CHECK_TIMEOUT_MS).then(
        (up) => (up === null ? undefined : up ? ('ok' as const) : ('unreachable' as const)),
        () => 'unreachable' as const,
      ),
    ]);
    if (redis === 'unreachable') log.error('health check: redis unreachable');
    const ok = database === 'ok' && redis !== 'unreachable';
    res
      .status(ok ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ok ? 'ok' : 'error', database, ...(redis ? { redis } : {}) });
  });
  return router;
}

import express from 'express';
import type { PrismaClient } from '../db/client.js';
import type { Logger } from '../logger.js';

/** GET /healthz: the process answers and the database answers. */
export function healthRoutes({ prisma, log }: { prisma: PrismaClient; log: Logger }): express.Router {
  const router = express.Router();
  router.get('/healthz', async (_req, res) => {
    try {
      await prisma.$queryRaw`SELECT 1`;
      res.set('Cache-Control', 'no-store').json({ status: 'ok', database: 'ok' });
    } catch (err) {
      log.error({ err }, 'health check: database unreachable');
      res.status(503).set('Cache-Control', 'no-store').json({ status: 'error', database: 'unreachable' });
    }
  });
  return router;
}

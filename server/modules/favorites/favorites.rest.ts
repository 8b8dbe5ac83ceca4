import express from 'express';
import type { Logger } from '../../logger.js';
import { noBody } from '../../http/no-body.js';
import { z } from 'zod';
import type { PrismaClient } from '../../db/generated/prisma/client.js';
import { fromZod } from '../../core/errors.js';
import { requireUser } from '../../core/authz.js';
import {
  listingItemInclude,
  listingItems,
  noStore,
  type ListingWithRelations,
  type SelectionOf,
} from '../listings/index.rest.js';
import { encodeSavedCursor, SAVED_MAX_PAGE_SIZE, savedListingsPage, saveListing, unsaveListing } from './favorites.service.js';

/**
 * The saved-listings shims of SPEC part 7 (sign-in required, 401 `{ error }` otherwise):
 * GET /api/me/saved-listings → `{ items, nextCursor }` (newest saved first; `limit` up to 100,
 * `cursor`), POST and DELETE /api/me/saved-listings/{listingId} → `{ ok: true }` (idempotent).
 */

const savedQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(SAVED_MAX_PAGE_SIZE))
    .optional(),
  cursor: z.string().min(1).max(500).optional(),
});

export function favoriteRoutes(deps: { prisma: PrismaClient; log: Logger; selection: SelectionOf }): express.Router {
  const { prisma } = deps;
  const items = listingItems(deps);
  const router = express.Router();

  router.get('/me/saved-listings', noStore, async (req, res) => {
    const user = await requireUser(prisma, req.viewer);
    const parsed = savedQuerySchema.safeParse({ limit: req.query.limit, cursor: req.query.cursor });
    if (!parsed.success) throw fromZod(parsed.error);
    const page = await savedListingsPage<ListingWithRelations>(
      prisma,
      user.id,
      { first: parsed.data.limit ?? SAVED_MAX_PAGE_SIZE, after: parsed.data.cursor ?? null },
      { include: listingItemInclude },
    );
    const last = page.rows.at(-1);
    const listings = await items.many(
      page.rows.map((row) => row.property),
      req,
    );
    res.json({
      items: page.rows.map((row, i) => ({ ...listings[i]!, savedAt: row.createdAt.toISOString() })),
      nextCursor: page.hasNextPage && last ? encodeSavedCursor(last) : null,
    });
  });

  router.post('/me/saved-listings/:listingId', noStore, noBody, async (req, res) => {
    await saveListing(prisma, req.viewer ?? null, (req.params as { listingId: string }).listingId);
    res.json({ ok: true });
  });

  router.delete('/me/saved-listings/:listingId', noStore, noBody, async (req, res) => {
    await unsaveListing(prisma, req.viewer ?? null, (req.params as { listingId: string }).listingId);
    res.json({ ok: true });
  });

  return router;
}

import express, { type Request } from 'express';
import { createEvent } from 'ics';
import { z } from 'zod';
import type { PrismaClient } from '../../db/generated/prisma/client.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import type { Logger } from '../../logger.js';
import { AppError, fromZod } from '../../core/errors.js';
import { noBody } from '../../http/no-body.js';
import { isUuid } from '../listings/listings.service.js';
import { noStore, type SelectionOf } from '../listings/listings.rest.js';
import { isPublicListing, listingAccessSelect } from '../listings/visibility.js';
import { cancelOpenHouseRsvp, rsvpOpenHouse } from './open-house-rsvps.service.js';

/**
 * Open-house shims in the style of SPEC part 7 (issue 27): POST /api/open-houses/{id}/rsvp (body
 * `{ waitlist?: boolean }`) and DELETE /api/open-houses/{id}/rsvp answer the open house as it is now;
 * GET /api/open-houses/{id}/calendar.ics is the open house as an iCalendar event (RFC 5545). The
 * rules are the service's (open-house-rsvps.service.ts), the values the GraphQL schema's.
 */

const OPEN_HOUSE_ITEM = /* GraphQL */ `
  fragment RestOpenHouse on OpenHouse {
    id
    startsAt
    endsAt
    note
    capacity
    going_count: goingCount
    places_left: placesLeft
    waitlist_count: waitlistCount
    your_rsvp: viewerRsvp
  }
`;

const rsvpBodySchema = z.object({ waitlist: z.boolean().optional() }).strict();

const notFound = () => new AppError('NOT_FOUND', 'That open house does not exist.');

export function tourRoutes(deps: {
  prisma: PrismaClient;
  log: Logger;
  limits: RateLimits;
  selection: SelectionOf;
}): express.Router {
  const { prisma } = deps;
  const select = deps.selection(OPEN_HOUSE_ITEM);
  const router = express.Router();

  const item = async (id: string, req: Request) => {
    const row = await prisma.openHouse.findUniqueOrThrow({
      where: { id },
      include: { rsvps: { select: { status: true, userId: true } } },
    });
    return select(row, { prisma, viewer: req.viewer ?? null, log: req.log ?? deps.log });
  };

  router.post('/open-houses/:id/rsvp', noStore, express.json({ limit: '1kb' }), async (req, res) => {
    const parsed = rsvpBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw fromZod(parsed.error);
    const { openHouseId } = await rsvpOpenHouse(
      { prisma, limits: deps.limits },
      req.viewer ?? null,
      (req.params as { id: string }).id,
      { waitlist: parsed.data.waitlist ?? false },
    );
    res.json(await item(openHouseId, req));
  });

  router.delete('/open-houses/:id/rsvp', noStore, noBody, async (req, res) => {
    const { openHouseId } = await cancelOpenHouseRsvp({ prisma }, req.viewer ?? null, (req.params as { id: string }).id);
    res.json(await item(openHouseId, req));
  });

  router.get('/open-houses/:id/calendar.ics', noStore, async (req, res) => {
    const id = (req.params as { id: string }).id;
    if (!isUuid(id)) throw notFound();
    const openHouse = await prisma.openHouse.findUnique({
      where: { id },
      select: {
        id: true,
        startsAt: true,
        endsAt: true,
        note: true,
        property: { select: { ...listingAccessSelect, title: true, slug: true, address: true, unit: true, neighborhood: true } },
      },
    });
    if (!openHouse || !isPublicListing(openHouse.property)) throw notFound();
    const p = openHouse.property;
    const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const utc = (d: Date): [number, number, number, number, number] => [
      d.getUTCFullYear(),
      d.getUTCMonth() + 1,
      d.getUTCDate(),
      d.getUTCHours(),
      d.getUTCMinutes(),
    ];
    const { error, value } = createEvent({
      uid: `open-house-${openHouse.id}@nycrentals`,
      productId: 'nycrentals/open-houses',
      title: `Open house: ${p.title}`,
      description: [openHouse.note, `${origin}/properties/${p.slug}`].filter(Boolean).join('\n'),
      location: `${p.address}${p.unit ? `, ${p.unit}` : ''}, ${p.neighborhood}, New York`,
      url: `${origin}/properties/${p.slug}`,
      start: utc(openHouse.startsAt),
      startInputType: 'utc',
      startOutputType: 'utc',
      end: utc(openHouse.endsAt),
      endInputType: 'utc',
      endOutputType: 'utc',
      status: 'CONFIRMED',
    });
    if (error || !value) throw error ?? new Error('the calendar event could not be written');
    res
      .type('text/calendar; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="open-house-${p.slug.slice(0, 60)}.ics"`)
      .send(value);
  });

  return router;
}

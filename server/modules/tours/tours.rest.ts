import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import type { Logger } from '../../logger.js';
import { AppError, fromZod } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { noBody } from '../../http/no-body.js';
import { isUuid } from '../../core/ids.js';
import { noStore, type SelectionOf } from '../listings/index.rest.js';
import { isPublicListing, listingAccessSelect } from '../listings/index.js';
import { requireViewer } from '../../core/authz.js';
import { cancelOpenHouseRsvp, rsvpOpenHouse } from './open-house-rsvps.service.js';
import { calendarFile, listingPageUrl, visitAddressSelect, visitLocation } from './calendar.js';
import type { Env } from '../../env.js';
import {
  cancelTour,
  confirmTour,
  declineTour,
  myToursOrderBy,
  myToursWhere,
  proposeTourTime,
  requestTour,
} from './tour-requests.service.js';
import { jsonBody } from '../../http/locale.js';

/**
 * Open-house and tour shims in the style of SPEC part 7 (issue 27):
 * - POST /api/open-houses/{id}/rsvp (body `{ waitlist?: boolean }`) and DELETE /api/open-houses/{id}/rsvp
 *   answer the open house as it is now; GET /api/open-houses/{id}/calendar.ics is it as an iCalendar
 *   event (RFC 5545);
 * - GET /api/tours?side=RENTER|AGENT&state=OPEN|UPCOMING|PAST, POST /api/tours (`listing_id`, `windows`
 *   of `starts_at`/`ends_at`, `note`), POST /api/tours/{id}/confirm (`window_id`), …/propose
 *   (`starts_at`, `ends_at`), …/decline (`reason`), …/cancel, GET /api/tours/{id}/calendar.ics.
 * The rules are the services' (open-house-rsvps.service.ts, tour-requests.service.ts), the values the
 * GraphQL schema's.
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

const TOUR_ITEM = /* GraphQL */ `
  fragment RestTour on TourRequest {
    id
    status
    note
    starts_at: startsAt
    ends_at: endsAt
    expires_at: expiresAt
    decline_reason: declineReason
    cancelled_by: cancelledBy
    created_at: createdAt
    updated_at: updatedAt
    thread_id: threadId
    renter_name: renterName
    agent_name: agentName
    your_side: viewerSide
    you_may: viewerActions {
      confirm
      propose
      decline
      cancel
    }
    windows {
      id
      starts_at: startsAt
      ends_at: endsAt
      proposed_by: proposedBy
    }
    listing {
      id
      slug
      title
    }
  }
`;

/** What TOUR_ITEM reads, loaded with the row. */
const tourItemInclude = {
  renter: { select: { firstName: true, lastName: true } },
  agent: { select: { firstName: true, lastName: true } },
  windows: { orderBy: [{ proposedBy: 'asc' }, { startsAt: 'asc' }] },
  property: true,
} satisfies Prisma.TourRequestInclude;

const tourWindowBody = z.object({ starts_at: z.string().max(40), ends_at: z.string().max(40) }).strict();
const requestTourBody = z
  .object({ listing_id: z.string().max(100), windows: z.array(tourWindowBody).max(10), note: z.string().max(2_000).nullish() })
  .strict();
const tourListQuery = z
  .object({ side: z.enum(['RENTER', 'AGENT']).default('RENTER'), state: z.enum(['OPEN', 'UPCOMING', 'PAST']).default('OPEN') })
  .strict();

function sendCalendar(res: Response, filename: string, ics: string) {
  res.type('text/calendar; charset=utf-8').set('Content-Disposition', `attachment; filename="${filename}"`).send(ics);
}

const messages = defineMessages({
  notConfirmed: { id: 'server.tour.notConfirmed', defaultMessage: 'This tour is not confirmed yet.' },
});

const rsvpBodySchema = z.object({ waitlist: z.boolean().optional() }).strict();

const notFound = () => new AppError('NOT_FOUND', say('openHouseNotFound'));

export function tourRoutes(deps: {
  /** The configured public URL (server/env.ts): calendar files link to it, never to a request's Host header. */
  env: Pick<Env, 'publicUrl'>;
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

  router.post('/open-houses/:id/rsvp', noStore, jsonBody({ limit: '1kb' }), async (req, res) => {
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
        property: { select: { ...listingAccessSelect, ...visitAddressSelect } },
      },
    });
    if (!openHouse || !isPublicListing(openHouse.property)) throw notFound();
    const p = openHouse.property;
    const url = listingPageUrl(deps.env.publicUrl, p.slug);
    sendCalendar(
      res,
      `open-house-${p.slug.slice(0, 60)}.ics`,
      calendarFile({
        uid: `open-house-${openHouse.id}@nycrentals`,
        title: `Open house: ${p.title}`,
        description: [openHouse.note, url].filter(Boolean).join('\n'),
        location: visitLocation(p),
        url,
        startsAt: openHouse.startsAt,
        endsAt: openHouse.endsAt,
      }),
    );
  });

  // --- private tour requests (issue 27 item 2) -------------------------------------------------------
  const tourSelect = deps.selection(TOUR_ITEM);
  const tourItem = async (id: string, req: Request) => {
    const row = await prisma.tourRequest.findUniqueOrThrow({ where: { id }, include: tourItemInclude });
    return tourSelect(row, { prisma, viewer: req.viewer ?? null, log: req.log ?? deps.log });
  };
  const tourDeps = { prisma, limits: deps.limits };
  const idOf = (req: Request) => (req.params as { id: string }).id;
  const body = <T extends z.ZodType>(schema: T, req: Request): z.output<T> => {
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) throw fromZod(parsed.error);
    return parsed.data;
  };
  const json = jsonBody({ limit: '4kb' });

  router.get('/tours', noStore, async (req, res) => {
    const viewer = requireViewer(req.viewer);
    const parsed = tourListQuery.safeParse(req.query);
    if (!parsed.success) throw fromZod(parsed.error);
    const q = parsed.data;
    const rows = await prisma.tourRequest.findMany({
      where: myToursWhere(viewer.uid, q.side, q.state),
      include: tourItemInclude,
      orderBy: myToursOrderBy(q.state),
      take: 50,
    });
    const context = { prisma, viewer: req.viewer ?? null, log: req.log ?? deps.log };
    res.json({ tours: await Promise.all(rows.map((row) => tourSelect(row, context))) });
  });

  router.post('/tours', noStore, json, async (req, res) => {
    const b = body(requestTourBody, req);
    const { id } = await requestTour(tourDeps, req.viewer ?? null, {
      listingId: b.listing_id,
      windows: b.windows.map((w) => ({ startsAt: w.starts_at, endsAt: w.ends_at })),
      note: b.note,
    });
    res.status(201).json(await tourItem(id, req));
  });

  router.post('/tours/:id/confirm', noStore, json, async (req, res) => {
    const b = body(z.object({ window_id: z.string().max(100) }).strict(), req);
    const { id } = await confirmTour(tourDeps, req.viewer ?? null, idOf(req), b.window_id);
    res.json(await tourItem(id, req));
  });

  router.post('/tours/:id/propose', noStore, json, async (req, res) => {
    const b = body(z.object({ starts_at: z.string().max(40), ends_at: z.string().max(40) }).strict(), req);
    const { id } = await proposeTourTime(tourDeps, req.viewer ?? null, idOf(req), { startsAt: b.starts_at, endsAt: b.ends_at });
    res.json(await tourItem(id, req));
  });

  router.post('/tours/:id/decline', noStore, json, async (req, res) => {
    const b = body(z.object({ reason: z.string().max(1_000).nullish() }).strict(), req);
    const { id } = await declineTour(tourDeps, req.viewer ?? null, idOf(req), { reason: b.reason });
    res.json(await tourItem(id, req));
  });

  router.post('/tours/:id/cancel', noStore, noBody, async (req, res) => {
    const { id } = await cancelTour(tourDeps, req.viewer ?? null, idOf(req));
    res.json(await tourItem(id, req));
  });

  router.get('/tours/:id/calendar.ics', noStore, async (req, res) => {
    const viewer = requireViewer(req.viewer);
    const id = idOf(req);
    const tour = isUuid(id)
      ? await prisma.tourRequest.findFirst({
          where: { id, OR: [{ renterId: viewer.uid }, { agentUserId: viewer.uid }] },
          select: { id: true, status: true, startsAt: true, endsAt: true, property: { select: visitAddressSelect } },
        })
      : null;
    // A deleted listing's tour has no place left to put in a calendar.
    if (!tour?.property) throw new AppError('NOT_FOUND', say('tourNotFound'));
    if (!tour.startsAt || !tour.endsAt || (tour.status !== 'CONFIRMED' && tour.status !== 'CANCELLED'))
      throw new AppError('CONFLICT', formatMessage(messages.notConfirmed));
    const url = listingPageUrl(deps.env.publicUrl, tour.property.slug);
    sendCalendar(
      res,
      `tour-${tour.property.slug.slice(0, 60)}.ics`,
      calendarFile({
        uid: `tour-${tour.id}@nycrentals`,
        title: `Tour: ${tour.property.title}`,
        description: url,
        location: visitLocation(tour.property),
        url,
        startsAt: tour.startsAt,
        endsAt: tour.endsAt,
        cancelled: tour.status === 'CANCELLED',
      }),
    );
  });

  return router;
}

import { builder } from '../../graphql/builder.js';
import { requireViewer } from '../../core/authz.js';
import { AppError } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { isUuid } from '../../core/ids.js';
import { visibleListingWhere } from '../listings/index.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import { inProcessRealtime, liveIds } from '../../infra/realtime.js';
import { cancelOpenHouseRsvp, messageAttendee, rsvpOpenHouse } from './open-house-rsvps.service.js';
import { openHouseOfEvent, openHouseRow, releasingWhenDone, takeOpenHouseWatch } from './open-house-live.service.js';
import {
  cancelTour,
  confirmTour,
  declineTour,
  myToursOrderBy,
  myToursWhere,
  proposeTourTime,
  requestTour,
  tourActions,
  type TourActions,
} from './tour-requests.service.js';

const limitsOf = (ctx: GraphQLContext) => ctx.limits ?? inProcessRateLimits(ctx.log);

/** Open-house RSVPs (issue 27 item 1): 'Going', the waitlist, cancelling. Answers the open house as it is now. */
builder.mutationFields((t) => ({
  rsvpOpenHouse: t.prismaField({
    type: 'OpenHouse',
    description:
      "Says the signed-in renter is going to an open house of a public listing ('Going'). Full: CONFLICT 'This open house is full', unless `waitlist` is true, which joins the waitlist (the next place freed goes to the first waiting). The listing's owner and agent cannot RSVP (FORBIDDEN); at most 30 RSVPs a day.",
    args: { id: t.arg.id({ required: true }), waitlist: t.arg.boolean({ defaultValue: false }) },
    resolve: async (query, _root, args, ctx) => {
      const { openHouseId } = await rsvpOpenHouse({ prisma: ctx.prisma, limits: limitsOf(ctx) }, ctx.viewer, String(args.id), {
        waitlist: args.waitlist,
      });
      return ctx.prisma.openHouse.findUniqueOrThrow({ ...query, where: { id: openHouseId } });
    },
  }),
  cancelOpenHouseRsvp: t.prismaField({
    type: 'OpenHouse',
    description: "Cancels the signed-in renter's RSVP (going or waitlisted); a place freed goes to the first waiting.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { openHouseId } = await cancelOpenHouseRsvp({ prisma: ctx.prisma }, ctx.viewer, String(args.id));
      return ctx.prisma.openHouse.findUniqueOrThrow({ ...query, where: { id: openHouseId } });
    },
  }),
  messageAttendee: t.field({
    type: 'ID',
    description:
      "The listing's agent (its owner when it has none) writes to a renter who answered one of its open houses, in their conversation about the listing (made when there is none). Answers the conversation's id.",
    args: { attendeeId: t.arg.id({ required: true }), message: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) =>
      (await messageAttendee({ prisma: ctx.prisma, limits: limitsOf(ctx) }, ctx.viewer, String(args.attendeeId), args.message))
        .threadId,
  }),
}));

// --- private tour requests (issue 27 item 2) ----------------------------------------------------------

export const TourStatusEnum = builder.enumType('TourStatus', {
  values: {
    REQUESTED: { description: 'Asked by the renter: the agent is to answer.' },
    PROPOSED: { description: 'The agent proposed another time: the renter is to answer.' },
    CONFIRMED: { description: 'On: `startsAt` to `endsAt`.' },
    DECLINED: { description: 'Declined by the agent.' },
    EXPIRED: { description: 'Not answered within 24 hours of its last step, or before the first time it offered began.' },
    CANCELLED: { description: 'Cancelled by one side (`cancelledBy`).' },
  } as const,
});

export const TourSideEnum = builder.enumType('TourSide', { values: ['RENTER', 'AGENT'] as const });

const TourCancelReasonEnum = builder.enumType('TourCancelReason', {
  description: 'Why a tour was cancelled when no side chose to (issue 58 item 4).',
  values: {
    LISTING_REMOVED: { description: 'The listing was deleted.' },
    LISTING_UNAVAILABLE: { description: 'The listing was deactivated.' },
  } as const,
});

const TourListStateEnum = builder.enumType('TourListState', {
  values: {
    OPEN: { description: 'Requests waiting for an answer (from either side).' },
    UPCOMING: { description: 'Confirmed tours to come.' },
    PAST: { description: 'Tours over, and requests declined, expired or cancelled.' },
  } as const,
});

builder.prismaObject('TourWindow', {
  description: "A time a side proposed: the renter's (up to 3), or the agent's instead.",
  fields: (t) => ({
    id: t.exposeID('id'),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime' }),
    proposedBy: t.expose('proposedBy', { type: TourSideEnum }),
  }),
});

const TourActionsRef = builder.objectRef<TourActions>('TourActions').implement({
  description: 'What the viewer may do with a tour request now.',
  fields: (t) => ({
    confirm: t.exposeBoolean('confirm', { description: "Confirm one of the other side's times." }),
    propose: t.exposeBoolean('propose', { description: 'Propose another time (the agent).' }),
    decline: t.exposeBoolean('decline', { description: 'Decline (the agent).' }),
    cancel: t.exposeBoolean('cancel', { description: 'Cancel the request, or the confirmed tour before it starts.' }),
  }),
});

const shortName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName.slice(0, 1)}.`.trim();

builder.prismaObject('TourRequest', {
  description: "A private tour request between a renter and a listing's agent; only those two see it.",
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: TourStatusEnum }),
    note: t.exposeString('note', { nullable: true }),
    startsAt: t.expose('startsAt', { type: 'DateTime', nullable: true, description: 'The confirmed time.' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', nullable: true }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When an unanswered request expires.' }),
    declineReason: t.exposeString('declineReason', { nullable: true }),
    cancelledBy: t.expose('cancelledBy', { type: TourSideEnum, nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    threadId: t.exposeID('threadId', { description: 'The conversation where its steps are written.' }),
    listing: t.relation('property', {
      nullable: true,
      description: 'The listing; null once it was deleted (`listingTitle` stays).',
    }),
    listingTitle: t.string({
      description: "The listing's title, kept when the listing was deleted.",
      select: { listingTitle: true, property: { select: { title: true } } },
      resolve: (o) => o.property?.title ?? o.listingTitle ?? '',
    }),
    cancelReason: t.expose('cancelReason', {
      type: TourCancelReasonEnum,
      nullable: true,
      description: 'Set when the tour was cancelled because its listing was deleted or deactivated.',
    }),
    windows: t.relation('windows', { query: { orderBy: [{ proposedBy: 'asc' }, { startsAt: 'asc' }] } }),
    renterName: t.string({
      description: "The renter's first name and last initial.",
      select: { renter: { select: { firstName: true, lastName: true } } },
      resolve: (o) => shortName(o.renter),
    }),
    agentName: t.string({
      description: "The agent's first name and last initial.",
      select: { agent: { select: { firstName: true, lastName: true } } },
      resolve: (o) => shortName(o.agent),
    }),
    viewerSide: t.field({
      type: TourSideEnum,
      nullable: true,
      select: { renterId: true, agentUserId: true },
      resolve: (o, _args, ctx) =>
        ctx.viewer?.uid === o.agentUserId ? 'AGENT' : ctx.viewer?.uid === o.renterId ? 'RENTER' : null,
    }),
    viewerActions: t.field({
      type: TourActionsRef,
      select: { renterId: true, agentUserId: true, status: true, startsAt: true, expiresAt: true },
      resolve: (o, _args, ctx) => tourActions(o, ctx.viewer?.uid ?? ''),
    }),
  }),
});

/** The conversation's tour requests, newest first (a thread is read by its two participants only). */
builder.prismaObjectField('Thread', 'tours', (t) =>
  t.relation('tours', { query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 10 } }),
);

const RequestTourWindowInput = builder.inputType('TourWindowInput', {
  description: "A time window: New York wall times ('2026-12-05T14:00') or instants with their zone (ISO 8601).",
  fields: (t) => ({ startsAt: t.string({ required: true }), endsAt: t.string({ required: true }) }),
});

const RequestTourInput = builder.inputType('RequestTourInput', {
  fields: (t) => ({
    listingId: t.id({ required: true }),
    windows: t.field({ type: [RequestTourWindowInput], required: true, description: '1 to 3 windows.' }),
    note: t.string(),
  }),
});

const tourDeps = (ctx: GraphQLContext) => ({ prisma: ctx.prisma, limits: limitsOf(ctx) });

builder.queryFields((t) => ({
  myTours: t.prismaField({
    type: ['TourRequest'],
    description:
      "The signed-in user's tour requests on one side (RENTER: asked; AGENT: to give), open, to come or over (at most 50). UNAUTHENTICATED when signed out.",
    args: {
      side: t.arg({ type: TourSideEnum, defaultValue: 'RENTER' }),
      state: t.arg({ type: TourListStateEnum, defaultValue: 'OPEN' }),
    },
    resolve: (query, _root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const state = args.state ?? 'OPEN';
      return ctx.prisma.tourRequest.findMany({
        ...query,
        where: myToursWhere(viewer.uid, args.side ?? 'RENTER', state),
        orderBy: myToursOrderBy(state),
        take: 50,
      });
    },
  }),
}));

builder.mutationFields((t) => ({
  requestTour: t.prismaField({
    type: 'TourRequest',
    description:
      "A signed-in renter asks for a private tour of a public listing: 1 to 3 windows (15 minutes to 4 hours, from an hour to 60 days ahead) and a note. The agent has 24 hours to answer. One open request per listing (CONFLICT); the listing's managers cannot (FORBIDDEN); at most 5 requests an hour.",
    args: { input: t.arg({ type: RequestTourInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await requestTour(tourDeps(ctx), ctx.viewer, args.input);
      return ctx.prisma.tourRequest.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  confirmTour: t.prismaField({
    type: 'TourRequest',
    description: "The side to answer confirms one of the other side's windows (the agent a renter's, the renter the agent's).",
    args: { id: t.arg.id({ required: true }), windowId: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await confirmTour(tourDeps(ctx), ctx.viewer, String(args.id), String(args.windowId));
      return ctx.prisma.tourRequest.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  proposeTourTime: t.prismaField({
    type: 'TourRequest',
    description: 'The agent proposes another time instead; the renter has 24 hours to confirm it.',
    args: {
      id: t.arg.id({ required: true }),
      startsAt: t.arg.string({ required: true }),
      endsAt: t.arg.string({ required: true }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await proposeTourTime(tourDeps(ctx), ctx.viewer, String(args.id), {
        startsAt: args.startsAt,
        endsAt: args.endsAt,
      });
      return ctx.prisma.tourRequest.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  declineTour: t.prismaField({
    type: 'TourRequest',
    description: 'The agent declines a request, with an optional reason (300 characters).',
    args: { id: t.arg.id({ required: true }), reason: t.arg.string() },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await declineTour(tourDeps(ctx), ctx.viewer, String(args.id), { reason: args.reason });
      return ctx.prisma.tourRequest.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
  cancelTour: t.prismaField({
    type: 'TourRequest',
    description: 'Either side cancels a request, or a confirmed tour before it starts.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const { id } = await cancelTour(tourDeps(ctx), ctx.viewer, String(args.id));
      return ctx.prisma.tourRequest.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
}));

/** The viewer's tour requests as they change (their ids come over the user's channel; rows are read here). */
function tourIds(ctx: GraphQLContext): AsyncGenerator<string> {
  const viewer = requireViewer(ctx.viewer);
  const events = (ctx.realtime ?? inProcessRealtime(ctx.log, ctx.prisma)).userEvents(viewer.uid);
  return liveIds(events, 'tour', (event) =>
    ctx.prisma.tourRequest.findFirst({
      where: { id: event.tourId, OR: [{ renterId: viewer.uid }, { agentUserId: viewer.uid }] },
      select: { id: true },
    }),
  );
}

/**
 * The open houses of one listing whose places changed (an RSVP, a cancellation, the waitlist moving
 * up), for a signed-in viewer looking at its page. Refused at subscribe time when the viewer may not
 * see the listing; each open house is read again as the viewer sees it (`viewerRsvp`).
 */
function openHouseIds(ctx: GraphQLContext, listingId: string): AsyncGenerator<string> {
  const events = (ctx.realtime ?? inProcessRealtime(ctx.log, ctx.prisma)).listingEvents(listingId);
  // Still there (an edit of the listing may have removed it since): one read per event for all its subscribers.
  return liveIds(events, 'openHouse', (event) => openHouseOfEvent(ctx.prisma, listingId, event));
}

builder.subscriptionFields((t) => ({
  openHouseChanged: t.prismaField({
    type: 'OpenHouse',
    description:
      "An open house of the listing changed its places (going, waiting, the viewer's own RSVP): for a signed-in viewer who may see the listing (NOT_FOUND otherwise).",
    args: { listingId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const viewer = requireViewer(ctx.viewer);
      const id = String(args.listingId);
      const listing = isUuid(id)
        ? await ctx.prisma.property.findFirst({ where: { id, ...visibleListingWhere(ctx.viewer) }, select: { id: true } })
        : null;
      if (!listing) throw new AppError('NOT_FOUND', say('listingNotFound'));
      // At most OPEN_HOUSE_LIVE_LIMITS.perUserAndListing at once (issue 58 item 12), given back when it ends.
      const release = takeOpenHouseWatch(viewer.uid, listing.id);
      return releasingWhenDone(openHouseIds(ctx, listing.id), release);
    },
    // Every subscriber resolving the same selection shares one read of the row.
    resolve: (query, id, _args, ctx) => openHouseRow(ctx.prisma, id as unknown as string, query) as never,
  }),
  tourChanged: t.prismaField({
    type: 'TourRequest',
    description:
      "One of the viewer's tour requests took a step (requested, confirmed, another time, declined, cancelled, expired).",
    subscribe: (_root, _args, ctx) => {
      requireViewer(ctx.viewer);
      return tourIds(ctx);
    },
    resolve: (query, id, _args, ctx) =>
      ctx.prisma.tourRequest.findUniqueOrThrow({ ...query, where: { id: id as unknown as string } }),
  }),
}));

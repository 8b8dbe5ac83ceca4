import { builder } from '../../graphql/builder.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import { cancelOpenHouseRsvp, rsvpOpenHouse } from './open-house-rsvps.service.js';

/** Open-house RSVPs (issue 27 item 1): 'Going', the waitlist, cancelling. Answers the open house as it is now. */
builder.mutationFields((t) => ({
  rsvpOpenHouse: t.prismaField({
    type: 'OpenHouse',
    description:
      "Says the signed-in renter is going to an open house of a public listing ('Going'). Full: CONFLICT 'This open house is full', unless `waitlist` is true, which joins the waitlist (the next place freed goes to the first waiting). The listing's owner and agent cannot RSVP (FORBIDDEN); at most 30 RSVPs a day.",
    args: { id: t.arg.id({ required: true }), waitlist: t.arg.boolean({ defaultValue: false }) },
    resolve: async (query, _root, args, ctx) => {
      const { openHouseId } = await rsvpOpenHouse(
        { prisma: ctx.prisma, limits: ctx.limits ?? inProcessRateLimits(ctx.log) },
        ctx.viewer,
        String(args.id),
        { waitlist: args.waitlist },
      );
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
}));

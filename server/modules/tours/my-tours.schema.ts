import { builder } from '../../graphql/builder.js';
import { RsvpStatusEnum } from '../listings/index.schema.js';
import { myOpenHouseRsvpsWhere } from './open-house-rsvps.service.js';
import { requireUser } from '../../core/authz.js';
import { managedBy } from '../listings/index.js';

/** A renter's RSVP to an open house (issue 27): going, or on its waitlist. */
builder.prismaObject('OpenHouseRsvp', {
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.expose('status', { type: RsvpStatusEnum }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    openHouse: t.relation('openHouse'),
  }),
});

builder.queryFields((t) => ({
  myOpenHouseRsvps: t.prismaField({
    type: ['OpenHouseRsvp'],
    description:
      "The signed-in renter's RSVPs to open houses of public listings, soonest first: those to come (`upcoming`, the default) or those over (at most 50). UNAUTHENTICATED when signed out.",
    args: { upcoming: t.arg.boolean({ defaultValue: true }) },
    resolve: async (query, _root, args, ctx) =>
      ctx.prisma.openHouseRsvp.findMany({
        ...query,
        where: await myOpenHouseRsvpsWhere(ctx.prisma, ctx.viewer, args.upcoming !== false),
        orderBy: [{ openHouse: { startsAt: args.upcoming === false ? 'desc' : 'asc' } }, { id: 'asc' }],
        take: 50,
      }),
  }),
  managedOpenHouses: t.prismaField({
    type: ['OpenHouse'],
    description:
      'Open houses to come of the listings the signed-in user manages (owner or agent), soonest first, with their attendees (at most 50). UNAUTHENTICATED when signed out.',
    resolve: async (query, _root, _args, ctx) => {
      const user = await requireUser(ctx.prisma, ctx.viewer);
      return ctx.prisma.openHouse.findMany({
        ...query,
        where: { endsAt: { gt: new Date() }, property: managedBy(user.id, user.agent?.id ?? null) },
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
        take: 50,
      });
    },
  }),
}));

import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { displayName, shownName } from '../../core/names.js';
import { builder } from '../../graphql/builder.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { keptQuery } from '../../graphql/planned/index.js';
import { AGENT_REVIEWS_DEFAULT, AGENT_REVIEWS_MAX, agentReviewsTake, findAgent, isNewAgent } from './agents.service.js';
import { PUBLIC_LISTING } from '../listings/index.js';
import { VISIBLE_REVIEW } from './review-visibility.js';
import { responseTimeLabel } from '../../../common/response-time.js';

const userNameSelect = { user: { select: { firstName: true, lastName: true, email: true } } } as const;

export const AgentRef = builder.prismaObject('Agent', {
  description: 'The public profile of an agent or broker.',
  fields: (t) => ({
    id: t.exposeID('id'),
    userId: t.exposeID('userId', { description: "The agent's user account (as `Property.ownerId` names a listing's owner)." }),
    displayName: t.string({ select: userNameSelect, resolve: (agent) => displayName(agent.user) }),
    firstName: t.string({ select: userNameSelect, resolve: (a) => shownName(a.user).firstName }),
    lastName: t.string({ select: userNameSelect, resolve: (a) => shownName(a.user).lastName }),
    email: t.string({ select: { user: { select: { email: true } } }, resolve: (a) => a.user.email }),
    phone: t.string({ nullable: true, select: { user: { select: { phone: true } } }, resolve: (a) => a.user.phone }),
    photoUrl: t.string({ nullable: true, select: { user: { select: { photoUrl: true } } }, resolve: (a) => a.user.photoUrl }),
    memberSince: t.field({
      type: 'DateTime',
      select: { user: { select: { createdAt: true } } },
      resolve: (a) => a.user.createdAt,
    }),
    isNew: t.boolean({
      description: "True for an account under 30 days old with no reviews ('New' badge).",
      select: { reviewCount: true, user: { select: { createdAt: true } } },
      resolve: (a) => isNewAgent(a.user.createdAt, a.reviewCount),
    }),
    bio: t.exposeString('bio', { nullable: true }),
    specialties: t.exposeStringList('specialties'),
    yearsExperience: t.exposeInt('yearsExperience'),
    propertiesSold: t.exposeInt('propertiesSold'),
    rating: t.float({ description: 'Average review score, 0 to 5.', select: { rating: true }, resolve: (a) => Number(a.rating) }),
    reviewCount: t.exposeInt('reviewCount'),
    responseMinutes: t.exposeInt('responseMinutes', {
      nullable: true,
      description:
        "Median minutes from a renter's first message to the agent's first reply, over the last 90 days' conversations; null with fewer than 3.",
    }),
    responseTime: t.string({
      nullable: true,
      description: "'Usually responds within an hour' (or a few hours, a day, a few days); null with fewer than 3 conversations.",
      select: { responseMinutes: true },
      resolve: (a) => responseTimeLabel(a.responseMinutes),
    }),
    license: t.exposeString('license', { nullable: true }),
    licenseVerified: t.boolean({
      description: "An admin checked the agent's New York real-estate license number: the 'Licensed' badge.",
      select: { licenseVerifiedAt: true, license: true },
      resolve: (a) => a.licenseVerifiedAt !== null && a.license !== null,
    }),
    agency: t.exposeString('agency', { nullable: true }),
    activeListingsCount: t.relationCount('properties', {
      description: "How many of the agent's listings are public (active, not hidden by moderation).",
      where: PUBLIC_LISTING,
    }),
    reviews: t.relation('reviews', {
      description: `The agent's visible reviews (not hidden pending review), newest first: \`first\` of them (default ${AGENT_REVIEWS_DEFAULT}, at most ${AGENT_REVIEWS_MAX}).`,
      args: { first: t.arg.int({ defaultValue: AGENT_REVIEWS_DEFAULT }) },
      query: (args) => ({
        where: VISIBLE_REVIEW,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: agentReviewsTake(args.first),
      }),
    }),
    listings: t.relatedConnection(
      'properties',
      {
        description: "The agent's active listings, newest first.",
        cursor: 'id',
        defaultSize: PAGE_LIMITS.agentListings.default,
        maxSize: PAGE_LIMITS.agentListings.max,
        totalCount: true,
        query: () => ({ where: PUBLIC_LISTING, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
      },
      { name: 'AgentListingsConnection' },
      { name: 'AgentListingsEdge' },
    ),
  }),
});

/** `Query.agent`: an agent by agent id or user id, loaded with the document's query. */
function findAgentField(
  query: Parameters<typeof findAgent>[2],
  _root: unknown,
  args: { id: string | number },
  ctx: GraphQLContext,
) {
  return findAgent(ctx.prisma, String(args.id), query);
}

builder.queryFields((t) => ({
  agent: t.prismaField({
    type: 'Agent',
    nullable: true,
    description: 'An agent by agent id, or by the user id of the agent (as GET /api/agents/{id}).',
    args: { id: t.arg.id({ required: true }) },
    // The planned path runs the same resolver with the query it kept (graphql/planned/).
    ...keptQuery(findAgentField),
  }),
  agents: t.prismaConnection(
    {
      type: 'Agent',
      cursor: 'id',
      defaultSize: PAGE_LIMITS.agents.default,
      maxSize: PAGE_LIMITS.agents.max,
      description: 'Agents, best rated first.',
      resolve: (query, _root, _args, ctx) =>
        ctx.prisma.agent.findMany({ ...query, orderBy: [{ rating: 'desc' }, { id: 'asc' }] }),
      totalCount: (_parent, _args, ctx) => ctx.prisma.agent.count(),
    },
    { name: 'AgentConnection' },
    { name: 'AgentEdge' },
  ),
}));

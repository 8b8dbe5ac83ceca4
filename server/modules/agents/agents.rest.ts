import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { displayName } from '../../core/names.js';
import express, { type Request } from 'express';
import type { Logger } from '../../logger.js';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError } from '../../core/errors.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import {
  listingItemInclude,
  listingItems,
  noStore,
  type ListingItems,
  type ListingWithRelations,
  type SelectionOf,
} from '../listings/index.rest.js';
import { AGENT_REVIEWS_MAX, findAgent, isNewAgent } from './agents.service.js';
import { PUBLIC_LISTING } from '../listings/index.js';
import { VISIBLE_REVIEW } from './review-visibility.js';

/**
 * GET /api/agents/{id} (SPEC part 7): the agent profile as SPEC part 3 says it is read, with the
 * agent's active listings (newest first, in the listing shape of GET /api/properties) and the newest
 * reviews. `id` is the agent id, or the user id (uid) of the agent. One SQL statement.
 */

export const AGENT_REST_LISTINGS = PAGE_LIMITS.agentProfileListings.max;

const { agent: _agentOfListing, ...listingWithoutAgent } = listingItemInclude;

const agentProfileInclude = {
  user: { select: { firstName: true, lastName: true, email: true, phone: true, photoUrl: true, createdAt: true } },
  properties: {
    where: PUBLIC_LISTING,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: AGENT_REST_LISTINGS,
    include: listingWithoutAgent,
  },
  reviews: {
    where: VISIBLE_REVIEW,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: AGENT_REVIEWS_MAX,
    include: {
      author: { select: { firstName: true, lastName: true, photoUrl: true } },
      property: { select: { title: true } },
    },
  },
  _count: { select: { properties: { where: PUBLIC_LISTING } } },
} satisfies Prisma.AgentInclude;

type AgentProfile = Prisma.AgentGetPayload<{ include: typeof agentProfileInclude }>;

/** An agent's profile; its listings as REST items for the request's viewer. */
export async function toAgentProfile(agent: AgentProfile, items: ListingItems, req: Request) {
  const { user } = agent;
  const asSummary = {
    ...agent,
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      photoUrl: user.photoUrl,
      createdAt: user.createdAt,
    },
  };
  return {
    id: agent.id,
    userId: agent.userId,
    user: {
      id: agent.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: displayName(user),
      avatar: user.photoUrl,
      photoUrl: user.photoUrl,
      phone: user.phone,
      email: user.email,
    },
    rating: Number(agent.rating),
    reviewCount: agent.reviewCount,
    propertiesSold: agent.propertiesSold,
    yearsExperience: agent.yearsExperience,
    agency: agent.agency,
    bio: agent.bio,
    specialties: agent.specialties,
    license: agent.license,
    license_verified: agent.licenseVerifiedAt !== null && agent.license !== null,
    isNew: isNewAgent(user.createdAt, agent.reviewCount),
    memberSince: user.createdAt.toISOString(),
    activeListingsCount: agent._count.properties,
    properties: await items.many(
      agent.properties.map((p) => ({ ...p, agent: asSummary }) as ListingWithRelations),
      req,
    ),
    reviews: agent.reviews.map((r) => ({
      id: r.id,
      user: { firstName: r.author.firstName, lastName: r.author.lastName, avatar: r.author.photoUrl },
      rating: r.score,
      communication: r.communication,
      reliability: r.reliability,
      cleanliness: r.cleanliness,
      accuracy: r.accuracy,
      comment: r.comment,
      listingTitle: r.property?.title ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

const messages = defineMessages({
  notFound: { id: 'server.agent.restNotFound', defaultMessage: 'Agent not found' },
});

export function agentRoutes(deps: { prisma: PrismaClient; log: Logger; selection: SelectionOf }): express.Router {
  const { prisma } = deps;
  const items = listingItems(deps);
  const router = express.Router();

  router.get('/agents/:id', noStore, async (req, res) => {
    const { id } = req.params as { id: string };
    const agent = await findAgent(prisma, id, { include: agentProfileInclude });
    if (!agent) throw new AppError('NOT_FOUND', formatMessage(messages.notFound));
    res.json(await toAgentProfile(agent, items, req));
  });

  return router;
}

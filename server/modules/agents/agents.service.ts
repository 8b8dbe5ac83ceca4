import { PAGE_LIMITS } from '../../../common/page-limits.js';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { isUuid } from '../../core/ids.js';

/** Business rules of agent profiles (SPEC part 3, Agent). */

export const NEW_AGENT_DAYS = 30;

/** 'New' badge: an account younger than 30 days with no reviews. */
export function isNewAgent(accountCreatedAt: Date, reviewCount: number, now: Date = new Date()): boolean {
  return reviewCount === 0 && now.getTime() - accountCreatedAt.getTime() < NEW_AGENT_DAYS * 24 * 60 * 60 * 1000;
}

/** Reviews shown on an agent profile (SPEC part 9: 5), and the most one request may ask for. */
export const AGENT_REVIEWS_DEFAULT = PAGE_LIMITS.agentReviews.default;
export const AGENT_REVIEWS_MAX = PAGE_LIMITS.agentReviews.max;

/** How many reviews to read for `first`: the default when absent, clamped to 0..AGENT_REVIEWS_MAX. */
export function agentReviewsTake(first: number | null | undefined): number {
  if (first === null || first === undefined || !Number.isFinite(first)) return AGENT_REVIEWS_DEFAULT;
  return Math.min(AGENT_REVIEWS_MAX, Math.max(0, Math.trunc(first)));
}

/** The WHERE naming an agent by agent id or by the agent's user id (uid); null when the key cannot be one. */
export function agentKeyWhere(idOrUid: string): Prisma.AgentWhereInput | null {
  const key = idOrUid.trim();
  if (!key || key.length > 128) return null;
  return isUuid(key) ? { OR: [{ id: key }, { userId: key }] } : { userId: key };
}

/**
 * An agent by agent id or user id, loaded with `query` (a Prisma select/include): GraphQL's
 * `agent(id)` and REST's GET /api/agents/{id} both read it through here.
 */
export async function findAgent<A extends { select?: Prisma.AgentSelect | null; include?: Prisma.AgentInclude | null }>(
  prisma: PrismaClient,
  idOrUid: string,
  query: A,
): Promise<Prisma.AgentGetPayload<A> | null> {
  const where = agentKeyWhere(idOrUid);
  if (!where) return null;
  return (await prisma.agent.findFirst({ ...(query as object), where })) as Prisma.AgentGetPayload<A> | null;
}

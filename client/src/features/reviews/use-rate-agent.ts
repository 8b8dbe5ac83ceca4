import type { ApolloCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useMutation } from '@apollo/client/react';
import { RateAgentMutation } from './operations';

/**
 * After a review: the parts of the cache the mutation's answer cannot patch are dropped, and read
 * again by whatever shows them (at once when on screen, else on the next visit): the agent's recent
 * reviews on their profile and the viewer's review lists. The agent's rating, count and 'New' badge
 * and the GIVEN summary update in place from the answer (normalized by id).
 */
export function dropStaleReviewLists(cache: ApolloCache, agentId: string): void {
  const agent = cache.identify({ __typename: 'Agent', id: agentId });
  if (agent) cache.evict({ id: agent, fieldName: 'reviews' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'myReviews' });
  cache.gc();
}

/**
 * Rating an agent retires the 'rate this agent' prompt of the viewer's conversations with them (the
 * server does the same), so a conversation opened from the cache no longer asks.
 */
export function retireRatingPrompts(cache: ApolloCache, agentId: string): void {
  const entries = cache.extract() as Record<string, { __typename?: string; ratingPrompt?: { agentId?: string } | null }>;
  for (const [id, entry] of Object.entries(entries)) {
    if (entry.__typename !== 'Thread' || entry.ratingPrompt?.agentId !== agentId) continue;
    cache.modify({ id, fields: { ratingPrompt: () => null } });
  }
}

/** `rateAgent`, with the cache kept in step everywhere the agent's rating shows. */
export function useRateAgent() {
  return useMutation(RateAgentMutation, {
    update(cache, { data }) {
      const agentId = data?.rateAgent.agent.id;
      if (!agentId) return;
      retireRatingPrompts(cache, agentId);
      dropStaleReviewLists(cache, agentId);
    },
  });
}

/** The server's own words about a refused review ('Agents cannot rate…', a rate limit), or null. */
export function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const explained = error.errors.find((e) => e.message && e.extensions?.code !== 'INTERNAL_SERVER_ERROR');
  return explained?.message ?? null;
}

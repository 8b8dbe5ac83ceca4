import { InMemoryCache, gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { ratingsTypePolicies } from '@/lib/apollo/type-policies';
import { dropStaleReviewLists, retireRatingPrompts } from './use-rate-agent';

const AGENT = gql`
  query A {
    agent(id: "a1") {
      id
      rating
      reviews(first: 5) {
        id
      }
    }
  }
`;
const THREADS = gql`
  query T {
    t1: thread(id: "t1") {
      id
      ratingPrompt {
        agentId
        agentName
      }
    }
    t2: thread(id: "t2") {
      id
      ratingPrompt {
        agentId
        agentName
      }
    }
  }
`;

function cacheWithData() {
  const cache = new InMemoryCache({ typePolicies: ratingsTypePolicies });
  cache.writeQuery({
    query: AGENT,
    data: { agent: { __typename: 'Agent', id: 'a1', rating: 4, reviews: [{ __typename: 'Review', id: 'r1' }] } },
  });
  cache.writeQuery({
    query: THREADS,
    data: {
      t1: { __typename: 'Thread', id: 't1', ratingPrompt: { __typename: 'RatingPrompt', agentId: 'a1', agentName: 'Morgan' } },
      t2: { __typename: 'Thread', id: 't2', ratingPrompt: { __typename: 'RatingPrompt', agentId: 'a2', agentName: 'Sam' } },
    },
  });
  return cache;
}

describe('after a review', () => {
  it("drops the agent's cached reviews but keeps the rest of the agent", () => {
    const cache = cacheWithData();
    dropStaleReviewLists(cache, 'a1');
    const agent = cache.extract()['Agent:a1'] as Record<string, unknown>;
    expect(agent.rating).toBe(4);
    expect(Object.keys(agent).some((k) => k.startsWith('reviews'))).toBe(false);
  });

  it("retires only that agent's rating prompts", () => {
    const cache = cacheWithData();
    retireRatingPrompts(cache, 'a1');
    const data = cache.readQuery({ query: THREADS }) as {
      t1: { ratingPrompt: unknown };
      t2: { ratingPrompt: { agentId: string } };
    };
    expect(data.t1.ratingPrompt).toBeNull();
    expect(data.t2.ratingPrompt.agentId).toBe('a2');
  });
});

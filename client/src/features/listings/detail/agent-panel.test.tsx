// The listing page's agent section: '1 review' / 'N reviews' and '1 year' / 'N years' (plural unless
// the count is exactly 1), 'New agent' instead of a rating.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListingAgent_AgentFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { AgentPanel } from './agent-panel';

const property = {
  id: 'prop-1',
  title: 'Sunny loft',
  viewerCanManage: false,
  isSaved: false,
  price: 4250,
  originalPrice: null,
  listingType: 'FOR_RENT' as const,
};

function agent(overrides: Partial<ListingAgent_AgentFragment>): ListingAgent_AgentFragment {
  return {
    __typename: 'Agent',
    id: 'agent-1',
    displayName: 'Morgan Agent',
    photoUrl: null,
    rating: 4.5,
    reviewCount: 2,
    isNew: false,
    licenseVerified: false,
    yearsExperience: 3,
    agency: null,
    responseMinutes: null,
    ...overrides,
  };
}

const section = () => screen.getByRole('region', { name: 'Listing agent' });

describe('AgentPanel', () => {
  it.each([
    [{ rating: 4, reviewCount: 1, yearsExperience: 1 }, '4.0 (1 review)', '1 year of experience'],
    [{ rating: 4.5, reviewCount: 2, yearsExperience: 3 }, '4.5 (2 reviews)', '3 years of experience'],
    [{ rating: 0, reviewCount: 0, yearsExperience: 0 }, '0.0 (0 reviews)', '0 years of experience'],
  ])('%o reads "%s" and "%s"', (overrides, reviews, years) => {
    renderWithProviders(<AgentPanel property={property} agent={agent(overrides)} />);
    expect(section()).toHaveTextContent(reviews);
    expect(section()).toHaveTextContent(years);
  });

  it("a new agent: 'New agent' and no rating", () => {
    renderWithProviders(<AgentPanel property={property} agent={agent({ isNew: true, reviewCount: 0 })} />);
    expect(section()).toHaveTextContent('New agent');
    expect(section()).not.toHaveTextContent('review');
  });
});

// The agent profile's header: '1 review' / 'N reviews' and '1 year' / 'N years' (plural unless the
// count is exactly 1), counts with thousands separators.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentProfile_AgentFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { AgentHeader, QuickStats } from './agent-sections';

function agent(overrides: Partial<AgentProfile_AgentFragment>): AgentProfile_AgentFragment {
  return {
    __typename: 'Agent',
    id: 'agent-1',
    displayName: 'Morgan Agent',
    photoUrl: null,
    phone: null,
    email: 'morgan@example.com',
    rating: 4.5,
    reviewCount: 2,
    propertiesSold: 3,
    yearsExperience: 3,
    agency: null,
    bio: null,
    specialties: [],
    license: null,
    licenseVerified: false,
    isNew: false,
    activeListingsCount: 0,
    responseMinutes: null,
    ...overrides,
  };
}

const header = () => screen.getByRole('region', { name: 'Agent' });

describe('AgentHeader', () => {
  it.each([
    [{ reviewCount: 1, yearsExperience: 1 }, '1 review', '1 year experience'],
    [{ reviewCount: 2, yearsExperience: 12 }, '2 reviews', '12 years experience'],
    [{ reviewCount: 0, yearsExperience: 0 }, '0 reviews', '0 years experience'],
    [{ reviewCount: 1234, yearsExperience: 2 }, '1,234 reviews', '2 years experience'],
  ])('%o reads "%s" and "%s"', (overrides, reviews, years) => {
    renderWithProviders(<AgentHeader agent={agent(overrides)} />);
    expect(screen.getByText(reviews, { exact: true })).toBeInTheDocument();
    expect(screen.getByText(years, { exact: true })).toBeInTheDocument();
    if (overrides.reviewCount > 0) expect(header()).toHaveTextContent('4.5');
  });

  it("a new agent, rated by nobody yet: 'No ratings yet', not zero stars (issue 59 item 8)", () => {
    renderWithProviders(
      <>
        <AgentHeader agent={agent({ rating: 0, reviewCount: 0, isNew: true })} />
        <QuickStats agent={agent({ rating: 0, reviewCount: 0 })} />
      </>,
    );
    expect(header()).toHaveTextContent('No ratings yet');
    expect(header()).not.toHaveTextContent('0.0');
    const stats = screen.getByRole('region', { name: 'Quick Stats' });
    expect(stats).toHaveTextContent('RatingNo ratings yet');
    expect(stats).not.toHaveTextContent('0.0 / 5.0');
  });
});

// The agent's public profile with a sale among its listings (issue 58 item 3): the sale's card shows
// its asking price without 'per month', a net effective rent or 'No fee'; a rental's card keeps them.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AgentProfileDocument } from '@/gql/graphql';
import { agentProfileVariables } from '@/features/agents/profile-variables';
import { rentalCardListing, saleCardListing } from '@/features/listings/test-cards';
import { renderWithProviders } from '@/test/render';
import AgentProfileScreen from './agent-profile';

const AGENT_ID = 'agent-7';

describe('the agent profile with a sale', () => {
  it("shows the sale's card at its asking price without rental maths", async () => {
    const sale = saleCardListing({ title: 'Townhouse for sale', price: 3_200_000, netEffectivePrice: 3_200_000 });
    const rental = rentalCardListing();
    renderWithProviders(<AgentProfileScreen />, {
      route: `/agents/${AGENT_ID}`,
      path: '/agents/:id',
      mocks: [
        {
          request: { query: AgentProfileDocument, variables: agentProfileVariables(AGENT_ID) },
          result: {
            data: {
              agent: {
                __typename: 'Agent',
                id: AGENT_ID,
                displayName: 'Sasha Seller',
                photoUrl: null,
                phone: null,
                email: 'sasha@example.com',
                rating: 0,
                reviewCount: 0,
                propertiesSold: 0,
                yearsExperience: 4,
                responseMinutes: null,
                agency: null,
                bio: null,
                specialties: [],
                license: null,
                licenseVerified: false,
                isNew: true,
                activeListingsCount: 2,
                viewerRating: { __typename: 'ViewerRating', allowed: false, reason: null, existingReview: null },
                reviews: [],
                listings: {
                  __typename: 'AgentListingsConnection',
                  totalCount: 2,
                  edges: [sale, rental].map((node) => ({ __typename: 'AgentListingsEdge', cursor: node.id, node })),
                  pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
                },
              },
            },
          },
        },
      ],
    });
    const saleHeading = await screen.findByRole('heading', { name: 'Townhouse for sale' });
    const saleCard = saleHeading.closest('article')!;
    const rentalCard = screen.getByRole('heading', { name: 'Rental with a concession' }).closest('article')!;
    expect(saleCard).toHaveTextContent('$3,200,000');
    expect(saleCard).not.toHaveTextContent(/per month|net effective|No fee/);
    expect(rentalCard).toHaveTextContent('$3,600per month');
    expect(rentalCard).toHaveTextContent('$3,300 net effective');
    expect(rentalCard).toHaveTextContent('No fee');
  });
});

// Moved here from the browser tests, which checked one heading (issue 55 item 4); the server's answer
// for an unknown or malformed id (null) is tests/integration/listings.test.ts's.
describe('an unknown agent', () => {
  it.each([
    ['no such agent', { result: { data: { agent: null } } }],
    ['a failed answer', { error: new Error('Network request failed') }],
  ])("%s: 'Agent not found', what it means and a way back", async (_, answer) => {
    const id = '00000000-0000-4000-8000-000000000000';
    renderWithProviders(<AgentProfileScreen />, {
      route: `/agents/${id}`,
      path: '/agents/:id',
      mocks: [{ request: { query: AgentProfileDocument, variables: agentProfileVariables(id) }, ...answer }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeInTheDocument();
    expect(screen.getByText("The agent you're looking for doesn't exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to listings' })).toHaveAttribute('href', '/');
    expect(document.title).toMatch(/^Agent not found/);
  });
});

// Saved homes with a sale (issue 58 item 3): a saved sale shows its asking price, without 'per month',
// a net effective rent or 'No fee', and how its price moved since it was saved; a saved rental keeps them.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SavedHomesDocument } from '@/gql/graphql';
import { rentalCardListing, saleCardListing } from '@/features/listings/test-cards';
import { renderWithProviders } from '@/test/render';
import SavedHomesScreen from './saved-homes';

describe('Saved Homes with a sale', () => {
  it('shows the sale at its asking price without rental maths, and the rental per month', async () => {
    const sale = saleCardListing();
    const rental = rentalCardListing();
    const edge = (node: typeof sale, priceAtSave: number) => ({
      __typename: 'SavedPropertyEdge',
      cursor: node.id,
      savedAt: '2026-11-20T15:00:00.000Z',
      priceAtSave,
      node,
    });
    renderWithProviders(<SavedHomesScreen />, {
      route: '/me/saved',
      mocks: [
        {
          request: { query: SavedHomesDocument, variables: { first: 12 } },
          result: {
            data: {
              savedProperties: {
                __typename: 'SavedPropertyConnection',
                totalCount: 2,
                edges: [edge(sale, 1_000_000), edge(rental, 3600)],
                pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
              },
            },
          },
        },
      ],
    });
    const cards = await screen.findAllByRole('article');
    const [saleCard, rentalCard] = cards.map((c) => c.closest('li')!);
    expect(within(saleCard!).getByRole('heading', { name: 'Condo for sale' })).toBeInTheDocument();
    expect(saleCard).toHaveTextContent('$950,000');
    expect(saleCard).toHaveTextContent('Price dropped $50,000 since you saved it');
    expect(saleCard).not.toHaveTextContent(/per month|net effective|No fee/);
    expect(rentalCard).toHaveTextContent('$3,600per month');
    expect(rentalCard).toHaveTextContent('$3,300 net effective');
    expect(rentalCard).toHaveTextContent('No fee');
  });
});

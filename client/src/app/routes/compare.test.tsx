// Compare with a sale (issue 58 item 3): a sale is compared at its asking price, without a rental's
// money (net effective rent, move-in total, 'No fee' or broker fee, application fee, deposit).
import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompareListingsDocument, type CompareColumn_PropertyFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { compareVariables } from '@/features/compare/compare-variables';
import CompareScreen from './compare';

const RENT_ID = '11111111-1111-4111-8111-111111111111';
const SALE_ID = '22222222-2222-4222-8222-222222222222';
const SALE2_ID = '33333333-3333-4333-8333-333333333333';

function listing(
  overrides: Partial<CompareColumn_PropertyFragment>,
): CompareColumn_PropertyFragment & { __typename: 'Property' } {
  return {
    __typename: 'Property',
    id: RENT_ID,
    slug: 'a-rental',
    title: 'A rental',
    price: 3600,
    netEffectivePrice: 3300,
    concession: { __typename: 'Concession', label: '1 month free on 12' },
    listingType: 'FOR_RENT',
    bedrooms: 2,
    bathrooms: 1,
    sqft: 900,
    neighborhood: 'Williamsburg',
    brokerFee: null,
    brokerFeePayer: null,
    applicationFee: 20,
    securityDeposit: 3600,
    totalMoveInCost: 7220,
    petPolicy: 'CATS_ONLY',
    laundry: null,
    accessibilityFeatures: [],
    daysOnMarket: 3,
    nearbyStations: [],
    photos: [],
    ...overrides,
  } as CompareColumn_PropertyFragment & { __typename: 'Property' };
}

const rental = listing({});
/** A sale as the API answers it: no lease, concession or broker fee payer; a move-in total it does not show. */
const sale = (id: string, title: string, price: number) =>
  listing({
    id,
    slug: title.toLowerCase().replace(/ /g, '-'),
    title,
    price,
    netEffectivePrice: price,
    concession: null,
    listingType: 'FOR_SALE',
    applicationFee: null,
    securityDeposit: null,
    totalMoveInCost: price,
  });

function answer(listings: ReturnType<typeof listing>[]): MockLink.MockedResponse {
  const [a, b, c] = listings;
  return {
    request: {
      query: CompareListingsDocument,
      variables: compareVariables(listings.map((l) => l?.id ?? '')),
    },
    result: {
      data: { a: a ?? null, ...(listings.length > 1 ? { b: b ?? null } : {}), ...(listings.length > 2 ? { c: c ?? null } : {}) },
    },
  };
}

const rowHeaders = () => screen.getAllByRole('rowheader').map((h) => h.textContent);
const row = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr')!;

describe('Compare with sales', () => {
  it('only sales: an Asking price row at their price, and none of a rental’s rows', async () => {
    const sales = [sale(SALE_ID, 'Condo for sale', 950_000), sale(SALE2_ID, 'Townhouse for sale', 3_200_000)];
    renderWithProviders(<CompareScreen />, { route: `/compare?ids=${SALE_ID},${SALE2_ID}`, mocks: [answer(sales)] });
    expect(await screen.findByRole('link', { name: 'Condo for sale' })).toBeInTheDocument();
    expect(rowHeaders()).toEqual([
      'Asking price',
      'Bedrooms',
      'Bathrooms',
      'Size',
      'Neighborhood',
      'Subway',
      'Pets',
      'Laundry',
      'Accessibility',
      'On the market',
    ]);
    const cells = within(row('Asking price')).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Asking price: $950,000', 'Asking price: $3,200,000']);
    const table = screen.getByRole('table');
    expect(table).not.toHaveTextContent(/month|No fee|Move-in|Broker|Net effective|Deposit|Application/i);
  });

  it('a sale beside a rental: a Price row (rent per month, the asking price), and the rental’s rows say they do not apply to the sale', async () => {
    renderWithProviders(<CompareScreen />, {
      route: `/compare?ids=${RENT_ID},${SALE_ID}`,
      mocks: [answer([rental, sale(SALE_ID, 'Condo for sale', 950_000)])],
    });
    expect(await screen.findByRole('link', { name: 'Condo for sale' })).toBeInTheDocument();
    expect(rowHeaders().slice(0, 6)).toEqual([
      'Price',
      'Net effective',
      'Move-in total',
      'Broker fee',
      'Application fee',
      'Security deposit',
    ]);
    const [rent, asking] = within(row('Price')).getAllByRole('cell');
    expect(rent).toHaveTextContent('$3,600 / month');
    expect(asking).toHaveTextContent('$950,000 asking price');
    expect(asking).not.toHaveTextContent('month');
    for (const label of ['Net effective', 'Move-in total', 'Broker fee', 'Application fee', 'Security deposit']) {
      const [forRent, forSale] = within(row(label)).getAllByRole('cell');
      expect(forSale, label).toHaveTextContent(`${label}: —Does not apply to a sale`);
      expect(forRent, label).not.toHaveTextContent('Does not apply');
    }
    expect(within(row('Broker fee')).getAllByRole('cell')[0]).toHaveTextContent('No fee');
    expect(within(row('Net effective')).getAllByRole('cell')[0]).toHaveTextContent('$3,300 / month (1 month free on 12)');
  });

  it('only rentals: the Rent row, as before', async () => {
    renderWithProviders(<CompareScreen />, { route: `/compare?ids=${RENT_ID}`, mocks: [answer([rental])] });
    expect(await screen.findByRole('link', { name: 'A rental' })).toBeInTheDocument();
    expect(rowHeaders()[0]).toBe('Rent');
    expect(within(row('Rent')).getByRole('cell')).toHaveTextContent('$3,600 / month');
    expect(rowHeaders()).toContain('Move-in total');
  });
});

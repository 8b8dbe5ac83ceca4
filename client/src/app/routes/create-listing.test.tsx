// /create-listing?propertyId= for a listing that cannot be edited (SPEC part 2): a missing listing says
// so, a failed answer asks to check the connection; each leads back to Manage Listings and shows no form. Moved here from the browser tests, which
// checked one alert (issue 55 item 4).
import type { MockLink } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditListingDocument } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import CreateListingScreen from './create-listing';

const ID = '00000000-0000-4000-8000-000000000000';

function renderEdit(answer: Omit<MockLink.MockedResponse, 'request'>) {
  return renderWithProviders(<CreateListingScreen />, {
    route: `/create-listing?propertyId=${ID}`,
    mocks: [{ request: { query: EditListingDocument, variables: { id: ID } }, ...answer }],
  });
}

describe('editing a listing that cannot be edited', () => {
  it.each([
    ['a missing listing', { result: { data: { property: null } } }, 'Property not found.', 'The listing may have been deleted.'],
    [
      'a failed answer',
      { error: new Error('Network request failed') },
      'Failed to fetch property',
      'Please check your connection and try again.',
    ],
  ])('%s says so, with a way back to Manage Listings and no form', async (_, answer, title, hint) => {
    renderEdit(answer);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(hint);
    expect(within(alert).getByRole('link', { name: 'Manage Listings' })).toHaveAttribute('href', '/me/listings');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeInTheDocument();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { newListingValues } from './form-model';
import { ListingForm } from './listing-form';

function renderForm(opts: { signedIn?: boolean; initialStep?: string | null } = {}) {
  return renderWithProviders(
    <ListingForm
      propertyId={null}
      base={newListingValues()}
      basePhotos={[]}
      user={
        opts.signedIn === false
          ? null
          : { uid: 'u1', displayName: 'Lee Lister', email: 'lee@example.com', photoUrl: null, role: 'RENTER', agentId: null }
      }
      draftId="draft-1"
      initialStep={opts.initialStep ?? null}
    />,
    { route: '/create-listing' },
  );
}

describe('ListingForm', () => {
  it('money inputs take digits only; rent 0 and a negative size get the spec messages', async () => {
    const { user } = renderForm();
    const rent = screen.getByLabelText('Monthly rent');
    await user.type(rent, '12a3');
    expect(rent).toHaveValue('123');
    await user.clear(rent);
    await user.type(rent, '0');
    expect(await screen.findByText('Price must be greater than 0')).toBeInTheDocument();
  });

  it('on submit: every missing field and a Validation Error toast naming the first', async () => {
    const { user } = renderForm();
    await user.click(screen.getByTestId('save-draft-header'));
    const toast = await screen.findByText('Validation Error');
    expect(toast.closest('li') ?? toast.parentElement).toHaveTextContent('Title: Title is required');
    expect(screen.getByText('Available date is required')).toBeInTheDocument();
    expect(
      within(document.body)
        .getAllByRole('alert')
        .some((a) => a.textContent?.includes('Choose a neighborhood')),
    ).toBe(true);
  });
});

// The listing form and New York's fee caps (issue 58 item 2: each cap beside its field, publishing
// over one refused with the cap and the law, a draft kept) and sales (item 3: an asking price, no
// rental fields, published without a lease or a broker fee payer).
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateListingDocument, type ListingInput } from '@/gql/graphql';
import { closeToasts, findToast, renderForm, validValues } from './test-helpers';

vi.mock('@/features/map/map-view', () => ({ MapView: () => null }));

beforeEach(() => closeToasts());
afterEach(() => vi.restoreAllMocks());

/** CreateListing answered with the saved listing; the variables sent go to `sent`. */
function createMock(status: 'DRAFT' | 'ACTIVE', sent: Array<Record<string, unknown>>) {
  return {
    request: { query: CreateListingDocument, variables: () => true },
    result: (variables: Record<string, unknown>) => {
      sent.push(variables);
      const input = variables.input as ListingInput;
      return {
        data: {
          createListing: {
            __typename: 'Property' as const,
            id: 'listing-1',
            slug: 'a-listing',
            status,
            title: input.title,
            price: input.price,
            updatedAt: '2030-01-01T00:00:00.000Z',
          },
        },
      };
    },
  };
}

const DEPOSIT_CAP = "A security deposit can be at most one month's rent ($2,000) under New York law (GOL § 7-108)";

describe("New York's fee caps", () => {
  it('says each cap beside its field', () => {
    renderForm();
    expect(screen.getByLabelText('Security deposit (optional)')).toHaveAccessibleDescription(
      "At most one month's rent under New York law (GOL § 7-108).",
    );
    expect(screen.getByLabelText('Application fee (optional)')).toHaveAccessibleDescription(
      'At most $20, or the actual cost of the background and credit check if less (New York RPL § 238-a).',
    );
  });

  it('refuses publishing a deposit over one month of rent, naming the cap and the law beside the field; nothing is sent', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user } = renderForm({
      base: validValues({ price: 2000, securityDeposit: 6000 }),
      initialStep: 'media',
      mocks: [createMock('ACTIVE', sent)],
    });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent(`Security deposit: ${DEPOSIT_CAP}`);
    expect(screen.getByLabelText('Security deposit (optional)')).toHaveAccessibleDescription(
      expect.stringContaining(DEPOSIT_CAP),
    );
    expect(sent).toEqual([]);
  });

  it('refuses publishing an application fee over $20', async () => {
    const { user } = renderForm({ base: validValues({ price: 2000, applicationFee: 75 }), initialStep: 'media' });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent(
      'Application fee: An application fee can be at most $20 (or the actual cost of the background and credit check, if less) under New York law (RPL § 238-a)',
    );
  });

  it('saves a draft over the caps', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user } = renderForm({
      base: validValues({ price: 2000, securityDeposit: 6000 }),
      mocks: [createMock('DRAFT', sent)],
    });
    await user.click(screen.getByTestId('save-draft-header'));
    await findToast('Draft Saved!');
    expect(sent[0]).toMatchObject({ status: 'DRAFT', input: { securityDeposit: 6000 } });
  });
});

describe('a sale', () => {
  it('asks for its asking price and none of the rental fields', async () => {
    const { user } = renderForm();
    expect(screen.getByLabelText('Monthly rent')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Listing type'), 'For Sale');
    expect(screen.getByLabelText('Asking price')).toBeInTheDocument();
    for (const label of [
      'Monthly rent',
      'Lease term',
      'Months free',
      'Security deposit (optional)',
      'Application fee (optional)',
    ])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Who pays the broker fee?' })).not.toBeInTheDocument();
    // A sale's other fees are the buyer's, not a tenant's.
    expect(screen.getByRole('group', { name: 'Other fees the buyer pays' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Other fees the tenant pays' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Asking price'), '3200000');
    expect(screen.queryByTestId('move-in-total')).not.toBeInTheDocument();
    // Back to a rental: its fields are asked again.
    await user.selectOptions(screen.getByLabelText('Listing type'), 'For Rent');
    expect(screen.getByLabelText('Lease term')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Who pays the broker fee?' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Other fees the tenant pays' })).toBeInTheDocument();
  });

  it('is published at a price over the rent cap, without a lease, a deposit or a broker fee payer', async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user } = renderForm({
      base: validValues({ listingType: 'FOR_SALE', price: 3_200_000, brokerFeePayer: null, securityDeposit: 6000 }),
      initialStep: 'media',
      mocks: [createMock('ACTIVE', sent)],
    });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    await findToast('Success!');
    expect(sent[0]).toMatchObject({
      status: 'ACTIVE',
      input: { listingType: 'FOR_SALE', price: 3_200_000, leaseTerm: null, brokerFeePayer: null, securityDeposit: null },
    });
  });

  it('a rent over $1,000,000 is still too large', async () => {
    const { user } = renderForm({ base: validValues({ price: 3_200_000 }), initialStep: 'media' });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(within(toast).getByText(/Price is too large: at most \$1,000,000/)).toBeInTheDocument();
  });

  it('a rent typed as 10,000,000 is kept as typed and refused with the maximum, not cut to 1,000,000', async () => {
    const { user } = renderForm({ base: validValues(), initialStep: 'pricing' });
    const rent = screen.getByRole('textbox', { name: /Monthly rent/ });
    await user.clear(rent);
    await user.type(rent, '10000000');
    expect(rent).toHaveValue('10000000');
    await user.tab();
    expect(await screen.findByText('Price is too large: at most $1,000,000')).toBeVisible();
  });
});

describe('the available date (issue 59 item 5)', () => {
  it("refuses publishing a date long gone ('2020' typed for '2026'); nothing is sent", async () => {
    const sent: Array<Record<string, unknown>> = [];
    const { user } = renderForm({
      base: validValues({ availableDate: '2020-06-01' }),
      initialStep: 'media',
      mocks: [createMock('ACTIVE', sent)],
    });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent('The available date is more than 30 days ago: if the home is free now, enter today');
    expect(sent).toEqual([]);
  });
});

describe('the validation message (issue 59 item 7)', () => {
  it('goes once the field it names is fixed', async () => {
    const { user } = renderForm({ base: validValues({ price: 2000, applicationFee: 75 }), initialStep: 'media' });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent('Application fee: An application fee can be at most $20');
    const fee = screen.getByLabelText('Application fee (optional)');
    expect(fee).toHaveFocus();
    await user.clear(fee);
    await user.type(fee, '20');
    await vi.waitFor(() => expect(toast).not.toBeInTheDocument());
  });

  it('on a phone, is said beside the field, which is focused, with no toast over the form', async () => {
    const real = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      const { user } = renderForm({ base: validValues({ price: 2000, applicationFee: 75 }), initialStep: 'media' });
      await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
      const fee = screen.getByLabelText('Application fee (optional)');
      await vi.waitFor(() => expect(fee).toHaveFocus());
      expect(fee).toHaveAccessibleDescription(expect.stringContaining('An application fee can be at most $20'));
      expect(screen.queryByText('Validation Error')).toBeNull();
    } finally {
      window.matchMedia = real;
    }
  });
});

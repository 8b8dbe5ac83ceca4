// The listing form's logic (SPEC part 2 'Create / edit listing', part 5 'Listing form', part 8):
// validation on change and on submit, money inputs, conditional fields and the move-in total, the
// signed-out state, and Save Draft / Publish against a mocked GraphQL link.
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateListingDocument, UpdateListingDocument, type ListingInput } from '@/gql/graphql';
import { TEST_USER } from '@/test/render';
import type { SavedPhoto } from './form-model';
import { readLocalDraft, readUploadedPhotos, rememberUploadedPhotos, writeLocalDraft } from './local-draft';
import { closeToasts, DRAFT_ID, findToast, renderForm, stepBar, validValues } from './test-helpers';

// The map is MapLibre's (WebGL); its pin is tested in the browser (tests/e2e/create-listing.spec.ts).
vi.mock('@/features/map/map-view', () => ({ MapView: () => null }));

beforeEach(() => closeToasts());
afterEach(() => vi.restoreAllMocks());

/** The error message shown beside a field (its role=alert text), or null. */
function alertWithText(text: string): HTMLElement | null {
  return screen.queryAllByRole('alert').find((a) => a.textContent === text) ?? null;
}

describe('validation', () => {
  it('money inputs take digits only, after a $ prefix', async () => {
    const { user } = renderForm();
    const rent = screen.getByLabelText('Monthly rent');
    await user.type(rent, '12a3');
    expect(rent).toHaveValue('123');
    await user.type(rent, '.5-');
    expect(rent).toHaveValue('1235');
    expect(rent).toHaveAttribute('inputmode', 'numeric');
    expect(rent.parentElement).toHaveTextContent(/^\$$/);
    const deposit = screen.getByLabelText('Security deposit (optional)');
    await user.type(deposit, '$1,500');
    expect(deposit).toHaveValue('1500');
  });

  it('on change: a rent of 0 gets "Price must be greater than 0", a valid one clears it', async () => {
    const { user } = renderForm();
    const rent = screen.getByLabelText('Monthly rent');
    await user.type(rent, '0');
    expect(await screen.findByText('Price must be greater than 0')).toBeInTheDocument();
    expect(rent).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rent);
    await user.type(rent, '2500');
    await waitFor(() => expect(screen.queryByText('Price must be greater than 0')).not.toBeInTheDocument());
    expect(rent).not.toHaveAttribute('aria-invalid');
  });

  it('on change: a negative square footage gets "Square footage must be positive", 650 clears it', async () => {
    const { user } = renderForm();
    const sqft = screen.getByLabelText('Square feet (optional)');
    await user.type(sqft, '-5');
    expect(await screen.findByText('Square footage must be positive')).toBeInTheDocument();
    await user.clear(sqft);
    await user.type(sqft, '650');
    await waitFor(() => expect(screen.queryByText('Square footage must be positive')).not.toBeInTheDocument());
  });

  it('bedrooms and bathrooms default to 1 and step by 0.5', () => {
    renderForm();
    for (const label of ['Bedrooms', 'Bathrooms']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveValue(1);
      expect(input).toHaveAttribute('step', '0.5');
      expect(input).toHaveAttribute('type', 'number');
    }
  });

  it('on submit: every missing field, a Validation Error toast naming the first; a fixed title clears its message', async () => {
    const { user } = renderForm();
    await user.click(screen.getByTestId('save-draft-header'));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent('Title: Title is required');
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Available date is required')).toBeInTheDocument();
    expect(screen.getByText('Price must be greater than 0')).toBeInTheDocument();
    // 'Choose a neighborhood' is also the select's empty option: the message is the alert.
    expect(alertWithText('Choose a neighborhood')).not.toBeNull();
    // The first failing field gets the focus.
    expect(screen.getByLabelText('Title')).toHaveFocus();

    await user.click(screen.getByLabelText('Title'));
    await user.paste('Fixed title');
    await waitFor(() => expect(screen.queryByText('Title is required')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    // The other messages stay until their fields are fixed.
    expect(screen.getByText('Available date is required')).toBeInTheDocument();
  });
});

describe('conditional fields', () => {
  it('pet fee and pet deposit only with Pets Allowed', async () => {
    const { user } = renderForm();
    expect(screen.queryByLabelText('Pet fee (per month)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Pet deposit')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Pet policy'), 'Pets Allowed');
    expect(screen.getByLabelText('Pet fee (per month)')).toBeInTheDocument();
    expect(screen.getByLabelText('Pet deposit')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pets allowed' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Pet policy'), 'No Pets');
    expect(screen.queryByLabelText('Pet fee (per month)')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Pet deposit')).not.toBeInTheDocument();
  });

  it('parking fee only with Parking Available', async () => {
    const { user } = renderForm();
    const parking = screen.getByLabelText('Parking', { exact: true });
    expect(screen.queryByLabelText('Parking fee (per month)')).not.toBeInTheDocument();
    await user.selectOptions(parking, 'Parking Available');
    expect(screen.getByLabelText('Parking fee (per month)')).toBeInTheDocument();
    await user.selectOptions(parking, 'No Parking');
    expect(screen.queryByLabelText('Parking fee (per month)')).not.toBeInTheDocument();
  });

  it('the broker fee is asked unless there is none; the move-in total counts it only when the tenant pays', async () => {
    const { user } = renderForm();
    const total = () => screen.getByTestId('move-in-total');
    // Shown only when above 0.
    expect(screen.queryByTestId('move-in-total')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Monthly rent'), '3000');
    expect(total()).toHaveTextContent('Total move-in cost: $3,000');

    // Nobody is said to pay a broker fee until the agent chooses (FARE Act): no default.
    for (const name of ['Tenant', 'Landlord', 'No fee']) expect(screen.getByRole('radio', { name })).not.toBeChecked();
    expect(screen.getByText('Say above who pays it.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'No fee' }));
    expect(screen.queryByLabelText('Broker fee')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Tenant' }));
    await user.type(screen.getByLabelText('Broker fee'), '500');
    expect(total()).toHaveTextContent('Total move-in cost: $3,500');
    expect(screen.getByText('Paid by the tenant: counted in the move-in total.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Landlord' }));
    expect(screen.getByLabelText('Broker fee')).toHaveValue('500');
    expect(screen.getByText('Paid by the landlord.')).toBeInTheDocument();
    expect(total()).toHaveTextContent('Total move-in cost: $3,000');

    await user.click(screen.getByRole('button', { name: 'Add a fee' }));
    await user.click(screen.getByLabelText('Fee 1 name'));
    await user.paste('Move-in fee');
    await user.type(screen.getByLabelText('Fee 1 amount'), '200');
    expect(total()).toHaveTextContent('Total move-in cost: $3,200');
    // A monthly fee is not paid to move in.
    await user.selectOptions(screen.getByLabelText('Fee 1 frequency'), 'Monthly');
    expect(total()).toHaveTextContent('Total move-in cost: $3,000');

    await user.click(screen.getByRole('radio', { name: 'No fee' }));
    expect(screen.queryByLabelText('Broker fee')).not.toBeInTheDocument();
  });

  it('a concession: months free on a lease of N months shows the net effective rent; the move-in total stays gross', async () => {
    const { user } = renderForm({ base: validValues() });
    const rent = screen.getByLabelText('Monthly rent');
    await user.clear(rent);
    await user.type(rent, '3600');
    expect(screen.queryByTestId('net-effective-preview')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Months free'), '1');
    // Without a lease length there is nothing to spread the free month over.
    expect(await screen.findByText('Enter the length of the lease the free months come with')).toBeInTheDocument();
    expect(screen.queryByTestId('net-effective-preview')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('On a lease of (months)'), '12');
    expect(screen.getByTestId('net-effective-preview')).toHaveTextContent(
      'Net effective rent: $3,300 per month (1 month free on 12)',
    );
    expect(screen.queryByText('Enter the length of the lease the free months come with')).not.toBeInTheDocument();
    expect(screen.getByTestId('move-in-total')).toHaveTextContent('Total move-in cost: $3,600');
    const months = screen.getByLabelText('Months free');
    await user.clear(months);
    await user.type(months, '12');
    expect(await screen.findByText('Months free must be fewer than the months of the lease')).toBeInTheDocument();
    await user.clear(months);
    await user.type(months, '1.5');
    expect(screen.getByTestId('net-effective-preview')).toHaveTextContent('$3,150 per month (1.5 months free on 12)');
  });

  it('a borough without the chosen neighborhood empties it', async () => {
    const { user } = renderForm({ base: validValues() });
    const neighborhood = screen.getByLabelText('Neighborhood');
    expect(neighborhood).toHaveValue('Astoria');
    await user.selectOptions(screen.getByLabelText('Borough'), 'Brooklyn');
    expect(neighborhood).toHaveValue('');
  });
});

describe('signed out', () => {
  it('a note links to /auth; Save Draft and Publish are disabled; Publish reads Sign In to Submit', async () => {
    const { user } = renderForm({ signedIn: false });
    expect(screen.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeInTheDocument();
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(
      'You are not signed in. You can fill in the form, but you must sign in to upload photos, save a draft or publish your listing.',
    );
    expect(within(note).getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.getByTestId('save-draft-header')).toBeDisabled();

    await user.click(within(stepBar()).getByRole('button', { name: 'Photos & Media' }));
    expect(stepBar()).toHaveTextContent('6 of 6');
    expect(screen.getByRole('button', { name: 'Sign In to Submit' })).toBeDisabled();
    expect(screen.getByTestId('save-draft-footer')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Publish Listing' })).not.toBeInTheDocument();
  });

  it('Add photos asks to sign in first', async () => {
    const { user } = renderForm({ signedIn: false });
    expect(alertWithText('Please sign in before uploading photos.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    expect(alertWithText('Please sign in before uploading photos.')).not.toBeNull();
  });

  it('signed in: no note, Save Draft enabled', () => {
    renderForm();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByTestId('save-draft-header')).toBeEnabled();
  });
});

const PHOTO: SavedPhoto = { url: '/media/p1.webp', thumbnailUrl: '/media/p1-thumb.webp', placeholder: null };

type Op = 'create' | 'update';

/** CreateListing or UpdateListing answered with the saved listing; the variables sent go to `sent`. */
function saveMock(op: Op, status: 'DRAFT' | 'ACTIVE', sent: Array<{ op: Op; variables: Record<string, unknown> }>) {
  return {
    request: { query: op === 'create' ? CreateListingDocument : UpdateListingDocument, variables: () => true },
    result: (variables: Record<string, unknown>) => {
      sent.push({ op, variables });
      const input = variables.input as ListingInput;
      const listing = {
        __typename: 'Property' as const,
        id: 'listing-1',
        slug: 'sunny-1br-in-astoria',
        status,
        title: input.title,
        price: input.price,
        updatedAt: '2030-01-01T00:00:00.000Z',
        version: 1,
      };
      return { data: op === 'create' ? { createListing: listing } : { updateListing: listing } };
    },
  };
}

describe('Save Draft and Publish', () => {
  it('Save Draft creates a DRAFT and says Draft Saved!; a second save updates it', async () => {
    const sent: Array<{ op: Op; variables: Record<string, unknown> }> = [];
    const mocks = [saveMock('create', 'DRAFT', sent), saveMock('update', 'DRAFT', sent)];
    const { user } = renderForm({ base: validValues(), mocks });
    await user.click(screen.getByTestId('save-draft-header'));
    const toast = await findToast('Draft Saved!');
    expect(toast).toHaveTextContent('Your listing has been saved as a draft.');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      op: 'create',
      variables: {
        status: 'DRAFT',
        input: {
          title: 'Sunny 1BR in Astoria',
          address: '26-26 31st Street',
          borough: 'QUEENS',
          neighborhood: 'Astoria',
          price: 2750,
          availableDate: '2030-06-01',
          bedrooms: 1,
          bathrooms: 1,
          photos: [],
        },
      },
    });

    closeToasts();
    const rent = screen.getByLabelText('Monthly rent');
    await user.clear(rent);
    await user.type(rent, '2800');
    await user.click(screen.getByTestId('save-draft-header'));
    await findToast('Draft Saved!');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ op: 'update', variables: { id: 'listing-1', status: 'DRAFT', input: { price: 2800 } } });
  });

  it('open houses are entered in New York time and sent as instants, with their places', async () => {
    const sent: Array<{ op: Op; variables: Record<string, unknown> }> = [];
    const { user } = renderForm({ base: validValues(), mocks: [saveMock('create', 'DRAFT', sent)] });
    await user.click(screen.getByRole('button', { name: 'Add open house' }));
    // The autumn change day: 01:30 happens twice in New York; the first (EDT) is meant.
    await user.type(screen.getByLabelText('Open house 1 starts (NY time)'), '2026-11-01T01:30');
    await user.type(screen.getByLabelText('Open house 1 places'), '8');
    await user.click(screen.getByTestId('save-draft-header'));
    await findToast('Draft Saved!');
    expect(sent[0]).toMatchObject({
      variables: { input: { openHouses: [{ id: null, startsAt: '2026-11-01T05:30:00.000Z', endsAt: null, capacity: 8 }] } },
    });
  });

  it('a concession is sent with the listing', async () => {
    const sent: Array<{ op: Op; variables: Record<string, unknown> }> = [];
    const { user } = renderForm({
      base: validValues({ concessionMonthsFree: 1, concessionLeaseMonths: 13, concessionTerms: 'Applied to month 13' }),
      mocks: [saveMock('create', 'DRAFT', sent)],
    });
    await user.click(screen.getByTestId('save-draft-header'));
    await findToast('Draft Saved!');
    expect(sent[0]).toMatchObject({
      variables: { input: { concessionMonthsFree: 1, concessionLeaseMonths: 13, concessionTerms: 'Applied to month 13' } },
    });
  });

  it("the server's BAD_USER_INPUT with fields: a Validation Error toast and the message beside the field", async () => {
    const refusal =
      'Remove "No vouchers": a listing cannot refuse rental assistance (vouchers, Section 8, CityFHEPS and other programs). Source-of-income discrimination is illegal in New York City.';
    const mocks = [
      {
        request: { query: CreateListingDocument, variables: () => true },
        result: {
          errors: [
            new GraphQLError(`description: ${refusal}`, {
              extensions: { code: 'BAD_USER_INPUT', fields: [{ path: 'description', message: refusal }] },
            }),
          ],
        },
      },
    ];
    const { user } = renderForm({ base: validValues({ description: 'Quiet. No vouchers, sorry.' }), mocks });
    await user.click(screen.getByTestId('save-draft-header'));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent(`Description: ${refusal}`);
    expect(alertWithText(refusal)).not.toBeNull();
    expect(screen.getByLabelText('Description')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Description')).toHaveFocus();
  });

  it('any other failure: Error / Failed to save draft. Please try again.', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mocks = [
      { request: { query: CreateListingDocument, variables: () => true }, error: new Error('Network request failed') },
    ];
    const { user } = renderForm({ base: validValues(), mocks });
    await user.click(screen.getByTestId('save-draft-header'));
    const toast = await findToast('Error');
    expect(toast).toHaveTextContent('Failed to save draft. Please try again.');
    expect(screen.getByTestId('save-draft-header')).toBeEnabled();
  });

  it('Publish without saying who pays the broker fee: Validation Error naming it; nothing is preselected', async () => {
    const { user } = renderForm({ base: validValues({ brokerFeePayer: null }), initialStep: 'media' });
    const group = screen.getByRole('group', { name: 'Who pays the broker fee?' });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent('Who pays the broker fee: Say who pays the broker fee');
  });

  it("Publish with 'Tenant pays' and no amount: Validation Error asking for it (issue 59 item 7)", async () => {
    const { user } = renderForm({ base: validValues({ brokerFeePayer: 'TENANT', brokerFee: null }), initialStep: 'media' });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent('Enter the broker fee the tenant pays');
  });

  it('Publish with a new open house that has begun: Validation Error saying it must be in the future (issue 59 item 7)', async () => {
    const { user } = renderForm({
      base: validValues({
        openHouses: [{ startsAt: '2020-05-02T11:00', endsAt: '2020-05-02T12:00', note: null, capacity: null }],
      }),
      initialStep: 'media',
    });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Validation Error');
    expect(toast).toHaveTextContent('An open house must start in the future');
  });

  it("editing a live listing, the last step says 'Save changes', not 'Publish Listing' (issue 59 item 7)", () => {
    renderForm({ base: validValues(), initialStep: 'media', propertyId: 'p-1', live: true });
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish Listing' })).not.toBeInTheDocument();
  });

  it('a new listing has no broker-fee payer chosen', () => {
    renderForm();
    const group = screen.getByRole('group', { name: 'Who pays the broker fee?' });
    for (const radio of within(group).getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('Publish without a photo goes through (a listing without photos shows No photos)', async () => {
    const sent: Array<{ op: Op; variables: Record<string, unknown> }> = [];
    const { user } = renderForm({ base: validValues(), initialStep: 'media', mocks: [saveMock('create', 'ACTIVE', sent)] });
    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    await findToast('Success!');
    expect(sent).toEqual([
      { op: 'create', variables: expect.objectContaining({ status: 'ACTIVE', input: expect.objectContaining({ photos: [] }) }) },
    ]);
  });

  it('Publish creates an ACTIVE listing, says Success!, goes to /me/listings and clears the local draft', async () => {
    const scope = { uid: TEST_USER.uid, draftId: DRAFT_ID, propertyId: null };
    // A draft kept locally (restored at mount), with its photo.
    writeLocalDraft(scope, {
      savedAt: Date.now(),
      values: validValues({ unit: '4B', photos: [{ url: PHOTO.url }] }),
      photos: [PHOTO],
      savedId: null,
    });
    rememberUploadedPhotos(scope, [PHOTO]);
    const sent: Array<{ op: Op; variables: Record<string, unknown> }> = [];
    const { user, location } = renderForm({ initialStep: 'media', mocks: [saveMock('create', 'ACTIVE', sent)] });
    expect(screen.getByLabelText('Unit (optional)')).toHaveValue('4B');

    await user.click(screen.getByRole('button', { name: 'Publish Listing' }));
    const toast = await findToast('Success!');
    expect(toast).toHaveTextContent('Your listing has been created successfully.');
    expect(location.current.pathname).toBe('/me/listings');
    expect(sent).toEqual([
      {
        op: 'create',
        variables: expect.objectContaining({
          status: 'ACTIVE',
          input: expect.objectContaining({ unit: '4B', photos: [{ url: PHOTO.url }] }),
        }),
      },
    ]);
    // The local draft and media entries go; the next listing gets a new session draft id.
    expect(readLocalDraft(scope)).toBeNull();
    expect(readUploadedPhotos(scope)).toEqual([]);
    expect(sessionStorage.getItem('nyc-rentals:listing-form:session')).toMatch(/^d[0-9a-z]+$/);
  });
});

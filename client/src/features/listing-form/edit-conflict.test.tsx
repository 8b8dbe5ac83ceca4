// A save refused because the listing changed since the form read it (issue 58 item 5): the form says
// so, shows which fields the other change modified (theirs against yours), and lets the agent load
// theirs or keep editing and save over them, at the version the listing is at now; never silently.
import { screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdateListingDocument, type ListingInput } from '@/gql/graphql';
import { renderWithProviders, TEST_USER } from '@/test/render';
import { shownValue, type CurrentListing } from './edit-conflict';
import { ListingForm } from './listing-form';
import { readLocalDraft } from './local-draft';
import { closeToasts, DRAFT_ID, findToast, validValues } from './test-helpers';

vi.mock('@/features/map/map-view', () => ({ MapView: () => null }));

beforeEach(() => {
  closeToasts();
  localStorage.clear();
});
afterEach(() => vi.restoreAllMocks());

const PHOTO = { url: '/media/p/1.jpg', thumbnailUrl: '/media/p/1-thumb.jpg', placeholder: null };
/** The listing as this tab read it, at version 4. */
const READ = validValues({ description: 'Bright and quiet.', price: 2750, photos: [{ url: PHOTO.url }] });
/** The listing as another tab saved it meanwhile (version 5): the rent lowered. */
const THEIRS: CurrentListing = { version: 5, values: { ...READ, price: 2500 }, photos: [PHOTO] };

type Sent = Array<Record<string, unknown>>;

/** UpdateListing: CONFLICT for a version other than `current`, else saved (the next version). */
function updateMock(sent: Sent, current: number) {
  return {
    request: { query: UpdateListingDocument, variables: () => true },
    maxUsageCount: 5,
    result: (variables: Record<string, unknown>) => {
      sent.push(variables);
      if (variables.expectedVersion !== current) {
        return {
          errors: [
            new GraphQLError('This listing was changed by someone else since you opened it. Nothing was saved.', {
              extensions: {
                code: 'CONFLICT',
                reason: 'STALE_VERSION',
                expectedVersion: variables.expectedVersion,
                currentVersion: current,
              },
            }),
          ],
        };
      }
      const input = variables.input as ListingInput;
      return {
        data: {
          updateListing: {
            __typename: 'Property' as const,
            id: 'listing-1',
            slug: 'sunny-1br-in-astoria',
            status: 'DRAFT' as const,
            title: input.title,
            price: input.price,
            updatedAt: '2030-01-01T00:00:00.000Z',
            version: current + 1,
          },
        },
      };
    },
  };
}

function renderEdit(sent: Sent, loadCurrent = vi.fn(async () => THEIRS)) {
  const view = renderWithProviders(
    <ListingForm
      propertyId="listing-1"
      base={READ}
      basePhotos={[PHOTO]}
      baseVersion={4}
      loadCurrent={loadCurrent}
      user={TEST_USER}
      draftId={DRAFT_ID}
      initialStep={null}
    />,
    { route: '/create-listing?propertyId=listing-1', mocks: [updateMock(sent, 5)], user: TEST_USER },
  );
  return { ...view, loadCurrent };
}

/** Tab 2: the description changed (the form still has the rent it read), then Save Draft. */
async function saveStaleDescription(user: ReturnType<typeof renderEdit>['user']) {
  const description = screen.getByLabelText(/^Description/);
  await user.clear(description);
  await user.type(description, 'Renovated kitchen.');
  await user.click(screen.getByTestId('save-draft-header'));
  return screen.findByRole('alert', { name: 'Someone else changed this listing' });
}

describe('the listing form when someone else saved the listing meanwhile', () => {
  it('sends the version it read; refused, it shows what the other change modified, theirs against yours, and saved nothing', async () => {
    const sent: Sent = [];
    const { user, loadCurrent } = renderEdit(sent);
    const panel = await saveStaleDescription(user);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      id: 'listing-1',
      expectedVersion: 4,
      input: { price: 2750, description: 'Renovated kitchen.' },
    });
    expect(loadCurrent).toHaveBeenCalledTimes(1);
    expect(panel).toHaveTextContent('Nothing of yours was saved, and nothing was overwritten.');
    // Only what they changed (the rent), not the description only this tab changed.
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Monthly rent');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$2,500', '$2,750']);
    expect(within(panel).getByRole('columnheader', { name: 'Theirs (saved)' })).toBeInTheDocument();
    expect(within(panel).getByRole('columnheader', { name: 'Yours (not saved)' })).toBeInTheDocument();
    // No success was claimed, and the form kept the agent's text.
    expect(screen.queryByText('Draft Saved!')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Renovated kitchen.');
  });

  it('Load their version: the form shows theirs, and the next save is at their version', async () => {
    const sent: Sent = [];
    const { user } = renderEdit(sent);
    const panel = await saveStaleDescription(user);
    await user.click(within(panel).getByRole('button', { name: 'Load their version' }));
    expect(screen.queryByRole('alert', { name: 'Someone else changed this listing' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Monthly rent')).toHaveValue('2500');
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Bright and quiet.');
    await user.click(screen.getByTestId('save-draft-header'));
    await findToast('Draft Saved!');
    expect(sent[1]).toMatchObject({ expectedVersion: 5, input: { price: 2500, description: 'Bright and quiet.' } });
  });

  it('Keep my changes: nothing is saved until the agent saves again, then over their version, knowingly', async () => {
    const sent: Sent = [];
    const { user } = renderEdit(sent);
    const panel = await saveStaleDescription(user);
    const keep = within(panel).getByRole('button', { name: /^Keep my changes/ });
    expect(keep).toHaveAccessibleName('Keep my changes: your next save replaces theirs with what this form shows.');
    await user.click(keep);
    expect(sent).toHaveLength(1);
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Renovated kitchen.');
    // The local draft (autosave) carries the version the next save is made at.
    await waitFor(() =>
      expect(readLocalDraft({ uid: TEST_USER.uid, draftId: DRAFT_ID, propertyId: 'listing-1' })?.baseVersion).toBe(5),
    );
    await user.click(screen.getByTestId('save-draft-header'));
    await findToast('Draft Saved!');
    expect(sent[1]).toMatchObject({ expectedVersion: 5, input: { price: 2750, description: 'Renovated kitchen.' } });
  });

  it('a local draft restored after a reload keeps the version it was read at, so its save is still a conflict', async () => {
    const sent: Sent = [];
    const restored = {
      version: 1 as const,
      savedAt: Date.now(),
      values: { ...READ, description: 'Typed before the reload.' },
      photos: [PHOTO],
      savedId: 'listing-1',
      baseVersion: 4,
      baseValues: READ,
    };
    const { user } = renderWithProviders(
      <ListingForm
        propertyId="listing-1"
        base={THEIRS.values}
        basePhotos={[PHOTO]}
        baseVersion={5}
        restored={restored}
        loadCurrent={async () => THEIRS}
        user={TEST_USER}
        draftId={DRAFT_ID}
        initialStep={null}
      />,
      { route: '/create-listing?propertyId=listing-1', mocks: [updateMock(sent, 5)], user: TEST_USER },
    );
    await user.click(screen.getByTestId('save-draft-header'));
    const panel = await screen.findByRole('alert', { name: 'Someone else changed this listing' });
    expect(sent[0]).toMatchObject({ expectedVersion: 4 });
    expect(within(panel).getByRole('rowheader')).toHaveTextContent('Monthly rent');
  });
});

describe("the conflict panel's values", () => {
  it('shows options by their labels, lists of options joined, money as money, nothing as the empty mark', () => {
    expect(shownValue('petPolicy', 'PETS_ALLOWED', '—')).toBe('Pets Allowed');
    expect(shownValue('unitFeatures', ['BALCONY', 'TERRACE'], '—')).toBe('Balcony, Terrace');
    expect(shownValue('borough', 'STATEN_ISLAND', '—')).toBe('Staten Island');
    expect(shownValue('securityDeposit', 2750, '—')).toBe('$2,750');
    expect(shownValue('laundry', null, '—')).toBe('—');
    expect(shownValue('title', 'PETS_ALLOWED', '—')).toBe('PETS_ALLOWED');
  });
});

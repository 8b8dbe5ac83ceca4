// The manage screen's card and its confirmations (issue 58 items 4 and 8): a listing hidden by
// moderation says so (not 'Active') with the moderator's note and a way to ask for a review; the delete
// and deactivate dialogs name who will be told (the server's count) and the delete offers to deactivate
// instead. The rules are the server's (tests/integration/listing-withdrawal.test.ts, hidden-listings.test.ts).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ManageListingCard_PropertyFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import DeleteListingDialog, { ListingAffectedPeopleQuery } from './delete-listing-dialog';
import { ManageListingCard, type ListingCardActions } from './listing-card';

function listing(overrides: Partial<ManageListingCard_PropertyFragment> = {}): ManageListingCard_PropertyFragment {
  return {
    __typename: 'Property',
    id: 'p-1',
    slug: 'sunny-loft',
    title: 'Sunny loft',
    price: 3200,
    listingType: 'FOR_RENT',
    address: '210 Rivington Street',
    unit: null,
    bedrooms: 1,
    bathrooms: 1,
    sqft: null,
    views: 12,
    inquiriesCount: 3,
    savesCount: 5,
    daysOnMarket: 12,
    status: 'ACTIVE',
    hidden: false,
    hiddenReason: null,
    hiddenNote: null,
    reviewRequestedAt: null,
    createdAt: new Date().toISOString(),
    brokerFee: 3200,
    brokerFeePayer: 'TENANT',
    viewerCanManage: true,
    photos: [],
    agent: null,
    ...overrides,
  } as ManageListingCard_PropertyFragment;
}

const actions = (): ListingCardActions & { [k: string]: ReturnType<typeof vi.fn> } => ({
  onSetStatus: vi.fn(),
  onDuplicate: vi.fn(),
  onDelete: vi.fn(),
  onRequestReview: vi.fn(),
});

const affected = (counts: { upcomingTours: number; openHouseRsvps: number; conversations: number; people: number }) => ({
  request: { query: ListingAffectedPeopleQuery, variables: { id: 'p-1' } },
  result: { data: { listingAffectedPeople: { __typename: 'ListingAffectedPeople', id: 'affected:p-1', ...counts } } },
});

describe("a listing's numbers (issue 59 item 2)", () => {
  it('shows its views, inquiries and saves, each with its plural', () => {
    renderWithProviders(
      <ManageListingCard listing={listing({ views: 1, inquiriesCount: 0, savesCount: 1 })} actions={actions()} />,
    );
    expect(screen.getByText('1 view')).toBeInTheDocument();
    expect(screen.getByText('0 inquiries')).toBeInTheDocument();
    expect(screen.getByText('1 save')).toBeInTheDocument();
  });

  it('counts saves in thousands, and shows none when the server gives none (not its manager)', () => {
    const { unmount } = renderWithProviders(<ManageListingCard listing={listing({ savesCount: 1234 })} actions={actions()} />);
    expect(screen.getByText('1,234 saves')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ManageListingCard listing={listing({ savesCount: null })} actions={actions()} />);
    expect(screen.queryByText(/saves?$/)).not.toBeInTheDocument();
  });

  it('says how long a live listing has been on the market (issue 59 item 2); not of an inactive one or a draft', () => {
    const { unmount } = renderWithProviders(<ManageListingCard listing={listing()} actions={actions()} />);
    expect(screen.getByText('12 days on the market')).toBeInTheDocument();
    unmount();
    const today = renderWithProviders(<ManageListingCard listing={listing({ daysOnMarket: 0 })} actions={actions()} />);
    expect(screen.getByText('On the market since today')).toBeInTheDocument();
    today.unmount();
    renderWithProviders(<ManageListingCard listing={listing({ status: 'INACTIVE' })} actions={actions()} />);
    expect(screen.queryByText(/on the market/)).not.toBeInTheDocument();
  });
});

describe('a listing hidden by moderation', () => {
  it("says so instead of 'Active', with the moderator's note, and asks for a review", async () => {
    const a = actions();
    const hidden = listing({ hidden: true, hiddenReason: 'MODERATOR', hiddenNote: 'The photos are of another flat.' });
    const { user } = renderWithProviders(<ManageListingCard listing={hidden} actions={a} />);
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Hidden by moderation');
    expect(screen.getByTestId('listing-status')).not.toHaveTextContent('Active');
    expect(screen.getByText("Moderator's note: The photos are of another flat.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask for a review Sunny loft' }));
    expect(a.onRequestReview).toHaveBeenCalledWith(hidden);
  });

  it('says the review was asked for once it was, without the button', () => {
    renderWithProviders(
      <ManageListingCard
        listing={listing({ hidden: true, hiddenReason: 'REPORTED', reviewRequestedAt: new Date().toISOString() })}
        actions={actions()}
      />,
    );
    expect(screen.getByText(/Reported by several people/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Review requested: a moderator will look at it');
    expect(screen.queryByRole('button', { name: /Ask for a review/ })).toBeNull();
  });

  it('shows its status as before when it is not hidden', () => {
    renderWithProviders(<ManageListingCard listing={listing()} actions={actions()} />);
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Active');
    expect(screen.queryByTestId('hidden-notice')).toBeNull();
  });
});

describe('a sale on the manage screen (issue 58 item 3)', () => {
  it("shows its asking price, not 'per month', and no 'No fee'; a rental keeps both", () => {
    const { unmount } = renderWithProviders(
      <ManageListingCard
        listing={listing({ listingType: 'FOR_SALE', price: 950_000, brokerFee: null, brokerFeePayer: null })}
        actions={actions()}
      />,
    );
    expect(screen.getByText('$950,000')).toHaveTextContent('$950,000 asking price');
    expect(screen.getByRole('article')).not.toHaveTextContent(/per month|No fee/);
    unmount();
    renderWithProviders(
      <ManageListingCard listing={listing({ brokerFee: null, brokerFeePayer: 'LANDLORD' })} actions={actions()} />,
    );
    expect(screen.getByText('$3,200')).toHaveTextContent('$3,200 per month');
    expect(screen.getByText('No fee')).toBeInTheDocument();
  });
});

describe('the delete and deactivate dialogs', () => {
  const base = { listingId: 'p-1', title: 'Sunny loft', open: true, onOpenChange: () => {}, returnFocusTo: () => null };

  it('names who will be told and offers to deactivate instead', async () => {
    const onDelete = vi.fn();
    const onDeactivate = vi.fn();
    const { user } = renderWithProviders(<DeleteListingDialog {...base} onDelete={onDelete} onDeactivate={onDeactivate} />, {
      mocks: [affected({ upcomingTours: 2, openHouseRsvps: 3, conversations: 4, people: 6 })],
    });
    expect(screen.getByRole('alertdialog', { name: 'Delete this listing?' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('affected-people')).toHaveTextContent(
        /^2 upcoming tours, 3 open-house RSVPs and 4 conversations will be told/,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Deactivate instead' }));
    expect(onDeactivate).toHaveBeenCalledTimes(1);
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes on Delete, and says when nobody is affected', async () => {
    const onDelete = vi.fn();
    const { user } = renderWithProviders(<DeleteListingDialog {...base} onDelete={onDelete} onDeactivate={vi.fn()} />, {
      mocks: [affected({ upcomingTours: 0, openHouseRsvps: 0, conversations: 0, people: 0 })],
    });
    await waitFor(() =>
      expect(screen.getByTestId('affected-people')).toHaveTextContent(
        'Nobody has an upcoming tour, an RSVP or a conversation about it.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it('asks before deactivating, naming who will be told (one of each)', async () => {
    const onDeactivate = vi.fn();
    const { user } = renderWithProviders(
      <DeleteListingDialog {...base} mode="deactivate" onDelete={vi.fn()} onDeactivate={onDeactivate} />,
      { mocks: [affected({ upcomingTours: 1, openHouseRsvps: 1, conversations: 1, people: 1 })] },
    );
    expect(screen.getByRole('alertdialog', { name: 'Deactivate this listing?' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('affected-people')).toHaveTextContent(
        /^1 upcoming tour, 1 open-house RSVP and 1 conversation will be told/,
      ),
    );
    expect(screen.queryByRole('button', { name: 'Deactivate instead' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(onDeactivate).toHaveBeenCalledTimes(1);
  });
});

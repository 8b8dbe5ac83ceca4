// A tour request's card (issue 27 items 2 and 5): where it stands from each side, the times to confirm
// on the viewer's turn only, and what a confirmation sends. The rules are the server's
// (tests/integration/tour-requests.test.ts); the card draws `viewerActions` as the server gives them.
import { formatTourWindow } from '@common/tours';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmTourDocument, type TourCard_TourFragment } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { TourCard, tourStatusText } from './tour-card';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000).toISOString();
const plus = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

function tour(overrides: Partial<TourCard_TourFragment> = {}): TourCard_TourFragment {
  const first = at(30);
  const second = at(54);
  return {
    __typename: 'TourRequest',
    id: 'tour-1',
    status: 'REQUESTED',
    note: 'Coming with my partner',
    startsAt: null,
    endsAt: null,
    expiresAt: at(24),
    declineReason: null,
    cancelledBy: null,
    cancelReason: null,
    listingTitle: 'Sunny loft',
    threadId: 'thread-1',
    renterName: 'Rudy V.',
    agentName: 'Tara B.',
    viewerSide: 'AGENT',
    viewerActions: { __typename: 'TourActions', confirm: true, propose: true, decline: true, cancel: true },
    windows: [
      { __typename: 'TourWindow', id: 'w-1', startsAt: first, endsAt: plus(first, 30), proposedBy: 'RENTER' },
      { __typename: 'TourWindow', id: 'w-2', startsAt: second, endsAt: plus(second, 45), proposedBy: 'RENTER' },
    ],
    listing: {
      __typename: 'Property',
      id: 'p-1',
      slug: 'sunny-loft',
      title: 'Sunny loft',
      address: '210 Rivington Street',
      unit: null,
      neighborhood: 'Lower East Side',
    },
    ...overrides,
  } as TourCard_TourFragment;
}

const renderCard = (t: TourCard_TourFragment, mocks: Parameters<typeof renderWithProviders>[1] = {}) =>
  renderWithProviders(
    <ul>
      <TourCard tour={t} />
    </ul>,
    mocks,
  );

describe('tourStatusText', () => {
  it.each([
    ['LISTING_REMOVED', 'Cancelled: the listing was removed'],
    ['LISTING_UNAVAILABLE', 'Cancelled: the listing is no longer available'],
  ] as const)('says why a tour its listing withdrew was cancelled (%s)', (cancelReason, text) => {
    expect(tourStatusText(tour({ status: 'CANCELLED', cancelledBy: 'AGENT', viewerSide: 'RENTER', cancelReason }))).toBe(text);
  });

  it("keeps a deleted listing's title on the card", () => {
    renderCard(tour({ status: 'CANCELLED', cancelReason: 'LISTING_REMOVED', listing: null, listingTitle: 'Gone loft' }));
    expect(screen.getByText('Gone loft')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Gone loft' })).toBeNull();
  });

  it.each([
    ['REQUESTED', 'AGENT', /^Rudy V\. asked for a tour\. Answer by /],
    ['REQUESTED', 'RENTER', /^Waiting for Tara B\. to answer \(until /],
    ['PROPOSED', 'RENTER', /^Tara B\. proposed another time\. Confirm it by /],
    ['PROPOSED', 'AGENT', /^Waiting for Rudy V\. to confirm your time/],
    ['EXPIRED', 'RENTER', /^Expired: not answered in time$/],
    ['DECLINED', 'RENTER', /^Declined$/],
  ] as const)('%s, seen by the %s', (status, viewerSide, text) => {
    expect(tourStatusText(tour({ status, viewerSide }))).toMatch(text);
  });

  it('names who cancelled, and says a confirmed time in New York time', () => {
    expect(tourStatusText(tour({ status: 'CANCELLED', cancelledBy: 'RENTER', viewerSide: 'AGENT' }))).toBe(
      'Cancelled by Rudy V.',
    );
    expect(tourStatusText(tour({ status: 'CANCELLED', cancelledBy: 'AGENT', viewerSide: 'AGENT' }))).toBe('Cancelled by you');
    // 23:00 UTC on 5 Dec 2026 is 6:00 PM in New York (EST).
    const confirmed = tour({ status: 'CONFIRMED', startsAt: '2026-12-05T23:00:00.000Z', endsAt: '2026-12-05T23:30:00.000Z' });
    expect(tourStatusText(confirmed)).toBe('Confirmed: Sat, Dec 5, 6:00 PM – 6:30 PM');
  });
});

describe('TourCard', () => {
  it("the agent's turn: a Confirm per time, another time, decline; a confirmation sends that time", async () => {
    const t = tour();
    const confirmed = {
      confirmTour: { ...t, status: 'CONFIRMED', startsAt: t.windows[1]!.startsAt, endsAt: t.windows[1]!.endsAt },
    };
    const { user } = renderCard(t, {
      mocks: [
        { request: { query: ConfirmTourDocument, variables: { id: 'tour-1', windowId: 'w-2' } }, result: { data: confirmed } },
      ],
    });
    expect(screen.getByTestId('tour-status')).toHaveTextContent('Rudy V. asked for a tour.');
    expect(screen.getByText('Note: Coming with my partner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conversation' })).toHaveAttribute('href', '/messages?open=thread-1');
    expect(screen.getByRole('button', { name: 'Propose another time' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: `Confirm ${formatTourWindow(t.windows[1]!)}` }));
    expect(await screen.findByText('Tour confirmed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Could not confirm')).not.toBeInTheDocument());
  });

  it("the renter waiting: their own times, no Confirm, and only 'Cancel request'", () => {
    renderCard(
      tour({
        viewerSide: 'RENTER',
        viewerActions: { __typename: 'TourActions', confirm: false, propose: false, decline: false, cancel: true },
      }),
    );
    expect(screen.getByTestId('tour-status')).toHaveTextContent('Waiting for Tara B. to answer');
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(screen.getByText(/^You proposed: /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose another time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeEnabled();
  });

  it('a confirmed tour offers its calendar file and cancelling it', () => {
    const startsAt = at(30);
    renderCard(
      tour({
        status: 'CONFIRMED',
        startsAt,
        endsAt: plus(startsAt, 30),
        viewerSide: 'RENTER',
        viewerActions: { __typename: 'TourActions', confirm: false, propose: false, decline: false, cancel: true },
      }),
    );
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', '/api/tours/tour-1/calendar.ics');
    expect(screen.getByRole('button', { name: 'Cancel tour' })).toBeEnabled();
  });

  it('proposing another time checks the time before sending it', async () => {
    const { user } = renderCard(tour());
    await user.click(screen.getByRole('button', { name: 'Propose another time' }));
    const start = screen.getByLabelText('Start (NY time)');
    await user.clear(start);
    await user.click(screen.getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText('Choose a start time')).toBeInTheDocument();
  });
});

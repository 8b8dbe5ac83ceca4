// The open house's RSVP control (issue 27 item 1): the places left, what the viewer can do, and the
// server's refusal in a toast. The rules themselves are the server's (tests/integration/open-house-rsvps.test.ts).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RsvpOpenHouseDocument } from '@/gql/graphql';
import { renderWithProviders } from '@/test/render';
import { OpenHouseRsvp, type RsvpOpenHouse } from './open-house-rsvp';

const TOMORROW = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();

function openHouse(overrides: Partial<RsvpOpenHouse> = {}): RsvpOpenHouse {
  return {
    id: 'oh-1',
    endsAt: TOMORROW,
    capacity: 5,
    goingCount: 2,
    placesLeft: 3,
    waitlistCount: 0,
    viewerRsvp: null,
    ...overrides,
  };
}

/** The mutation's answer: the open house's fields the mutation asks for. */
const answer = (o: Partial<RsvpOpenHouse>) => {
  const { endsAt: _endsAt, ...fields } = { ...openHouse(), ...o };
  return { rsvpOpenHouse: { __typename: 'OpenHouse' as const, ...fields } };
};

describe('OpenHouseRsvp', () => {
  it('says the places left and who is going; a renter RSVPs and is told they are going', async () => {
    const going = answer({ goingCount: 3, placesLeft: 2, viewerRsvp: 'GOING' });
    const { user } = renderWithProviders(<OpenHouseRsvp openHouse={openHouse()} viewerCanManage={false} />, {
      mocks: [{ request: { query: RsvpOpenHouseDocument, variables: { id: 'oh-1', waitlist: false } }, result: { data: going } }],
    });
    expect(screen.getByTestId('open-house-rsvp')).toHaveTextContent('3 places left · 2 going');
    const button = screen.getByRole('button', { name: "RSVP: I'm going" });
    await user.click(button);
    // Answered (a refusal or a mismatched request would toast 'Could not RSVP'); the cache has the new open house.
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText('Could not RSVP')).not.toBeInTheDocument();
  });

  it("full: 'Join the waitlist'; the server's refusal is shown as it says it", async () => {
    const { user } = renderWithProviders(
      <OpenHouseRsvp openHouse={openHouse({ goingCount: 5, placesLeft: 0 })} viewerCanManage={false} />,
      {
        mocks: [
          {
            request: { query: RsvpOpenHouseDocument, variables: { id: 'oh-1', waitlist: true } },
            result: { errors: [{ message: 'This open house is over.', extensions: { code: 'BAD_USER_INPUT' } }] },
          },
        ],
      },
    );
    expect(screen.getByTestId('open-house-rsvp')).toHaveTextContent('Full · 5 going');
    expect(screen.queryByRole('button', { name: "RSVP: I'm going" })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('This open house is over.')).toBeInTheDocument();
    expect(screen.getByText('Could not RSVP')).toBeInTheDocument();
  });

  it.each([
    ['GOING', "You're going", 'Cancel RSVP'],
    ['WAITLISTED', "You're on the waitlist", 'Leave the waitlist'],
  ] as const)('%s: says so and offers to undo it', (viewerRsvp, text, button) => {
    renderWithProviders(<OpenHouseRsvp openHouse={openHouse({ viewerRsvp })} viewerCanManage={false} />);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: button })).toBeEnabled();
    const calendar = screen.queryByRole('link', { name: 'Add to calendar' });
    if (viewerRsvp === 'GOING') expect(calendar).toHaveAttribute('href', '/api/open-houses/oh-1/calendar.ics');
    else expect(calendar).not.toBeInTheDocument();
  });

  it('signed out: a link to sign in, back to this page', () => {
    renderWithProviders(<OpenHouseRsvp openHouse={openHouse()} viewerCanManage={false} />, {
      user: null,
      route: '/properties/sunny-loft',
    });
    expect(screen.getByRole('link', { name: 'Sign in to RSVP' }).getAttribute('href')).toContain('/login');
  });

  it("the listing's managers see the counts only; an open house that is over takes no RSVP", () => {
    const { unmount } = renderWithProviders(<OpenHouseRsvp openHouse={openHouse()} viewerCanManage />);
    expect(screen.getByTestId('open-house-rsvp')).toHaveTextContent('3 places left · 2 going');
    expect(within(screen.getByTestId('open-house-rsvp')).queryByRole('button')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <OpenHouseRsvp openHouse={openHouse({ endsAt: new Date(Date.now() - 1000).toISOString() })} viewerCanManage={false} />,
    );
    const control = screen.getByTestId('open-house-rsvp');
    expect(control).toHaveTextContent('This open house is over.');
    expect(within(control).queryByRole('button')).not.toBeInTheDocument();
  });

  it('no limit: no places line, only who is going', () => {
    renderWithProviders(
      <OpenHouseRsvp openHouse={openHouse({ capacity: null, placesLeft: null, goingCount: 1 })} viewerCanManage={false} />,
    );
    expect(screen.getByTestId('open-house-rsvp')).toHaveTextContent(/^1 going/);
  });
});

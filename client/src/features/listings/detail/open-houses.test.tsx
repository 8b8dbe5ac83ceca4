// The Open Houses section of a listing (issue 27): New York times, the RSVP control, and who answered
// to the listing's managers (the server answers `attendees` to them only; here, what is shown of it).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OpenHouses } from './property-details';

type Props = Parameters<typeof OpenHouses>[0]['property'];

const property = (viewerCanManage: boolean, attendees: Array<{ name: string; status: 'GOING' | 'WAITLISTED' }> | null) =>
  ({
    viewerCanManage,
    openHouses: [
      {
        __typename: 'OpenHouse',
        id: 'oh-1',
        startsAt: '2030-11-03T19:00:00.000Z',
        endsAt: '2030-11-03T20:00:00.000Z',
        note: 'Ring 4B',
        capacity: 2,
        goingCount: 2,
        placesLeft: 0,
        waitlistCount: 1,
        viewerRsvp: null,
        attendees: attendees && attendees.map((a) => ({ __typename: 'OpenHouseAttendee', ...a })),
      },
    ],
  }) as unknown as Props;

describe('OpenHouses', () => {
  it('shows the time in New York and, to a manager, who is going and who waits', () => {
    renderWithProviders(
      <OpenHouses
        property={property(true, [
          { name: 'Ann B.', status: 'GOING' },
          { name: 'Cy D.', status: 'GOING' },
          { name: 'Ben C.', status: 'WAITLISTED' },
        ])}
      />,
    );
    expect(screen.getByText('2:00 PM – 3:00 PM ET')).toBeInTheDocument();
    const attendees = screen.getByTestId('open-house-attendees');
    expect(attendees).toHaveTextContent('Going:Ann B., Cy D.');
    expect(attendees).toHaveTextContent('Waitlist:Ben C.');
    expect(screen.queryByRole('button', { name: "RSVP: I'm going" })).not.toBeInTheDocument();
  });

  it('shows no names to anyone else', () => {
    renderWithProviders(<OpenHouses property={property(false, null)} />);
    expect(screen.queryByTestId('open-house-attendees')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
  });
});

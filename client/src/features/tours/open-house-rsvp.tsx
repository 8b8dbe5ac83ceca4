import { useMutation, useSubscription } from '@apollo/client/react';
import { placesLeftLabel } from '@common/tours';
import { CalendarPlus, Check, Clock } from '@/components/icons';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { graphql } from '@/gql';
import type { RsvpStatus } from '@/gql/graphql';
import { isServiceUnavailable, isUnauthenticated, serverMessage } from '@/lib/auth-errors';
import { signInPath, useViewer } from '@/features/auth/use-viewer';
import { rememberPendingAction, usePendingAction } from '@/features/auth/pending-action';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  going: { id: 'openHouseRsvp.going', defaultMessage: '{count, plural, one {# going} other {# going}}' },
  waitlisted: {
    id: 'openHouseRsvp.waitlisted',
    defaultMessage: '{count, plural, one {# on the waitlist} other {# on the waitlist}}',
  },
  cancelFailed: { id: 'openHouseRsvp.cancelFailed', defaultMessage: 'Could not cancel' },
  rsvpFailed: { id: 'openHouseRsvp.rsvpFailed', defaultMessage: 'Could not RSVP' },
  over: { id: 'openHouseRsvp.over', defaultMessage: 'This open house is over.' },
  signIn: { id: 'openHouseRsvp.signIn', defaultMessage: 'Sign in to RSVP' },
  youreGoing: { id: 'openHouseRsvp.youreGoing', defaultMessage: "You're going" },
  addToCalendar: { id: 'openHouseRsvp.addToCalendar', defaultMessage: 'Add to calendar' },
  cancelRsvp: { id: 'openHouseRsvp.cancelRsvp', defaultMessage: 'Cancel RSVP' },
  youreWaitlisted: { id: 'openHouseRsvp.youreWaitlisted', defaultMessage: "You're on the waitlist" },
  leaveWaitlist: { id: 'openHouseRsvp.leaveWaitlist', defaultMessage: 'Leave the waitlist' },
  joinWaitlist: { id: 'openHouseRsvp.joinWaitlist', defaultMessage: 'Join the waitlist' },
  rsvp: { id: 'openHouseRsvp.rsvp', defaultMessage: "RSVP: I'm going" },
});

/** What an RSVP changes of the open house: both mutations answer it, and the cache takes it in. */
export const OpenHouseRsvpFragment = graphql(`
  fragment OpenHouseRsvp_openHouse on OpenHouse {
    id
    capacity
    goingCount
    placesLeft
    waitlistCount
    viewerRsvp
  }
`);

const RsvpOpenHouseMutation = graphql(`
  mutation RsvpOpenHouse($id: ID!, $waitlist: Boolean) {
    rsvpOpenHouse(id: $id, waitlist: $waitlist) {
      ...OpenHouseRsvp_openHouse
    }
  }
`);

const CancelOpenHouseRsvpMutation = graphql(`
  mutation CancelOpenHouseRsvp($id: ID!) {
    cancelOpenHouseRsvp(id: $id) {
      ...OpenHouseRsvp_openHouse
    }
  }
`);

const OpenHouseChangedSubscription = graphql(`
  subscription OpenHouseChanged($listingId: ID!) {
    openHouseChanged(listingId: $listingId) {
      ...OpenHouseRsvp_openHouse
      attendees {
        id
        name
        status
      }
    }
  }
`);

/**
 * Keeps a listing's open houses live for a signed-in viewer (issue 27 item 6): another renter's RSVP,
 * a cancellation or the waitlist moving up changes the places left (and the viewer's own RSVP) on the
 * page without a reload. The answers land in the cache, where the page reads them.
 */
export function useLiveOpenHouses(listingId: string, hasOpenHouses: boolean): void {
  const { user } = useViewer();
  useSubscription(OpenHouseChangedSubscription, { variables: { listingId }, skip: !user || !hasOpenHouses });
}

export interface RsvpOpenHouse {
  id: string;
  endsAt: string;
  capacity?: number | null;
  goingCount: number;
  placesLeft?: number | null;
  waitlistCount: number;
  viewerRsvp?: RsvpStatus | null;
}

/**
 * 'Going' to an open house (issue 27 item 1): the places left, the viewer's RSVP and what they can do
 * with it ('RSVP', 'Join the waitlist', 'Cancel RSVP', 'Leave the waitlist'). The listing's managers
 * see the counts only; a signed-out visitor is asked to sign in.
 */
export function OpenHouseRsvp({ openHouse, viewerCanManage }: { openHouse: RsvpOpenHouse; viewerCanManage: boolean }) {
  const { user } = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const [rsvp] = useMutation(RsvpOpenHouseMutation);
  const [cancel] = useMutation(CancelOpenHouseRsvpMutation);
  const [pending, setPending] = useState(false);
  const over = Date.parse(openHouse.endsAt) <= Date.now();
  const places = placesLeftLabel(openHouse.placesLeft ?? null);
  const counts = [
    places,
    openHouse.goingCount > 0 ? formatMessage(messages.going, { count: openHouse.goingCount }) : null,
    openHouse.waitlistCount > 0 ? formatMessage(messages.waitlisted, { count: openHouse.waitlistCount }) : null,
  ].filter(Boolean);
  const here = `${location.pathname}${location.search}`;
  const full = openHouse.placesLeft === 0;
  // An RSVP asked for while signed out is made once the renter is back here signed in (issue 58 item 7).
  const remember = (waitlist: boolean) => rememberPendingAction({ kind: 'rsvp', id: openHouse.id, waitlist }, here);
  usePendingAction('rsvp', openHouse.id, user !== null, (a) => void act(a.waitlist ? 'waitlist' : 'going'));

  async function act(kind: 'going' | 'waitlist' | 'cancel') {
    setPending(true);
    try {
      if (kind === 'cancel') await cancel({ variables: { id: openHouse.id } });
      else await rsvp({ variables: { id: openHouse.id, waitlist: kind === 'waitlist' } });
    } catch (err) {
      if (isUnauthenticated(err)) {
        if (kind !== 'cancel') remember(kind === 'waitlist');
        void navigate(signInPath(here, '/login'));
        return;
      }
      if (isServiceUnavailable(err)) return;
      toast({
        variant: 'destructive',
        title: formatMessage(kind === 'cancel' ? messages.cancelFailed : messages.rsvpFailed),
        description: serverMessage(err),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2" data-testid="open-house-rsvp">
      {counts.length ? <p className="text-sm text-gray-700">{counts.join(' · ')}</p> : null}
      {over ? (
        <p className="text-sm text-gray-600">{formatMessage(messages.over)}</p>
      ) : viewerCanManage ? null : !user ? (
        <Link
          to={signInPath(here, '/login')}
          onClick={() => remember(full)}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          {formatMessage(messages.signIn)}
        </Link>
      ) : openHouse.viewerRsvp === 'GOING' ? (
        <>
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-green-800">
            <Check aria-hidden="true" className="size-4" />
            {formatMessage(messages.youreGoing)}
          </span>
          <a
            href={`/api/open-houses/${encodeURIComponent(openHouse.id)}/calendar.ics`}
            download
            className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {formatMessage(messages.addToCalendar)}
          </a>
          <Button variant="outline" size="sm" disabled={pending} onClick={() => void act('cancel')}>
            {formatMessage(messages.cancelRsvp)}
          </Button>
        </>
      ) : openHouse.viewerRsvp === 'WAITLISTED' ? (
        <>
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-amber-800">
            <Clock aria-hidden="true" className="size-4" />
            {formatMessage(messages.youreWaitlisted)}
          </span>
          <Button variant="outline" size="sm" disabled={pending} onClick={() => void act('cancel')}>
            {formatMessage(messages.leaveWaitlist)}
          </Button>
        </>
      ) : full ? (
        <Button variant="outline" size="sm" disabled={pending} onClick={() => void act('waitlist')}>
          {formatMessage(messages.joinWaitlist)}
        </Button>
      ) : (
        <Button size="sm" disabled={pending} onClick={() => void act('going')}>
          {formatMessage(messages.rsvp)}
        </Button>
      )}
    </div>
  );
}

import { useMutation } from '@apollo/client/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatOpenHouseTime, formatTourWindow, TOUR_RULES } from '@common/tours';
import { CalendarPlus, MessageSquare } from '@/components/icons';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { propertyPath } from '@/lib/format';
import { graphql } from '@/gql';
import type { TourCard_TourFragment } from '@/gql/graphql';
import { isServiceUnavailable, serverMessage } from '@/lib/auth-errors';
import { cn } from '@/lib/cn';
import { TourWindowFields } from './request-tour-dialog';
import { suggestedWindow, tourWindowForm, windowInput, type TourWindowValues } from './tour-form';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  agentRequested: { id: 'tourStatus.agentRequested', defaultMessage: '{name} asked for a tour. Answer by {time}.' },
  renterRequested: { id: 'tourStatus.renterRequested', defaultMessage: 'Waiting for {name} to answer (until {time}).' },
  agentProposed: {
    id: 'tourStatus.agentProposed',
    defaultMessage: 'Waiting for {name} to confirm your time (until {time}).',
  },
  renterProposed: { id: 'tourStatus.renterProposed', defaultMessage: '{name} proposed another time. Confirm it by {time}.' },
  confirmedAt: { id: 'tourStatus.confirmedAt', defaultMessage: 'Confirmed: {window}' },
  confirmed: { id: 'tourStatus.confirmed', defaultMessage: 'Confirmed' },
  declinedBecause: { id: 'tourStatus.declinedBecause', defaultMessage: 'Declined: {reason}' },
  declined: { id: 'tourStatus.declined', defaultMessage: 'Declined' },
  expired: {
    id: 'tourStatus.expired',
    defaultMessage: 'Expired: not answered in time',
  },
  cancelledByYou: { id: 'tourStatus.cancelledByYou', defaultMessage: 'Cancelled by you' },
  cancelledBy: { id: 'tourStatus.cancelledBy', defaultMessage: 'Cancelled by {name}' },
  cancelledListingRemoved: { id: 'tourStatus.cancelledListingRemoved', defaultMessage: 'Cancelled: the listing was removed' },
  cancelledListingUnavailable: {
    id: 'tourStatus.cancelledListingUnavailable',
    defaultMessage: 'Cancelled: the listing is no longer available',
  },
  reasonTooLong: { id: 'tourCard.reasonTooLong', defaultMessage: 'Keep it under {max} characters' },
  proposeFailed: { id: 'tourCard.proposeFailed', defaultMessage: 'Could not propose that time' },
  declineFailed: { id: 'tourCard.declineFailed', defaultMessage: 'Could not decline' },
  confirmFailed: { id: 'tourCard.confirmFailed', defaultMessage: 'Could not confirm' },
  cancelFailed: { id: 'tourCard.cancelFailed', defaultMessage: 'Could not cancel' },
  proposed: { id: 'tourCard.proposed', defaultMessage: 'Time proposed' },
  declinedToast: { id: 'tourCard.declinedToast', defaultMessage: 'Tour request declined' },
  confirmedToast: { id: 'tourCard.confirmedToast', defaultMessage: 'Tour confirmed' },
  tourCancelled: { id: 'tourCard.tourCancelled', defaultMessage: 'Tour cancelled' },
  requestCancelled: { id: 'tourCard.requestCancelled', defaultMessage: 'Request cancelled' },
  renter: { id: 'tourCard.renter', defaultMessage: 'Renter: {name}' },
  agent: { id: 'tourCard.agent', defaultMessage: 'Agent: {name}' },
  conversation: { id: 'tourCard.conversation', defaultMessage: 'Conversation' },
  note: { id: 'tourCard.note', defaultMessage: 'Note: {note}' },
  renterTimes: { id: 'tourCard.renterTimes', defaultMessage: 'Times that suit the renter (New York time)' },
  agentTime: { id: 'tourCard.agentTime', defaultMessage: 'Time the agent proposed (New York time)' },
  confirm: { id: 'tourCard.confirm', defaultMessage: 'Confirm' },
  youProposed: { id: 'tourCard.youProposed', defaultMessage: 'You proposed: {times}' },
  addToCalendar: { id: 'tourCard.addToCalendar', defaultMessage: 'Add to calendar' },
  proposeAnother: { id: 'tourCard.proposeAnother', defaultMessage: 'Propose another time' },
  decline: { id: 'tourCard.decline', defaultMessage: 'Decline' },
  cancelTour: { id: 'tourCard.cancelTour', defaultMessage: 'Cancel tour' },
  cancelRequest: { id: 'tourCard.cancelRequest', defaultMessage: 'Cancel request' },
  anotherTime: { id: 'tourCard.anotherTime', defaultMessage: 'Another time' },
  sendProposal: { id: 'tourCard.sendProposal', defaultMessage: 'Send proposal' },
  reason: { id: 'tourCard.reason', defaultMessage: 'Reason (optional)' },
  declineRequest: { id: 'tourCard.declineRequest', defaultMessage: 'Decline request' },
});

export const TourCardFragment = graphql(`
  fragment TourCard_tour on TourRequest {
    id
    status
    note
    startsAt
    endsAt
    expiresAt
    declineReason
    cancelledBy
    cancelReason
    listingTitle
    threadId
    renterName
    agentName
    viewerSide
    viewerActions {
      confirm
      propose
      decline
      cancel
    }
    windows {
      id
      startsAt
      endsAt
      proposedBy
    }
    listing {
      id
      slug
      title
      address
      unit
      neighborhood
    }
  }
`);

const ConfirmTourMutation = graphql(`
  mutation ConfirmTour($id: ID!, $windowId: ID!) {
    confirmTour(id: $id, windowId: $windowId) {
      ...TourCard_tour
    }
  }
`);
const ProposeTourTimeMutation = graphql(`
  mutation ProposeTourTime($id: ID!, $startsAt: String!, $endsAt: String!) {
    proposeTourTime(id: $id, startsAt: $startsAt, endsAt: $endsAt) {
      ...TourCard_tour
    }
  }
`);
const DeclineTourMutation = graphql(`
  mutation DeclineTour($id: ID!, $reason: String) {
    declineTour(id: $id, reason: $reason) {
      ...TourCard_tour
    }
  }
`);
const CancelTourMutation = graphql(`
  mutation CancelTour($id: ID!) {
    cancelTour(id: $id) {
      ...TourCard_tour
    }
  }
`);

type Tour = TourCard_TourFragment;

/** What the card says of where the request stands, from the viewer's side. */
export function tourStatusText(
  tour: Pick<
    Tour,
    'status' | 'viewerSide' | 'renterName' | 'agentName' | 'expiresAt' | 'declineReason' | 'cancelledBy' | 'startsAt' | 'endsAt'
  > & { cancelReason?: Tour['cancelReason'] },
): string {
  const agent = tour.viewerSide === 'AGENT';
  const other = agent ? tour.renterName : tour.agentName;
  const by = { name: other, time: formatOpenHouseTime(tour.expiresAt) };
  switch (tour.status) {
    case 'REQUESTED':
      return formatMessage(agent ? messages.agentRequested : messages.renterRequested, by);
    case 'PROPOSED':
      return formatMessage(agent ? messages.agentProposed : messages.renterProposed, by);
    case 'CONFIRMED':
      return tour.startsAt && tour.endsAt
        ? formatMessage(messages.confirmedAt, { window: formatTourWindow({ startsAt: tour.startsAt, endsAt: tour.endsAt }) })
        : formatMessage(messages.confirmed);
    case 'DECLINED':
      return tour.declineReason
        ? formatMessage(messages.declinedBecause, { reason: tour.declineReason })
        : formatMessage(messages.declined);
    case 'EXPIRED':
      return formatMessage(messages.expired);
    case 'CANCELLED':
      // Cancelled because the listing was deleted or deactivated (issue 58 item 4).
      if (tour.cancelReason === 'LISTING_REMOVED') return formatMessage(messages.cancelledListingRemoved);
      if (tour.cancelReason === 'LISTING_UNAVAILABLE') return formatMessage(messages.cancelledListingUnavailable);
      return tour.cancelledBy === tour.viewerSide
        ? formatMessage(messages.cancelledByYou)
        : formatMessage(messages.cancelledBy, { name: other });
    default:
      return tour.status;
  }
}

const STATUS_TONE: Record<string, string> = {
  REQUESTED: 'bg-amber-50 text-amber-900 border-amber-200',
  PROPOSED: 'bg-amber-50 text-amber-900 border-amber-200',
  CONFIRMED: 'bg-green-50 text-green-900 border-green-200',
};

const reasonForm = z.object({
  reason: z
    .string()
    .max(TOUR_RULES.reasonMax, { error: () => formatMessage(messages.reasonTooLong, { max: TOUR_RULES.reasonMax }) }),
});

/**
 * One tour request as either side sees it (issue 27 items 2 and 5): the listing, where it stands, the
 * times proposed, and what the viewer may do now (confirm a time, propose another, decline, cancel,
 * add a confirmed tour to a calendar, open the conversation where each step is written).
 */
export function TourCard({ tour }: { tour: Tour }) {
  const refetchQueries = ['MyTours'];
  const [confirm] = useMutation(ConfirmTourMutation, { refetchQueries });
  const [propose] = useMutation(ProposeTourTimeMutation, { refetchQueries });
  const [decline] = useMutation(DeclineTourMutation, { refetchQueries });
  const [cancel] = useMutation(CancelTourMutation, { refetchQueries });
  const [pending, setPending] = useState(false);
  const [panel, setPanel] = useState<'propose' | 'decline' | null>(null);
  const ids = { reason: useId() };
  const agent = tour.viewerSide === 'AGENT';
  const theirs = tour.windows.filter((w) => w.proposedBy !== tour.viewerSide);
  const mine = tour.windows.filter((w) => w.proposedBy === tour.viewerSide);
  const open = tour.status === 'REQUESTED' || tour.status === 'PROPOSED';

  const proposeForm = useForm<TourWindowValues>({ resolver: zodResolver(tourWindowForm), defaultValues: suggestedWindow() });
  const declineForm = useForm<{ reason: string }>({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });

  /** Runs a step; `failed` titles the toast when the server refuses it, `done` the one when it is done. */
  async function run(failed: string, act: () => Promise<unknown>, done?: string): Promise<boolean> {
    setPending(true);
    try {
      await act();
      if (done) toast({ title: done });
      return true;
    } catch (err) {
      if (!isServiceUnavailable(err)) toast({ variant: 'destructive', title: failed, description: serverMessage(err) });
      return false;
    } finally {
      setPending(false);
    }
  }

  const sendProposal = proposeForm.handleSubmit(async (values) => {
    const ok = await run(
      formatMessage(messages.proposeFailed),
      () => propose({ variables: { id: tour.id, ...windowInput(values) } }),
      formatMessage(messages.proposed),
    );
    if (ok) setPanel(null);
  });
  const sendDecline = declineForm.handleSubmit(async (values) => {
    const ok = await run(
      formatMessage(messages.declineFailed),
      () => decline({ variables: { id: tour.id, reason: values.reason.trim() || null } }),
      formatMessage(messages.declinedToast),
    );
    if (ok) setPanel(null);
  });

  const listing = tour.listing;
  return (
    <li className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-testid="tour-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {listing ? (
            <ListingPlace listing={listing} />
          ) : (
            // The listing was deleted: its title stays.
            <p className="font-medium break-words text-gray-900">{tour.listingTitle}</p>
          )}
          <p className="text-sm text-gray-600">
            {agent
              ? formatMessage(messages.renter, { name: tour.renterName })
              : formatMessage(messages.agent, { name: tour.agentName })}
          </p>
        </div>
        <Link
          to={`/messages?open=${encodeURIComponent(tour.threadId)}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <MessageSquare aria-hidden="true" className="size-4" />
          {formatMessage(messages.conversation)}
        </Link>
      </div>
      <p
        className={cn(
          'mt-3 rounded-md border px-3 py-2 text-sm',
          STATUS_TONE[tour.status] ?? 'border-gray-200 bg-gray-50 text-gray-800',
        )}
        data-testid="tour-status"
      >
        {tourStatusText(tour)}
      </p>
      {tour.note ? (
        <p className="mt-2 text-sm break-words text-gray-700">{formatMessage(messages.note, { note: tour.note })}</p>
      ) : null}

      {open && theirs.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-medium text-gray-900">{formatMessage(agent ? messages.renterTimes : messages.agentTime)}</p>
          <ul className="mt-1 space-y-2">
            {theirs.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-gray-800">
                <span>{formatTourWindow(w)}</span>
                {tour.viewerActions.confirm ? (
                  <Button
                    size="sm"
                    disabled={pending}
                    onClick={() =>
                      void run(
                        formatMessage(messages.confirmFailed),
                        () => confirm({ variables: { id: tour.id, windowId: w.id } }),
                        formatMessage(messages.confirmedToast),
                      )
                    }
                  >
                    {formatMessage(messages.confirm)}
                    <span className="sr-only"> {formatTourWindow(w)}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {open && mine.length > 0 ? (
        <p className="mt-2 text-sm text-gray-600">
          {formatMessage(messages.youProposed, { times: mine.map((w) => formatTourWindow(w)).join('; ') })}
        </p>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-2">
        {tour.status === 'CONFIRMED' && tour.viewerActions.cancel ? (
          <a
            href={`/api/tours/${encodeURIComponent(tour.id)}/calendar.ics`}
            download
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            {formatMessage(messages.addToCalendar)}
          </a>
        ) : null}
        {tour.viewerActions.propose ? (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-expanded={panel === 'propose'}
            onClick={() => setPanel(panel === 'propose' ? null : 'propose')}
          >
            {formatMessage(messages.proposeAnother)}
          </Button>
        ) : null}
        {tour.viewerActions.decline ? (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            aria-expanded={panel === 'decline'}
            onClick={() => setPanel(panel === 'decline' ? null : 'decline')}
          >
            {formatMessage(messages.decline)}
          </Button>
        ) : null}
        {tour.viewerActions.cancel ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={pending}
            onClick={() =>
              void run(
                formatMessage(messages.cancelFailed),
                () => cancel({ variables: { id: tour.id } }),
                formatMessage(tour.status === 'CONFIRMED' ? messages.tourCancelled : messages.requestCancelled),
              )
            }
          >
            {formatMessage(tour.status === 'CONFIRMED' ? messages.cancelTour : messages.cancelRequest)}
          </Button>
        ) : null}
      </div>

      {panel === 'propose' ? (
        <form className="mt-3 space-y-3" onSubmit={(e) => void sendProposal(e)} noValidate>
          <TourWindowFields
            legend={formatMessage(messages.anotherTime)}
            register={(name) => proposeForm.register(name)}
            errors={proposeForm.formState.errors}
            disabled={pending}
          />
          <Button type="submit" size="sm" disabled={pending}>
            {formatMessage(messages.sendProposal)}
          </Button>
        </form>
      ) : null}
      {panel === 'decline' ? (
        <form className="mt-3 space-y-2" onSubmit={(e) => void sendDecline(e)} noValidate>
          <label htmlFor={ids.reason} className="block text-sm font-medium text-gray-900">
            {formatMessage(messages.reason)}
          </label>
          <textarea
            id={ids.reason}
            rows={2}
            aria-invalid={declineForm.formState.errors.reason ? true : undefined}
            className="block w-full rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
            {...declineForm.register('reason')}
          />
          {declineForm.formState.errors.reason ? (
            <p role="alert" className="text-sm text-red-700">
              {declineForm.formState.errors.reason.message}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="destructive" disabled={pending}>
            {formatMessage(messages.declineRequest)}
          </Button>
        </form>
      ) : null}
    </li>
  );
}

/** The listing a visit is to: its title (a link to its page) and its address. */
export function ListingPlace({
  listing,
}: {
  listing: { id: string; slug?: string | null; title: string; address: string; unit?: string | null; neighborhood: string };
}) {
  return (
    <>
      <p className="font-medium">
        <Link to={propertyPath(listing)} className="break-words text-brand-700 hover:underline">
          {listing.title}
        </Link>
      </p>
      <p className="text-sm text-gray-600">
        {listing.address}
        {listing.unit ? `, ${listing.unit}` : ''}, {listing.neighborhood}
      </p>
    </>
  );
}

/** A titled list of visits (tour cards, open houses), with what to say when it is empty. */
export function VisitSection<T extends { id: string }>(props: {
  id: string;
  title: string;
  items: readonly T[];
  empty: ReactNode;
  render: (item: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="text-lg font-semibold text-gray-900">
        {props.title}
      </h2>
      {props.items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{props.empty}</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">{props.items.map(props.render)}</ul>
      )}
    </section>
  );
}

/** A titled list of tour cards. */
export function TourSection(props: { id: string; title: string; tours: Tour[]; empty: ReactNode }) {
  return (
    <VisitSection
      id={props.id}
      title={props.title}
      items={props.tours}
      empty={props.empty}
      render={(t) => <TourCard key={t.id} tour={t} />}
    />
  );
}

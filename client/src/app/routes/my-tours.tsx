import { useSubscription } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { formatNewYorkClock, formatOpenHouseTime } from '@common/tours';
import { CalendarDays } from '@/components/icons';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { propertyPath } from '@/lib/format';
import { OpenHouseRsvp } from '@/features/tours/open-house-rsvp';
import { AttendeeList } from '@/features/tours/attendee-list';
import { ListingPlace, TourSection, VisitSection } from '@/features/tours/tour-card';
import { graphql } from '@/gql';
import type { MyToursQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  timeRange: { id: 'myTours.timeRange', defaultMessage: '{start} – {end} ET' },
  noLimit: { id: 'myTours.noLimit', defaultMessage: 'No limit' },
  places: { id: 'myTours.places', defaultMessage: '{count, plural, one {# place} other {# places}}' },
  going: { id: 'myTours.going', defaultMessage: '{count, plural, one {# going} other {# going}}' },
  waitlisted: {
    id: 'myTours.waitlisted',
    defaultMessage: '{count, plural, one {# on the waitlist} other {# on the waitlist}}',
  },
  title: { id: 'myTours.title', defaultMessage: 'Tours' },
  logIn: { id: 'myTours.logIn', defaultMessage: 'Please Log In' },
  logInHint: { id: 'myTours.logInHint', defaultMessage: 'You need to be logged in to see your tours and open houses.' },
  description: {
    id: 'myTours.description',
    defaultMessage: 'Private tours and open houses, soonest first. Times are New York time.',
  },
  loadFailed: { id: 'myTours.loadFailed', defaultMessage: 'Your tours could not be loaded.' },
  loading: { id: 'myTours.loading', defaultMessage: 'Loading your tours…' },
  empty: { id: 'myTours.empty', defaultMessage: 'No tours yet' },
  emptyHint: {
    id: 'myTours.emptyHint',
    defaultMessage:
      "Request a private tour or say you are going to an open house on a listing's page: it shows up here, with a calendar file.",
  },
  browse: { id: 'myTours.browse', defaultMessage: 'Browse listings' },
  youGive: { id: 'myTours.youGive', defaultMessage: 'Tours you give' },
  toAnswer: { id: 'myTours.toAnswer', defaultMessage: 'Requests to answer' },
  toAnswerEmpty: { id: 'myTours.toAnswerEmpty', defaultMessage: 'No tour requests are waiting for you.' },
  noneConfirmed: { id: 'myTours.noneConfirmed', defaultMessage: 'No confirmed tours to come.' },
  yourOpenHouses: { id: 'myTours.yourOpenHouses', defaultMessage: 'Your open houses' },
  yourOpenHousesEmpty: {
    id: 'myTours.yourOpenHousesEmpty',
    defaultMessage: 'None to come. Add open houses when you edit a listing.',
  },
  youGoOn: { id: 'myTours.youGoOn', defaultMessage: 'Tours you go on' },
  upcomingTours: { id: 'myTours.upcomingTours', defaultMessage: 'Upcoming tours' },
  requested: { id: 'myTours.requested', defaultMessage: 'Requested' },
  requestedEmpty: { id: 'myTours.requestedEmpty', defaultMessage: 'No tour requests waiting for an answer.' },
  upcomingOpenHouses: { id: 'myTours.upcomingOpenHouses', defaultMessage: 'Upcoming open houses' },
  noneToCome: { id: 'myTours.noneToCome', defaultMessage: 'None to come.' },
  pastTours: { id: 'myTours.pastTours', defaultMessage: 'Past tours' },
  pastOpenHouses: { id: 'myTours.pastOpenHouses', defaultMessage: 'Past open houses' },
  went: { id: 'myTours.went', defaultMessage: 'Went' },
  waitlistedPast: { id: 'myTours.waitlistedPast', defaultMessage: 'Waitlisted' },
});

/** When an open house is: 'Sat, Dec 5, 2:00 PM – 3:00 PM ET', New York time. */
function OpenHouseWhen({ startsAt, endsAt }: { startsAt: string; endsAt: string }) {
  return (
    <p className="text-sm font-semibold text-gray-900">
      <time dateTime={startsAt}>
        {formatMessage(messages.timeRange, { start: formatOpenHouseTime(startsAt), end: formatNewYorkClock(endsAt) })}
      </time>
    </p>
  );
}

const MyToursDocument = graphql(`
  query MyTours {
    requested: myTours(side: RENTER, state: OPEN) {
      ...TourCard_tour
    }
    upcomingTours: myTours(side: RENTER, state: UPCOMING) {
      ...TourCard_tour
    }
    pastTours: myTours(side: RENTER, state: PAST) {
      ...TourCard_tour
    }
    toAnswer: myTours(side: AGENT, state: OPEN) {
      ...TourCard_tour
    }
    toGive: myTours(side: AGENT, state: UPCOMING) {
      ...TourCard_tour
    }
    given: myTours(side: AGENT, state: PAST) {
      ...TourCard_tour
    }
    myOpenHouses: managedOpenHouses {
      id
      startsAt
      endsAt
      capacity
      goingCount
      waitlistCount
      listing {
        id
        slug
        title
      }
      attendees {
        id
        name
        status
        since
      }
    }
    upcoming: myOpenHouseRsvps(upcoming: true) {
      id
      status
      openHouse {
        id
        startsAt
        endsAt
        note
        ...OpenHouseRsvp_openHouse
        listing {
          id
          slug
          title
          address
          unit
          neighborhood
        }
      }
    }
    past: myOpenHouseRsvps(upcoming: false) {
      id
      status
      openHouse {
        id
        startsAt
        listing {
          id
          slug
          title
          neighborhood
        }
      }
    }
  }
`);

type Upcoming = MyToursQuery['upcoming'][number];

function UpcomingItem({ rsvp }: { rsvp: Upcoming }) {
  const { openHouse } = rsvp;
  const { listing } = openHouse;
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <OpenHouseWhen startsAt={openHouse.startsAt} endsAt={openHouse.endsAt} />
      <div className="mt-1">
        <ListingPlace listing={listing} />
      </div>
      {openHouse.note ? <p className="mt-1 text-sm text-gray-600">{openHouse.note}</p> : null}
      <OpenHouseRsvp openHouse={openHouse} viewerCanManage={false} />
    </li>
  );
}

const TourChangedDocument = graphql(`
  subscription TourChanged {
    tourChanged {
      id
      status
    }
  }
`);

type ManagedOpenHouse = MyToursQuery['myOpenHouses'][number];

function ManagedOpenHouseItem({ openHouse }: { openHouse: ManagedOpenHouse }) {
  const places =
    openHouse.capacity === null || openHouse.capacity === undefined
      ? formatMessage(messages.noLimit)
      : formatMessage(messages.places, { count: openHouse.capacity });
  const counts = [places, formatMessage(messages.going, { count: openHouse.goingCount })];
  if (openHouse.waitlistCount) counts.push(formatMessage(messages.waitlisted, { count: openHouse.waitlistCount }));
  return (
    <li className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <OpenHouseWhen startsAt={openHouse.startsAt} endsAt={openHouse.endsAt} />
      <p className="mt-1">
        <Link to={propertyPath(openHouse.listing)} className="font-medium break-words text-brand-700 hover:underline">
          {openHouse.listing.title}
        </Link>
      </p>
      <p className="text-sm text-gray-600">{counts.join(' · ')}</p>
      <AttendeeList attendees={openHouse.attendees ?? []} listingTitle={openHouse.listing.title} />
    </li>
  );
}

/**
 * Tours (issue 27 item 5, /me/tours). For renters: the tours and open houses to come, the requests
 * waiting for an answer, and those past. For agents and owners: the requests to answer, the tours to
 * give, and each open house's attendees (with a message through the chat). Times are New York time;
 * a step of a tour on either side shows at once (the tourChanged subscription).
 */
export default function MyToursScreen() {
  useDocumentTitle(formatMessage(messages.title));
  const { user, loading: authLoading } = useAuth();
  const asAgent = user?.role === 'AGENT';
  const { data, loading, error, refetch } = useQuery(MyToursDocument, {
    skip: !user,
    fetchPolicy: 'cache-and-network',
  });
  useSubscription(TourChangedDocument, {
    skip: !user,
    onData: () => void refetch(),
  });

  if (!authLoading && !user) {
    return (
      <PageContainer className="py-8">
        <PageHeader title={formatMessage(messages.title)} />
        <SignedOutNotice title={formatMessage(messages.logIn)}>{formatMessage(messages.logInHint)}</SignedOutNotice>
      </PageContainer>
    );
  }

  const managing = Boolean(data && (asAgent || data.toAnswer.length || data.toGive.length || data.myOpenHouses.length));
  const visiting = Boolean(
    data &&
    (data.upcoming.length || data.past.length || data.requested.length || data.upcomingTours.length || data.pastTours.length),
  );
  const nothing = data && !managing && !visiting;

  return (
    <PageContainer className="py-8">
      <PageHeader title={formatMessage(messages.title)} description={formatMessage(messages.description)} />
      <div className="mt-6 space-y-10">
        {error && !data ? (
          <LoadError onRetry={refetch}>{formatMessage(messages.loadFailed)}</LoadError>
        ) : (loading || authLoading) && !data ? (
          <div role="status">
            <span className="sr-only">{formatMessage(messages.loading)}</span>
            <Skeleton className="h-32 w-full" />
          </div>
        ) : nothing ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
            <CalendarDays aria-hidden="true" className="size-8 text-gray-400" />
            <h2 className="text-lg font-semibold text-gray-900">{formatMessage(messages.empty)}</h2>
            <p className="max-w-md text-sm text-gray-600">{formatMessage(messages.emptyHint)}</p>
            <Link to="/listings" className={buttonClasses()}>
              {formatMessage(messages.browse)}
            </Link>
          </div>
        ) : data ? (
          <>
            {managing ? (
              <div className="space-y-8" aria-label={formatMessage(messages.youGive)}>
                <TourSection
                  id="to-answer-heading"
                  title={formatMessage(messages.toAnswer)}
                  tours={data.toAnswer}
                  empty={formatMessage(messages.toAnswerEmpty)}
                />
                <TourSection
                  id="to-give-heading"
                  title={formatMessage(messages.youGive)}
                  tours={data.toGive}
                  empty={formatMessage(messages.noneConfirmed)}
                />
                <VisitSection
                  id="managed-open-houses-heading"
                  title={formatMessage(messages.yourOpenHouses)}
                  items={data.myOpenHouses}
                  empty={formatMessage(messages.yourOpenHousesEmpty)}
                  render={(o) => <ManagedOpenHouseItem key={o.id} openHouse={o} />}
                />
              </div>
            ) : null}
            {/* An agent who visits nothing is not shown the visitor's empty lists. */}
            {visiting || !managing ? (
              <>
                <TourSection
                  id="upcoming-tours-heading"
                  title={formatMessage(managing ? messages.youGoOn : messages.upcomingTours)}
                  tours={data.upcomingTours}
                  empty={formatMessage(messages.noneConfirmed)}
                />
                <TourSection
                  id="requested-heading"
                  title={formatMessage(messages.requested)}
                  tours={data.requested}
                  empty={formatMessage(messages.requestedEmpty)}
                />
                <VisitSection
                  id="upcoming-heading"
                  title={formatMessage(messages.upcomingOpenHouses)}
                  items={data.upcoming}
                  empty={formatMessage(messages.noneToCome)}
                  render={(rsvp) => <UpcomingItem key={rsvp.id} rsvp={rsvp} />}
                />
              </>
            ) : null}
            {data.pastTours.length > 0 || (data.given?.length ?? 0) > 0 ? (
              <TourSection
                id="past-tours-heading"
                title={formatMessage(messages.pastTours)}
                tours={[...data.pastTours, ...(data.given ?? [])]}
                empty={null}
              />
            ) : null}
            {data.past.length > 0 ? (
              <section aria-labelledby="past-heading">
                <h2 id="past-heading" className="text-lg font-semibold text-gray-900">
                  {formatMessage(messages.pastOpenHouses)}
                </h2>
                <ul className="mt-3 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
                  {data.past.map((rsvp) => (
                    <li key={rsvp.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                      <Link to={propertyPath(rsvp.openHouse.listing)} className="font-medium text-brand-700 hover:underline">
                        {rsvp.openHouse.listing.title}
                      </Link>
                      <span className="text-gray-600">
                        {formatOpenHouseTime(rsvp.openHouse.startsAt)} ·{' '}
                        {formatMessage(rsvp.status === 'GOING' ? messages.went : messages.waitlistedPast)}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : null}
      </div>
    </PageContainer>
  );
}

import { useQuery, useSubscription } from '@apollo/client/react';
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
import { propertyPath } from '@/features/listings/format';
import { OpenHouseRsvp } from '@/features/tours/open-house-rsvp';
import { AttendeeList } from '@/features/tours/attendee-list';
import { ListingPlace, TourSection, VisitSection } from '@/features/tours/tour-card';
import { graphql } from '@/gql';
import type { MyToursQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';

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
      <p className="text-sm font-semibold text-gray-900">
        <time dateTime={openHouse.startsAt}>{formatOpenHouseTime(openHouse.startsAt)}</time> –{' '}
        {formatNewYorkClock(openHouse.endsAt)} ET
      </p>
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
  const places = openHouse.capacity === null || openHouse.capacity === undefined ? 'No limit' : `${openHouse.capacity} places`;
  return (
    <li className="min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm font-semibold text-gray-900">
        <time dateTime={openHouse.startsAt}>{formatOpenHouseTime(openHouse.startsAt)}</time> –{' '}
        {formatNewYorkClock(openHouse.endsAt)} ET
      </p>
      <p className="mt-1">
        <Link to={propertyPath(openHouse.listing)} className="font-medium break-words text-brand-700 hover:underline">
          {openHouse.listing.title}
        </Link>
      </p>
      <p className="text-sm text-gray-600">
        {places} · {openHouse.goingCount} going{openHouse.waitlistCount ? ` · ${openHouse.waitlistCount} on the waitlist` : ''}
      </p>
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
  useDocumentTitle('Tours');
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
        <PageHeader title="Tours" />
        <SignedOutNotice title="Please Log In">You need to be logged in to see your tours and open houses.</SignedOutNotice>
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
      <PageHeader title="Tours" description="Private tours and open houses, soonest first. Times are New York time." />
      <div className="mt-6 space-y-10">
        {error && !data ? (
          <LoadError onRetry={refetch}>Your tours could not be loaded.</LoadError>
        ) : (loading || authLoading) && !data ? (
          <div role="status">
            <span className="sr-only">Loading your tours…</span>
            <Skeleton className="h-32 w-full" />
          </div>
        ) : nothing ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
            <CalendarDays aria-hidden="true" className="size-8 text-gray-400" />
            <h2 className="text-lg font-semibold text-gray-900">No tours yet</h2>
            <p className="max-w-md text-sm text-gray-600">
              Request a private tour or say you are going to an open house on a listing&apos;s page: it shows up here, with a
              calendar file.
            </p>
            <Link to="/listings" className={buttonClasses()}>
              Browse listings
            </Link>
          </div>
        ) : data ? (
          <>
            {managing ? (
              <div className="space-y-8" aria-label="Tours you give">
                <TourSection
                  id="to-answer-heading"
                  title="Requests to answer"
                  tours={data.toAnswer}
                  empty="No tour requests are waiting for you."
                />
                <TourSection
                  id="to-give-heading"
                  title="Tours you give"
                  tours={data.toGive}
                  empty="No confirmed tours to come."
                />
                <VisitSection
                  id="managed-open-houses-heading"
                  title="Your open houses"
                  items={data.myOpenHouses}
                  empty="None to come. Add open houses when you edit a listing."
                  render={(o) => <ManagedOpenHouseItem key={o.id} openHouse={o} />}
                />
              </div>
            ) : null}
            {/* An agent who visits nothing is not shown the visitor's empty lists. */}
            {visiting || !managing ? (
              <>
                <TourSection
                  id="upcoming-tours-heading"
                  title={managing ? 'Tours you go on' : 'Upcoming tours'}
                  tours={data.upcomingTours}
                  empty="No confirmed tours to come."
                />
                <TourSection
                  id="requested-heading"
                  title="Requested"
                  tours={data.requested}
                  empty="No tour requests waiting for an answer."
                />
                <VisitSection
                  id="upcoming-heading"
                  title="Upcoming open houses"
                  items={data.upcoming}
                  empty="None to come."
                  render={(rsvp) => <UpcomingItem key={rsvp.id} rsvp={rsvp} />}
                />
              </>
            ) : null}
            {data.pastTours.length > 0 || (data.given?.length ?? 0) > 0 ? (
              <TourSection
                id="past-tours-heading"
                title="Past tours"
                tours={[...data.pastTours, ...(data.given ?? [])]}
                empty={null}
              />
            ) : null}
            {data.past.length > 0 ? (
              <section aria-labelledby="past-heading">
                <h2 id="past-heading" className="text-lg font-semibold text-gray-900">
                  Past open houses
                </h2>
                <ul className="mt-3 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
                  {data.past.map((rsvp) => (
                    <li key={rsvp.id} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                      <Link to={propertyPath(rsvp.openHouse.listing)} className="font-medium text-brand-700 hover:underline">
                        {rsvp.openHouse.listing.title}
                      </Link>
                      <span className="text-gray-600">
                        {formatOpenHouseTime(rsvp.openHouse.startsAt)} · {rsvp.status === 'GOING' ? 'Went' : 'Waitlisted'}
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

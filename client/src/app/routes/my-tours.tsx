import { useQuery } from '@apollo/client/react';
import { formatNewYorkClock, formatOpenHouseTime } from '@common/tours';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { propertyPath } from '@/features/listings/format';
import { OpenHouseRsvp } from '@/features/tours/open-house-rsvp';
import { graphql } from '@/gql';
import type { MyToursQuery } from '@/gql/graphql';
import { useDocumentTitle } from '@/lib/use-document-title';

const MyToursDocument = graphql(`
  query MyTours {
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
      <p className="mt-1">
        <Link to={propertyPath(listing)} className="font-medium text-brand-700 hover:underline">
          {listing.title}
        </Link>
      </p>
      <p className="text-sm text-gray-600">
        {listing.address}
        {listing.unit ? `, ${listing.unit}` : ''}, {listing.neighborhood}
      </p>
      {openHouse.note ? <p className="mt-1 text-sm text-gray-600">{openHouse.note}</p> : null}
      <OpenHouseRsvp openHouse={openHouse} viewerCanManage={false} />
    </li>
  );
}

/**
 * The renter's open houses (issue 27 item 5, the open-house part of /me/tours): those to come, soonest
 * first, each with its RSVP (cancel, the calendar file), then those past.
 */
export default function MyToursScreen() {
  useDocumentTitle('Open Houses');
  const { user, loading: authLoading } = useAuth();
  const { data, loading, error, refetch } = useQuery(MyToursDocument, { skip: !user, fetchPolicy: 'cache-and-network' });

  if (!authLoading && !user) {
    return (
      <PageContainer className="py-8">
        <PageHeader title="Open Houses" />
        <SignedOutNotice title="Please Log In">You need to be logged in to see the open houses you are going to.</SignedOutNotice>
      </PageContainer>
    );
  }

  return (
    <PageContainer className="py-8">
      <PageHeader
        title="Open Houses"
        description="The open houses you said you are going to, soonest first. Times are New York time."
      />
      <div className="mt-6 space-y-8">
        {error && !data ? (
          <LoadError onRetry={refetch}>Your open houses could not be loaded.</LoadError>
        ) : (loading || authLoading) && !data ? (
          <div role="status">
            <span className="sr-only">Loading your open houses…</span>
            <Skeleton className="h-32 w-full" />
          </div>
        ) : data && data.upcoming.length === 0 && data.past.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
            <CalendarDays aria-hidden="true" className="size-8 text-gray-400" />
            <h2 className="text-lg font-semibold text-gray-900">No open houses yet</h2>
            <p className="max-w-md text-sm text-gray-600">
              Say you are going to an open house on a listing&apos;s page: it shows up here, with a calendar file.
            </p>
            <Button asChild>
              <Link to="/listings">Browse listings</Link>
            </Button>
          </div>
        ) : data ? (
          <>
            <section aria-labelledby="upcoming-heading">
              <h2 id="upcoming-heading" className="text-lg font-semibold text-gray-900">
                Upcoming
              </h2>
              {data.upcoming.length === 0 ? (
                <p className="mt-2 text-sm text-gray-600">None to come.</p>
              ) : (
                <ul className="mt-3 grid grid-cols-1 gap-4 lg:grid-cols-2">
                  {data.upcoming.map((rsvp) => (
                    <UpcomingItem key={rsvp.id} rsvp={rsvp} />
                  ))}
                </ul>
              )}
            </section>
            {data.past.length > 0 ? (
              <section aria-labelledby="past-heading">
                <h2 id="past-heading" className="text-lg font-semibold text-gray-900">
                  Past
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

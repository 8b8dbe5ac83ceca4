import { PAGE_LIMITS } from '@common/page-limits';
import { useQuery } from '@/lib/apollo/use-query';
import { AlertCircle, PenLine, Star } from '@/components/icons';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { LeaveReviewDialog } from '@/features/reviews/components/leave-review-dialog';
import { GivenReviewCard, ReceivedReviewCard } from '@/features/reviews/components/review-card';
import { Breakdown, SummaryCards } from '@/features/reviews/components/summary';
import { MyRatingsSummariesQuery, MyReviewsQuery } from '@/features/reviews/operations';
import { REVIEWS_SHOWN } from '@/features/reviews/review-rules';
import type { RatingsSummary_SummaryFragment, ReviewRole } from '@/gql/graphql';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';

const messages = defineMessages({
  loadingReviews: { id: 'myRatings.loadingReviews', defaultMessage: 'Loading reviews…' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  receivedFailed: { id: 'myRatings.receivedFailed', defaultMessage: 'Failed to fetch received reviews' },
  givenFailed: { id: 'myRatings.givenFailed', defaultMessage: 'Failed to fetch given reviews' },
  noReviews: { id: 'myRatings.noReviews', defaultMessage: 'No reviews yet' },
  noReviewsHint: { id: 'myRatings.noReviewsHint', defaultMessage: "This user hasn't received any reviews yet." },
  noGiven: { id: 'myRatings.noGiven', defaultMessage: 'No reviews given yet' },
  noGivenHint: {
    id: 'myRatings.noGivenHint',
    defaultMessage: 'Share your rental experiences to help other tenants and landlords',
  },
  firstReview: { id: 'myRatings.firstReview', defaultMessage: 'Leave Your First Review' },
  agentsGiveNone: {
    id: 'myRatings.agentsGiveNone',
    defaultMessage: 'Agents cannot rate other agents. Only renters rate the agents they dealt with.',
  },
  recent: { id: 'myRatings.recent', defaultMessage: 'Recent reviews' },
  given: { id: 'myRatings.given', defaultMessage: 'Reviews you have given' },
  showing: { id: 'myRatings.showing', defaultMessage: 'Showing the {shown} most recent of {total} reviews.' },
  showLess: { id: 'myRatings.showLess', defaultMessage: 'Show Less' },
  showAll: { id: 'myRatings.showAll', defaultMessage: 'Show All {total}' },
  title: { id: 'myRatings.title', defaultMessage: 'Your Ratings & Reviews' },
  description: {
    id: 'myRatings.description',
    defaultMessage: 'See what people say about you and the reviews you have written.',
  },
  leaveReview: { id: 'myRatings.leaveReview', defaultMessage: 'Leave a Review' },
  youReceived: { id: 'myRatings.youReceived', defaultMessage: 'Reviews you received' },
  tabs: { id: 'myRatings.tabs', defaultMessage: 'Reviews' },
  receivedTab: { id: 'myRatings.receivedTab', defaultMessage: 'Received' },
  receivedTabCount: { id: 'myRatings.receivedTabCount', defaultMessage: 'Received ({count})' },
  givenTab: { id: 'myRatings.givenTab', defaultMessage: 'Given' },
  givenTabCount: { id: 'myRatings.givenTabCount', defaultMessage: 'Given ({count})' },
  logIn: { id: 'myRatings.logIn', defaultMessage: 'Please Log In' },
  logInHint: { id: 'myRatings.logInHint', defaultMessage: 'You need to be logged in to view your ratings.' },
  loading: { id: 'myRatings.loading', defaultMessage: 'Loading your ratings…' },
});

type Tab = 'received' | 'given';

/** The first page of reviews; 'Show All N' reads up to the server's largest page (common/page-limits.ts). */
const FIRST_PAGE = PAGE_LIMITS.reviews.default;
const LARGEST_PAGE = PAGE_LIMITS.reviews.max;

function ReviewSkeletons({ count }: { count: number }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{formatMessage(messages.loadingReviews)}</span>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          aria-hidden="true"
          data-testid="review-skeleton"
          className="flex gap-3 rounded-lg border border-gray-200 bg-white p-4"
        >
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

function LoadError({ text, retry }: { text: string; retry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3">
      <AlertCircle aria-hidden="true" className="size-5 text-red-600" />
      <p className="text-sm font-medium text-gray-900">{text}</p>
      <Button variant="outline" size="sm" className="ml-auto" onClick={retry}>
        {formatMessage(messages.retry)}
      </Button>
    </div>
  );
}

function ReviewList({ role, onLeaveReview }: { role: ReviewRole; onLeaveReview: (() => void) | null }) {
  const [showAll, setShowAll] = useState(false);
  const { data, previousData, loading, error, refetch } = useQuery(MyReviewsQuery, {
    variables: { role, first: showAll ? LARGEST_PAGE : FIRST_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  // While 'Show All' loads the longer page, the short one stays on screen.
  const page = (data ?? previousData)?.myReviews;
  useEffect(() => {
    if (error) console.warn(role === 'RECEIVED' ? 'Failed to fetch received reviews' : 'Failed to fetch given reviews', error);
  }, [error, role]);
  const received = role === 'RECEIVED';

  if (!page && loading) return <ReviewSkeletons count={received ? 3 : 2} />;
  if (!page) {
    return (
      <LoadError
        text={received ? formatMessage(messages.receivedFailed) : formatMessage(messages.givenFailed)}
        retry={() => void refetch().catch(() => undefined)}
      />
    );
  }

  const reviews = page.edges.map((e) => e.node);
  if (reviews.length === 0) {
    return received ? (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <Star aria-hidden="true" className="mx-auto size-10 text-gray-400" />
        <h3 className="mt-3 font-semibold text-gray-900">{formatMessage(messages.noReviews)}</h3>
        <p className="mt-1 text-sm text-gray-600">{formatMessage(messages.noReviewsHint)}</p>
      </div>
    ) : (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
        <PenLine aria-hidden="true" className="mx-auto size-10 text-gray-400" />
        <h3 className="mt-3 font-semibold text-gray-900">{formatMessage(messages.noGiven)}</h3>
        {onLeaveReview ? (
          <>
            <p className="mt-1 text-sm text-gray-600">{formatMessage(messages.noGivenHint)}</p>
            <Button className="mt-5" onClick={onLeaveReview}>
              {formatMessage(messages.firstReview)}
            </Button>
          </>
        ) : (
          <p className="mt-1 text-sm text-gray-600">{formatMessage(messages.agentsGiveNone)}</p>
        )}
      </div>
    );
  }

  const total = page.totalCount;
  const visible = showAll ? reviews : reviews.slice(0, REVIEWS_SHOWN);
  const Card = received ? ReceivedReviewCard : GivenReviewCard;
  return (
    <div>
      <h3 className="text-base font-semibold text-gray-900">
        {received ? formatMessage(messages.recent) : formatMessage(messages.given)}
      </h3>
      <ul className="mt-3 space-y-3">
        {visible.map((review) => (
          <li key={review.id}>
            <Card review={review} />
          </li>
        ))}
      </ul>
      {showAll && total > reviews.length && !loading ? (
        <p className="mt-3 text-sm text-gray-600">{formatMessage(messages.showing, { shown: reviews.length, total })}</p>
      ) : null}
      {total > REVIEWS_SHOWN ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
            {showAll ? formatMessage(messages.showLess) : formatMessage(messages.showAll, { total })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function TabPanel({
  role,
  summary,
  onLeaveReview,
}: {
  role: ReviewRole;
  summary: RatingsSummary_SummaryFragment | null;
  /** Null for agents, who cannot rate (issue 59 item 8): nothing invites them to. */
  onLeaveReview: (() => void) | null;
}) {
  return (
    <div className="mt-6 space-y-6">
      {role === 'RECEIVED' && summary && summary.totalReviews > 0 ? <Breakdown summary={summary} /> : null}
      <ReviewList role={role} onLeaveReview={onLeaveReview} />
    </div>
  );
}

const tabClasses = cn(
  'flex-1 rounded-md px-4 py-2 text-sm font-medium whitespace-nowrap text-gray-700 sm:flex-none',
  'hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
  'data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm',
);

function Ratings({ viewerIsAgent }: { viewerIsAgent: boolean }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'given' || (!params.get('tab') && !viewerIsAgent) ? 'given' : 'received';
  const [dialogOpen, setDialogOpen] = useState(false);
  const leaveReview = viewerIsAgent ? null : () => setDialogOpen(true);
  const summaries = useQuery(MyRatingsSummariesQuery, { fetchPolicy: 'cache-and-network' });
  const received = summaries.data?.received ?? null;
  const given = summaries.data?.given ?? null;

  function selectTab(next: Tab) {
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('tab', next);
        return out;
      },
      { replace: true },
    );
  }

  /** 'Received (3)': the tab's name with its count once known. */
  const tabName = (s: RatingsSummary_SummaryFragment | null, named: MessageDescriptor, counted: MessageDescriptor) =>
    s ? formatMessage(counted, { count: s.totalReviews }) : formatMessage(named);

  return (
    <>
      <PageHeader
        title={formatMessage(messages.title)}
        description={formatMessage(messages.description)}
        actions={
          viewerIsAgent ? undefined : (
            <Button onClick={() => setDialogOpen(true)}>
              <PenLine aria-hidden="true" className="size-4" />
              {formatMessage(messages.leaveReview)}
            </Button>
          )
        }
      />
      <div className="mt-6">
        {summaries.error && !summaries.data ? (
          <LoadError
            text={formatMessage(messages.receivedFailed)}
            retry={() => void summaries.refetch().catch(() => undefined)}
          />
        ) : (
          // SPEC part 2: the three cards are about the reviews received, whichever tab is open (a
          // renter's given reviews once showed here as their own rating).
          <SummaryCards summary={received} caption={formatMessage(messages.youReceived)} />
        )}
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => selectTab(value as Tab)} className="mt-8">
        <Tabs.List aria-label={formatMessage(messages.tabs)} className="flex w-full gap-1 rounded-lg bg-gray-100 p-1 sm:w-fit">
          <Tabs.Trigger value="received" className={tabClasses}>
            {tabName(received, messages.receivedTab, messages.receivedTabCount)}
          </Tabs.Trigger>
          <Tabs.Trigger value="given" className={tabClasses}>
            {tabName(given, messages.givenTab, messages.givenTabCount)}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="received" className="outline-none">
          {tab === 'received' ? <TabPanel role="RECEIVED" summary={received} onLeaveReview={leaveReview} /> : null}
        </Tabs.Content>
        <Tabs.Content value="given" className="outline-none">
          {tab === 'given' ? <TabPanel role="GIVEN" summary={given} onLeaveReview={leaveReview} /> : null}
        </Tabs.Content>
      </Tabs.Root>
      {viewerIsAgent ? null : (
        <LeaveReviewDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          viewerIsAgent={false}
          onSubmitted={() => selectTab('given')}
        />
      )}
    </>
  );
}

/** 'Your Ratings & Reviews' (SPEC part 2) at /me/ratings. */
export default function MyRatingsScreen() {
  useDocumentTitle(formatMessage(messages.title));
  const { user, loading } = useAuth();
  if (!loading && !user) {
    return (
      <PageContainer>
        <PageHeader title={formatMessage(messages.title)} />
        <SignedOutNotice title={formatMessage(messages.logIn)}>{formatMessage(messages.logInHint)}</SignedOutNotice>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      {user ? (
        <Ratings viewerIsAgent={user.role === 'AGENT'} />
      ) : (
        <div role="status" className="space-y-6">
          <span className="sr-only">{formatMessage(messages.loading)}</span>
          <Skeleton className="h-9 w-72" />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        </div>
      )}
    </PageContainer>
  );
}

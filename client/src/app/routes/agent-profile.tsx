import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@/lib/apollo/use-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { AgentHeader, GetInTouch, ProfessionalInfo, QuickStats, ReviewList } from '@/features/agents/components/agent-sections';
import { agentProfileVariables } from '@/features/agents/profile-variables';
import { PropertyCard } from '@/features/listings/components/property-card';
import { graphql } from '@/gql';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  loading: { id: 'agentProfile.loading', defaultMessage: 'Loading agent…' },
  title: { id: 'agentProfile.title', defaultMessage: 'Agent Profile' },
  notFound: { id: 'agentProfile.notFound', defaultMessage: 'Agent not found' },
  notFoundHint: { id: 'agentProfile.notFoundHint', defaultMessage: "The agent you're looking for doesn't exist." },
  back: { id: 'agentProfile.back', defaultMessage: 'Back to listings' },
  fetchFailed: { id: 'agentProfile.fetchFailed', defaultMessage: 'Failed to fetch listings' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
  currentListings: { id: 'agentProfile.currentListings', defaultMessage: 'Current Listings ({count})' },
  noListings: { id: 'agentProfile.noListings', defaultMessage: 'No current listings available' },
  more: { id: 'agentProfile.more', defaultMessage: 'Show more listings' },
  updateReview: { id: 'agentProfile.updateReview', defaultMessage: 'Update your review' },
  writeReview: { id: 'agentProfile.writeReview', defaultMessage: 'Write a review' },
  about: { id: 'agentProfile.about', defaultMessage: 'About the agent' },
});

const AgentProfileQuery = graphql(`
  query AgentProfile($id: ID!, $first: Int!, $after: String, $reviews: Int!) {
    agent(id: $id) {
      id
      ...AgentProfile_agent
      viewerRating {
        allowed
        reason
        existingReview {
          id
        }
      }
      reviews(first: $reviews) {
        id
        ...AgentReview_review
      }
      listings(first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            id
            ...PropertyCard_property
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

function ProfileSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{formatMessage(messages.loading)}</span>
      <div aria-hidden="true" className="flex gap-5 rounded-xl border border-gray-200 bg-white p-8">
        <Skeleton className="size-28 rounded-full" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-16 w-full" />
        </div>
      </div>
    </div>
  );
}

/** Agent profile (SPEC part 2) at /agents/:id. */
export default function AgentProfileScreen() {
  const { id = '' } = useParams();
  const { data, loading, error, networkStatus, fetchMore } = useQuery(AgentProfileQuery, {
    variables: agentProfileVariables(id),
    notifyOnNetworkStatusChange: true,
  });
  const agent = data?.agent ?? null;
  useDocumentTitle(agent ? agent.displayName : loading ? formatMessage(messages.title) : formatMessage(messages.notFound));

  useEffect(() => {
    if (error) console.warn('Failed to fetch agent', error);
  }, [error]);

  if (loading && !agent) {
    return (
      <PageContainer>
        <ProfileSkeleton />
      </PageContainer>
    );
  }

  if (!agent) {
    return (
      <PageContainer className="max-w-2xl py-16 text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{formatMessage(messages.notFound)}</h1>
        <p className="mt-3 text-gray-600">{formatMessage(messages.notFoundHint)}</p>
        <Link to="/" className={buttonClasses({ className: 'mt-8' })}>
          {formatMessage(messages.back)}
        </Link>
      </PageContainer>
    );
  }

  const listings = agent.listings;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  function loadMore() {
    const after = listings.pageInfo.endCursor;
    if (!after) return;
    fetchMore({ variables: { after } }).catch((err: unknown) => {
      console.warn('Failed to fetch listings', err);
      toast({
        variant: 'destructive',
        title: formatMessage(messages.fetchFailed),
        description: formatMessage(messages.tryAgain),
      });
    });
  }

  return (
    <PageContainer>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <AgentHeader agent={agent} />
          <section aria-labelledby="current-listings" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="current-listings" className="text-lg font-semibold text-gray-900">
              {formatMessage(messages.currentListings, { count: listings.totalCount })}
            </h2>
            {listings.edges.length === 0 ? (
              <p className="mt-4 text-sm text-gray-600">{formatMessage(messages.noListings)}</p>
            ) : (
              <>
                <ul className="mt-4 grid grid-cols-1 gap-5 sm:grid-cols-2">
                  {listings.edges.map(({ node }) => (
                    <li key={node.id}>
                      <PropertyCard property={node} headingLevel={3} />
                    </li>
                  ))}
                </ul>
                {listings.pageInfo.hasNextPage ? (
                  <div className="mt-6 flex justify-center">
                    <Button variant="outline" onClick={loadMore} disabled={loadingMore}>
                      {loadingMore ? <Spinner className="size-4" /> : null}
                      {formatMessage(messages.more)}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </section>
          <ReviewList
            reviews={agent.reviews}
            total={agent.reviewCount}
            // Offered to whoever may rate this agent, and to signed-out visitors (the page asks them to sign in).
            rate={
              agent.viewerRating.allowed || agent.viewerRating.reason === 'SIGN_IN_REQUIRED'
                ? {
                    href: `/rate-agent/${encodeURIComponent(agent.id)}`,
                    label: agent.viewerRating.existingReview
                      ? formatMessage(messages.updateReview)
                      : formatMessage(messages.writeReview),
                  }
                : null
            }
          />
        </div>
        <aside aria-label={formatMessage(messages.about)} className="space-y-6">
          <QuickStats agent={agent} />
          <ProfessionalInfo agent={agent} />
          <GetInTouch agent={agent} />
        </aside>
      </div>
    </PageContainer>
  );
}

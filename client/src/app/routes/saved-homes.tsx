import { NetworkStatus } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { useQuery } from '@/lib/apollo/use-query';
import { formatPrice } from '@common/format';
import { Heart, HeartOff, TrendingDown, TrendingUp } from '@/components/icons';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { SignedOutNotice } from '@/features/auth/signed-out-notice';
import { useAuth } from '@/features/auth/use-auth';
import { UnsavePropertyMutation } from '@/features/favorites/save-button';
import { PropertyCard, PropertyCardSkeleton } from '@/features/listings/components/property-card';
import { graphql } from '@/gql';
import type { SavedHomesQuery } from '@/gql/graphql';
import { evictSavedProperties } from '@/lib/apollo/type-policies';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatNewYorkDay } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

/** How many saved homes a page shows (more with 'Show more'). */
const PAGE = 12;

const SavedHomesDocument = graphql(`
  query SavedHomes($first: Int!, $after: String) {
    savedProperties(first: $first, after: $after) {
      totalCount
      edges {
        cursor
        savedAt
        priceAtSave
        node {
          id
          price
          ...PropertyCard_property
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const messages = defineMessages({
  dropped: { id: 'savedHomes.dropped', defaultMessage: 'Price dropped {amount} since you saved it' },
  up: { id: 'savedHomes.up', defaultMessage: 'Price up {amount} since you saved it' },
  saved: { id: 'savedHomes.saved', defaultMessage: 'Saved {date}' },
  unsave: { id: 'savedHomes.unsave', defaultMessage: 'Unsave' },
  title: { id: 'savedHomes.title', defaultMessage: 'Saved Homes' },
  logIn: { id: 'savedHomes.logIn', defaultMessage: 'Please Log In' },
  logInHint: { id: 'savedHomes.logInHint', defaultMessage: 'You need to be logged in to see your saved homes.' },
  notRemoved: { id: 'savedHomes.notRemoved', defaultMessage: 'Not removed' },
  stillSaved: { id: 'savedHomes.stillSaved', defaultMessage: '“{title}” is still saved. Please try again.' },
  fetchFailed: { id: 'savedHomes.fetchFailed', defaultMessage: 'Failed to fetch saved homes' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
  count: {
    id: 'savedHomes.count',
    defaultMessage: '{count, plural, one {# home you saved, newest first.} other {# homes you saved, newest first.}}',
  },
  description: { id: 'savedHomes.description', defaultMessage: 'Homes you saved, newest first.' },
  loadFailed: { id: 'savedHomes.loadFailed', defaultMessage: 'Your saved homes could not be loaded.' },
  loading: { id: 'savedHomes.loading', defaultMessage: 'Loading saved homes…' },
  empty: { id: 'savedHomes.empty', defaultMessage: 'No saved homes yet' },
  emptyHint: {
    id: 'savedHomes.emptyHint',
    defaultMessage: 'Tap the heart on a listing to keep it here, with how its rent changes after you save it.',
  },
  browse: { id: 'savedHomes.browse', defaultMessage: 'Browse listings' },
  more: { id: 'savedHomes.more', defaultMessage: 'Show more saved homes' },
});

type Edge = SavedHomesQuery['savedProperties']['edges'][number];

/** 'Price dropped $200 since you saved it' (or went up), from the rent of the moment it was saved. */
export function priceSinceSaved(priceAtSave: number | null | undefined, price: number): { text: string; down: boolean } | null {
  if (priceAtSave == null || priceAtSave === price) return null;
  const down = price < priceAtSave;
  const by = formatPrice(Math.abs(price - priceAtSave));
  return { text: formatMessage(down ? messages.dropped : messages.up, { amount: by }), down };
}

function SavedHome({ edge, onUnsave, removing }: { edge: Edge; onUnsave: () => void; removing: boolean }) {
  const change = priceSinceSaved(edge.priceAtSave, edge.node.price);
  return (
    <li className="flex flex-col gap-2">
      <PropertyCard property={edge.node} />
      <div className="flex flex-wrap items-center justify-between gap-2 px-1 text-sm">
        <div className="min-w-0 space-y-0.5">
          <p className="text-gray-600">
            {formatMessage(messages.saved, { date: formatNewYorkDay(new Date(edge.savedAt as string)) })}
          </p>
          {change ? (
            <p
              className={
                change.down ? 'flex items-center gap-1 font-medium text-green-800' : 'flex items-center gap-1 text-gray-800'
              }
            >
              {change.down ? (
                <TrendingDown aria-hidden="true" className="size-4" />
              ) : (
                <TrendingUp aria-hidden="true" className="size-4" />
              )}
              {change.text}
            </p>
          ) : null}
        </div>
        <Button variant="outline" size="sm" onClick={onUnsave} disabled={removing}>
          <HeartOff aria-hidden="true" className="size-4" />
          {formatMessage(messages.unsave)}
          <span className="sr-only"> {edge.node.title}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * Saved homes (issue 26 item 5): the renter's saved listings as cards, newest saved first, each with
 * how its rent moved since it was saved and 'Unsave', which takes the card away at once and brings it
 * back, with a toast, when the server refuses.
 */
export default function SavedHomesScreen() {
  useDocumentTitle(formatMessage(messages.title));
  const { user, loading: authLoading } = useAuth();
  const { data, loading, error, refetch, fetchMore, networkStatus } = useQuery(SavedHomesDocument, {
    variables: { first: PAGE },
    skip: !user,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  // Cards taken away at once while their unsave runs (and after it succeeded, until the list is read again).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [unsave] = useMutation(UnsavePropertyMutation);

  if (!authLoading && !user) {
    return (
      <PageContainer className="py-8">
        <PageHeader title={formatMessage(messages.title)} />
        <SignedOutNotice title={formatMessage(messages.logIn)}>{formatMessage(messages.logInHint)}</SignedOutNotice>
      </PageContainer>
    );
  }

  const connection = data?.savedProperties;
  const edges = (connection?.edges ?? []).filter((edge) => !hidden.has(edge.node.id));
  const total = connection ? Math.max(0, connection.totalCount - (connection.edges.length - edges.length)) : 0;

  async function remove(edge: Edge) {
    const id = edge.node.id;
    setHidden((current) => new Set(current).add(id));
    try {
      await unsave({ variables: { id }, update: evictSavedProperties });
    } catch (err) {
      console.warn('Removing the saved listing failed', err);
      setHidden((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
      toast({
        variant: 'destructive',
        title: formatMessage(messages.notRemoved),
        description: formatMessage(messages.stillSaved, { title: edge.node.title }),
      });
    }
  }

  function loadMore() {
    const after = connection?.pageInfo.endCursor;
    if (!after) return;
    fetchMore({ variables: { after } }).catch((err: unknown) => {
      console.warn('Failed to fetch saved homes', err);
      toast({
        variant: 'destructive',
        title: formatMessage(messages.fetchFailed),
        description: formatMessage(messages.tryAgain),
      });
    });
  }

  return (
    <PageContainer className="py-8">
      <PageHeader
        title={formatMessage(messages.title)}
        description={connection ? formatMessage(messages.count, { count: total }) : formatMessage(messages.description)}
      />
      <div className="mt-6">
        {error && !data ? (
          <LoadError onRetry={refetch}>{formatMessage(messages.loadFailed)}</LoadError>
        ) : (loading || authLoading) && !data ? (
          <div role="status">
            <span className="sr-only">{formatMessage(messages.loading)}</span>
            <ul aria-hidden="true" className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i}>
                  <PropertyCardSkeleton />
                </li>
              ))}
            </ul>
          </div>
        ) : edges.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
            <Heart aria-hidden="true" className="size-8 text-gray-400" />
            <h2 className="text-lg font-semibold text-gray-900">{formatMessage(messages.empty)}</h2>
            <p className="max-w-md text-sm text-gray-600">{formatMessage(messages.emptyHint)}</p>
            <Link to="/listings" className={buttonClasses()}>
              {formatMessage(messages.browse)}
            </Link>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {edges.map((edge) => (
                <SavedHome
                  key={edge.node.id}
                  edge={edge}
                  removing={hidden.has(edge.node.id)}
                  onUnsave={() => void remove(edge)}
                />
              ))}
            </ul>
            {connection?.pageInfo.hasNextPage ? (
              <div className="mt-8 flex justify-center">
                <Button variant="outline" onClick={loadMore} disabled={networkStatus === NetworkStatus.fetchMore}>
                  {networkStatus === NetworkStatus.fetchMore ? <Spinner className="size-4" /> : null}
                  {formatMessage(messages.more)}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </PageContainer>
  );
}

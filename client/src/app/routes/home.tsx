import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { pluralize } from '@common/format';
import { AlertCircle, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PropertyCard, PropertyCardSkeleton } from '@/features/listings/components/property-card';
import { graphql } from '@/gql';
import { useDocumentTitle } from '@/lib/use-document-title';

const PAGE_SIZE = 12;
const PLACEHOLDER_CARDS = 6;

const HomePropertiesQuery = graphql(`
  query HomeProperties($first: Int!, $after: String) {
    properties(first: $first, after: $after) {
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
`);

const gridClasses = 'grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** The listings screen (SPEC part 2, title 'NYC Rentals'): the newest active listings, page by page. */
export default function HomeScreen() {
  useDocumentTitle('NYC Rentals');
  const { data, error, loading, networkStatus, refetch, fetchMore } = useQuery(HomePropertiesQuery, {
    variables: { first: PAGE_SIZE },
  });

  const connection = data?.properties;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;

  function retry() {
    // A failure shows up again in the query's own error state.
    refetch().catch(() => undefined);
  }

  function loadMore() {
    if (!connection?.pageInfo.endCursor) return;
    fetchMore({ variables: { after: connection.pageInfo.endCursor } }).catch(() => {
      toast({ variant: 'destructive', title: 'Failed to fetch listings', description: 'Please try again.' });
    });
  }

  return (
    <PageContainer>
      <PageHeader title="NYC Rentals" />

      {connection ? (
        <>
          <p className="mt-2 text-sm text-gray-600" aria-live="polite">
            {pluralize(connection.totalCount, 'property', 'properties')}
          </p>
          {connection.edges.length === 0 ? (
            <div className="mt-10 flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
              <SearchX aria-hidden="true" className="size-8 text-gray-400" />
              <h2 className="text-lg font-semibold text-gray-900">No properties found</h2>
            </div>
          ) : (
            <ul className={`mt-6 ${gridClasses}`}>
              {connection.edges.map(({ node }) => (
                <li key={node.id}>
                  <PropertyCard property={node} />
                </li>
              ))}
            </ul>
          )}
          {connection.pageInfo.hasNextPage ? (
            <div className="mt-10 flex justify-center">
              <Button variant="outline" size="lg" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? <Spinner className="size-4" /> : null}
                Load More Properties
              </Button>
            </div>
          ) : null}
        </>
      ) : loading ? (
        <div role="status">
          <span className="sr-only">Loading properties…</span>
          <Skeleton className="mt-3 h-4 w-28" />
          <ul className={`mt-6 ${gridClasses}`} aria-hidden="true">
            {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
              <li key={index}>
                <PropertyCardSkeleton />
              </li>
            ))}
          </ul>
        </div>
      ) : error ? (
        <div
          role="alert"
          className="mt-10 flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center"
        >
          <AlertCircle aria-hidden="true" className="size-8 text-red-600" />
          <h2 className="text-lg font-semibold text-gray-900">Failed to fetch listings</h2>
          <p className="text-sm text-gray-700">The listings could not be loaded. Please try again.</p>
          <Button onClick={retry}>Retry</Button>
        </div>
      ) : null}
    </PageContainer>
  );
}

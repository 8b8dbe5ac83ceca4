import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@/lib/apollo/use-query';
import { formatCount } from '@common/format';

import { AlertCircle, List, MapIcon, SearchX } from '@/components/icons';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { FilterBar } from '@/features/listings/components/filter-bar';
import { PropertyCard, PropertyCardSkeleton } from '@/features/listings/components/property-card';
import { commuteToParam, searchPageVariables } from '@/features/listings/search-state';
import { useSearchState } from '@/features/listings/use-search-state';
import { comparePath, MAX_COMPARE, useCompareSelection } from '@/features/compare/compare-selection';
import { ShareButton } from '@/features/listings/components/share-button';
import { propertyPath } from '@/lib/format';
import { Link } from 'react-router';
import { MessagesDialogButton } from '@/features/messaging/components/messages-dialog';
import type { MapMarker, MapResults, MapView as MapViewSpec } from '@/features/map/types';
import { graphql } from '@/gql';
import { cn } from '@/lib/cn';
import { keptHeightStyle, useKeepHeights } from '@/lib/kept-heights';
import { SaveSearchButton } from '@/features/alerts/components/save-search-button';
import { useViewer } from '@/features/auth/use-viewer';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMediaQuery } from '@/lib/use-media-query';
import { withParts } from '@/i18n/catalogues';
import { defineMessages, useIntl } from '@common/i18n/messages';

const messages = defineMessages({
  unplaced: {
    id: 'home.unplaced',
    defaultMessage:
      '{count, plural, one {# listing without a map location is not shown} other {# listings without a map location are not shown}}',
  },
  fetchFailed: { id: 'home.fetchFailed', defaultMessage: 'Failed to fetch listings' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
  searchResults: { id: 'home.searchResults', defaultMessage: 'Search results' },
  countCapped: { id: 'home.countCapped', defaultMessage: '{count}+ properties' },
  count: { id: 'home.count', defaultMessage: '{count, plural, one {# property} other {# properties}}' },
  map: { id: 'home.map', defaultMessage: 'Map' },
  list: { id: 'home.list', defaultMessage: 'List' },
  compare: { id: 'home.compare', defaultMessage: 'Compare' },
  picked: { id: 'home.picked', defaultMessage: '{count} of {max} picked to compare' },
  clear: { id: 'home.clear', defaultMessage: 'Clear' },
  noResults: { id: 'home.noResults', defaultMessage: 'No properties found' },
  noResultsHint: { id: 'home.noResultsHint', defaultMessage: 'No listings match these filters. Try widening your search.' },
  clearAllFilters: { id: 'home.clearAllFilters', defaultMessage: 'Clear all filters' },
  loadMore: { id: 'home.loadMore', defaultMessage: 'Load More Properties' },
  loadingProperties: { id: 'home.loadingProperties', defaultMessage: 'Loading properties…' },
  couldNotLoad: { id: 'home.couldNotLoad', defaultMessage: 'The listings could not be loaded. Please try again.' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  mapOfListings: { id: 'home.mapOfListings', defaultMessage: 'Map of listings' },
  loadingMap: { id: 'home.loadingMap', defaultMessage: 'Loading map...' },
});

// The map's code, fetched when the map is shown (at phone width, once 'Map' is pressed).
const MapView = lazy(withParts(() => import('@/features/map/map-view').then((m) => ({ default: m.MapView })), ['map']));
// A marker's popup, fetched when a marker is first opened.
const MapPopup = lazy(withParts(() => import('@/features/listings/components/map-popup'), ['map']));

const PLACEHOLDER_CARDS = 6;
const NO_MARKERS: MapMarker[] = [];
/** Cards whose photo is fetched at once (two columns on a wide screen, the first rows). */
const EAGER_CARDS = 2;

const SearchPropertiesDocument = graphql(`
  query SearchProperties(
    $filter: PropertyFilter
    $sort: PropertySort
    $first: Int!
    $after: String
    $withCount: Boolean! = true
    $commuteTo: CommuteDestination
  ) {
    properties(filter: $filter, sort: $sort, first: $first, after: $after) {
      totalCount @include(if: $withCount)
      totalCountCapped @include(if: $withCount)
      edges {
        cursor
        node {
          id
          location {
            lat
            lng
          }
          commuteMinutes(to: $commuteTo)
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

/** Every match of the search, as points for the map (clustered there). */
const SearchMapPointsDocument = graphql(`
  query SearchMapPoints($filter: PropertyFilter) {
    propertyMapPoints(filter: $filter) {
      placed
      unplaced
      grid
      points {
        lat
        lng
        count
        price
        id
      }
    }
  }
`);

const gridClasses = 'grid grid-cols-1 gap-5 sm:grid-cols-2';

/** The listings screen (SPEC part 2, title 'NYC Rentals'): filters in the URL, results, and the map. */
export default function HomeScreen() {
  useDocumentTitle('NYC Rentals');
  const intl = useIntl();
  const { user: viewer } = useViewer();
  const { state, onChange, clearAll } = useSearchState();
  // A card's link carries the commute destination, so the listing's page says the commute too (issue 59 item 5).
  const commuteQuery = state.commute
    ? new URLSearchParams({ to: commuteToParam(state.commute), toName: state.commute.label }).toString()
    : undefined;
  const isDesktop = useMediaQuery('(min-width: 1024px)');
  const [mobileView, setMobileView] = useState<'list' | 'map'>('list');
  const [highlighted, setHighlighted] = useState<string | null>(null);
  // The listing whose marker the pointer (or focus) is on: its card is marked.
  const [mapHovered, setMapHovered] = useState<string | null>(null);
  const compare = useCompareSelection();

  const variables = useMemo(() => searchPageVariables(state), [state]);
  const filter = variables.filter!;
  const { data, error, loading, networkStatus, refetch, fetchMore } = useQuery(SearchPropertiesDocument, {
    variables,
    notifyOnNetworkStatusChange: true,
  });

  const connection = data?.properties;
  const loadingMore = networkStatus === NetworkStatus.fetchMore;
  const listings = useMemo(() => connection?.edges.map((edge) => edge.node) ?? [], [connection]);
  // The cards' heights as the visitor leaves the list, for the list drawn again on Back (lib/kept-heights.ts).
  const resultList = useRef<HTMLUListElement>(null);
  useKeepHeights(resultList, [connection]);

  const showMap = isDesktop || mobileView === 'map';
  const mapPoints = useQuery(SearchMapPointsDocument, { variables: { filter }, skip: !showMap });
  // While new points load, the last ones stay on the map.
  const freshPoints = mapPoints.data?.propertyMapPoints;
  const mapData = freshPoints ?? mapPoints.previousData?.propertyMapPoints;
  const sale = filter.listingType === 'FOR_SALE';
  const results = useMemo<MapResults | null>(
    () => (mapData ? { points: mapData.points, grid: mapData.grid, sale } : null),
    [mapData, sale],
  );

  // Where the map looks: the searched area; else all the results (on arrival and after each change of
  // the filters, unless the user moved the map); else central Manhattan.
  const placeKey = JSON.stringify({ ...filter, bounds: undefined });
  const resultPoints = useMemo(
    () => (freshPoints ? freshPoints.points.map((p) => ({ lat: p.lat, lng: p.lng })) : []),
    [freshPoints],
  );
  // Null while the new results load, or when there are none: the map stays where it is.
  let view: MapViewSpec | null = null;
  let viewKey: string | null = null;
  if (state.bounds) {
    view = { kind: 'bounds', bounds: state.bounds };
    viewKey = `bounds:${JSON.stringify(state.bounds)}`;
  } else if (state.area) {
    view = { kind: 'points', points: state.area, maxZoom: 16 };
    viewKey = `area:${JSON.stringify(state.area)}`;
  } else if (resultPoints.length > 0) {
    view = { kind: 'points', points: resultPoints, maxZoom: 15 };
    viewKey = `fit:${placeKey}`;
  }
  const mapNote = mapData && mapData.unplaced > 0 ? intl.formatMessage(messages.unplaced, { count: mapData.unplaced }) : null;

  function retry() {
    // A failure shows up again in the query's own error state.
    refetch().catch(() => undefined);
  }

  function loadMore() {
    const after = connection?.pageInfo.endCursor;
    if (!after) return;
    // The count comes with the first page only (one more statement); the cache keeps it.
    fetchMore({ variables: { after, withCount: false } }).catch((err: unknown) => {
      console.warn('Failed to fetch listings', err);
      toast({
        variant: 'destructive',
        title: intl.formatMessage(messages.fetchFailed),
        description: intl.formatMessage(messages.tryAgain),
      });
    });
  }

  return (
    <PageContainer className="pb-8">
      <PageHeader title="NYC Rentals" actions={<SaveSearchButton filter={filter} signedIn={Boolean(viewer)} />} />
      <div className="mt-4">
        {/* Suspense boundaries here and around each card cut the hydration of a page rendered on the
            server into parts, each its own short task (docs/decisions/0035-server-rendering.md). */}
        <Suspense fallback={null}>
          <FilterBar state={state} onChange={onChange} onClearAll={clearAll} />
        </Suspense>
      </div>

      <div className="mt-5 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,0.85fr)] lg:gap-6">
        <section
          aria-label={intl.formatMessage(messages.searchResults)}
          className={cn(mobileView === 'map' && 'hidden lg:block')}
        >
          {/* The count, and at phone and tablet width the way to the map (in the flow of the page, so
              it never covers a card's 'Contact Agent'). */}
          <div className="flex min-h-9 items-center justify-between gap-3">
            {connection ? (
              <p className="text-sm text-gray-700" aria-live="polite">
                {connection.totalCountCapped
                  ? intl.formatMessage(messages.countCapped, { count: formatCount(connection.totalCount ?? 0) })
                  : intl.formatMessage(messages.count, { count: connection.totalCount ?? 0 })}
              </p>
            ) : loading ? (
              <Skeleton className="h-5 w-28" />
            ) : (
              <span />
            )}
            <Button variant="outline" size="sm" className="lg:hidden" onClick={() => setMobileView('map')}>
              <MapIcon aria-hidden="true" className="size-4" />
              {intl.formatMessage(messages.map)}
            </Button>
          </div>
          {compare.ids.length > 0 ? (
            <div
              role="region"
              aria-label={intl.formatMessage(messages.compare)}
              className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-gray-800"
            >
              <span className="min-w-0 flex-1">
                {intl.formatMessage(messages.picked, { count: compare.ids.length, max: MAX_COMPARE })}
              </span>
              {compare.ids.length >= 2 ? (
                <Link to={comparePath(compare.ids)} className={buttonClasses({ size: 'sm' })}>
                  {intl.formatMessage(messages.compare)}
                </Link>
              ) : (
                <Button size="sm" disabled>
                  {intl.formatMessage(messages.compare)}
                </Button>
              )}
              <Button size="sm" variant="ghost" onClick={compare.clear}>
                {intl.formatMessage(messages.clear)}
              </Button>
            </div>
          ) : null}
          {connection ? (
            <>
              {connection.edges.length === 0 ? (
                <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
                  <SearchX aria-hidden="true" className="size-8 text-gray-400" />
                  <h2 className="text-lg font-semibold text-gray-900">{intl.formatMessage(messages.noResults)}</h2>
                  <p className="text-sm text-gray-600">{intl.formatMessage(messages.noResultsHint)}</p>
                  <Button variant="outline" onClick={clearAll}>
                    {intl.formatMessage(messages.clearAllFilters)}
                  </Button>
                </div>
              ) : (
                <ul ref={resultList} className={cn('mt-4', gridClasses)}>
                  {connection.edges.map(({ node }, i) => (
                    <li
                      key={node.id}
                      data-key={node.id}
                      style={i < EAGER_CARDS ? undefined : keptHeightStyle(node.id)}
                      data-map-hovered={mapHovered === node.id ? 'true' : undefined}
                      className={i < EAGER_CARDS ? 'result-item' : 'result-item result-item-later'}
                      onMouseEnter={() => setHighlighted(node.id)}
                      onMouseLeave={() => setHighlighted((current) => (current === node.id ? null : current))}
                      onFocus={() => setHighlighted(node.id)}
                      onBlur={() => setHighlighted((current) => (current === node.id ? null : current))}
                    >
                      {/* The first cards are in view on arrival: their photos load at once, the first one first. */}
                      <div className="min-h-0 flex-1">
                        <Suspense fallback={null}>
                          <PropertyCard
                            property={node}
                            priority={i < EAGER_CARDS}
                            commute={
                              state.commute
                                ? { minutes: node.commuteMinutes ?? null, to: state.commute.label, query: commuteQuery }
                                : undefined
                            }
                          />
                        </Suspense>
                      </div>
                      <div className="mt-2 flex items-center justify-between gap-2 px-1">
                        <label className="flex items-center gap-2 text-sm text-gray-700">
                          <input
                            type="checkbox"
                            className="size-4 rounded border-gray-300 accent-brand-700"
                            checked={compare.ids.includes(node.id)}
                            disabled={compare.full && !compare.ids.includes(node.id)}
                            onChange={() => compare.toggle(node.id)}
                          />
                          {intl.formatMessage(messages.compare)}
                          <span data-authored className="sr-only">
                            {' '}
                            {node.title}
                          </span>
                        </label>
                        <Suspense fallback={null}>
                          <ShareButton title={node.title} path={propertyPath(node)} />
                        </Suspense>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
              {connection.pageInfo.hasNextPage ? (
                <div className="mt-8 flex justify-center">
                  <Button variant="outline" size="lg" onClick={loadMore} disabled={loadingMore}>
                    {loadingMore ? <Spinner className="size-4" /> : null}
                    {intl.formatMessage(messages.loadMore)}
                  </Button>
                </div>
              ) : null}
            </>
          ) : loading ? (
            <div role="status">
              <span className="sr-only">{intl.formatMessage(messages.loadingProperties)}</span>
              <ul className={cn('mt-4', gridClasses)} aria-hidden="true">
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
              className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center"
            >
              <AlertCircle aria-hidden="true" className="size-8 text-red-600" />
              <h2 className="text-lg font-semibold text-gray-900">{intl.formatMessage(messages.fetchFailed)}</h2>
              <p className="text-sm text-gray-700">{intl.formatMessage(messages.couldNotLoad)}</p>
              <Button onClick={retry}>{intl.formatMessage(messages.retry)}</Button>
            </div>
          ) : null}
        </section>

        <aside
          aria-label={intl.formatMessage(messages.map)}
          className={cn(mobileView === 'map' ? 'block' : 'hidden', 'lg:block')}
        >
          <div className="mb-3 flex min-h-9 items-center justify-end lg:hidden">
            <Button variant="outline" size="sm" onClick={() => setMobileView('list')}>
              <List aria-hidden="true" className="size-4" />
              {intl.formatMessage(messages.list)}
            </Button>
          </div>
          <div className="sticky top-20 h-[calc(100dvh-7.5rem)] min-h-80 overflow-hidden rounded-xl border border-gray-200 shadow-sm lg:h-[calc(100dvh-6rem)]">
            {showMap ? (
              <Suspense
                fallback={
                  <div
                    role="region"
                    aria-label={intl.formatMessage(messages.mapOfListings)}
                    className="flex size-full items-center justify-center bg-gray-100"
                  >
                    <p role="status" className="text-sm text-gray-600">
                      {intl.formatMessage(messages.loadingMap)}
                    </p>
                  </div>
                }
              >
                <MapView
                  label={intl.formatMessage(messages.mapOfListings)}
                  className="size-full"
                  markers={NO_MARKERS}
                  results={results}
                  onMarkerHover={setMapHovered}
                  note={mapNote}
                  view={view}
                  viewKey={viewKey}
                  highlightedId={highlighted}
                  renderPopup={(id) => (
                    <Suspense fallback={null}>
                      <MapPopup id={id} loaded={listings.find((item) => item.id === id)} />
                    </Suspense>
                  )}
                  onSearchArea={(bounds) => onChange({ bounds, area: null })}
                  area={state.area}
                  onDrawArea={(area) => onChange({ area, bounds: null })}
                />
              </Suspense>
            ) : null}
          </div>
        </aside>
      </div>
      <MessagesDialogButton />
    </PageContainer>
  );
}

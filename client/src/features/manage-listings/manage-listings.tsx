import { useQuery } from '@/lib/apollo/use-query';
import { AlertCircle, ChevronLeft, ChevronRight, Plus, Search, SearchX, Building2 } from '@/components/icons';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { inputClasses } from '@/components/ui/text-field';
import { graphql } from '@/gql';
import { cn } from '@/lib/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ManageListingCard, ManageListingCardSkeleton } from './listing-card';
import {
  parseManageParams,
  PLACEHOLDER_CARDS,
  SEARCH_DEBOUNCE_MS,
  sortOptions,
  statusTabs,
  toManageParams,
  myListingsVariables,
  updateManageState,
  type ManageState,
  type ManageStatus,
} from './manage-state';
import { StatsCards } from './stats-cards';
import { useListingActions } from './use-listing-actions';
import { formatCount } from '@common/format';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const MyListingsDocument = graphql(`
  query MyListings($status: MyListingsStatus, $search: String, $sort: MyListingsSort, $page: Int, $pageSize: Int) {
    myListings(status: $status, search: $search, sort: $sort, page: $page, pageSize: $pageSize) {
      totalCount
      page
      pageSize
      pageCount
      items {
        id
        ...ManageListingCard_property
      }
    }
  }
`);

const messages = defineMessages({
  pagination: { id: 'manage.pagination', defaultMessage: 'Pagination' },
  previous: { id: 'manage.previous', defaultMessage: 'Previous' },
  next: { id: 'manage.next', defaultMessage: 'Next' },
  page: { id: 'manage.page', defaultMessage: 'Page {page}' },
  noneFound: { id: 'manage.noneFound', defaultMessage: 'No listings found' },
  noneMatch: { id: 'manage.noneMatch', defaultMessage: 'No listings match "{search}". Try adjusting your search.' },
  clearSearch: { id: 'manage.clearSearch', defaultMessage: 'Clear search' },
  noneYet: { id: 'manage.noneYet', defaultMessage: 'No listings yet' },
  getStarted: { id: 'manage.getStarted', defaultMessage: 'Get started by creating your first property listing.' },
  createFirst: { id: 'manage.createFirst', defaultMessage: 'Create Your First Listing' },
  search: { id: 'manage.search', defaultMessage: 'Search your listings' },
  searchPlaceholder: { id: 'manage.searchPlaceholder', defaultMessage: 'Search your listings...' },
  showing: {
    id: 'manage.showing',
    defaultMessage: 'Showing {first}–{last} of {total} {count, plural, one {listing} other {listings}}',
  },
  fetchFailed: { id: 'manage.fetchFailed', defaultMessage: 'Failed to fetch listings' },
  loadFailed: { id: 'manage.loadFailed', defaultMessage: 'Your listings could not be loaded. Please try again.' },
  retry: { id: 'common.retry', defaultMessage: 'Retry' },
  loading: { id: 'manage.loading', defaultMessage: 'Loading listings…' },
  stats: { id: 'manage.stats', defaultMessage: 'Listing stats' },
  yourListings: { id: 'manage.yourListings', defaultMessage: 'Your listings' },
  sortBy: { id: 'manage.sortBy', defaultMessage: 'Sort by' },
  byStatus: { id: 'manage.byStatus', defaultMessage: 'Filter listings by status' },
  addListing: { id: 'manage.addListing', defaultMessage: 'Add New Listing' },
});

const gridClasses = 'grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3';

/** The page numbers to show: all of them when few, else the first, the last and the current one's neighbours. */
function pageNumbers(current: number, count: number): (number | 'gap')[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const shown = new Set([1, count, current - 1, current, current + 1].filter((n) => n >= 1 && n <= count));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - (sorted[i - 1] as number) > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

function Pagination({ state, pageCount }: { state: ManageState; pageCount: number }) {
  if (pageCount <= 1) return null;
  const href = (page: number) => `?${toManageParams({ ...state, page }).toString()}`;
  const linkClasses = buttonClasses({ variant: 'outline', size: 'sm' });
  const disabledClasses = buttonClasses({ variant: 'outline', size: 'sm', className: 'pointer-events-none opacity-50' });
  return (
    <nav aria-label={formatMessage(messages.pagination)} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {state.page > 1 ? (
        <Link to={href(state.page - 1)} preventScrollReset className={linkClasses}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {formatMessage(messages.previous)}
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClasses}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {formatMessage(messages.previous)}
        </span>
      )}
      {pageNumbers(state.page, pageCount).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-gray-500">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={href(n)}
            preventScrollReset
            aria-current={n === state.page ? 'page' : undefined}
            aria-label={formatMessage(messages.page, { page: n })}
            className={buttonClasses({
              variant: n === state.page ? 'primary' : 'outline',
              size: 'sm',
              className: 'min-w-9 px-2',
            })}
          >
            {n}
          </Link>
        ),
      )}
      {state.page < pageCount ? (
        <Link to={href(state.page + 1)} preventScrollReset className={linkClasses}>
          {formatMessage(messages.next)}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={disabledClasses}>
          {formatMessage(messages.next)}
          <ChevronRight aria-hidden="true" className="size-4" />
        </span>
      )}
    </nav>
  );
}

function EmptyState({ search, onClearSearch }: { search: string; onClearSearch: () => void }) {
  if (search) {
    return (
      <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
        <SearchX aria-hidden="true" className="size-8 text-gray-400" />
        <h3 className="text-lg font-semibold text-gray-900">{formatMessage(messages.noneFound)}</h3>
        <p className="text-sm text-gray-600">{formatMessage(messages.noneMatch, { search })}</p>
        <Button variant="outline" onClick={onClearSearch}>
          {formatMessage(messages.clearSearch)}
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-16 text-center">
      <Building2 aria-hidden="true" className="size-8 text-gray-400" />
      <h3 className="text-lg font-semibold text-gray-900">{formatMessage(messages.noneYet)}</h3>
      <p className="text-sm text-gray-600">{formatMessage(messages.getStarted)}</p>
      <Link to="/create-listing" className={buttonClasses()}>
        <Plus aria-hidden="true" className="size-4" />
        {formatMessage(messages.createFirst)}
      </Link>
    </div>
  );
}

/** The search box: typing waits SEARCH_DEBOUNCE_MS before the URL (and the list) follows; Enter applies at once. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const settle = useEffectEvent((typed: string) => {
    if (typed.trim() !== value.trim()) onSearch(typed.trim());
  });

  // The typed text, once it has settled, becomes the URL's search.
  useEffect(() => settle(debounced), [debounced]);

  // The URL's search changed by other means (back button, 'Clear search'): the box follows.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value.trim()) setText(value);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() !== value.trim()) onSearch(text.trim());
  }

  return (
    <form role="search" onSubmit={submit} className="relative min-w-0 flex-1">
      <label htmlFor="manage-listings-search" className="sr-only">
        {formatMessage(messages.search)}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
      <input
        id="manage-listings-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={formatMessage(messages.searchPlaceholder)}
        maxLength={120}
        autoComplete="off"
        className={cn(inputClasses, 'pl-9')}
      />
    </form>
  );
}

/** The manage screen's body for a signed-in user (SPEC part 2): stats, search, tabs, sort, the cards and paging. */
export function ManageListings() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseManageParams(params), [params]);
  const listTop = useRef<HTMLHeadingElement>(null);

  const setState = useCallback(
    (next: ManageState, replace = false) => setParams(toManageParams(next), { replace, preventScrollReset: true }),
    [setParams],
  );
  const change = (patch: Partial<ManageState>, replace = false) => setState(updateManageState(state, patch), replace);

  const { data, loading, error, refetch } = useQuery(MyListingsDocument, {
    variables: myListingsVariables(state),
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const page = data?.myListings;

  const actions = useListingActions();

  // A page past the end (an old link, or the last card of the last page deleted): the last page.
  useEffect(() => {
    if (page && page.items.length === 0 && page.totalCount > 0 && state.page > page.pageCount) {
      setState({ ...state, page: page.pageCount }, true);
    }
  }, [page, state, setState]);

  // A new page starts at the top of the list.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    listTop.current?.scrollIntoView({ block: 'start' });
  }, [state.page]);

  let body;
  if (page) {
    const first = (page.page - 1) * page.pageSize + 1;
    const last = first + page.items.length - 1;
    body =
      page.items.length === 0 ? (
        <EmptyState search={state.search} onClearSearch={() => change({ search: '' })} />
      ) : (
        <>
          <p className="mt-4 text-sm text-gray-700" aria-live="polite">
            {formatMessage(messages.showing, {
              first: formatCount(first),
              last: formatCount(last),
              total: formatCount(page.totalCount),
              count: page.totalCount,
            })}
          </p>
          <ul className={cn('mt-3', gridClasses)}>
            {page.items.map((listing, index) => (
              <li key={listing.id}>
                <ManageListingCard listing={listing} actions={actions} priority={index === 0} />
              </li>
            ))}
          </ul>
          <Pagination state={state} pageCount={page.pageCount} />
        </>
      );
  } else if (error && !loading) {
    body = (
      <div
        role="alert"
        className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center"
      >
        <AlertCircle aria-hidden="true" className="size-8 text-red-600" />
        <h3 className="text-lg font-semibold text-gray-900">{formatMessage(messages.fetchFailed)}</h3>
        <p className="text-sm text-gray-700">{formatMessage(messages.loadFailed)}</p>
        <Button onClick={() => refetch().catch(() => undefined)}>{formatMessage(messages.retry)}</Button>
      </div>
    );
  } else {
    body = (
      <div role="status" className="mt-4">
        <span className="sr-only">{formatMessage(messages.loading)}</span>
        <ul className={cn('mt-7', gridClasses)} aria-hidden="true" data-testid="listing-placeholders">
          {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
            <li key={index}>
              <ManageListingCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <>
      <section aria-labelledby="listing-stats-heading" className="mt-6">
        <h2 id="listing-stats-heading" className="sr-only">
          {formatMessage(messages.stats)}
        </h2>
        <StatsCards />
      </section>

      <section aria-labelledby="your-listings-heading" className="mt-8">
        <h2 id="your-listings-heading" ref={listTop} tabIndex={-1} className="sr-only">
          {formatMessage(messages.yourListings)}
        </h2>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <SearchBox value={state.search} onSearch={(search) => change({ search }, true)} />
          <SelectField
            label={formatMessage(messages.sortBy)}
            value={state.sort}
            options={sortOptions}
            onValueChange={(sort) => change({ sort })}
            className="sm:w-64"
          />
        </div>
        <Tabs.Root
          value={state.status}
          onValueChange={(status) => change({ status: status as ManageStatus })}
          activationMode="manual"
          className="mt-4"
        >
          <Tabs.List
            aria-label={formatMessage(messages.byStatus)}
            className="flex w-full gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1 sm:w-fit"
          >
            {statusTabs.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className={cn(
                  'flex-1 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-gray-700 sm:flex-none sm:px-4',
                  'hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  'data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm',
                )}
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {statusTabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} className="outline-none">
              {tab.value === state.status ? body : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </section>
    </>
  );
}

/** The 'Add New Listing' link of the header. */
export function AddListingLink() {
  return (
    <Link to="/create-listing" className={buttonClasses()}>
      <Plus aria-hidden="true" className="size-4" />
      {formatMessage(messages.addListing)}
    </Link>
  );
}

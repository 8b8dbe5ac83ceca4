// The manage screen's state as it lives in the query string (SPEC part 2): status (all, active,
// inactive, draft, saved; 'pending' means draft), search, sort (newest is the default and omitted)
// and page (1 is omitted). The URL is the single source of truth.
import { MY_LISTINGS_PAGE_SIZE, MyListingsSortValues, MyListingsStatusValues, optionsOf } from '@common/options';
import { labels } from '@common/i18n/labels';
import { LOCALE_TAGS, type Locale } from '@common/i18n/locales';
import { currentLocale, defineMessages, formatMessage } from '@common/i18n/messages';
import type { MyListingsQueryVariables, MyListingsSort, MyListingsStatus } from '@/gql/graphql';

export type ManageStatus = (typeof MyListingsStatusValues)[number];
export type ManageSort = (typeof MyListingsSortValues)[number];

export interface ManageState {
  status: ManageStatus;
  search: string;
  sort: ManageSort;
  page: number;
}

export const DEFAULT_MANAGE_STATE: ManageState = { status: 'all', search: '', sort: 'newest', page: 1 };

/** SPEC part 9: the search box waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
/** SPEC part 9: placeholder cards while the list loads. */
export const PLACEHOLDER_CARDS = 6;

const messages = defineMessages({
  all: { id: 'manageStatus.all', defaultMessage: 'All' },
  active: { id: 'manageStatus.active', defaultMessage: 'Active' },
  inactive: { id: 'manageStatus.inactive', defaultMessage: 'Inactive' },
  draft: { id: 'manageStatus.draft', defaultMessage: 'Drafts' },
  saved: { id: 'manageStatus.saved', defaultMessage: 'Saved' },
  newest: { id: 'manageSort.newest', defaultMessage: 'Newest' },
  priceAsc: { id: 'manageSort.priceAsc', defaultMessage: 'Price: Low to High' },
  priceDesc: { id: 'manageSort.priceDesc', defaultMessage: 'Price: High to Low' },
  views: { id: 'manageSort.views', defaultMessage: 'Most Viewed' },
  justNow: { id: 'manage.justNow', defaultMessage: 'just now' },
});

/** The status tabs, in the page's language (each label is read when it is drawn). */
export const statusTabs = optionsOf<ManageStatus>(
  MyListingsStatusValues,
  labels<ManageStatus>({
    all: messages.all,
    active: messages.active,
    inactive: messages.inactive,
    draft: messages.draft,
    saved: messages.saved,
  }),
);

export const sortOptions = optionsOf<ManageSort>(
  MyListingsSortValues,
  labels<ManageSort>({
    newest: messages.newest,
    'price-asc': messages.priceAsc,
    'price-desc': messages.priceDesc,
    views: messages.views,
  }),
);

function isStatus(value: string): value is ManageStatus {
  return (MyListingsStatusValues as readonly string[]).includes(value);
}

function isSort(value: string): value is ManageSort {
  return (MyListingsSortValues as readonly string[]).includes(value);
}

/** Reads the state from the URL; unknown values fall back to the defaults. */
export function parseManageParams(params: URLSearchParams): ManageState {
  const rawStatus = (params.get('status') ?? '').trim().toLowerCase();
  const status = rawStatus === 'pending' ? 'draft' : isStatus(rawStatus) ? rawStatus : 'all';
  const rawSort = (params.get('sort') ?? '').trim().toLowerCase();
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    status,
    search: (params.get('search') ?? '').slice(0, 120),
    sort: isSort(rawSort) ? rawSort : 'newest',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The query string of a state: defaults (all, empty search, newest, page 1) are omitted. */
export function toManageParams(state: ManageState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== 'all') params.set('status', state.status);
  const search = state.search.trim();
  if (search) params.set('search', search);
  if (state.sort !== 'newest') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** A change of filter, search or sort starts again at page 1; a change of page keeps the rest. */
export function updateManageState(state: ManageState, patch: Partial<ManageState>): ManageState {
  const next = { ...state, ...patch };
  if (patch.page === undefined) next.page = 1;
  return next;
}

const STATUS_ENUM: Record<ManageStatus, MyListingsStatus> = {
  all: 'ALL',
  active: 'ACTIVE',
  inactive: 'INACTIVE',
  draft: 'DRAFT',
  saved: 'SAVED',
};

const SORT_ENUM: Record<ManageSort, MyListingsSort> = {
  newest: 'NEWEST',
  'price-asc': 'PRICE_ASC',
  'price-desc': 'PRICE_DESC',
  views: 'VIEWS',
};

export const toStatusEnum = (status: ManageStatus): MyListingsStatus => STATUS_ENUM[status];
export const toSortEnum = (sort: ManageSort): MyListingsSort => SORT_ENUM[sort];

/**
 * The variables of the manage screen's list (MyListings): the screen asks with them, and the server
 * fetches them before it renders the page (client/src/app/page-queries.ts).
 */
export function myListingsVariables(state: ManageState): MyListingsQueryVariables {
  return {
    status: toStatusEnum(state.status),
    search: state.search || null,
    sort: toSortEnum(state.sort),
    page: state.page,
    pageSize: MY_LISTINGS_PAGE_SIZE,
  };
}

/** 'yesterday', 'hace 5 minutos', '3周前': made on first use in each language, and kept. */
const relativeFormats: Partial<Record<Locale, Intl.RelativeTimeFormat>> = {};
const relative = (locale: Locale = currentLocale()) =>
  (relativeFormats[locale] ??= new Intl.RelativeTimeFormat(LOCALE_TAGS[locale], { numeric: 'auto' }));
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** In the page's language: 'just now', '5 minutes ago', 'yesterday', '3 weeks ago', 'last year' … */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative().format(Math.trunc(seconds / size), unit);
  }
  return formatMessage(messages.justNow);
}

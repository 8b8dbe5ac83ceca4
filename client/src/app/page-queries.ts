// What a page rendered on the server asks for on its first render (docs/decisions/0054-one-render.md):
// the server answers these in process, puts them in the page's cache, and renders the page once. The
// variables are built by the same functions the screens ask with, so the screen finds every answer in
// the cache. A query a screen reads that is not here is fetched after a first render and the page is
// rendered again (entry-server.tsx): whole, at twice the cost; the server logs it and the browser
// tests of these pages fail (tests/e2e/ssr.spec.ts reads the passes in `Server-Timing`).
import type { TypedDocumentNode } from '@apollo/client';
import { matchPath } from 'react-router';
import { SERVER_PAGES } from './server-pages';
import { parseSearchParams, searchPageVariables } from '@/features/listings/search-state';
import { myListingsVariables, parseManageParams } from '@/features/manage-listings/manage-state';
import { agentProfileVariables } from '@/features/agents/profile-variables';
import { THREADS_PAGE_SIZE } from '@/features/messaging/operations';
import {
  AgentProfileDocument,
  ConversationsDocument,
  ListingStatsDocument,
  MeDocument,
  MyListingsDocument,
  NotificationCountDocument,
  PropertyDetailDocument,
  SearchPropertiesDocument,
  UnreadMessagesCountDocument,
} from '@/gql/graphql';

export interface PageQuery {
  query: TypedDocumentNode<unknown, Record<string, unknown>>;
  variables: Record<string, unknown>;
}

const query = <V extends Record<string, unknown>>(q: TypedDocumentNode<unknown, V>, variables: V): PageQuery => ({
  query: q as unknown as PageQuery['query'],
  variables,
});

/**
 * The screens rendered on the server, by path, and the queries each asks for from its URL; `null`
 * leaves that page to the browser.
 */
const PAGE_LIST: readonly {
  paths: readonly string[];
  queries: (url: URL, params: Record<string, string | undefined>, signedIn: boolean) => PageQuery[] | null;
}[] = [
  {
    paths: SERVER_PAGES.listings.paths,
    queries: (url) => [query(SearchPropertiesDocument, searchPageVariables(parseSearchParams(url.searchParams)))],
  },
  {
    paths: SERVER_PAGES.detail.paths,
    queries: (_url, params) => [query(PropertyDetailDocument, { id: params.id ?? '' })],
  },
  {
    // The signed-in viewer's listings and their numbers (signed out: a notice, and no query).
    paths: SERVER_PAGES.myListings.paths,
    queries: (url, _params, signedIn) =>
      signedIn
        ? [query(MyListingsDocument, myListingsVariables(parseManageParams(url.searchParams))), query(ListingStatsDocument, {})]
        : [],
  },
  {
    // The signed-in inbox. A conversation or a new message is drawn for the screen's width (one pane on
    // a phone), which the server does not know; a signed-out visitor is sent to sign in by the browser.
    paths: SERVER_PAGES.messages.paths,
    queries: (url, _params, signedIn) =>
      signedIn && !['open', 'compose', 'agent'].some((name) => url.searchParams.has(name))
        ? [query(ConversationsDocument, { first: THREADS_PAGE_SIZE })]
        : null,
  },
  {
    // A new listing's empty form, for a signed-in viewer (the layout's queries are all it reads). A
    // signed-out visitor's is a spinner until the browser knows whether it holds a sign-in; editing a
    // listing asks for it afresh on every visit (network-only): both are left to the browser.
    paths: SERVER_PAGES.createListing.paths,
    queries: (url, _params, signedIn) => (signedIn && !url.searchParams.has('propertyId') ? [] : null),
  },
  {
    paths: SERVER_PAGES.agent.paths,
    queries: (_url, params) => [query(AgentProfileDocument, agentProfileVariables(params.id ?? ''))],
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A test of whether a path may match a route pattern of plain segments and `:params` (a trailing slash
 * allowed, case aside), made once; `matchPath` decides. Other patterns are not supported.
 */
export function pathTest(path: string): RegExp {
  const segments = path.split('/').filter(Boolean);
  if (segments.some((segment) => /[*?]/.test(segment))) throw new Error(`page-queries: "${path}" is not supported.`);
  const source = segments.map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(segment)}`)).join('');
  return new RegExp(`^${source}/*$`, 'i');
}

/** Each path's quick test, made once. */
const PAGES = PAGE_LIST.map((page) => ({ ...page, tests: page.paths.map((path) => pathTest(path)) }));

/**
 * Every query the page at this URL asks for on its first render: the layout's (who is signed in, and
 * for the signed in the header's unread counts: the notifications themselves are the browser's) and the screen's; `null` when the
 * page is left to the browser.
 */
export function pageQueries(url: URL, signedIn: boolean): PageQuery[] | null {
  const out: PageQuery[] = [query(MeDocument, {})];
  if (signedIn) out.push(query(UnreadMessagesCountDocument, {}), query(NotificationCountDocument, {}));
  for (const page of PAGES) {
    for (const [i, path] of page.paths.entries()) {
      // `matchPath` makes its regular expression anew on each call: only the path that may match is matched.
      if (!page.tests[i]!.test(url.pathname)) continue;
      const match = matchPath(path, url.pathname);
      if (!match) continue;
      const screen = page.queries(url, match.params, signedIn);
      return screen && [...out, ...screen];
    }
  }
  return out;
}

// The pages rendered on the server (docs/decisions/0035-server-rendering.md and 0054-one-render.md):
// the listings, detail and agent pages and the manage screen. Built by `vite build --ssr` into
// dist/server and loaded by server/http/ssr.ts, which answers each GraphQL operation in process, as
// the viewer of the request; the page's data is fetched first (app/page-queries.ts), then rendered once.
import { AsyncLocalStorage } from 'node:async_hooks';
import { ApolloClient, ApolloLink, InMemoryCache, type InMemoryCacheConfig } from '@apollo/client';
import { getOperationAST, type DocumentNode, type FormattedExecutionResult } from 'graphql';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { Observable } from 'rxjs';
import { Providers } from './app/providers';
import { AppRoutes, loadMatchedScreens } from './app/router';
import { PAGE_ROUTES } from './app/page-routes';
import { pageQueries, type PageQuery } from './app/page-queries';
import { serializeServerState } from './app/ssr-state';
import { answerKey, findAnswer, readAnswersFirst, type PageAnswers } from './lib/apollo/page-answers';
import { ServerPageAnswers } from './lib/apollo/use-query';
import { persistedHash } from './lib/apollo/trusted-documents';
import { typePolicies } from './lib/apollo/type-policies';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@common/i18n/locales';
import { loadCatalogue, PARTS } from './i18n/catalogues';
import { createIntl, setIntlSource, withIntl, type Intl } from '@common/i18n/messages';
import { pseudoMessage } from '@common/i18n/pseudo';

export interface ServerOperation {
  query: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string | undefined;
  /** The sha256 codegen persisted the document under: the server answers its persisted text. */
  hash: string | undefined;
}

export interface RenderInput {
  /** The page's URL as the browser asked for it (origin included). */
  url: string;
  /** Answers one operation as the request's viewer would be answered over /graphql. */
  execute: (operation: ServerOperation) => Promise<FormattedExecutionResult>;
  /** Ends the render early (time limit, client gone): what is loaded by then is sent. */
  signal?: AbortSignal;
  /**
   * An error inside a Suspense boundary: React sends its fallback and the browser renders that part
   * (it says so in the console). Reported so that it is seen on the server too.
   */
  onError?: (error: unknown) => void;
  /** Whether the request has a viewer: the header then asks for the unread count. */
  signedIn?: boolean;
  /**
   * The request's language without the account's (common/i18n/locales.ts: the URL, the cookie,
   * Accept-Language): the page is rendered in the account's setting when the viewer has one.
   */
  locale?: Locale;
  /** English in the pseudo-language (common/i18n/pseudo.ts): the browser test of texts left in the code. */
  pseudo?: boolean;
  /**
   * The answers of `pageOperations(url, signedIn)`, in its order, when the server fetched them before
   * asking for the render (its main thread does: server/http/render-thread.ts), and how long that
   * took. Without them the render asks `execute` for each.
   */
  fetched?: { hashes: (string | null)[]; answers: FormattedExecutionResult[]; ms: number };
}

export type RenderOutput =
  /** A page the server does not render for this URL or viewer (page-queries.ts): the browser does. */
  | { kind: 'browser' }
  | {
      kind: 'page';
      status: number;
      html: string;
      state: string;
      aborted: boolean;
      /** Queries the page read that were not fetched before its first render (page-queries.ts lacks them). */
      missed: string[];
      /** The language it was rendered in: the browser is sent the scripts of that language's build. */
      locale: Locale;
      /** Fetching the page's data, and rendering it (`renders` times: 1 unless something was missed). */
      timing: { dataMs: number; renderMs: number; renders: number };
    };

const operationOf = ({ query, variables }: PageQuery): ServerOperation => ({
  query,
  variables,
  operationName: getOperationName(query),
  hash: persistedHash(query),
});

/**
 * The operations the page at this URL asks for on its first render (app/page-queries.ts), for a
 * server that fetches them before asking for the render (`fetched`); null when the page is left to
 * the browser.
 */
export function pageOperations(url: string, signedIn: boolean): ServerOperation[] | null {
  return pageQueries(new URL(url), signedIn)?.map(operationOf) ?? null;
}

// Renders of several languages run at once: each one's messages and formats (common/format.ts) read
// its own language.
// (The string render, synchronous, sets its language directly: `withIntl` in renderOnce.)
const renderIntl = new AsyncLocalStorage<Intl>();
const english = createIntl(DEFAULT_LOCALE, {});
setIntlSource(() => renderIntl.getStore() ?? english);

/** One per language, with every part of its catalogue, kept: each keeps its messages made ready to format. */
const intls = new Map<string, Promise<Intl>>();
const intlOf = (locale: Locale, pseudo: boolean) => {
  const key = pseudo ? 'pseudo' : locale;
  let intl = intls.get(key);
  if (!intl) {
    intl = pseudo
      ? Promise.resolve(createIntl(DEFAULT_LOCALE, {}, { transform: pseudoMessage }))
      : loadCatalogue(locale, PARTS).then((catalogue) => createIntl(locale, catalogue));
    intls.set(key, intl);
  }
  return intl;
};

export async function render({
  url,
  execute,
  signal,
  onError,
  signedIn,
  locale: asked,
  pseudo,
  fetched: before,
}: RenderInput): Promise<RenderOutput> {
  const queries = pageQueries(new URL(url), signedIn ?? false);
  if (!queries) return { kind: 'browser' };
  const { pathname, search, hash } = new URL(url);
  // The screen's code (the first page of a screen in a process loads it): the page renders whole at once.
  await loadMatchedScreens(pathname, PAGE_ROUTES);
  const started = performance.now();
  const ask = (queries: readonly PageQuery[]) => Promise.all(queries.map((query) => execute(operationOf(query))));
  // The page's data first, all at once (page-queries.ts): the render finds every answer in the
  // cache and runs once.
  // Those the server fetched are taken when they are of these queries: a server that loaded an older
  // build than this one (rebuilt in place) fetched another build's.
  const given =
    before?.hashes.length === queries.length &&
    queries.every(({ query }, i) => (persistedHash(query) ?? null) === before.hashes[i])
      ? before
      : undefined;
  const answers = given ? given.answers : await ask(queries);
  const fetched = performance.now();
  const dataMs = given ? given.ms : fetched - started;
  // The account's language first (the layout's `me`, the first query), else the request's.
  const me = (answers[0]?.data as { me?: { locale?: unknown } | null } | undefined)?.me;
  const locale: Locale = isLocale(me?.locale) ? me.locale : (asked ?? DEFAULT_LOCALE);
  const intl = await intlOf(locale, Boolean(pseudo) && locale === DEFAULT_LOCALE);
  return renderIntl.run(intl, async () => {
    const { client, cache } = takeClient();
    try {
      answers.forEach((answer, i) => {
        if (answer.data) cache.answer(queries[i]!, answer.data);
      });
      const tree = (
        <StrictMode>
          <ServerPageAnswers answerOf={cache.find} client={client}>
            <Providers client={client}>
              <StaticRouter location={{ pathname, search, hash }}>
                <AppRoutes tree={PAGE_ROUTES} />
              </StaticRouter>
            </Providers>
          </ServerPageAnswers>
        </StrictMode>
      );
      let { html, aborted, marked } = await renderOnce(tree, intl, signal, onError);
      let renders = 1;
      const missed = new Set<string>();
      // Rendered again only for what one render could not do (at most twice):
      // - a query the page read and did not find (page-queries.ts lacks it: a mistake, logged by the
      //   server and failed by the tests): fetched, then the page is rendered with it;
      // - a part whose code was still loading (a lazy component met for the first time in this process)
      //   comes out as a boundary completed by an inline script, which the page's Content-Security-Policy
      //   would block. Its code is loaded now: rendered again, whole.
      while (renders < 3 && !aborted && (cache.misses.size || (marked && html.includes(PENDING_BOUNDARY)))) {
        if (cache.misses.size) {
          const misses = [...cache.misses.values()];
          for (const miss of misses) missed.add(getOperationName(miss.query) ?? 'an unnamed query');
          cache.misses.clear();
          const more = await ask(misses);
          more.forEach((answer, i) => {
            if (answer.data) cache.answer(misses[i]!, answer.data);
          });
        }
        ({ html, aborted, marked } = await renderOnce(tree, intl, signal, onError));
        renders += 1;
      }
      const state = serializeServerState({ answers: cache.answers() });
      if (cache.misses.size || (marked && (html.includes(PENDING_BOUNDARY) || html.includes('<script'))))
        throw new Error('The page did not render whole.');
      return {
        kind: 'page',
        status: 200,
        html,
        state,
        aborted,
        missed: [...missed],
        locale,
        timing: { dataMs, renderMs: performance.now() - fetched, renders },
      };
    } finally {
      releaseClient({ client, cache });
    }
  });
}

/**
 * The clients renders use, each with its own cache, kept between renders when emptied: a new client
 * and cache work out again how they run each document (Apollo's document transforms, the variables'
 * defaults), which cost more than the rest of the render (profiled: decision 0054).
 */
type PageClient = { client: ApolloClient; cache: ReturnType<typeof pageCache> };
const idleClients: PageClient[] = [];
const IDLE_CLIENTS = 16;

// Nothing is fetched during a render (a query is only read from the cache on the server).
const noFetching = new ApolloLink(
  (operation) =>
    new Observable<ApolloLink.Result>((observer) => {
      observer.error(new Error(`${operation.operationName} was asked for during a server render`));
    }),
);

function takeClient(): PageClient {
  const idle = idleClients.pop();
  if (idle) return idle;
  const cache = pageCache({ typePolicies, resultCaching: false });
  return { client: new ApolloClient({ ssrMode: true, link: noFetching, cache, dataMasking: false }), cache };
}

function releaseClient(used: PageClient) {
  // Kept only when nothing of the render is left in it (a render watches no query on the server).
  if (idleClients.length >= IDLE_CLIENTS || used.client.getObservableQueries('all').size > 0) {
    used.client.stop();
    return;
  }
  used.cache.empty();
  // A page's data never reaches the next page: a cache whose store holds anything is dropped.
  if (Object.keys(used.cache.extract()).length === 0) idleClients.push(used);
  else used.client.stop();
}

async function renderOnce(
  tree: ReactNode,
  intl: Intl,
  signal: AbortSignal | undefined,
  onError: RenderInput['onError'],
): Promise<{ html: string; aborted: boolean; marked: boolean }> {
  // With its data in the cache a page renders without waiting: React's string renderer draws it
  // without encoding each chunk to bytes and back (a tenth of the render, profiled: decision 0054).
  // A part that waits (code not loaded yet) or fails comes out as a boundary left to the browser: the
  // page is then rendered by the renderer that waits, and reports the failure.
  try {
    const html = withIntl(intl, () => renderToString(tree));
    const marked = MARKERS.test(html);
    if (!marked || !html.includes(CLIENT_BOUNDARY)) return { html, aborted: false, marked };
  } catch {
    // An error outside any boundary: the renderer below meets and reports it.
  }
  try {
    const { prelude } = await prerenderToNodeStream(tree, {
      signal,
      onError: (error) => void onError?.(error),
      // Every boundary inline: React would otherwise send a large one apart, completed by an inline
      // script (12,800 bytes by default), which the page's Content-Security-Policy blocks.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    const html = Buffer.concat(chunks).toString('utf8');
    return { html, aborted: false, marked: MARKERS.test(html) };
  } catch (error) {
    if (signal?.aborted) return { html: '', aborted: true, marked: false };
    throw error;
  }
}

/**
 * The page's cache. Its answers are read as they are (lib/apollo/page-answers.ts), never written into
 * its store: the browser is handed the answers. Any other read goes to the (empty) store.
 *
 * It keeps the queries a render read and did not find whole: with every answer fetched first there
 * are none. A skipped query and a `cache-only` one read nothing, and a component that reads part of a
 * query's data (a fragment) does not ask for partial data, so neither counts.
 */
function pageCache(options: InMemoryCacheConfig) {
  const answers: PageAnswers = new Map();
  const misses = new Map<string, PageQuery>();
  const cache = new InMemoryCache(options);
  readAnswersFirst(cache, answers, (read, result) => {
    const key = answerKey(read.query, read.variables);
    if (!result.complete && read.returnPartialData && key !== undefined) {
      misses.set(key, {
        query: read.query as PageQuery['query'],
        variables: (read.variables ?? {}) as Record<string, unknown>,
      });
    }
  });
  return Object.assign(cache, {
    misses,
    answer({ query, variables }: PageQuery, data: Record<string, unknown>) {
      answers.set(answerKey(query, variables)!, data);
    },
    /** The answer fetched for a query and its variables, as a screen's `useQuery` reads it (lib/apollo/use-query.tsx). */
    find: (query: DocumentNode, variables: Record<string, unknown> | undefined) => findAnswer(answers, query, variables),
    /** What the browser is handed: the answers by their keys. */
    answers: () => Object.fromEntries(answers),
    /** Empties it for the next page: what it learned of each document stays (its store is never written). */
    empty() {
      answers.clear();
      misses.clear();
    },
  });
}

const getOperationName = (query: DocumentNode) => getOperationAST(query)?.name?.value;

/** React's marker of a Suspense boundary sent before its content. */
const PENDING_BOUNDARY = '<!--$?-->';
/** React's marker of a Suspense boundary left to the browser (it waited or failed in a string render). */
const CLIENT_BOUNDARY = '<!--$!-->';
/**
 * Whether a page holds any of the markers of a render that is not whole (either boundary, or an inline
 * script): one scan of a page that holds none, the usual one. `includes` took ten times as long for
 * each marker (a page with one character past Latin-1, such as the footer's 中文, is a two-byte string,
 * which `includes` searches for a one-byte text slowly): 32 µs against 3 for a detail page, measured.
 */
const MARKERS = /<!--\$[?!]-->|<script/;

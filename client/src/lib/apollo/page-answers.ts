// The answers a server-rendered page was drawn with, read as they are (docs/decisions/0054-one-render.md).
//
// A page's queries are answered before it is rendered, one answer per query. Writing each answer into
// the normalized store and reading it back costs as much as React's whole render (profiled), on the
// server for every page and in the browser before it can hydrate. So a read of one of those queries,
// with the same variables, is given the answer itself; any other read goes to the store.
//
// - The server's page cache never writes the answers to its store: the browser is handed the answers
//   (SsrState.answers), keyed as here.
// - The browser reads them the same way while it hydrates, then writes them into its store through the
//   queries watching them (handOverAnswers): before any write, and for good once it is idle. From then
//   on the store is the one truth, as if it had fetched them.
import type { Cache, InMemoryCache } from '@apollo/client';
import { getOperationAST, valueFromASTUntyped, type DocumentNode } from 'graphql';

/** Answers by `answerKey`. */
export type PageAnswers = Map<string, Record<string, unknown>>;

/**
 * A query and its variables as Apollo runs them (each variable left out or undefined takes its
 * default), for finding an answer: the operation's name, and the variables as JSON with sorted keys.
 */
export function answerKey(query: DocumentNode, variables: Record<string, unknown> | undefined): string | undefined {
  const operation = getOperationAST(query);
  const name = operation?.name?.value;
  if (!operation || operation.operation !== 'query' || !name) return undefined;
  const withDefaults: Record<string, unknown> = {};
  for (const definition of operation.variableDefinitions ?? []) {
    if (definition.defaultValue) withDefaults[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
  }
  for (const [key, value] of Object.entries(variables ?? {})) if (value !== undefined) withDefaults[key] = value;
  return `${name} ${sortedJson(withDefaults)}`;
}

/** The answer kept for a query and its variables (undefined when there is none). */
export function findAnswer(
  answers: PageAnswers,
  query: DocumentNode,
  variables: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (answers.size === 0) return undefined;
  const key = answerKey(query, variables);
  return key === undefined ? undefined : answers.get(key);
}

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${sortedJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Makes the cache answer reads of these queries (`diff`, as Apollo's queries read, and `read`, as
 * `readQuery` does) with the answers themselves. `onStoreRead` hears every other `diff`.
 */
export function readAnswersFirst(
  cache: InMemoryCache,
  answers: PageAnswers,
  onStoreRead?: (options: Cache.DiffOptions, result: Cache.DiffResult<unknown>) => void,
): void {
  const answerFor = (query: DocumentNode, variables: unknown) =>
    findAnswer(answers, query, variables as Record<string, unknown> | undefined);
  const diff = cache.diff.bind(cache);
  cache.diff = ((options: Cache.DiffOptions) => {
    // A broadcast to a watching query (after a write: the watch is passed as the options) reads the
    // store: Apollo remembers what each broadcast read, to skip it until that changes, so it must read
    // the store to be told again. Every write first puts the watched answers there (handOverAnswers).
    const answered = 'callback' in options ? undefined : answerFor(options.query, options.variables);
    if (answered) return { result: answered, complete: true, dataState: 'complete' };
    const result = diff(options);
    onStoreRead?.(options, result);
    return result;
  }) as typeof cache.diff;
  const read = cache.read.bind(cache);
  cache.read = ((options: Cache.ReadOptions) => {
    // A fragment read (an id other than the root) is not a page query.
    const answered = !options.rootId || options.rootId === 'ROOT_QUERY' ? answerFor(options.query, options.variables) : undefined;
    return answered ?? read(options);
  }) as typeof cache.read;
}

/** At the browser's next idle moment (soon, where it has none). */
function later(task: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 1_000 });
  else setTimeout(task, 0);
}

/**
 * The browser's hand-over: the page's answers are read as they are until they are settled into the
 * store, through the queries watching them (their documents and variables).
 *
 * - `settle()`, once the browser is idle (hydration done): the watched answers are written and the
 *   rest forgotten; the queries watching them are told at the next idle moment. From then on the
 *   store is the one truth.
 * - Before any write to the cache that comes first (a mutation's answer, a subscription's event), so
 *   that the write lands on top of them: the answers watched by then are written. A part still
 *   hydrating (a header's live count) has not asked yet, and keeps reading its answer, so that it
 *   matches the server's markup. At `settle()` such a late answer is written only where the store
 *   does not already hold its query whole (written meanwhile).
 */
export function handOverAnswers(
  cache: InMemoryCache,
  given: Record<string, Record<string, unknown>> | undefined,
): { settle: () => void } {
  const answers: PageAnswers = new Map(Object.entries(given ?? {}));
  if (answers.size === 0) return { settle: () => {} };
  const storeDiff = cache.diff.bind(cache);
  readAnswersFirst(cache, answers);
  // The queries watching the store (a query watches it from its first subscriber on), kept here:
  // the client's own list (`getObservableQueries`) prints every query's document the first time it is
  // asked, 27 ms for the detail page's on this machine, 4× that on Lighthouse's phone, in one task.
  const watches = new Set<Cache.WatchOptions>();
  const watch = cache.watch.bind(cache);
  cache.watch = ((options: Cache.WatchOptions) => {
    watches.add(options);
    const cancel = watch(options);
    return () => {
      watches.delete(options);
      cancel();
    };
  }) as typeof cache.watch;
  let settling = false;
  let late = false;
  const settleWatched = (final: boolean) => {
    if (settling || answers.size === 0) return;
    settling = true;
    try {
      const writes: { query: DocumentNode; variables: Record<string, unknown>; data: Record<string, unknown> }[] = [];
      for (const watching of [...watches]) {
        const variables = (watching.variables ?? {}) as Record<string, unknown>;
        const key = answerKey(watching.query, variables);
        const data = key === undefined ? undefined : answers.get(key);
        if (!data) continue;
        answers.delete(key!);
        if (late && storeDiff({ query: watching.query, variables, optimistic: false }).complete) continue;
        writes.push({ query: watching.query, variables, data });
      }
      if (final) answers.clear();
      else late = answers.size > 0;
      if (!writes.length) return;
      if (!final) {
        cache.batch({ update: (store) => writes.forEach((write) => store.writeQuery(write)) });
        return;
      }
      // At idle: the writes now, and the watching queries told in a task of their own. They show the
      // same data either way, and on a slow phone the two together were one long task (150 ms on
      // Lighthouse's 4× slower CPU). Told only later, a query would first read the store at the next
      // write, a visitor's tap.
      for (const write of writes) cache.writeQuery({ ...write, broadcast: false });
      later(() => (cache as unknown as { broadcastWatches(): void }).broadcastWatches());
    } finally {
      settling = false;
    }
  };
  for (const method of ['write', 'modify', 'evict', 'batch', 'reset', 'restore'] as const) {
    const original = (cache[method] as (...args: unknown[]) => unknown).bind(cache);
    (cache as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      settleWatched(false);
      return original(...args);
    };
  }
  return { settle: () => settleWatched(true) };
}

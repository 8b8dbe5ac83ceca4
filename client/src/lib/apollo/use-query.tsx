// `useQuery` for the app's screens: Apollo's, except in a render on the server, where a query the page
// fetched first (app/page-queries.ts) is given its answer as it is. The browser's build never loads this
// file: its `@/lib/apollo/use-query` is Apollo's own module (vite.config.ts), so it ships nothing more.
//
// Apollo's hook makes an ObservableQuery with its subjects, works out the variables' defaults and reads
// the cache for every query of every render: profiled, 13 % of a detail page's render on the server,
// where nothing is ever watched (decision 0054). The answer it would read is the page's answer itself
// (lib/apollo/page-answers.ts), so the result is the one Apollo gives a complete read: the browser's
// render, through Apollo, draws the same page from the same answers when it hydrates.
import { NetworkStatus, type DocumentNode } from '@apollo/client';
import { skipToken, useQuery as useApolloQuery } from '@apollo/client/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';

/** On the server: finds the answer the page fetched for a query and its variables (undefined if none). */
export type PageAnswerOf = (query: DocumentNode, variables: Record<string, unknown> | undefined) => unknown;

const PageAnswerContext = createContext<{ answerOf: PageAnswerOf; client: ApolloClient } | null>(null);

/** Wraps a page rendered on the server (client/src/entry-server.tsx). */
export function ServerPageAnswers({
  answerOf,
  client,
  children,
}: {
  answerOf: PageAnswerOf;
  client: ApolloClient;
  children: ReactNode;
}) {
  return <PageAnswerContext.Provider value={{ answerOf, client }}>{children}</PageAnswerContext.Provider>;
}

const notOnTheServer = () => Promise.reject(new Error('A query is not refetched during a render on the server.'));
const nothing = () => undefined;

export const useQuery = ((query: DocumentNode, options?: Parameters<typeof useApolloQuery>[1]) => {
  const server = useContext(PageAnswerContext);
  // The context is the same for the whole of a render, so a component takes the same branch each time it
  // is drawn in it (the browser never has it): the hooks below are always called in the same order.
  if (server && options !== skipToken && !options?.skip && options?.fetchPolicy !== 'standby') {
    const variables = options?.variables as Record<string, unknown> | undefined;
    const data = server.answerOf(query, variables);
    if (data !== undefined)
      return {
        data,
        dataState: 'complete',
        loading: false,
        networkStatus: NetworkStatus.ready,
        error: undefined,
        previousData: undefined,
        variables: variables ?? {},
        client: server.client,
        observable: undefined,
        refetch: notOnTheServer,
        fetchMore: notOnTheServer,
        subscribeToMore: nothing,
        updateQuery: nothing,
        startPolling: nothing,
        stopPolling: nothing,
      };
  }
  return useApolloQuery(query, options as never);
}) as typeof useApolloQuery;

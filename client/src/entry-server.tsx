// The listings and detail pages rendered on the server (docs/decisions/0035-server-rendering.md).
// Built by `vite build --ssr` into dist/server and loaded by server/http/ssr.ts, which answers each
// GraphQL operation of the render in process, as the viewer of the request.
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { prerenderStatic } from '@apollo/client/react/ssr';
import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Observable } from 'rxjs';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { serializeServerState } from './app/ssr-state';
import { typePolicies } from './lib/apollo/type-policies';

export interface ServerOperation {
  query: DocumentNode;
  variables: Record<string, unknown>;
  operationName: string | undefined;
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
}

export type RenderOutput =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; html: string; state: string; aborted: boolean };

const handler = createStaticHandler(routes);

export async function render({ url, execute, signal, onError }: RenderInput): Promise<RenderOutput> {
  const context = await handler.query(new Request(url, { signal }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const link = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        execute({ query: operation.query, variables: operation.variables, operationName: operation.operationName }).then(
          (result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (error: unknown) => observer.error(error),
        );
      }),
  );
  const client = new ApolloClient({
    ssrMode: true,
    link,
    cache: new InMemoryCache({ typePolicies }),
    dataMasking: false,
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>
  );
  const renderFunction = (node: ReactNode) =>
    prerenderToNodeStream(node, {
      signal,
      onError: (error) => void onError?.(error),
      // Every boundary inline: React would otherwise send a large one apart, completed by an inline
      // script (12,800 bytes by default), which the page's Content-Security-Policy blocks.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    });
  let { result, aborted } = await prerenderStatic({ tree, signal, renderFunction, maxRerenders: 5 });
  // A part whose code was still loading (a lazy component met for the first time in this process)
  // comes out as a boundary completed by an inline script, which the page's Content-Security-Policy
  // would block. Its code is loaded now: render again, whole.
  for (let again = 0; again < 2 && !aborted && result.includes(PENDING_BOUNDARY); again++) {
    ({ result, aborted } = await prerenderStatic({ tree, signal, renderFunction, maxRerenders: 5 }));
  }
  const state = serializeServerState({ apollo: client.extract() as Record<string, unknown> });
  client.stop();
  if (result.includes(PENDING_BOUNDARY) || result.includes('<script')) throw new Error('The page did not render whole.');
  return { kind: 'page', status: context.statusCode, html: result, state, aborted };
}

/** React's marker of a Suspense boundary sent before its content. */
const PENDING_BOUNDARY = '<!--$?-->';

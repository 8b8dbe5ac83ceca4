import { describe, expect, it } from 'vitest';
import { createStaticHandler, matchPath, type StaticHandlerContext } from 'react-router';
import { routes } from './router';
import { SERVER_PAGES } from './server-pages';
import { pageRouter, routesTo } from './page-router';

const PATHS = Object.values(SERVER_PAGES).flatMap((page) => [...page.paths]);

/** What of a context the render reads: the location, each match's route, params and paths, the rest. */
function shape(context: StaticHandlerContext | Response) {
  if (context instanceof Response) return { redirect: context.status };
  const { matches, location, ...rest } = context;
  return {
    ...rest,
    location: { ...location },
    matches: matches.map(({ route, params, pathname, pathnameBase }) => ({
      id: route.id,
      params: { ...params },
      pathname,
      pathnameBase,
      screen: route.Component?.name ?? null,
    })),
  };
}

describe("a page's router context", () => {
  const URLS = [
    'http://localhost/',
    'http://localhost/listings?beds=2&borough=Brooklyn#map',
    'http://localhost/properties/3b1f0c2e-1d5a-4a43-9a39-000000000001',
    'http://localhost/properties/3b1f0c2e/',
    'http://localhost/PROPERTIES/abc',
    'http://localhost/listing/a%20b%2Fc',
    'http://localhost/agents/agent-1?tab=reviews',
    'http://localhost/me/listings?status=ACTIVE&page=2',
    'http://localhost/messages',
    'http://localhost/create-listing',
    // Not one of the pages: the whole tree's handler answers (the not-found screen).
    'http://localhost/properties/a/b',
    'http://localhost/nowhere',
  ];

  it("is the request handler's, for every page and for a URL none of them matches", async () => {
    const router = pageRouter(routes, PATHS);
    const handler = createStaticHandler(routes);
    // Counts the requests made for the handler (page-router.ts makes one only to ask it).
    const Original = globalThis.Request;
    let made = 0;
    globalThis.Request = class extends Original {
      constructor(...args: ConstructorParameters<typeof Request>) {
        super(...args);
        made += 1;
      }
    };
    for (const url of URLS) {
      // Twice: first with the screen's code not loaded yet (the handler loads it), then without the handler.
      for (let round = 0; round < 2; round += 1) {
        const expected = shape(await handler.query(new Request(url)));
        made = 0;
        expect({ url, round, ...shape(await router.context(url)) }).toEqual({ url, round, ...expected });
        // The handler (which takes a Request) is asked for the URLs none of the pages match, and for a
        // page only while its screen's code is not loaded (a first round at most).
        const pageUrl = !url.includes('/a/b') && !url.includes('nowhere');
        if (!pageUrl || round === 1) expect({ url, round, handler: made > 0 }).toEqual({ url, round, handler: !pageUrl });
      }
    }
    globalThis.Request = Original;
  });

  it("has no URL two pages' paths both match (page-router.ts takes the first that does)", () => {
    for (const path of PATHS) {
      for (const sample of [path.replace(/:[^/]+/g, 'x'), path.replace(/:[^/]+/g, 'listings')]) {
        const matching = PATHS.filter((other) => matchPath(other, sample));
        expect({ sample, matching }).toEqual({ sample, matching: [path] });
      }
    }
  });

  it("keeps only the routes to the pages, with the whole tree's ids", () => {
    const all = createStaticHandler(routes).dataRoutes;
    const kept = routesTo(all, new Set(['/properties/:id', '/messages']));
    const leaves = (tree: typeof all, parent = ''): string[] =>
      tree.flatMap((route) =>
        route.children?.length
          ? leaves(route.children, `${parent}/${route.path ?? ''}`)
          : [`${route.id} ${`${parent}/${route.path ?? ''}`.replace(/\/+/g, '/')}`],
      );
    expect(leaves(kept)).toEqual([expect.stringMatching(/ \/messages$/), expect.stringMatching(/ \/properties\/:id$/)]);
    const ids = new Set(leaves(all).map((leaf) => leaf.split(' ')[0]));
    for (const leaf of leaves(kept)) expect(ids.has(leaf.split(' ')[0])).toBe(true);
  });
});

import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, routesTo } from './page-routes';
import { routes } from './router';

/** Each leaf's full path, as React Router joins them. */
const leaves = (tree: readonly RouteObject[], parent = ''): string[] =>
  tree.flatMap((route) => {
    const path = `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    return route.children?.length
      ? leaves(route.children, path)
      : [`${path.replace(/(.)\/$/, '$1')}${route.index ? ' (index)' : ''}`];
  });

/** What a URL renders: each matched route's component, in order, and the params. */
const rendered = (tree: RouteObject[], url: string) =>
  matchRoutes(tree, url)?.map(({ route, params }) => ({ component: route.Component ?? null, params: { ...params } })) ?? null;

describe("the routes of the server's pages", () => {
  it("keep only the branches to the pages' paths, their layouts as they are", () => {
    expect(leaves(routesTo(routes, new Set(['/properties/:id', '/messages'])))).toEqual(['/messages', '/properties/:id']);
    expect(leaves(PAGE_ROUTES).sort()).toEqual(
      [
        '/ (index)',
        '/listings',
        '/properties/:id',
        '/listing/:id',
        '/agents/:id',
        '/me/listings',
        '/messages',
        '/create-listing',
      ].sort(),
    );
  });

  it("render each page's URL through the same components as the whole tree", () => {
    for (const url of [
      '/',
      '/listings',
      '/properties/p-1',
      '/PROPERTIES/p-1/',
      '/listing/a%20b',
      '/agents/a-1',
      '/me/listings',
      '/messages',
      '/create-listing',
    ]) {
      const mine = rendered(PAGE_ROUTES, url);
      expect({ url, matched: mine !== null }).toEqual({ url, matched: true });
      expect({ url, mine }).toEqual({ url, mine: rendered(routes, url) });
    }
  });
});

// The routes the server renders its pages through (entry-server.tsx): the app's, less what leads to
// no page of SERVER_PAGES.
import type { RouteObject } from 'react-router';
import { routes } from './router';
import { SERVER_PAGES } from './server-pages';

const joinPaths = (paths: string[]) => paths.join('/').replace(/\/{2,}/g, '/');

/**
 * The routes of the app's tree that lead to one of these paths: their layouts and pathless wrappers as
 * they are, their other children left out. A page renders the same elements through them as through the
 * whole tree (the browser takes it over with the whole tree), and React Router, which flattens and ranks
 * the routes on every render, has six branches to rank instead of thirty (decision 0054).
 */
export function routesTo(tree: readonly RouteObject[], paths: ReadonlySet<string>, parent = ''): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of tree) {
    const path = joinPaths([parent, route.path ?? '']) || '/';
    if (route.index) {
      if (paths.has(path)) kept.push(route);
    } else if (route.children?.length) {
      const children = routesTo(route.children, paths, path);
      if (children.length) kept.push({ ...route, children } as RouteObject);
    } else if (paths.has(path)) {
      kept.push(route);
    }
  }
  return kept;
}

/** The routes of the pages the server renders. */
export const PAGE_ROUTES = routesTo(routes, new Set(Object.values(SERVER_PAGES).flatMap((page) => [...page.paths])));

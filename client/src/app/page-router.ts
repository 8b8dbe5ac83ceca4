// React Router's static context for a page the server renders (entry-server.tsx), made without its
// request handler when it can be (docs/decisions/0054-one-render.md, "the router's context without its
// handler").
//
// `createStaticHandler(routes).query(request)` matched the URL against every route of the app (about
// thirty branches; each branch's patterns are compiled to a regular expression on every match), made
// a fetch `Request`, and ran its loader pipeline, which these routes do not use: 5 % of a detail
// page's CPU, and `createStaticRouter` turned the whole route tree into data routes again on every
// page (1.3 %). The server renders only the pages of SERVER_PAGES, so it matches against those routes
// alone (a page's branch found by one regular expression made once, then matched step by step as React
// Router does), with the same ids as the app's tree, and makes the context those routes give: no
// loader, no action, nothing but the matches. The handler still does what only it can: a route whose code is not
// loaded yet (its `lazy`, the first page of a screen in a process), and any URL these routes do not
// match, go through `query` as before. page-router.test.ts checks that both give the same context.
import { createStaticHandler, matchPath, type RouteObject, type StaticHandler, type StaticHandlerContext } from 'react-router';

type DataRoute = StaticHandler['dataRoutes'][number];
type DataRouteMatch = StaticHandlerContext['matches'][number];

/**
 * The routes of the app's tree (as data routes, with their ids) that lead to one of these paths: their
 * layouts and pathless wrappers as they are, their other children left out.
 */
export function routesTo(tree: readonly DataRoute[], paths: ReadonlySet<string>, parent = ''): DataRoute[] {
  const kept: DataRoute[] = [];
  for (const route of tree) {
    const { path } = below(parent, route);
    if (route.index) {
      if (paths.has(path)) kept.push(route);
      continue;
    }
    if (route.children?.length) {
      const children = routesTo(route.children, paths, path);
      if (children.length) kept.push({ ...route, children } as DataRoute);
    } else if (paths.has(path)) {
      kept.push(route);
    }
  }
  return kept;
}

/** A route and the part of the path it matches below its parent, as React Router flattens a branch. */
interface Step {
  route: DataRoute;
  relativePath: string;
  caseSensitive: boolean;
}

/** A page's branch: its routes from the root, and a test of the whole path made once. */
interface Branch {
  test: RegExp;
  steps: Step[];
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/[\\/]{2,}/g, '/');
const normalizePathname = (pathname: string) => pathname.replace(/\/+$/, '').replace(/^\/*/, '/');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route's part of the path below its parent's ('properties/:id'; an absolute path less its parent's,
 * as React Router flattens a branch), and its full path ('/properties/:id').
 */
function below(parentPath: string, route: DataRoute): { relativePath: string; path: string } {
  let relativePath = route.path ?? '';
  if (relativePath.startsWith('/')) relativePath = relativePath.slice(parentPath.length);
  return { relativePath, path: joinPaths([parentPath, relativePath]) || '/' };
}

/** As React Router decodes a path before matching it (its `decodePath`). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * A test of whether a path may match a route pattern of plain segments and `:params` (a trailing slash
 * allowed, case aside unless asked), made once; `matchPath` decides. Other patterns are not supported.
 */
export function pathTest(path: string, caseSensitive = false): RegExp {
  const segments = path.split('/').filter(Boolean);
  if (segments.some((segment) => /[*?]/.test(segment))) throw new Error(`page-router: "${path}" is not supported.`);
  const source = segments.map((segment) => (segment.startsWith(':') ? '/[^/]+' : `/${escapeRegExp(segment)}`)).join('');
  return new RegExp(`^${source}/*$`, caseSensitive ? '' : 'i');
}

/** Each leaf's branch. Only plain segments and `:params` are supported (pathTest). */
function branchesOf(tree: readonly DataRoute[], parents: Step[] = [], parentPath = ''): Branch[] {
  const out: Branch[] = [];
  for (const route of tree) {
    const { relativePath, path } = below(parentPath, route);
    const steps = [...parents, { route, relativePath, caseSensitive: route.caseSensitive === true }];
    if (route.children?.length) out.push(...branchesOf(route.children, steps, path));
    else
      out.push({
        test: pathTest(
          path,
          steps.some((step) => step.caseSensitive),
        ),
        steps,
      });
  }
  return out;
}

/** React Router's matches of a branch for a (decoded) path, as its `matchRouteBranch` makes them. */
function matchBranch(branch: Branch, pathname: string): DataRouteMatch[] | null {
  const params: Record<string, string | undefined> = {};
  let matchedPathname = '/';
  const matches: DataRouteMatch[] = [];
  for (const [i, step] of branch.steps.entries()) {
    const end = i === branch.steps.length - 1;
    const remaining = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/';
    const match = matchPath({ path: step.relativePath, caseSensitive: step.caseSensitive, end }, remaining);
    if (!match) return null;
    Object.assign(params, match.params);
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, match.pathname]),
      pathnameBase: normalizePathname(joinPaths([matchedPathname, match.pathnameBase])),
      route: step.route,
    });
    if (match.pathnameBase !== '/') matchedPathname = joinPaths([matchedPathname, match.pathnameBase]);
  }
  return matches;
}

export interface PageRouter {
  /** The routes the context's matches are of: for `createStaticRouter`. */
  routes: StaticHandler['dataRoutes'];
  /** The context of the page at this URL, or a redirect React Router asked for. */
  context(url: string, signal?: AbortSignal): Promise<StaticHandlerContext | Response>;
}

export function pageRouter(routes: RouteObject[], paths: readonly string[]): PageRouter {
  const all = createStaticHandler(routes);
  // The pages' routes keep the ids of the whole tree: a page's matches are the same routes either way.
  const pages = createStaticHandler(routesTo(all.dataRoutes, new Set(paths)));
  // No two pages' paths match the same URL (page-router.test.ts), so the first branch whose path
  // matches is React Router's.
  const branches = branchesOf(pages.dataRoutes);
  return {
    routes: pages.dataRoutes,
    async context(url, signal) {
      const { pathname, search, hash } = new URL(url);
      const decoded = decodePath(pathname);
      const branch = branches.find(({ test }) => test.test(decoded));
      const matches = branch && matchBranch(branch, decoded);
      if (!matches) return all.query(new Request(url, { signal }));
      // A screen whose code is not loaded yet: the handler loads it (and keeps it on its route).
      if (matches.some(({ route }) => route.lazy || route.loader || route.action || route.middleware))
        return pages.query(new Request(url, { signal }));
      return {
        basename: '/',
        location: { pathname, search, hash, state: null, key: 'default', mask: undefined },
        matches,
        loaderData: {},
        actionData: null,
        errors: null,
        statusCode: 200,
        loaderHeaders: {},
        actionHeaders: {},
      } as StaticHandlerContext;
    },
  };
}

import { Component, lazy, Suspense, use, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { loadPageParts, type Part } from '@/i18n/catalogues';
import { RootLayout } from './layout/root-layout';
import { countScreenLoad, setScreenLoader } from '@/lib/screen-loading';

// The app's routes, rendered by React Router's declarative router (`useRoutes` under a browser, static
// or memory router), not its data router: the app uses no loader, action or fetcher, and the data
// router's state machine was 16 KB gzip of every page's script (issue 55 item 2; decision 0065).
// What the data router did for these routes is here: each screen's code loaded on its first visit
// (the old screen stays while it loads: navigations are transitions), the bar that says so
// (lib/screen-loading.ts), a screen's error caught inside the frame (ScreenErrorBoundary), and the scroll
// (layout/scroll-restoration.tsx).

/** What a screen's route names: the parts of the catalogues its texts are in (i18n/catalogues.ts). */
export interface ScreenHandle {
  parts: readonly Part[];
}

/** What React's `use` reads of a promise it has seen settle. */
interface Settled {
  status?: 'fulfilled' | 'rejected';
  value?: undefined;
  reason?: unknown;
}

interface Screen {
  handle: ScreenHandle;
  Component: ComponentType;
  /** Loads the screen's code and texts (once); resolves when it can render without waiting. */
  preload: () => Promise<void>;
}

/**
 * A screen: its code and, in Spanish or Chinese, its texts, loaded on its first visit. Route modules
 * default-export their screen component. Once loaded it renders at once (a page the server rendered is
 * taken over with its screen already there: boot.tsx loads it first).
 */
export function screen(load: () => Promise<{ default: ComponentType }>, parts: readonly Part[] = []): Screen {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  /** The visit (the location's key) whose load failed: that visit shows the error, the next loads again. */
  let failedVisit: string | undefined | null = null;
  /** The last visit that waited for the load (a render React replays once it settles asks again with it). */
  let askedBy: string | undefined;
  const start = (visit?: string) => {
    // Another visit after a failed load loads again (a deploy may have replaced the chunk).
    if (failedVisit !== null && failedVisit !== visit) {
      failedVisit = null;
      loading = undefined;
    }
    if (visit !== undefined) askedBy = visit;
    if (!loading) {
      countScreenLoad(1);
      const made: Promise<void> & Settled = Promise.all([load(), loadPageParts(parts)]).then(
        ([module]) => {
          loaded = module.default;
          countScreenLoad(-1);
          // Settled as React's `use` reads a promise it has seen: once loaded, the screen renders at once.
          made.status = 'fulfilled';
        },
        (error: unknown) => {
          failedVisit = askedBy;
          countScreenLoad(-1);
          made.status = 'rejected';
          made.reason = error;
          throw error;
        },
      );
      loading = made;
    }
    return loading;
  };
  function LazyScreen() {
    const { key } = useLocation();
    // Suspends while the code loads, throws (to the boundary around the screens) when it failed.
    use(start(key));
    const Loaded = loaded!;
    return <Loaded />;
  }
  return { handle: { parts }, Component: LazyScreen, preload: () => start() };
}

/** The parts of the catalogues the screens of a location show. */
export function partsOf(matches: readonly { route: { handle?: unknown } }[]): Part[] {
  return matches.flatMap(({ route }) => (route.handle as ScreenHandle | undefined)?.parts ?? []);
}

const home = screen(() => import('./routes/home'), ['listings', 'cards']);
const auth = screen(() => import('./routes/auth'), ['auth']);
const propertyDetail = screen(() => import('./routes/property-detail'), ['detail', 'cards', 'records', 'tours', 'map']);
const resetPassword = screen(() => import('./routes/reset-password'), ['account', 'auth']);

// What a screen that failed shows: loaded then, not with every page.
const RouteError = lazy(() => import('./layout/route-error').then((m) => ({ default: m.RouteError })));

interface BoundaryState {
  error: unknown;
  /** The address (the location's key) the boundary last rendered: another one shows its screen again. */
  location: string;
}

/**
 * Catches an error thrown while loading or rendering a screen, keeping the header and footer in place;
 * going to another address shows its screen again.
 */
class ScreenErrorBoundary extends Component<{ location: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps({ location }: { location: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return location === state.location ? null : { error: null, location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    );
  }
}

export function Screens() {
  const location = useLocation();
  return (
    <ScreenErrorBoundary location={location.key}>
      <Outlet />
    </ScreenErrorBoundary>
  );
}

function ProtectedLayout() {
  return (
    <RequireAuth>
      <Outlet />
    </RequireAuth>
  );
}

/** Every route of SPEC part 2's route table. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        Component: Screens,
        children: [
          { index: true, ...home },
          { path: 'listings', ...home },
          { path: 'auth', ...auth },
          // Sign-in redirect target of the save control; the same screen as /auth.
          { path: 'login', ...auth },
          { path: 'forgot-password', ...screen(() => import('./routes/forgot-password'), ['account', 'auth']) },
          // Where a password reset e-mail leads (and Firebase's action handler path, for a project
          // whose e-mail templates point at the app).
          { path: 'reset-password', ...resetPassword },
          { path: 'auth/action', ...resetPassword },
          // Signed-in only: a signed-out visitor is sent to sign in and brought back.
          {
            Component: ProtectedLayout,
            children: [
              { path: 'messages', ...screen(() => import('./routes/messages'), ['messages', 'tours']) },
              { path: 'rate-agent/:agentId', ...screen(() => import('./routes/rate-agent'), ['agents']) },
              { path: 'admin/moderation', ...screen(() => import('./routes/admin-moderation'), ['moderation', 'records']) },
            ],
          },
          { path: 'me/ratings', ...screen(() => import('./routes/my-ratings'), ['agents', 'records', 'moderation']) },
          { path: 'me/listings', ...screen(() => import('./routes/my-listings'), ['manage', 'records', 'cards']) },
          { path: 'me/searches', ...screen(() => import('./routes/saved-searches'), ['alerts', 'records']) },
          { path: 'me/saved', ...screen(() => import('./routes/saved-homes'), ['saved', 'cards']) },
          { path: 'me/tours', ...screen(() => import('./routes/my-tours'), ['tours', 'records']) },
          { path: 'me/profile', ...screen(() => import('./routes/my-profile'), ['account', 'agents']) },
          { path: 'compare', ...screen(() => import('./routes/compare'), ['compare', 'records', 'cards']) },
          {
            path: 'create-listing',
            ...screen(() => import('./routes/create-listing'), ['listingForm', 'records', 'map', 'listings']),
          },
          { path: 'listing/:id', ...propertyDetail },
          { path: 'properties/:id', ...propertyDetail },
          { path: 'agents/:id', ...screen(() => import('./routes/agent-profile'), ['cards', 'agents', 'records', 'moderation']) },
          { path: '*', ...screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

/**
 * The screen of the current address (under a browser, static or memory router). The server passes the
 * routes to its pages only (entry-server.tsx): React Router flattens and ranks the routes it is given on
 * every render.
 */
export function AppRoutes({ tree = routes }: { tree?: RouteObject[] }) {
  return useRoutes(tree);
}

/**
 * Loads the code of the screens a location matches: a page the server rendered is taken over (and the
 * server renders it) with its screen already there, not its loading state. The server matches against the
 * routes to its pages only, as it renders (entry-server.tsx).
 */
export async function loadMatchedScreens(pathname: string, tree: RouteObject[] = routes): Promise<void> {
  const matches = matchRoutes(tree, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route as Partial<Screen>).preload?.()));
}

setScreenLoader(loadMatchedScreens);

import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { loadPageParts, type Part } from '@/i18n/catalogues';
import { RootHydrateFallback, RootLayout } from './layout/root-layout';

/** What a screen's route names: the parts of the catalogues its texts are in (i18n/catalogues.ts). */
export interface ScreenHandle {
  parts: readonly Part[];
}

/**
 * A screen: its code and, in Spanish or Chinese, its texts, loaded on its first visit. Route modules
 * default-export their screen component.
 */
function screen(
  load: () => Promise<{ default: ComponentType }>,
  parts: readonly Part[] = [],
): Pick<RouteObject, 'lazy' | 'handle'> {
  const handle: ScreenHandle = { parts };
  return {
    handle,
    lazy: async () => {
      const [module] = await Promise.all([load(), loadPageParts(parts)]);
      return { Component: module.default };
    },
  };
}

/** The parts of the catalogues the screens of a location show. */
export function partsOf(matches: readonly { route: { handle?: unknown } }[]): Part[] {
  return matches.flatMap(({ route }) => (route.handle as ScreenHandle | undefined)?.parts ?? []);
}

const home = screen(() => import('./routes/home'), ['listings', 'cards']);
const auth = screen(() => import('./routes/auth'), ['auth']);
const propertyDetail = screen(() => import('./routes/property-detail'), ['detail', 'cards', 'records', 'tours', 'map']);
const resetPassword = screen(() => import('./routes/reset-password'), ['account', 'auth']);

// What a screen that failed (or a thrown 404) shows: loaded then, not with every page.
const RouteError = lazy(() => import('./layout/route-error-boundary').then((m) => ({ default: m.RouteErrorBoundary })));

function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteError />
    </Suspense>
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
    HydrateFallback: RootHydrateFallback,
    children: [
      {
        ErrorBoundary: RouteErrorBoundary,
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
          // The error boundary shows the same screen for a thrown 404.
          { path: '*', ...screen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the screens a location matches, in place of their `lazy` loaders: a page the
 * server rendered is hydrated with its screen already there (React Router would otherwise render the
 * hydrate fallback first, which is not what the server sent).
 */
export async function loadMatchedScreens(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'function') return;
      Object.assign(route, await lazy(), { lazy: undefined });
    }),
  );
}

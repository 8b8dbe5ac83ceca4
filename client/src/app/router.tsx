import type { ComponentType } from 'react';
import { matchRoutes, Outlet, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth/require-auth';
import { RootHydrateFallback, RootLayout } from './layout/root-layout';
import { RouteErrorBoundary } from './layout/route-error-boundary';
import NotFoundScreen from './routes/not-found';

/** Loads a screen's code on first visit; route modules default-export their screen component. */
function screen(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const home = screen(() => import('./routes/home'));
const auth = screen(() => import('./routes/auth'));
const propertyDetail = screen(() => import('./routes/property-detail'));
const resetPassword = screen(() => import('./routes/reset-password'));

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
          { index: true, lazy: home },
          { path: 'listings', lazy: home },
          { path: 'auth', lazy: auth },
          // Sign-in redirect target of the save control; the same screen as /auth.
          { path: 'login', lazy: auth },
          { path: 'forgot-password', lazy: screen(() => import('./routes/forgot-password')) },
          // Where a password reset e-mail leads (and Firebase's action handler path, for a project
          // whose e-mail templates point at the app).
          { path: 'reset-password', lazy: resetPassword },
          { path: 'auth/action', lazy: resetPassword },
          // Signed-in only: a signed-out visitor is sent to sign in and brought back.
          {
            Component: ProtectedLayout,
            children: [
              { path: 'messages', lazy: screen(() => import('./routes/messages')) },
              { path: 'rate-agent/:agentId', lazy: screen(() => import('./routes/rate-agent')) },
              { path: 'admin/moderation', lazy: screen(() => import('./routes/admin-moderation')) },
            ],
          },
          { path: 'me/ratings', lazy: screen(() => import('./routes/my-ratings')) },
          { path: 'me/listings', lazy: screen(() => import('./routes/my-listings')) },
          { path: 'me/searches', lazy: screen(() => import('./routes/saved-searches')) },
          { path: 'me/saved', lazy: screen(() => import('./routes/saved-homes')) },
          { path: 'me/tours', lazy: screen(() => import('./routes/my-tours')) },
          { path: 'compare', lazy: screen(() => import('./routes/compare')) },
          { path: 'create-listing', lazy: screen(() => import('./routes/create-listing')) },
          { path: 'listing/:id', lazy: propertyDetail },
          { path: 'properties/:id', lazy: propertyDetail },
          { path: 'agents/:id', lazy: screen(() => import('./routes/agent-profile')) },
          // Not lazy: the error boundary shows the same screen for a thrown 404.
          { path: '*', Component: NotFoundScreen },
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

import { RouterProvider, type createBrowserRouter } from 'react-router';
import { apolloClient } from '@/lib/apollo/client';
import type { Intl } from '@/lib/i18n';
import { Providers } from './providers';

export function App({ router, intl }: { router: ReturnType<typeof createBrowserRouter>; intl: Intl }) {
  return (
    <Providers client={apolloClient} intl={intl}>
      <RouterProvider router={router} />
    </Providers>
  );
}

import { RouterProvider, type createBrowserRouter } from 'react-router';
import { apolloClient } from '@/lib/apollo/client';
import { Providers } from './providers';

export function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <Providers client={apolloClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}

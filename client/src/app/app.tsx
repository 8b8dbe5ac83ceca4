import { useState } from 'react';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { apolloClient } from '@/lib/apollo/client';
import { scrollAwareHistory } from './layout/scroll-restoration';
import { Providers } from './providers';
import { AppRoutes } from './router';

/** The browser's history as React Router's <BrowserRouter> makes it (its navigations are transitions). */
const browserHistory = () => scrollAwareHistory(createBrowserHistory({ window, v5Compat: true }));

export function App() {
  const [history] = useState(browserHistory);
  return (
    <Providers client={apolloClient}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </Providers>
  );
}

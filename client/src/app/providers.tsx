import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider } from '@/features/auth/auth-provider';
import { IntlProvider, type Intl } from '@/lib/i18n';

/**
 * App-wide context: the page's language and its texts, the GraphQL client (the page's, or on the
 * server one per request), who is signed in, toasts (their code comes with the first one).
 */
export function Providers({ client, intl, children }: { client: ApolloClient; intl: Intl; children: ReactNode }) {
  return (
    <IntlProvider intl={intl}>
      <ApolloProvider client={client}>
        <AuthProvider>
          {children}
          <LazyToaster />
        </AuthProvider>
      </ApolloProvider>
    </IntlProvider>
  );
}

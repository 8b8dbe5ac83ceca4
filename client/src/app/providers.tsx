import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AuthProvider } from '@/features/auth/auth-provider';

/**
 * App-wide context: the GraphQL client (the page's, or on the server one per request), who is signed
 * in, toasts (their code comes with the first one). The page's language is read by `useIntl()`
 * (common/i18n/messages.ts).
 */
export function Providers({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <AuthProvider>
        {children}
        <LazyToaster />
      </AuthProvider>
    </ApolloProvider>
  );
}

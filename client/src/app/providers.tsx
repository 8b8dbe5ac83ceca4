import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { Tooltip } from 'radix-ui';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { AuthProvider } from '@/features/auth/auth-provider';

/**
 * App-wide context: the GraphQL client (the page's, or on the server one per request), who is signed
 * in, tooltip timing (SPEC part 9: open 700 ms, skip 300 ms), toasts.
 */
export function Providers({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <AuthProvider>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
          <Toaster />
        </Tooltip.Provider>
      </AuthProvider>
    </ApolloProvider>
  );
}

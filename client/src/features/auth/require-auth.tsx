import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { signInPath } from './redirect';
import { useAuth } from './use-auth';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({ checking: { id: 'requireAuth.checking', defaultMessage: 'Checking your sign-in…' } });

/** A protected screen: a signed-out visitor is sent to sign in, and comes back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  // Known to be signed in (the server's session answered): shown at once, also in a page the server
  // renders, while the rest of the sign-in check runs.
  if (user) return <>{children}</>;
  if (loading) {
    return (
      <div className="flex justify-center py-16" role="status">
        <Spinner />
        <span className="sr-only">{formatMessage(messages.checking)}</span>
      </div>
    );
  }
  const back = `${location.pathname}${location.search}`;
  return <Navigate to={signInPath(back)} replace />;
}

import { Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/auth/use-auth';
import { defineMessages, formatMessage, useIntl } from '@common/i18n/messages';
import { Footer } from './footer';
import { Header } from './header';
import { useScreenLoading } from '@/lib/screen-loading';

const messages = defineMessages({
  skipToContent: { id: 'appShell.skipToContent', defaultMessage: 'Skip to content' },
  signOutFailed: { id: 'appShell.signOutFailed', defaultMessage: 'Sign-out failed' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Please try again.' },
});

/** The frame of every screen: skip link, sticky header, the main landmark and the footer. */
export function AppShell({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const loadingScreen = useScreenLoading();
  const navigate = useNavigate();
  const { user, unfinished, signOut } = useAuth();
  const onSignOut = () => {
    signOut()
      .then(() => navigate('/'))
      .catch((err: unknown) => {
        console.warn('Sign-out failed', err);
        toast({
          variant: 'destructive',
          title: formatMessage(messages.signOutFailed),
          description: formatMessage(messages.tryAgain),
        });
      });
  };
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={(event) => {
          // Move focus, not only the scroll position, so the next Tab starts inside the content.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only rounded-md bg-white px-4 py-2 font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        {intl.formatMessage(messages.skipToContent)}
      </a>
      {/* Its own part of the hydration of a page rendered on the server (docs/decisions/0035). */}
      <Suspense fallback={null}>
        {user ? (
          <Header user={user} onSignOut={onSignOut} />
        ) : unfinished ? (
          <Header user={null} unfinished={unfinished} onSignOut={onSignOut} />
        ) : (
          <Header user={null} />
        )}
      </Suspense>
      {/* At least a screen tall under the header (h-16): the footer starts below the fold, so a page
          drawn in the browser does not push a visible footer down as it fills in (layout shift). */}
      <main id="main" tabIndex={-1} aria-busy={loadingScreen} className="min-h-[calc(100dvh-4rem)] flex-1">
        {children}
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </div>
  );
}

import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { FinishSignUp } from '@/features/auth/finish-sign-up';
import { redirectTarget } from '@/features/auth/redirect';
import { SignInForm } from '@/features/auth/sign-in-form';
import { SignUpForm } from '@/features/auth/sign-up-form';
import { useAuth } from '@/features/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  finishSignUp: { id: 'auth.finishSignUp', defaultMessage: 'Finish Sign Up' },
  signUp: { id: 'auth.signUp', defaultMessage: 'Sign Up' },
  signIn: { id: 'auth.signIn', defaultMessage: 'Sign In' },
  verifyPhone: { id: 'auth.verifyPhone', defaultMessage: 'Verify your phone to finish creating your account.' },
  why: { id: 'auth.why', defaultMessage: 'Save listings, message agents and post your own.' },
  tabs: { id: 'auth.tabs', defaultMessage: 'Sign in or sign up' },
});

const tabClasses =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-gray-600 transition-colors hover:text-gray-900 ' +
  'data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600';

/** /auth and /login: Sign In and Sign Up tabs; success goes to the redirect target or /. */
export default function AuthScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const done = () => navigate(redirectTarget(location.search), { replace: true });
  const { unfinished } = useAuth();
  const [tab, setTab] = useState(() => (new URLSearchParams(location.search).get('tab') === 'signup' ? 'signup' : 'signin'));
  // The heading and the title name the tab on screen.
  const heading = formatMessage(unfinished ? messages.finishSignUp : tab === 'signup' ? messages.signUp : messages.signIn);
  useDocumentTitle(heading);

  // An account whose sign-up was left (or was just created): its code step, whichever tab led here.
  if (unfinished) {
    return (
      <PageContainer>
        <div className="mx-auto w-full max-w-md">
          <h1 className="text-center text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{heading}</h1>
          <p className="mt-2 text-center text-sm text-gray-600">{formatMessage(messages.verifyPhone)}</p>
          <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
            <FinishSignUp onDone={done} />
          </div>
        </div>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-center text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{heading}</h1>
        <p className="mt-2 text-center text-sm text-gray-600">{formatMessage(messages.why)}</p>
        <Tabs.Root value={tab} onValueChange={setTab} className="mt-6">
          <Tabs.List aria-label={formatMessage(messages.tabs)} className="flex gap-1 rounded-lg bg-gray-100 p-1">
            <Tabs.Trigger value="signin" className={tabClasses}>
              {formatMessage(messages.signIn)}
            </Tabs.Trigger>
            <Tabs.Trigger value="signup" className={tabClasses}>
              {formatMessage(messages.signUp)}
            </Tabs.Trigger>
          </Tabs.List>
          <div className="mt-4 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
            <Tabs.Content value="signin">
              <SignInForm onSignedIn={done} />
            </Tabs.Content>
            <Tabs.Content value="signup">
              <SignUpForm />
            </Tabs.Content>
          </div>
        </Tabs.Root>
      </div>
    </PageContainer>
  );
}

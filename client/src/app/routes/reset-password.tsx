import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { newPasswordSchema } from '@common/auth';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage } from '@/features/auth/client-config';
import { useAuth } from '@/features/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  expired: { id: 'resetPassword.expired', defaultMessage: 'This reset link has expired. Ask for a new one.' },
  used: {
    id: 'resetPassword.used',
    defaultMessage: 'This reset link is not valid any more: it may have been used already. Ask for a new one.',
  },
  checkFailed: { id: 'resetPassword.checkFailed', defaultMessage: 'The reset link could not be checked. Please try again.' },
  title: { id: 'resetPassword.title', defaultMessage: 'Choose a new password' },
  notAResetLink: {
    id: 'resetPassword.notAResetLink',
    defaultMessage: 'This link is not a password reset link. Ask for a new one.',
  },
  notChanged: { id: 'resetPassword.notChanged', defaultMessage: 'Your password could not be changed. Please try again.' },
  tryAgain: { id: 'resetPassword.tryAgain', defaultMessage: 'Try again' },
  askAgain: { id: 'resetPassword.askAgain', defaultMessage: 'Ask for a new reset link' },
  changed: { id: 'resetPassword.changed', defaultMessage: 'Your password has been changed. Signing you in…' },
  signIn: { id: 'resetPassword.signIn', defaultMessage: 'Go to sign in' },
  checking: { id: 'resetPassword.checking', defaultMessage: 'Checking your reset link…' },
  forEmail: { id: 'resetPassword.forEmail', defaultMessage: 'For {email}' },
  password: { id: 'resetPassword.password', defaultMessage: 'New password' },
  confirm: { id: 'resetPassword.confirm', defaultMessage: 'Confirm new password' },
  save: { id: 'resetPassword.save', defaultMessage: 'Save new password' },
});

/** Where an element goes in a message: the text before and after it. */
const MARK = '\u0000';

type Values = z.input<typeof newPasswordSchema>;

const LINK_CODES = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/user-disabled', 'auth/user-not-found']);

/** What the provider said of a reset link's code, in words a person can act on. */
function linkProblem(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'auth/expired-action-code') return formatMessage(messages.expired);
  if (typeof code === 'string' && LINK_CODES.has(code)) return formatMessage(messages.used);
  return authErrorMessage(err, formatMessage(messages.checkFailed));
}

/**
 * /reset-password (and /auth/action, Firebase's action handler path): the page a reset e-mail links to
 * (issue 24 item 2). The link's code is checked with the identity provider (verifyPasswordResetCode),
 * the new password is typed twice and set (confirmPasswordReset), then the person is signed in with it.
 */
export default function ResetPasswordScreen() {
  const title = formatMessage(messages.title);
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { checkPasswordResetCode, resetPassword, signIn } = useAuth();
  const code = params.get('oobCode');
  const mode = params.get('mode');
  const usable = Boolean(code) && (mode === null || mode === 'resetPassword');
  const [email, setEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(usable ? null : () => formatMessage(messages.notAResetLink));
  const [retryable, setRetryable] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    resolver: zodResolver(newPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!usable || !code) return;
    let cancelled = false;
    checkPasswordResetCode(code).then(
      (address) => {
        if (!cancelled) setEmail(address);
      },
      (err: unknown) => {
        if (cancelled) return;
        const refused = LINK_CODES.has(String((err as { code?: unknown } | null)?.code));
        setRetryable(!refused && (err as { code?: unknown } | null)?.code !== 'auth/expired-action-code');
        setProblem(linkProblem(err));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, usable, attempt, checkPasswordResetCode]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (!code || !email) return;
    setError(null);
    try {
      await resetPassword(code, password);
    } catch (err) {
      const refused = LINK_CODES.has(String((err as { code?: unknown } | null)?.code));
      if (refused || (err as { code?: unknown } | null)?.code === 'auth/expired-action-code') setProblem(linkProblem(err));
      else setError(authErrorMessage(err, formatMessage(messages.notChanged)));
      return;
    }
    setDone(true);
    try {
      const { unfinished } = await signIn(email, password);
      navigate(unfinished ? '/auth' : '/', { replace: true });
    } catch (err) {
      // The password is changed; signing in is left to the person (the link below).
      console.warn('Signing in after the reset failed', err);
    }
  });

  let body;
  if (problem) {
    body = (
      <div className="space-y-4">
        <FormMessage kind="error">{problem}</FormMessage>
        <div className="flex flex-wrap gap-3">
          {retryable ? (
            <Button
              variant="outline"
              onClick={() => {
                setProblem(null);
                setAttempt((n) => n + 1);
              }}
            >
              {formatMessage(messages.tryAgain)}
            </Button>
          ) : null}
          <Link to="/forgot-password" className="inline-flex items-center text-sm font-medium text-brand-700 hover:underline">
            {formatMessage(messages.askAgain)}
          </Link>
        </div>
      </div>
    );
  } else if (done) {
    body = (
      <div className="space-y-4">
        <FormMessage kind="success">{formatMessage(messages.changed)}</FormMessage>
        <Link to="/auth" className="inline-block text-sm font-medium text-brand-700 hover:underline">
          {formatMessage(messages.signIn)}
        </Link>
      </div>
    );
  } else if (!email) {
    body = (
      <div className="flex items-center justify-center gap-2 py-6 text-sm text-gray-600" role="status">
        <Spinner />
        {formatMessage(messages.checking)}
      </div>
    );
  } else {
    // 'For <strong>ada@example.com</strong>': the message's text around the address.
    const [beforeEmail, afterEmail] = formatMessage(messages.forEmail, { email: MARK }).split(MARK);
    body = (
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <p className="text-sm text-gray-700">
          {beforeEmail}
          <strong className="font-semibold break-words text-gray-900">{email}</strong>
          {afterEmail}
        </p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {/* The account's address for password managers, which save the new password under it. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          label={formatMessage(messages.password)}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={formatMessage(messages.confirm)}
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-white" /> : null}
          {formatMessage(messages.save)}
        </Button>
      </form>
    );
  }

  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">{body}</div>
      </div>
    </PageContainer>
  );
}

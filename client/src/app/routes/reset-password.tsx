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

type Values = z.input<typeof newPasswordSchema>;

const LINK_CODES = new Set(['auth/invalid-action-code', 'auth/expired-action-code', 'auth/user-disabled', 'auth/user-not-found']);

/** What the provider said of a reset link's code, in words a person can act on. */
function linkProblem(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'auth/expired-action-code') return 'This reset link has expired. Ask for a new one.';
  if (typeof code === 'string' && LINK_CODES.has(code))
    return 'This reset link is not valid any more: it may have been used already. Ask for a new one.';
  return authErrorMessage(err, 'The reset link could not be checked. Please try again.');
}

/**
 * /reset-password (and /auth/action, Firebase's action handler path): the page a reset e-mail links to
 * (issue 24 item 2). The link's code is checked with the identity provider (verifyPasswordResetCode),
 * the new password is typed twice and set (confirmPasswordReset), then the person is signed in with it.
 */
export default function ResetPasswordScreen() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { checkPasswordResetCode, resetPassword, signIn } = useAuth();
  const code = params.get('oobCode');
  const mode = params.get('mode');
  const usable = Boolean(code) && (mode === null || mode === 'resetPassword');
  const [email, setEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(
    usable ? null : 'This link is not a password reset link. Ask for a new one.',
  );
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
      else setError(authErrorMessage(err, 'Your password could not be changed. Please try again.'));
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
              Try again
            </Button>
          ) : null}
          <Link to="/forgot-password" className="inline-flex items-center text-sm font-medium text-brand-700 hover:underline">
            Ask for a new reset link
          </Link>
        </div>
      </div>
    );
  } else if (done) {
    body = (
      <div className="space-y-4">
        <FormMessage kind="success">Your password has been changed. Signing you in…</FormMessage>
        <Link to="/auth" className="inline-block text-sm font-medium text-brand-700 hover:underline">
          Go to sign in
        </Link>
      </div>
    );
  } else if (!email) {
    body = (
      <div className="flex items-center justify-center gap-2 py-6 text-sm text-gray-600" role="status">
        <Spinner />
        Checking your reset link…
      </div>
    );
  } else {
    body = (
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Choose a new password">
        <p className="text-sm text-gray-700">
          For <strong className="font-semibold break-words text-gray-900">{email}</strong>
        </p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        {/* The account's address for password managers, which save the new password under it. */}
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register('confirm')}
        />
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-white" /> : null}
          Save new password
        </Button>
      </form>
    );
  }

  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Choose a new password</h1>
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">{body}</div>
      </div>
    </PageContainer>
  );
}

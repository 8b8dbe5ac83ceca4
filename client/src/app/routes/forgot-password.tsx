import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageContainer } from '@/components/ui/page-container';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage, useClientConfig } from '@/features/auth/client-config';
import { useAuth } from '@/features/auth/use-auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { passwordResetRequestSchema as schema } from '@common/auth';
import type { z } from 'zod';

/**
 * /forgot-password: 'Reset your password', then 'Check your email for a reset link.' The server mails
 * a link to the app's own /reset-password page (the same answer whether or not an account exists).
 */
export default function ForgotPasswordScreen() {
  useDocumentTitle('Reset your password');
  const { sendPasswordReset } = useAuth();
  const config = useClientConfig();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await sendPasswordReset(email);
      setSent(true);
    } catch (err) {
      setError(authErrorMessage(err, 'Failed to send the reset link. Please try again.'));
    }
  });

  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Reset your password</h1>
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          {sent ? (
            <div className="space-y-4">
              <FormMessage kind="success">Check your email for a reset link.</FormMessage>
              {config?.outboxUrl ? (
                <FormMessage kind="info">
                  <strong>Developer hint:</strong> no e-mail leaves this machine. The message is in the{' '}
                  <a href={config.outboxUrl} className="font-medium underline">
                    development outbox
                  </a>
                  .
                </FormMessage>
              ) : null}
              <Link to="/auth" className="inline-block text-sm font-medium text-brand-700 hover:underline">
                Back to sign in
              </Link>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset your password">
              {error ? <FormMessage kind="error">{error}</FormMessage> : null}
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? <Spinner className="text-white" /> : null}
                Send reset link
              </Button>
            </form>
          )}
        </div>
      </div>
    </PageContainer>
  );
}

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
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  title: { id: 'forgotPassword.title', defaultMessage: 'Reset your password' },
  failed: { id: 'forgotPassword.failed', defaultMessage: 'Failed to send the reset link. Please try again.' },
  checkEmail: { id: 'forgotPassword.checkEmail', defaultMessage: 'Check your email for a reset link.' },
  devHintTitle: { id: 'forgotPassword.devHintTitle', defaultMessage: 'Developer hint:' },
  devHint: {
    id: 'forgotPassword.devHint',
    defaultMessage: 'no e-mail leaves this machine. The message is in the {outbox}.',
  },
  outbox: { id: 'forgotPassword.outbox', defaultMessage: 'development outbox' },
  back: { id: 'forgotPassword.back', defaultMessage: 'Back to sign in' },
  email: { id: 'forgotPassword.email', defaultMessage: 'Email' },
  send: { id: 'forgotPassword.send', defaultMessage: 'Send reset link' },
});

/** Where an element goes in a message: the text before and after it. */
const MARK = '\u0000';

/**
 * /forgot-password: 'Reset your password', then 'Check your email for a reset link.' The server mails
 * a link to the app's own /reset-password page (the same answer whether or not an account exists).
 */
export default function ForgotPasswordScreen() {
  const title = formatMessage(messages.title);
  useDocumentTitle(title);
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
      setError(authErrorMessage(err, formatMessage(messages.failed)));
    }
  });

  // The hint's text around its link to the outbox.
  const [beforeOutbox, afterOutbox] = formatMessage(messages.devHint, { outbox: MARK }).split(MARK);
  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        <div className="mt-6 rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
          {sent ? (
            <div className="space-y-4">
              <FormMessage kind="success">{formatMessage(messages.checkEmail)}</FormMessage>
              {config?.outboxUrl ? (
                <FormMessage kind="info">
                  <strong>{formatMessage(messages.devHintTitle)}</strong> {beforeOutbox}
                  <a href={config.outboxUrl} className="font-medium underline">
                    {formatMessage(messages.outbox)}
                  </a>
                  {afterOutbox}
                </FormMessage>
              ) : null}
              <Link to="/auth" className="inline-block text-sm font-medium text-brand-700 hover:underline">
                {formatMessage(messages.back)}
              </Link>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
              {error ? <FormMessage kind="error">{error}</FormMessage> : null}
              <TextField
                label={formatMessage(messages.email)}
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? <Spinner className="text-white" /> : null}
                {formatMessage(messages.send)}
              </Button>
            </form>
          )}
        </div>
      </div>
    </PageContainer>
  );
}

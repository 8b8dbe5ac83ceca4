import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { signInSchema } from '@common/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage } from './client-config';
import { useAuth } from './use-auth';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  failed: { id: 'signIn.failed', defaultMessage: 'Failed to sign in' },
  form: { id: 'signIn.form', defaultMessage: 'Sign in' },
  email: { id: 'signIn.email', defaultMessage: 'Email' },
  password: { id: 'signIn.password', defaultMessage: 'Password' },
  forgot: { id: 'signIn.forgot', defaultMessage: 'Forgot password?' },
  submit: { id: 'signIn.submit', defaultMessage: 'Sign In' },
});

type Values = z.infer<typeof signInSchema>;

/** Sign In tab (SPEC part 2): e-mail and password; the provider's message or 'Failed to sign in'. */
export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { signIn } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(signInSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      // An unfinished sign-up stays here: the screen shows its code step instead.
      const { unfinished } = await signIn(values.email, values.password);
      if (!unfinished) onSignedIn();
    } catch (err) {
      setError(authErrorMessage(err, formatMessage(messages.failed)));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={formatMessage(messages.form)}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TextField
        label={formatMessage(messages.email)}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={formatMessage(messages.password)}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex items-center justify-between gap-4">
        <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
          {formatMessage(messages.forgot)}
        </Link>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner className="text-white" /> : null}
          {formatMessage(messages.submit)}
        </Button>
      </div>
    </form>
  );
}

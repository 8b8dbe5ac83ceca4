import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_PHONE_PREFIX, phoneTakenMessage, signUpSchema } from '@common/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage } from './client-config';
import { PhoneTakenError } from './phone-taken';
import { useAuth } from './use-auth';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  failed: { id: 'signUp.failed', defaultMessage: 'Failed to create account' },
  form: { id: 'signUp.form', defaultMessage: 'Sign up' },
  firstName: { id: 'signUp.firstName', defaultMessage: 'First name' },
  lastName: { id: 'signUp.lastName', defaultMessage: 'Last name' },
  email: { id: 'signUp.email', defaultMessage: 'Email' },
  password: { id: 'signUp.password', defaultMessage: 'Password' },
  phone: { id: 'signUp.phone', defaultMessage: 'Phone' },
  iAm: { id: 'signUp.iAm', defaultMessage: 'I am a:' },
  renter: { id: 'signUp.renter', defaultMessage: 'Renter' },
  agent: { id: 'signUp.agent', defaultMessage: 'Agent/Broker' },
  submit: { id: 'signUp.submit', defaultMessage: 'Create Account & Verify Phone' },
});

type Values = z.input<typeof signUpSchema>;

/**
 * Sign Up tab (SPEC part 2): the form. The account is created in the identity provider, its phone
 * checked against existing registrations and sent a code; the code step (FinishSignUp, which the
 * screen shows for an unfinished account) links the phone and the server creates the profile.
 */
export function SignUpForm() {
  const { startSignUp } = useAuth();
  const [error, setError] = useState<string | null>(null);
  // Where the invisible captcha of the code send goes.
  const [recaptcha, setRecaptcha] = useState<HTMLDivElement | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', phone: `${DEFAULT_PHONE_PREFIX} `, role: 'renter' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (raw) => {
    setError(null);
    const values = signUpSchema.parse(raw);
    try {
      // The account is created, its phone checked against existing registrations and sent a code.
      if (!recaptcha) throw new Error('The form is not ready yet');
      await startSignUp(values, recaptcha);
    } catch (err) {
      if (err instanceof PhoneTakenError) form.setError('phone', { message: phoneTakenMessage() }, { shouldFocus: true });
      else setError(authErrorMessage(err, formatMessage(messages.failed)));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={formatMessage(messages.form)}>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={formatMessage(messages.firstName)}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          label={formatMessage(messages.lastName)}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
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
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label={formatMessage(messages.phone)}
        type="tel"
        autoComplete="tel"
        placeholder="+1 555 123 4567"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{formatMessage(messages.iAm)}</legend>
        <div className="flex gap-6">
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" value="renter" className="size-4 accent-brand-700" {...form.register('role')} />
            {formatMessage(messages.renter)}
          </label>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" value="agent" className="size-4 accent-brand-700" {...form.register('role')} />
            {formatMessage(messages.agent)}
          </label>
        </div>
      </fieldset>
      <div ref={setRecaptcha} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner className="text-white" /> : null}
        {formatMessage(messages.submit)}
      </Button>
    </form>
  );
}

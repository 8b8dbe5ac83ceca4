import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_PHONE_PREFIX, PHONE_TAKEN_MESSAGE, signUpSchema } from '@common/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage } from './client-config';
import { PhoneTakenError } from './phone-taken';
import { useAuth } from './use-auth';

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
      if (err instanceof PhoneTakenError) form.setError('phone', { message: PHONE_TAKEN_MESSAGE }, { shouldFocus: true });
      else setError(authErrorMessage(err, 'Failed to create account'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign up">
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        placeholder="+1 555 123 4567"
        error={errors.phone?.message}
        {...form.register('phone')}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">I am a:</legend>
        <div className="flex gap-6">
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" value="renter" className="size-4 accent-brand-700" {...form.register('role')} />
            Renter
          </label>
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="radio" value="agent" className="size-4 accent-brand-700" {...form.register('role')} />
            Agent/Broker
          </label>
        </div>
      </fieldset>
      <div ref={setRecaptcha} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner className="text-white" /> : null}
        Create Account &amp; Verify Phone
      </Button>
    </form>
  );
}

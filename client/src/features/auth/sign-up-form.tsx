import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_PHONE_PREFIX, PHONE_TAKEN_MESSAGE, signUpSchema, verificationCodeSchema } from '@common/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage, useClientConfig } from './client-config';
import { PhoneTakenError } from './phone-taken';
import { useAuth } from './use-auth';

type Values = z.input<typeof signUpSchema>;
type Confirm = (code: string) => Promise<void>;

/**
 * Sign Up tab (SPEC part 2): the form, then the 6-digit phone code, then completion. The phone is
 * checked against existing registrations first; the account is created in the identity provider,
 * then the phone is linked by code, then the server creates the profile.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: () => void }) {
  const { startSignUp } = useAuth();
  const config = useClientConfig();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ phone: string; confirm: Confirm } | null>(null);
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const recaptchaRef = useRef<HTMLDivElement>(null);
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
      // The account is created, its phone checked against existing registrations, then linked by code.
      const { confirm } = await startSignUp(values, recaptchaRef.current as HTMLElement);
      setPending({ phone: values.phone, confirm });
    } catch (err) {
      if (err instanceof PhoneTakenError) form.setError('phone', { message: PHONE_TAKEN_MESSAGE }, { shouldFocus: true });
      else setError(authErrorMessage(err, 'Failed to create account'));
    }
  });

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!pending) return;
    const parsed = verificationCodeSchema.safeParse(code.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
      return;
    }
    setError(null);
    setVerifying(true);
    try {
      await pending.confirm(parsed.data);
      onSignedUp();
    } catch (err) {
      setError(authErrorMessage(err, 'Failed to verify phone'));
    } finally {
      setVerifying(false);
    }
  }

  if (pending) {
    return (
      <form onSubmit={verify} noValidate className="space-y-4" aria-label="Verify your phone">
        <p className="text-sm text-gray-700">
          Enter the verification code sent to <strong className="font-semibold text-gray-900">{pending.phone}</strong>
        </p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="\d{6}"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoFocus
        />
        {config?.authEmulatorUrl ? (
          <FormMessage kind="info">
            <strong>Developer hint (Auth emulator):</strong> no SMS is sent. Read the code from{' '}
            <code className="break-all">
              {config.authEmulatorUrl}/emulator/v1/projects/{config.firebase.projectId}/verificationCodes
            </code>
            .
          </FormMessage>
        ) : null}
        <Button type="submit" className="w-full" disabled={code.length === 0 || verifying}>
          {verifying ? <Spinner className="text-white" /> : null}
          Verify &amp; Complete
        </Button>
      </form>
    );
  }

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
      <div ref={recaptchaRef} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? <Spinner className="text-white" /> : null}
        Create Account &amp; Verify Phone
      </Button>
    </form>
  );
}

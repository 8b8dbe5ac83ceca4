// Changing one's phone on /me/profile (issue 59 item 6): the password again (a phone recovers an
// account), a code sent to the new number, then the identity provider links it and the profile keeps it
// (the server takes only the phone the identity provider has linked: auth.service.ts updateProfile).
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { authErrorMessage, useClientConfig } from './client-config';
import { EmulatorCodesHint } from './emulator-codes-hint';
import { useAuth } from './use-auth';
import { normalizePhone } from '@common/auth';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  phone: { id: 'profile.phone', defaultMessage: 'Phone' },
  noPhone: { id: 'profile.noPhone', defaultMessage: 'None' },
  phoneHint: { id: 'profile.phoneChangeHint', defaultMessage: 'Checked with a code. A new number is checked the same way.' },
  change: { id: 'profile.changePhone', defaultMessage: 'Change phone' },
  formLabel: { id: 'profile.changePhoneForm', defaultMessage: 'Change your phone' },
  newPhone: { id: 'profile.newPhone', defaultMessage: 'New phone number' },
  newPhoneHint: { id: 'profile.newPhoneHint', defaultMessage: 'e.g. +1 555 123 4567' },
  password: { id: 'profile.currentPassword', defaultMessage: 'Your password' },
  passwordHint: { id: 'profile.currentPasswordHint', defaultMessage: 'Asked again before a new phone is linked.' },
  passwordRequired: { id: 'profile.passwordRequired', defaultMessage: 'Enter your password' },
  invalidPhone: { id: 'profile.invalidPhone', defaultMessage: 'Enter a valid phone number, e.g. +1 555 123 4567' },
  samePhone: { id: 'profile.samePhone', defaultMessage: 'This is already your phone number.' },
  sendCode: { id: 'profile.sendCode', defaultMessage: 'Send code' },
  sending: { id: 'profile.sendingCode', defaultMessage: 'Sending the code…' },
  enterCode: { id: 'profile.enterCode', defaultMessage: 'Enter the 6-digit code sent to {phone}.' },
  code: { id: 'profile.code', defaultMessage: 'Code' },
  codeRequired: { id: 'profile.codeRequired', defaultMessage: 'Enter the 6 digits of the code' },
  confirm: { id: 'profile.confirmPhone', defaultMessage: 'Confirm new phone' },
  confirming: { id: 'profile.confirmingPhone', defaultMessage: 'Confirming…' },
  otherNumber: { id: 'profile.otherNumber', defaultMessage: 'Use another number' },
  cancel: { id: 'profile.cancel', defaultMessage: 'Cancel' },
  sendFailed: { id: 'profile.sendCodeFailed', defaultMessage: 'The code could not be sent. Please try again.' },
  confirmFailed: { id: 'profile.confirmPhoneFailed', defaultMessage: 'Your phone could not be changed. Please try again.' },
  devHint: { id: 'profile.devHint', defaultMessage: 'Development: the codes sent are listed at {url}' },
});

type Step = { kind: 'shown' } | { kind: 'number' } | { kind: 'code'; phone: string };

/**
 * The account's phone and, on demand, the steps to change it. `save` keeps the confirmed number in the
 * profile (the server checks it is the one the identity provider linked, and that nobody else has it).
 */
export function PhoneChange({
  email,
  phone,
  save,
}: {
  email: string;
  phone: string | null;
  save: (phone: string) => Promise<void>;
}) {
  const { sendPhoneChangeCode, confirmPhoneChange } = useAuth();
  const config = useClientConfig();
  const [step, setStep] = useState<Step>({ kind: 'shown' });
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ phone?: string; password?: string; code?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [recaptcha, setRecaptcha] = useState<HTMLDivElement | null>(null);

  const close = () => {
    setStep({ kind: 'shown' });
    setPassword('');
    setCode('');
    setError(null);
    setFieldErrors({});
  };

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    const next = normalizePhone(number);
    const errors = {
      phone: !next ? formatMessage(messages.invalidPhone) : next === phone ? formatMessage(messages.samePhone) : undefined,
      password: password ? undefined : formatMessage(messages.passwordRequired),
    };
    setFieldErrors(errors);
    setError(null);
    if (errors.phone || errors.password || !next || !recaptcha) return;
    setBusy(true);
    try {
      await sendPhoneChangeCode({ email, password, phone: next }, recaptcha);
      setPassword('');
      setCode('');
      setStep({ kind: 'code', phone: next });
    } catch (err) {
      setError(authErrorMessage(err, formatMessage(messages.sendFailed)));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (step.kind !== 'code') return;
    if (!/^\d{6}$/.test(code)) {
      setFieldErrors({ code: formatMessage(messages.codeRequired) });
      return;
    }
    setFieldErrors({});
    setError(null);
    setBusy(true);
    try {
      await save(await confirmPhoneChange(code));
      close();
    } catch (err) {
      const serverWords = (err as { graphQLErrors?: unknown; message?: string } | null)?.message;
      const known = authErrorMessage(err, '');
      setError(known || (typeof serverWords === 'string' && serverWords ? serverWords : formatMessage(messages.confirmFailed)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium text-gray-800">{formatMessage(messages.phone)}</p>
      <p className="text-sm text-gray-700">{phone ?? formatMessage(messages.noPhone)}</p>
      {step.kind === 'shown' ? (
        <>
          <p className="text-xs text-gray-500">{formatMessage(messages.phoneHint)}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => setStep({ kind: 'number' })}>
            {formatMessage(messages.change)}
          </Button>
        </>
      ) : (
        <form
          noValidate
          aria-label={formatMessage(messages.formLabel)}
          className="mt-2 max-w-md space-y-3 rounded-lg border border-gray-200 p-4"
          onSubmit={(e) => void (step.kind === 'code' ? confirm(e) : sendCode(e))}
        >
          {error ? <FormMessage kind="error">{error}</FormMessage> : null}
          {step.kind === 'number' ? (
            <>
              <TextField
                label={formatMessage(messages.newPhone)}
                hint={formatMessage(messages.newPhoneHint)}
                type="tel"
                autoComplete="tel"
                value={number}
                onChange={(e) => setNumber(e.target.value)}
                error={fieldErrors.phone}
                autoFocus
              />
              <TextField
                label={formatMessage(messages.password)}
                hint={formatMessage(messages.passwordHint)}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={fieldErrors.password}
              />
              {busy ? (
                <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
                  <Spinner /> {formatMessage(messages.sending)}
                </p>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" disabled={busy}>
                  {formatMessage(messages.sendCode)}
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={close}>
                  {formatMessage(messages.cancel)}
                </Button>
              </div>
            </>
          ) : (
            <>
              <p className="text-sm text-gray-700">{formatMessage(messages.enterCode, { phone: step.phone })}</p>
              <TextField
                label={formatMessage(messages.code)}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                error={fieldErrors.code}
                autoFocus
              />
              <EmulatorCodesHint config={config} text={messages.devHint} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" disabled={busy}>
                  {formatMessage(busy ? messages.confirming : messages.confirm)}
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={() => setStep({ kind: 'number' })}>
                  {formatMessage(messages.otherNumber)}
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={close}>
                  {formatMessage(messages.cancel)}
                </Button>
              </div>
            </>
          )}
          <div ref={setRecaptcha} />
        </form>
      )}
    </div>
  );
}

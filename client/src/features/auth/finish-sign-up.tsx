import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_PHONE_PREFIX,
  phoneSchema,
  phoneTakenMessage,
  signUpSchema,
  verificationCodeSchema,
  type SignupDraft,
  type UnfinishedSignupAnswer,
} from '@common/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { FormMessage, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { authErrorMessage, useClientConfig } from './client-config';
import { EmulatorCodesHint } from './emulator-codes-hint';
import { PhoneTakenError } from './phone-taken';
import { useAuth } from './use-auth';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  signInAgain: { id: 'finishSignUp.signInAgain', defaultMessage: 'For your security, sign in again to use another number.' },
  sendFailed: { id: 'finishSignUp.sendFailed', defaultMessage: 'The code could not be sent. Please try again.' },
  loadFailed: { id: 'finishSignUp.loadFailed', defaultMessage: 'Your sign-up could not be loaded.' },
  code: { id: 'validation.code', defaultMessage: 'Enter the 6-digit code' },
  verifyFailed: { id: 'finishSignUp.verifyFailed', defaultMessage: 'Failed to verify phone' },
  finishingFor: { id: 'finishSignUp.finishingFor', defaultMessage: 'Finishing the sign-up of {email}.' },
  notYou: { id: 'finishSignUp.notYou', defaultMessage: 'Not you? Sign out' },
  tryAgain: { id: 'finishSignUp.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'finishSignUp.loading', defaultMessage: 'Loading your sign-up…' },
  finishForm: { id: 'finishSignUp.finishForm', defaultMessage: 'Finish your sign-up' },
  phoneVerified: {
    id: 'finishSignUp.phoneVerified',
    defaultMessage: 'Your phone is verified. One step is left to create your account.',
  },
  finish: { id: 'finishSignUp.finish', defaultMessage: 'Finish Sign Up' },
  verifyForm: { id: 'finishSignUp.verifyForm', defaultMessage: 'Verify your phone' },
  enterCode: { id: 'finishSignUp.enterCode', defaultMessage: 'Enter the verification code sent to {phone}' },
  sending: { id: 'finishSignUp.sending', defaultMessage: 'Sending a code…' },
  codeLabel: { id: 'finishSignUp.codeLabel', defaultMessage: 'Verification code' },
  devHintTitle: { id: 'finishSignUp.devHintTitle', defaultMessage: 'Developer hint (Auth emulator):' },
  devHint: { id: 'finishSignUp.devHint', defaultMessage: 'no SMS is sent. Read the code from {url}.' },
  verify: { id: 'finishSignUp.verify', defaultMessage: 'Verify & Complete' },
  resendIn: { id: 'finishSignUp.resendIn', defaultMessage: 'Resend code in {seconds} s' },
  resend: { id: 'finishSignUp.resend', defaultMessage: 'Resend code' },
  changeNumber: { id: 'finishSignUp.changeNumber', defaultMessage: 'Change number' },
  phoneForm: { id: 'finishSignUp.phoneForm', defaultMessage: 'Change your phone number' },
  phoneInvalid: { id: 'validation.phoneInvalid', defaultMessage: 'Enter a valid phone number, e.g. +1 555 123 4567' },
  newCode: { id: 'finishSignUp.newCode', defaultMessage: 'We will send a new code to this number.' },
  phone: { id: 'finishSignUp.phone', defaultMessage: 'Phone' },
  sendCode: { id: 'finishSignUp.sendCode', defaultMessage: 'Send code' },
  cancel: { id: 'finishSignUp.cancel', defaultMessage: 'Cancel' },
  detailsMissing: { id: 'finishSignUp.detailsMissing', defaultMessage: 'A few details are missing to finish your sign-up.' },
  firstName: { id: 'finishSignUp.firstName', defaultMessage: 'First name' },
  lastName: { id: 'finishSignUp.lastName', defaultMessage: 'Last name' },
  iAm: { id: 'finishSignUp.iAm', defaultMessage: 'I am a:' },
  renter: { id: 'finishSignUp.renter', defaultMessage: 'Renter' },
  agent: { id: 'finishSignUp.agent', defaultMessage: 'Agent/Broker' },
  continue: { id: 'finishSignUp.continue', defaultMessage: 'Continue' },
});

/** Where an element goes in a message: the text before and after it. */
const MARK = '\u0000';

/** Seconds between two codes sent to a phone. */
export const RESEND_COOLDOWN_SECONDS = 30;

const detailsSchema = signUpSchema.pick({ firstName: true, lastName: true, phone: true, role: true });

/** A refusal of a send or a check, in words a person can act on. */
function sendErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return formatMessage(messages.signInAgain);
  return authErrorMessage(err, formatMessage(messages.sendFailed));
}

/** Seconds left before another code may be sent (0: now), ticking while there are some. */
function useCooldown(sentAt: number | null): number {
  const left = () =>
    sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + RESEND_COOLDOWN_SECONDS * 1000 - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (sentAt === null) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` reads sentAt only
  }, [sentAt]);
  return seconds;
}

/**
 * The code step of sign-up, for an account just created or one whose sign-up was left (issue 24
 * item 1): 'Enter the verification code sent to' the number, 'Resend code' after a cooldown, a way to
 * correct the number, and completion. What the account gave at sign-up is read from the server; an
 * account that kept nothing (made before it was kept) gives its names and phone again here.
 */
export function FinishSignUp({ onDone }: { onDone: () => void }) {
  const { unfinished, readSignUp, sendPhoneCode, codeSent, finishSignUp, signOut } = useAuth();
  const config = useClientConfig();
  // Where the invisible captcha of a code send goes (an element of the form on screen).
  const [recaptcha, setRecaptcha] = useState<HTMLDivElement | null>(null);
  const [answer, setAnswer] = useState<UnfinishedSignupAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [details, setDetails] = useState<SignupDraft | null>(null);
  const [mode, setMode] = useState<'code' | 'phone' | 'details'>('code');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [code, setCode] = useState('');
  const autoSent = useRef(false);
  const cooldown = useCooldown(codeSent && details && codeSent.phone === details.phone ? codeSent.at : null);
  const phoneLinked = unfinished?.phoneLinked ?? false;

  const load = () => {
    setLoadError(null);
    readSignUp().then(
      (read) => {
        setAnswer(read);
        setDetails(read.draft);
        if (!read.draft) setMode('details');
      },
      (err: unknown) => setLoadError(authErrorMessage(err, formatMessage(messages.loadFailed))),
    );
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the account on screen
  useEffect(load, [unfinished?.uid]);

  async function send(next: SignupDraft, check: boolean): Promise<boolean> {
    setError(null);
    setSending(true);
    try {
      if (!recaptcha) throw new Error('The form is not ready yet');
      await sendPhoneCode(next, recaptcha, { check });
      setDetails(next);
      setCode('');
      setMode('code');
      return true;
    } catch (err) {
      if (err instanceof PhoneTakenError) setError(phoneTakenMessage());
      else setError(sendErrorMessage(err));
      return false;
    } finally {
      setSending(false);
    }
  }

  // A sign-up taken up again: a new code goes to the number it gave (the one sent before is gone with
  // the page that asked for it).
  useEffect(() => {
    if (!details || !recaptcha || phoneLinked || autoSent.current || mode !== 'code') return;
    if (codeSent?.phone === details.phone) return;
    autoSent.current = true;
    void send(details, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [details, recaptcha, phoneLinked, mode]);

  async function verify(event: React.FormEvent) {
    event.preventDefault();
    if (!details) return;
    let checked: string | null = null;
    if (!phoneLinked) {
      const parsed = verificationCodeSchema.safeParse(code.trim());
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? formatMessage(messages.code));
        return;
      }
      checked = parsed.data;
    }
    setError(null);
    setVerifying(true);
    try {
      await finishSignUp(details, checked);
      onDone();
    } catch (err) {
      setError(authErrorMessage(err, formatMessage(messages.verifyFailed)));
    } finally {
      setVerifying(false);
    }
  }

  const email = answer?.email ?? unfinished?.email;
  const signOutLink = (
    <p className="text-center text-sm text-gray-600">
      {email ? <>{formatMessage(messages.finishingFor, { email })} </> : null}
      <button
        type="button"
        className="font-medium text-brand-700 hover:underline"
        onClick={() => void signOut().catch((err: unknown) => console.warn('Sign-out failed', err))}
      >
        {formatMessage(messages.notYou)}
      </button>
    </p>
  );

  if (loadError) {
    return (
      <div className="space-y-4" role="alert">
        <FormMessage kind="error">{loadError}</FormMessage>
        <Button variant="outline" onClick={load}>
          {formatMessage(messages.tryAgain)}
        </Button>
        {signOutLink}
      </div>
    );
  }
  if (!answer) {
    return (
      <div className="flex items-center justify-center gap-2 py-8 text-sm text-gray-600" role="status">
        <Spinner />
        {formatMessage(messages.loading)}
      </div>
    );
  }

  if (mode === 'details' || !details) {
    return (
      <DetailsForm
        initial={details}
        withPhone={!phoneLinked}
        busy={sending}
        error={error}
        captchaSlot={setRecaptcha}
        onSubmit={async (next) => {
          if (phoneLinked) {
            setDetails({ ...next, phone: answer.linkedPhone ?? next.phone });
            setMode('code');
            return;
          }
          await send(next, true);
        }}
        footer={signOutLink}
      />
    );
  }

  if (mode === 'phone') {
    return (
      <PhoneForm
        initial={details.phone}
        busy={sending}
        error={error}
        captchaSlot={setRecaptcha}
        onSubmit={(phone) => send({ ...details, phone }, true)}
        onCancel={() => {
          setError(null);
          setMode('code');
        }}
      />
    );
  }

  if (phoneLinked) {
    return (
      <form onSubmit={verify} noValidate className="space-y-4" aria-label={formatMessage(messages.finishForm)}>
        <p className="text-sm text-gray-700">{formatMessage(messages.phoneVerified)}</p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <Button type="submit" className="w-full" disabled={verifying}>
          {verifying ? <Spinner className="text-white" /> : null}
          {formatMessage(messages.finish)}
        </Button>
        {signOutLink}
      </form>
    );
  }

  const sent = codeSent?.phone === details.phone;
  // The message's text around the number (and the emulator's address), which are set apart.
  const [beforePhone, afterPhone] = formatMessage(messages.enterCode, { phone: MARK }).split(MARK);
  return (
    <form onSubmit={verify} noValidate className="space-y-4" aria-label={formatMessage(messages.verifyForm)}>
      <p className="text-sm text-gray-700">
        {beforePhone}
        <strong className="font-semibold text-gray-900">{details.phone}</strong>
        {afterPhone}
      </p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {sending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner /> {formatMessage(messages.sending)}
        </p>
      ) : null}
      <TextField
        label={formatMessage(messages.codeLabel)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="\d{6}"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
        autoFocus
      />
      <EmulatorCodesHint config={config} text={messages.devHint} title={formatMessage(messages.devHintTitle)} />
      <Button type="submit" className="w-full" disabled={code.length === 0 || verifying || !sent}>
        {verifying ? <Spinner className="text-white" /> : null}
        {formatMessage(messages.verify)}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          size="sm"
          disabled={sending || cooldown > 0}
          onClick={() => void send(details, false)}
        >
          {cooldown > 0 ? formatMessage(messages.resendIn, { seconds: cooldown }) : formatMessage(messages.resend)}
        </Button>
        <Button
          type="button"
          variant="link"
          size="sm"
          disabled={sending}
          onClick={() => {
            setError(null);
            setMode('phone');
          }}
        >
          {formatMessage(messages.changeNumber)}
        </Button>
      </div>
      <div ref={setRecaptcha} />
      {signOutLink}
    </form>
  );
}

function PhoneForm({
  initial,
  busy,
  error,
  captchaSlot,
  onSubmit,
  onCancel,
}: {
  initial: string;
  busy: boolean;
  error: string | null;
  captchaSlot: (element: HTMLDivElement | null) => void;
  onSubmit: (phone: string) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [phone, setPhone] = useState(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const taken = phoneTakenMessage();
  const fieldError = invalid ?? (error === taken ? error : undefined);
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={formatMessage(messages.phoneForm)}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = phoneSchema.safeParse(phone);
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message ?? formatMessage(messages.phoneInvalid));
          return;
        }
        setInvalid(null);
        void onSubmit(parsed.data);
      }}
    >
      <p className="text-sm text-gray-700">{formatMessage(messages.newCode)}</p>
      {error && error !== taken ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TextField
        label={formatMessage(messages.phone)}
        type="tel"
        autoComplete="tel"
        placeholder="+1 555 123 4567"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={fieldError}
        autoFocus
      />
      <div ref={captchaSlot} />
      <div className="flex gap-2">
        <Button type="submit" className="flex-1" disabled={busy}>
          {busy ? <Spinner className="text-white" /> : null}
          {formatMessage(messages.sendCode)}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {formatMessage(messages.cancel)}
        </Button>
      </div>
    </form>
  );
}

function DetailsForm({
  initial,
  withPhone,
  busy,
  error,
  captchaSlot,
  onSubmit,
  footer,
}: {
  initial: SignupDraft | null;
  withPhone: boolean;
  busy: boolean;
  error: string | null;
  captchaSlot: (element: HTMLDivElement | null) => void;
  onSubmit: (details: SignupDraft) => Promise<void>;
  footer: React.ReactNode;
}) {
  const [values, setValues] = useState<SignupDraft>(
    initial ?? { firstName: '', lastName: '', phone: `${DEFAULT_PHONE_PREFIX} `, role: 'renter' },
  );
  const [errors, setErrors] = useState<Partial<Record<keyof SignupDraft, string>>>({});
  const taken = phoneTakenMessage();
  const field = (key: 'firstName' | 'lastName' | 'phone') => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: errors[key] ?? (key === 'phone' && error === taken ? error : undefined),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label={formatMessage(messages.finishForm)}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = detailsSchema.safeParse(withPhone ? values : { ...values, phone: '+15550000000' });
        if (!parsed.success) {
          const next: typeof errors = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] as keyof SignupDraft;
            next[key] ??= issue.message;
          }
          setErrors(next);
          return;
        }
        setErrors({});
        void onSubmit(parsed.data);
      }}
    >
      <p className="text-sm text-gray-700">{formatMessage(messages.detailsMissing)}</p>
      {error && error !== taken ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={formatMessage(messages.firstName)} autoComplete="given-name" {...field('firstName')} />
        <TextField label={formatMessage(messages.lastName)} autoComplete="family-name" {...field('lastName')} />
      </div>
      {withPhone ? (
        <TextField
          label={formatMessage(messages.phone)}
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          {...field('phone')}
        />
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">{formatMessage(messages.iAm)}</legend>
        <div className="flex gap-6">
          {(['renter', 'agent'] as const).map((role) => (
            <label key={role} className="flex items-center gap-2 text-sm text-gray-800">
              <input
                type="radio"
                name="role"
                value={role}
                checked={values.role === role}
                onChange={() => setValues((v) => ({ ...v, role }))}
                className="size-4 accent-brand-700"
              />
              {formatMessage(role === 'renter' ? messages.renter : messages.agent)}
            </label>
          ))}
        </div>
      </fieldset>
      <div ref={captchaSlot} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Spinner className="text-white" /> : null}
        {formatMessage(withPhone ? messages.sendCode : messages.continue)}
      </Button>
      {footer}
    </form>
  );
}

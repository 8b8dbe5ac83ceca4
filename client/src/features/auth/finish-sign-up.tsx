import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_PHONE_PREFIX,
  PHONE_TAKEN_MESSAGE,
  phoneSchema,
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
import { PhoneTakenError } from './phone-taken';
import { useAuth } from './use-auth';

/** Seconds between two codes sent to a phone. */
export const RESEND_COOLDOWN_SECONDS = 30;

const detailsSchema = signUpSchema.pick({ firstName: true, lastName: true, phone: true, role: true });

/** A refusal of a send or a check, in words a person can act on. */
function sendErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return 'For your security, sign in again to use another number.';
  return authErrorMessage(err, 'The code could not be sent. Please try again.');
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
      (err: unknown) => setLoadError(authErrorMessage(err, 'Your sign-up could not be loaded.')),
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
      if (err instanceof PhoneTakenError) setError(PHONE_TAKEN_MESSAGE);
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
        setError(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code');
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
      setError(authErrorMessage(err, 'Failed to verify phone'));
    } finally {
      setVerifying(false);
    }
  }

  const signOutLink = (
    <p className="text-center text-sm text-gray-600">
      {(answer?.email ?? unfinished?.email) ? <>Finishing the sign-up of {answer?.email ?? unfinished?.email}. </> : null}
      <button
        type="button"
        className="font-medium text-brand-700 hover:underline"
        onClick={() => void signOut().catch((err: unknown) => console.warn('Sign-out failed', err))}
      >
        Not you? Sign out
      </button>
    </p>
  );

  if (loadError) {
    return (
      <div className="space-y-4" role="alert">
        <FormMessage kind="error">{loadError}</FormMessage>
        <Button variant="outline" onClick={load}>
          Try again
        </Button>
        {signOutLink}
      </div>
    );
  }
  if (!answer) {
    return (
      <div className="flex items-center justify-center gap-2 py-8 text-sm text-gray-600" role="status">
        <Spinner />
        Loading your sign-up…
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
      <form onSubmit={verify} noValidate className="space-y-4" aria-label="Finish your sign-up">
        <p className="text-sm text-gray-700">Your phone is verified. One step is left to create your account.</p>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <Button type="submit" className="w-full" disabled={verifying}>
          {verifying ? <Spinner className="text-white" /> : null}
          Finish Sign Up
        </Button>
        {signOutLink}
      </form>
    );
  }

  const sent = codeSent?.phone === details.phone;
  return (
    <form onSubmit={verify} noValidate className="space-y-4" aria-label="Verify your phone">
      <p className="text-sm text-gray-700">
        Enter the verification code sent to <strong className="font-semibold text-gray-900">{details.phone}</strong>
      </p>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      {sending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <Spinner /> Sending a code…
        </p>
      ) : null}
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
      <Button type="submit" className="w-full" disabled={code.length === 0 || verifying || !sent}>
        {verifying ? <Spinner className="text-white" /> : null}
        Verify &amp; Complete
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          size="sm"
          disabled={sending || cooldown > 0}
          onClick={() => void send(details, false)}
        >
          {cooldown > 0 ? `Resend code in ${cooldown} s` : 'Resend code'}
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
          Change number
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
  const fieldError = invalid ?? (error === PHONE_TAKEN_MESSAGE ? error : undefined);
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Change your phone number"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = phoneSchema.safeParse(phone);
        if (!parsed.success) {
          setInvalid(parsed.error.issues[0]?.message ?? 'Enter a valid phone number, e.g. +1 555 123 4567');
          return;
        }
        setInvalid(null);
        void onSubmit(parsed.data);
      }}
    >
      <p className="text-sm text-gray-700">We will send a new code to this number.</p>
      {error && error !== PHONE_TAKEN_MESSAGE ? <FormMessage kind="error">{error}</FormMessage> : null}
      <TextField
        label="Phone"
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
          Send code
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
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
  const field = (key: 'firstName' | 'lastName' | 'phone') => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value })),
    error: errors[key] ?? (key === 'phone' && error === PHONE_TAKEN_MESSAGE ? error : undefined),
  });
  return (
    <form
      noValidate
      className="space-y-4"
      aria-label="Finish your sign-up"
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
      <p className="text-sm text-gray-700">A few details are missing to finish your sign-up.</p>
      {error && error !== PHONE_TAKEN_MESSAGE ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      {withPhone ? (
        <TextField label="Phone" type="tel" autoComplete="tel" placeholder="+1 555 123 4567" {...field('phone')} />
      ) : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800">I am a:</legend>
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
              {role === 'renter' ? 'Renter' : 'Agent/Broker'}
            </label>
          ))}
        </div>
      </fieldset>
      <div ref={captchaSlot} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? <Spinner className="text-white" /> : null}
        {withPhone ? 'Send code' : 'Continue'}
      </Button>
      {footer}
    </form>
  );
}

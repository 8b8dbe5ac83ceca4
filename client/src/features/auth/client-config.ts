import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '@/lib/api';
import { defineMessages, formatMessage, type MessageDescriptor } from '@common/i18n/messages';

// The identity provider's refusals in the page's language (shown by the sign-in, sign-up, code and
// password reset screens: part 'auth' of the catalogues).
const messages = defineMessages({
  tooManyAttempts: { id: 'authError.tooManyAttempts', defaultMessage: 'Too many attempts. Please wait a minute and try again.' },
  wrongCredentials: { id: 'authError.wrongCredentials', defaultMessage: 'Incorrect e-mail or password.' },
  noAccount: { id: 'authError.noAccount', defaultMessage: 'No account uses this e-mail.' },
  invalidEmail: { id: 'authError.invalidEmail', defaultMessage: 'Enter a valid e-mail address.' },
  emailInUse: {
    id: 'authError.emailInUse',
    defaultMessage: 'An account with this e-mail already exists. Sign in to use it, or to finish signing up.',
  },
  weakPassword: { id: 'authError.weakPassword', defaultMessage: 'Password must be at least 6 characters.' },
  wrongCode: { id: 'authError.wrongCode', defaultMessage: 'That code is not right. Check it and try again.' },
  codeExpired: { id: 'authError.codeExpired', defaultMessage: 'That code has expired. Use Resend code to get a new one.' },
  phoneTaken: {
    id: 'authError.phoneTaken',
    defaultMessage: 'This phone number is already registered. Please use a different number.',
  },
  invalidPhone: { id: 'authError.invalidPhone', defaultMessage: 'Enter a valid phone number, e.g. +1 555 123 4567' },
  network: { id: 'authError.network', defaultMessage: 'Network error. Check your connection and try again.' },
  disabled: { id: 'authError.disabled', defaultMessage: 'This account has been disabled.' },
});

/** The provider's error codes the screens explain. */
const KNOWN: Record<string, MessageDescriptor> = {
  'auth/invalid-credential': messages.wrongCredentials,
  'auth/wrong-password': messages.wrongCredentials,
  'auth/user-not-found': messages.noAccount,
  'auth/invalid-email': messages.invalidEmail,
  'auth/email-already-in-use': messages.emailInUse,
  'auth/weak-password': messages.weakPassword,
  'auth/too-many-requests': messages.tooManyAttempts,
  'auth/invalid-verification-code': messages.wrongCode,
  'auth/code-expired': messages.codeExpired,
  'auth/credential-already-in-use': messages.phoneTaken,
  'auth/account-exists-with-different-credential': messages.phoneTaken,
  'auth/phone-number-already-exists': messages.phoneTaken,
  'auth/invalid-phone-number': messages.invalidPhone,
  'auth/network-request-failed': messages.network,
  'auth/user-disabled': messages.disabled,
};

/** What the server tells the browser about identity and maps (GET /api/client-config). */
export interface ClientConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** Set in development: the Firebase Auth emulator's base URL. */
  authEmulatorUrl: string | null;
  mapStyleUrl: string | null;
  /** SPEC part 7's optional token sync (TOKEN_SYNC_URL): see ./token-sync. */
  tokenSyncUrl: string | null;
  /** Set in development without SMTP: where the e-mails the app "sent" are read (/dev/outbox/). */
  outboxUrl?: string | null;
}

let configPromise: Promise<ClientConfig> | undefined;

export function loadClientConfig(): Promise<ClientConfig> {
  configPromise ??= apiFetch<ClientConfig>('/api/client-config').catch((err: unknown) => {
    configPromise = undefined;
    throw err;
  });
  return configPromise;
}

/** The client configuration once loaded (null before, or when the server cannot be reached). */
export function useClientConfig(): ClientConfig | null {
  const [config, setConfig] = useState<ClientConfig | null>(null);
  useEffect(() => {
    let cancelled = false;
    loadClientConfig()
      .then((loaded) => {
        if (!cancelled) setConfig(loaded);
      })
      .catch((err: unknown) => console.warn('Client configuration unavailable', err));
    return () => {
      cancelled = true;
    };
  }, []);
  return config;
}

/** Readable text for a Firebase Auth error (or a server refusal), or the fallback the spec names. */
export function authErrorMessage(err: unknown, fallback: string): string {
  // The server's own words for its limit (its texts are in English for now).
  if (err instanceof ApiError && err.status === 429) return err.serverMessage ?? formatMessage(messages.tooManyAttempts);
  const code = (err as { code?: string } | null)?.code ?? '';
  const known = Object.hasOwn(KNOWN, code) ? KNOWN[code] : undefined;
  return known ? formatMessage(known) : fallback;
}

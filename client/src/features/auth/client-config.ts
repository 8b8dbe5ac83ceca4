import { useEffect, useState } from 'react';
import { ApiError, apiFetch } from '@/lib/api';

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
  if (err instanceof ApiError && err.status === 429)
    return err.serverMessage ?? 'Too many attempts. Please wait a minute and try again.';
  const code = (err as { code?: string } | null)?.code ?? '';
  const known: Record<string, string> = {
    'auth/invalid-credential': 'Incorrect e-mail or password.',
    'auth/wrong-password': 'Incorrect e-mail or password.',
    'auth/user-not-found': 'No account uses this e-mail.',
    'auth/invalid-email': 'Enter a valid e-mail address.',
    'auth/email-already-in-use': 'An account with this e-mail already exists. Sign in to use it, or to finish signing up.',
    'auth/weak-password': 'Password must be at least 6 characters.',
    'auth/too-many-requests': 'Too many attempts. Please wait a minute and try again.',
    'auth/invalid-verification-code': 'That code is not right. Check it and try again.',
    'auth/code-expired': 'That code has expired. Use Resend code to get a new one.',
    'auth/credential-already-in-use': 'This phone number is already registered. Please use a different number.',
    'auth/account-exists-with-different-credential': 'This phone number is already registered. Please use a different number.',
    'auth/invalid-phone-number': 'Enter a valid phone number, e.g. +1 555 123 4567',
    'auth/network-request-failed': 'Network error. Check your connection and try again.',
    'auth/user-disabled': 'This account has been disabled.',
  };
  return known[code] ?? fallback;
}

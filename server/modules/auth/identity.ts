import fs from 'node:fs';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { Env } from '../../env.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { AppError } from '../../core/errors.js';
import { EMULATOR_PROJECT_ID } from './emulator.js';

/** What the server knows about a verified identity. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  phone: string | null;
  /** When the user last signed in (seconds since the epoch): revocation compares it. */
  authTime: number;
  /** When the credential stops being valid (seconds since the epoch). */
  expiresAt: number;
}

export interface WebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

/** Why a credential was refused: it expired, it was revoked (sign-out elsewhere), or it is not valid at all. */
export type RefusalReason = 'expired' | 'revoked' | 'invalid';

/** A credential the server refuses; it becomes UNAUTHENTICATED where a viewer is needed. */
export class CredentialRefused extends Error {
  constructor(
    public readonly reason: RefusalReason,
    private readonly said?: string,
  ) {
    super(said ?? refusalMessage(reason));
    this.name = 'CredentialRefused';
  }

  /** UNAUTHENTICATED, said in the language of the request it answers. */
  toAppError(): AppError {
    return new AppError('UNAUTHENTICATED', this.said ?? refusalMessage(this.reason));
  }
}

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  expired: { id: 'server.auth.sessionExpired', defaultMessage: 'Your session has expired. Please sign in again.' },
  revoked: { id: 'server.auth.sessionRevoked', defaultMessage: 'Your session was signed out. Please sign in again.' },
  invalid: { id: 'server.auth.invalidCredentials', defaultMessage: 'Invalid credentials. Please sign in again.' },
  providerUnavailable: { id: 'server.auth.providerUnavailable', defaultMessage: 'Sign-in service unavailable, try again' },
});

/** Why a credential was refused, in words for the person. */
export const refusalMessage = (reason: RefusalReason): string => formatMessage(messages[reason]);

/** What a request that needs a viewer answers while the identity provider cannot be reached. */
export const providerUnavailableMessage = (): string => formatMessage(messages.providerUnavailable);

/** The identity provider could not be reached: not a sign-out, a 503. */
export function providerUnavailable(cause?: unknown): AppError {
  const err = new AppError('SERVICE_UNAVAILABLE', providerUnavailableMessage());
  if (cause !== undefined) (err as Error & { cause?: unknown }).cause = cause;
  return err;
}

/** The state of an account that revocation checks read (one network call to the provider). */
export interface AccountTokenState {
  /** Credentials issued for a sign-in before this instant (ms) are revoked; 0 when never revoked. */
  validAfterMs: number;
  disabled: boolean;
}

/**
 * The identity provider (Firebase Auth through firebase-admin), in emulator mode or with a real
 * project.
 *
 * Verifying a credential (`verifyIdToken`, `verifySessionCookie`) makes no network call: the
 * signature and claims are checked locally (firebase-admin caches Google's public keys; emulator
 * tokens are unsigned and checked here, because firebase-admin would ask the emulator every time).
 * Revocation is a separate, explicit call (`accountTokenState`) that callers cache
 * (see revocation.ts). Errors are typed: `CredentialRefused` for a bad credential, an AppError
 * `SERVICE_UNAVAILABLE` when the provider cannot be reached.
 */
export interface IdentityProvider {
  mode: 'emulator' | 'firebase';
  projectId: string;
  webConfig: WebConfig;
  /** Base URL of the emulator for the browser SDK (connectAuthEmulator), null with a real project. */
  emulatorUrl: string | null;
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  verifySessionCookie(cookie: string): Promise<VerifiedIdentity>;
  /** Network call: when the user's credentials became invalid, and whether the account is disabled. Null: no such account. */
  accountTokenState(uid: string): Promise<AccountTokenState | null>;
  /** Network call: mints a session cookie from a recent ID token (the provider checks revocation itself). */
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  /** Network call: revokes every refresh token and session cookie of the user. */
  revokeSessions(uid: string): Promise<void>;
  /** Network call: removes the account (its e-mail, phone and password) for good; none is no error. */
  deleteAccount(uid: string): Promise<void>;
  phoneInUse(phone: string): Promise<boolean>;
  /** Network call: a one-time code that lets the holder choose a new password; null when no account uses the e-mail. */
  passwordResetCode(email: string): Promise<string | null>;
  /** Creates or updates an account with a known uid (demo accounts, tests). */
  upsertAccount(account: {
    uid: string;
    email: string;
    password: string;
    displayName: string;
    phone?: string | null;
  }): Promise<void>;
  close(): Promise<void>;
}

function code(err: unknown): string {
  return (err as { code?: string } | null)?.code ?? '';
}

/**
 * Whether an error of firebase-admin means "the provider could not be reached" (connection refused,
 * timeout, 5xx) rather than "the credential or account is bad".
 */
export function isProviderUnreachable(err: unknown): boolean {
  const c = code(err);
  if (c.startsWith('app/')) return true; // app/network-error, app/network-timeout, app/internal-error
  if (c === 'auth/internal-error') return true;
  const text = `${(err as Error | null)?.message ?? ''}`;
  return (
    /ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|socket hang up|network/i.test(text) &&
    !c.startsWith('auth/id-token') &&
    !c.startsWith('auth/session-cookie')
  );
}

/** Maps a local verification failure to a refusal. */
function refusal(err: unknown): CredentialRefused {
  const c = code(err);
  if (c.includes('expired')) return new CredentialRefused('expired');
  if (c.includes('revoked') || c === 'auth/user-disabled' || c === 'auth/user-not-found') return new CredentialRefused('revoked');
  return new CredentialRefused('invalid');
}

function toIdentity(t: DecodedIdToken): VerifiedIdentity {
  return { uid: t.uid, email: t.email ?? null, phone: t.phone_number ?? null, authTime: t.auth_time, expiresAt: t.exp };
}

// ---------------------------------------------------------------------------------------------------
// Emulator tokens: unsigned JWTs (alg "none"). firebase-admin checks revocation with a call to the
// emulator on EVERY verification in emulator mode, so they are verified here, with the same claim
// checks firebase-admin makes for signed tokens (audience, issuer, subject, times).
// ---------------------------------------------------------------------------------------------------

const CLOCK_SKEW_SECONDS = 5;

export function verifyEmulatorJwt(
  token: string,
  projectId: string,
  issuerPrefix: string,
  nowSeconds = Date.now() / 1000,
): DecodedIdToken {
  if (typeof token !== 'string' || token.length > 8192) throw new CredentialRefused('invalid');
  const parts = token.split('.');
  if (parts.length !== 3) throw new CredentialRefused('invalid');
  let header: { alg?: unknown };
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8')) as { alg?: unknown };
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new CredentialRefused('invalid');
  }
  if (!header || typeof header !== 'object' || !payload || typeof payload !== 'object') throw new CredentialRefused('invalid');
  const { aud, iss, sub, exp, iat, auth_time: authTime } = payload;
  if (aud !== projectId || iss !== `${issuerPrefix}${projectId}`) throw new CredentialRefused('invalid');
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw new CredentialRefused('invalid');
  if (typeof exp !== 'number' || typeof iat !== 'number' || typeof authTime !== 'number') throw new CredentialRefused('invalid');
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS || authTime > nowSeconds + CLOCK_SKEW_SECONDS) throw new CredentialRefused('invalid');
  if (exp <= nowSeconds) throw new CredentialRefused('expired');
  return { ...payload, uid: sub } as unknown as DecodedIdToken;
}

let appCount = 0;

function readServiceAccount(value: string): Record<string, string> {
  const text = value.trim().startsWith('{') ? value : fs.readFileSync(value, 'utf8');
  return JSON.parse(text) as Record<string, string>;
}

/**
 * @param emulatorHost host:port of the running emulator in emulator mode (firebase-admin reads
 *   FIREBASE_AUTH_EMULATOR_HOST from the process environment when the Auth instance is made, so it
 *   is set here, just before).
 */
export function createIdentityProvider(env: Env, emulatorHost: string | null): IdentityProvider {
  const emulator = env.authEmulator;
  const projectId = emulator ? (env.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID) : (env.FIREBASE_PROJECT_ID as string);
  if (emulator) {
    if (!emulatorHost) throw new Error('Emulator mode needs the emulator host');
    // firebase-admin switches to the emulator (and accepts its unsigned tokens) through this variable.
    // eslint-disable-next-line no-restricted-properties
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  }
  const app: App = initializeApp(
    emulator || !env.FIREBASE_SERVICE_ACCOUNT
      ? { projectId }
      : { projectId, credential: cert(readServiceAccount(env.FIREBASE_SERVICE_ACCOUNT)) },
    `nyc-rentals-${++appCount}`,
  );
  const auth: Auth = getAuth(app);

  /** A network call to the provider: unreachable → SERVICE_UNAVAILABLE; anything else is rethrown. */
  const remote = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (isProviderUnreachable(err)) throw providerUnavailable(err);
      throw err;
    }
  };

  const local = async (fn: () => Promise<DecodedIdToken> | DecodedIdToken): Promise<VerifiedIdentity> => {
    try {
      return toIdentity(await fn());
    } catch (err) {
      if (err instanceof CredentialRefused) throw err;
      // Fetching Google's public keys (real projects, rarely: they are cached) can fail too.
      if (isProviderUnreachable(err)) throw providerUnavailable(err);
      throw refusal(err);
    }
  };

  return {
    mode: emulator ? 'emulator' : 'firebase',
    projectId,
    emulatorUrl: emulator ? `http://${emulatorHost}` : null,
    webConfig: emulator
      ? { apiKey: 'demo-api-key', authDomain: `${projectId}.firebaseapp.com`, projectId }
      : {
          apiKey: env.FIREBASE_API_KEY as string,
          authDomain: env.FIREBASE_AUTH_DOMAIN as string,
          projectId,
          ...(env.FIREBASE_APP_ID ? { appId: env.FIREBASE_APP_ID } : {}),
        },
    verifyIdToken: (idToken) =>
      local(() =>
        emulator ? verifyEmulatorJwt(idToken, projectId, 'https://securetoken.google.com/') : auth.verifyIdToken(idToken, false),
      ),
    verifySessionCookie: (cookie) =>
      local(() =>
        emulator
          ? verifyEmulatorJwt(cookie, projectId, 'https://session.firebase.google.com/')
          : auth.verifySessionCookie(cookie, false),
      ),
    accountTokenState: (uid) =>
      remote(async () => {
        try {
          const user = await auth.getUser(uid);
          return { validAfterMs: user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0, disabled: user.disabled };
        } catch (err) {
          if (code(err) === 'auth/user-not-found') return null;
          throw err;
        }
      }),
    createSessionCookie: (idToken, expiresIn) =>
      remote(async () => {
        try {
          return await auth.createSessionCookie(idToken, { expiresIn });
        } catch (err) {
          if (isProviderUnreachable(err)) throw err;
          throw refusal(err);
        }
      }),
    revokeSessions: (uid) => remote(() => auth.revokeRefreshTokens(uid)),
    deleteAccount: (uid) =>
      remote(async () => {
        try {
          await auth.deleteUser(uid);
        } catch (err) {
          if (code(err) !== 'auth/user-not-found') throw err;
        }
      }),
    phoneInUse: (phone) =>
      remote(async () => {
        try {
          await auth.getUserByPhoneNumber(phone);
          return true;
        } catch (err) {
          if (code(err) === 'auth/user-not-found') return false;
          throw err;
        }
      }),
    passwordResetCode: (email) =>
      remote(async () => {
        let link: string;
        try {
          link = await auth.generatePasswordResetLink(email);
        } catch (err) {
          if (code(err) === 'auth/user-not-found' || code(err) === 'auth/email-not-found') return null;
          throw err;
        }
        // The provider's own link goes to its action page; the app mails a link to its own page.
        return new URL(link).searchParams.get('oobCode');
      }),
    async upsertAccount(a) {
      const props = {
        email: a.email,
        password: a.password,
        displayName: a.displayName,
        emailVerified: true,
        ...(a.phone ? { phoneNumber: a.phone } : {}),
      };
      // The emulator may still be importing its saved accounts when it says it is ready: an update
      // can miss an account that a create then finds (a second `npm start` once stopped on
      // 'auth/uid-already-exists'), so the two are tried again, in turn, a few times.
      for (let attempt = 1; ; attempt++) {
        try {
          await auth.updateUser(a.uid, props);
          return;
        } catch (err) {
          if (code(err) !== 'auth/user-not-found') throw err;
        }
        try {
          await auth.createUser({ uid: a.uid, ...props });
          return;
        } catch (err) {
          if (code(err) !== 'auth/uid-already-exists' || attempt >= 5) throw err;
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    },
    close: () => deleteApp(app),
  };
}

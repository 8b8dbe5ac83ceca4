import fs from 'node:fs';
import { cert, deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import type { Env } from '../../env.js';
import { AppError } from '../../graphql/errors.js';
import { EMULATOR_PROJECT_ID } from './emulator.js';

/** What the server knows about a verified identity. */
export interface VerifiedIdentity {
  uid: string;
  email: string | null;
  phone: string | null;
  /** When the user last signed in (seconds since the epoch). */
  authTime: number;
}

export interface WebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

/**
 * The identity provider (Firebase Auth through firebase-admin), in emulator mode or with a real
 * project. Every failure to verify a credential becomes UNAUTHENTICATED, never a crash.
 */
export interface IdentityProvider {
  mode: 'emulator' | 'firebase';
  projectId: string;
  webConfig: WebConfig;
  /** Base URL of the emulator for the browser SDK (connectAuthEmulator), null with a real project. */
  emulatorUrl: string | null;
  verifyIdToken(idToken: string): Promise<VerifiedIdentity>;
  createSessionCookie(idToken: string, expiresInMs: number): Promise<string>;
  verifySessionCookie(cookie: string): Promise<VerifiedIdentity>;
  revokeSessions(uid: string): Promise<void>;
  phoneInUse(phone: string): Promise<boolean>;
  /** Creates or updates an account with a known uid (demo accounts, tests). */
  upsertAccount(account: { uid: string; email: string; password: string; displayName: string; phone?: string | null }): Promise<void>;
  close(): Promise<void>;
}

const UNAUTH_CODES = new Set([
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/session-cookie-expired',
  'auth/session-cookie-revoked',
  'auth/argument-error',
  'auth/invalid-id-token',
  'auth/invalid-session-cookie-duration',
  'auth/user-disabled',
  'auth/user-not-found',
  'auth/invalid-credential',
]);

function unauthenticated(err: unknown): AppError {
  const code = (err as { code?: string }).code ?? '';
  const message = code.includes('expired')
    ? 'Your session has expired. Please sign in again.'
    : code.includes('revoked')
      ? 'Your session was signed out. Please sign in again.'
      : 'Invalid credentials. Please sign in again.';
  return new AppError('UNAUTHENTICATED', message);
}

function toIdentity(t: DecodedIdToken): VerifiedIdentity {
  return { uid: t.uid, email: t.email ?? null, phone: t.phone_number ?? null, authTime: t.auth_time };
}

let appCount = 0;

function readServiceAccount(value: string): Record<string, string> {
  const text = value.trim().startsWith('{') ? value : fs.readFileSync(value, 'utf8');
  return JSON.parse(text) as Record<string, string>;
}

/**
 * @param emulatorHost host:port of the running emulator in emulator mode (firebase-admin reads
 *   FIREBASE_AUTH_EMULATOR_HOST from the process environment, so it is set here).
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

  const verify = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (UNAUTH_CODES.has(code) || code.startsWith('auth/')) throw unauthenticated(err);
      throw err;
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
    verifyIdToken: (idToken) => verify(async () => toIdentity(await auth.verifyIdToken(idToken, true))),
    createSessionCookie: (idToken, expiresIn) => verify(() => auth.createSessionCookie(idToken, { expiresIn })),
    verifySessionCookie: (cookie) => verify(async () => toIdentity(await auth.verifySessionCookie(cookie, true))),
    revokeSessions: (uid) => auth.revokeRefreshTokens(uid),
    async phoneInUse(phone) {
      try {
        await auth.getUserByPhoneNumber(phone);
        return true;
      } catch (err) {
        if ((err as { code?: string }).code === 'auth/user-not-found') return false;
        throw err;
      }
    },
    async upsertAccount(a) {
      const props = { email: a.email, password: a.password, displayName: a.displayName, emailVerified: true, ...(a.phone ? { phoneNumber: a.phone } : {}) };
      try {
        await auth.updateUser(a.uid, props);
      } catch (err) {
        if ((err as { code?: string }).code !== 'auth/user-not-found') throw err;
        await auth.createUser({ uid: a.uid, ...props });
      }
    },
    close: () => deleteApp(app),
  };
}

// Accounts for the browser tests, made through the real APIs: the Auth emulator's REST API (as the
// Firebase web SDK calls it) and the app's own /api/auth routes. (tests/setup/identity.ts has the
// integration-test twins; it reads vitest's inject, so it is not imported here.)
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { BrowserContext } from '@playwright/test';
import { EMULATOR, PROJECT } from './auth-helpers.js';

export const API_KEY = 'demo-api-key';
/** Where the Firebase web SDK keeps the signed-in user (indexedDBLocalPersistence). */
export const FIREBASE_DB = 'firebaseLocalStorageDb';
export const FIREBASE_STORE = 'firebaseLocalStorage';
export const FIREBASE_USER_KEY = `firebase:authUser:${API_KEY}:[DEFAULT]`;

export interface Account {
  email: string;
  password: string;
  /** The name the header shows ('Account menu for {name}'). */
  name: string;
}

export interface NewAccount extends Account {
  uid: string;
  firstName: string;
  lastName: string;
  phone: string;
}

interface TokenAnswer {
  localId: string;
  idToken: string;
  refreshToken: string;
  expiresIn: string;
}

async function identityToolkit<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`Auth emulator ${method} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Signs in by e-mail and password, as the web SDK does. */
export function emulatorSignIn(account: { email: string; password: string }): Promise<TokenAnswer> {
  return identityToolkit<TokenAnswer>('signInWithPassword', { ...account, returnSecureToken: true });
}

/** The last code the emulator sent to `phone` (a screen's 'Send code'), waiting for it briefly. */
export async function codeSentTo(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const codes = (await (await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`)).json()) as {
      verificationCodes: Array<{ phoneNumber: string; code: string }>;
    };
    const code = codes.verificationCodes.filter((c) => c.phoneNumber === phone).at(-1)?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification code sent to ${phone}`);
}

let counter = 0;

/** A phone number no one else has (the seed's are +1555555….). */
export function freshPhone(): string {
  counter += 1;
  const digits = `${(Date.now() + counter * 7919) % 1_000_000}`.padStart(6, '0');
  return `+15552${digits}`;
}

// Each new account signs up from a loopback address of its own (127.0.0.2 …), as people sign up from
// their own devices: the server's real limit of 10 sign-up completions a minute per address holds, and
// a suite that makes dozens of accounts a minute does not run into it.
let addressSeq = Math.floor(Math.random() * 200);
function nextLoopbackAddress(): string {
  addressSeq = (addressSeq + 1) % 250;
  return `127.0.0.${addressSeq + 2}`;
}

/** POSTs JSON over node:http from the next loopback source address (fetch cannot choose one). */
export function postFromOwnAddress(
  url: URL,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress: nextLoopbackAddress(),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A new renter (or, with `role: 'agent'`, an agent with an empty agent profile), made like the
 * sign-up screen makes one: the identity account (e-mail + password,
 * display name), the phone linked by the SMS-code flow (code read from the emulator), then
 * `POST /api/auth/complete-signup`. Needs the app's origin (`baseURL`).
 */
export async function createRenter(
  baseURL: string,
  opts: { firstName?: string; lastName?: string; role?: 'renter' | 'agent' } = {},
): Promise<NewAccount> {
  const id = randomUUID().slice(0, 8);
  const role = opts.role ?? 'renter';
  const firstName = opts.firstName ?? 'Robin';
  const lastName = opts.lastName ?? `Tester${id.replace(/[^a-z]/g, '').slice(0, 4) || 'x'}`;
  const email = `${role}-${id}@e2e.example.com`;
  const password = `pw-${randomUUID()}`;
  const phone = freshPhone();

  const created = await identityToolkit<TokenAnswer>('signUp', { email, password, returnSecureToken: true });
  await identityToolkit('update', { idToken: created.idToken, displayName: `${firstName} ${lastName}`, returnSecureToken: true });

  const { sessionInfo } = await identityToolkit<{ sessionInfo: string }>('sendVerificationCode', {
    phoneNumber: phone,
    recaptchaToken: 'ignored-by-the-emulator',
  });
  const codes = (await (await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`)).json()) as {
    verificationCodes: Array<{ phoneNumber: string; code: string; sessionInfo: string }>;
  };
  const code = codes.verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
  if (!code) throw new Error(`no verification code for ${phone}`);
  const linked = await identityToolkit<TokenAnswer>('signInWithPhoneNumber', { idToken: created.idToken, sessionInfo, code });

  const res = await postFromOwnAddress(
    new URL('/api/auth/complete-signup', baseURL),
    { authorization: `Bearer ${linked.idToken}` },
    { uid: created.localId, firstName, lastName, email, phone, role },
  );
  if (res.status >= 300) throw new Error(`complete-signup answered ${res.status}: ${res.text}`);
  return { uid: created.localId, email, password, phone, firstName, lastName, name: `${firstName} ${lastName}` };
}

interface LookupAnswer {
  users: Array<{
    localId: string;
    email?: string;
    emailVerified?: boolean;
    displayName?: string;
    photoUrl?: string;
    phoneNumber?: string;
    createdAt?: string;
    lastLoginAt?: string;
    providerUserInfo?: Array<{
      providerId: string;
      rawId?: string;
      federatedId?: string;
      email?: string;
      displayName?: string;
      photoUrl?: string;
      phoneNumber?: string;
    }>;
  }>;
}

/** The persisted user exactly as the web SDK writes it (UserImpl.toJSON, checked by UserImpl._fromJSON). */
async function persistedUser(tokens: TokenAnswer) {
  const { users } = await identityToolkit<LookupAnswer>('lookup', { idToken: tokens.idToken });
  const user = users[0];
  if (!user) throw new Error('the emulator does not know the account just signed in');
  const optional = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  return {
    uid: user.localId,
    email: optional(user.email),
    emailVerified: user.emailVerified ?? false,
    displayName: optional(user.displayName),
    isAnonymous: false,
    photoURL: optional(user.photoUrl),
    phoneNumber: optional(user.phoneNumber),
    providerData: (user.providerUserInfo ?? []).map((info) => ({
      providerId: info.providerId,
      uid: info.rawId ?? info.federatedId ?? '',
      displayName: info.displayName ?? null,
      email: info.email ?? null,
      phoneNumber: info.phoneNumber ?? null,
      photoURL: info.photoUrl ?? null,
    })),
    stsTokenManager: {
      refreshToken: tokens.refreshToken,
      accessToken: tokens.idToken,
      expirationTime: Date.now() + Number(tokens.expiresIn) * 1000,
    },
    createdAt: user.createdAt,
    lastLoginAt: user.lastLoginAt,
    apiKey: API_KEY,
    appName: '[DEFAULT]',
  };
}

/**
 * Signs `account` in on a browser context without the sign-in form: the emulator's REST sign-in,
 * then the server session (`POST /api/auth/session`, so the httpOnly `session` cookie lands in the
 * context), then the web SDK's persisted user written into the origin's IndexedDB before the app
 * loads. The next page of the context opens signed in.
 */
export async function signInContext(context: BrowserContext, baseURL: string, account: { email: string; password: string }) {
  const tokens = await emulatorSignIn(account);
  const origin = new URL(baseURL).origin;
  const session = await context.request.post(new URL('/api/auth/session', baseURL).toString(), {
    data: { idToken: tokens.idToken },
    headers: { origin },
  });
  if (!session.ok()) throw new Error(`POST /api/auth/session answered ${session.status()}: ${await session.text()}`);

  const value = await persistedUser(tokens);
  const page = await context.newPage();
  try {
    // Any page of the origin will do; /healthz loads no app code (which would read the store first).
    await page.goto(new URL('/healthz', baseURL).toString());
    await page.evaluate(
      async ({ dbName, storeName, key, user }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(dbName, 1);
          request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'fbase_key' });
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error ?? new Error('indexedDB.open failed'));
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(storeName, 'readwrite');
          tx.objectStore(storeName).put({ fbase_key: key, value: user });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('indexedDB write failed'));
        });
        db.close();
      },
      { dbName: FIREBASE_DB, storeName: FIREBASE_STORE, key: FIREBASE_USER_KEY, user: value },
    );
  } finally {
    await page.close();
  }
}

import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { loadEnv } from '../../server/env.js';
import { EMULATOR_PROJECT_ID } from '../../server/modules/auth/emulator.js';
import { createIdentityProvider, type IdentityProvider } from '../../server/modules/auth/identity.js';

/** The identity provider of the tests: the run's Firebase Auth emulator (tests/setup/global-setup.ts). */
export function testIdentity(): IdentityProvider {
  return createIdentityProvider(loadEnv({ NODE_ENV: 'test' }), inject('authEmulatorHost'));
}

export function emulatorUrl(p: string): string {
  return `http://${inject('authEmulatorHost')}${p}`;
}

interface SignedIn {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

/** Creates an account in the emulator through its REST API (as the browser SDK would) and signs in. */
export async function signUpInEmulator(opts: { email?: string; password?: string } = {}): Promise<SignedIn> {
  const email = opts.email ?? `u-${randomUUID().slice(0, 8)}@example.com`;
  const password = opts.password ?? 'password-123';
  const res = await fetch(emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId: string; idToken: string; refreshToken: string };
  if (!res.ok) throw new Error(`emulator signUp failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, password, idToken: body.idToken, refreshToken: body.refreshToken };
}

export async function signInInEmulator(email: string, password: string): Promise<{ idToken: string; uid: string }> {
  const res = await fetch(emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { localId: string; idToken: string };
  if (!res.ok) throw new Error(`emulator signIn failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, idToken: body.idToken };
}

/** Links a phone number to an emulator account by the SMS-code flow (code read from the emulator). */
export async function linkPhoneInEmulator(idToken: string, phone: string): Promise<string> {
  const send = await fetch(emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=demo-api-key'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phoneNumber: phone, recaptchaToken: 'ignored' }),
  });
  const { sessionInfo } = (await send.json()) as { sessionInfo: string };
  const codes = (await (await fetch(emulatorUrl(`/emulator/v1/projects/${EMULATOR_PROJECT_ID}/verificationCodes`))).json()) as {
    verificationCodes: Array<{ phoneNumber: string; code: string; sessionInfo: string }>;
  };
  const code = codes.verificationCodes.find((c) => c.sessionInfo === sessionInfo)?.code;
  const link = await fetch(emulatorUrl('/identitytoolkit.googleapis.com/v1/accounts:signInWithPhoneNumber?key=demo-api-key'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken, sessionInfo, code }),
  });
  const body = (await link.json()) as { idToken: string };
  if (!link.ok) throw new Error(`emulator phone link failed: ${JSON.stringify(body)}`);
  return body.idToken;
}

/** An unsigned emulator-style token with chosen claims (for expired/forged cases). */
export function craftToken(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

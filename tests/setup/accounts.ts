import type { PrismaClient } from '../../server/db/client.js';
import { completeSignup } from '../../server/modules/auth/auth.service.js';
import { linkPhoneInEmulator, signUpInEmulator } from './identity.js';

let phoneSeq = 0;
/** A phone number no other test account uses. */
export const uniquePhone = () => `+1557${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneSeq++ % 10}`.slice(0, 12);

export interface TestAccount {
  uid: string;
  email: string;
  password: string;
  /** An ID token with the phone linked; send it as `authorization: Bearer …`. */
  idToken: string;
  phone: string;
  bearer: { authorization: string };
}

/**
 * A completed account: signed up in the Auth emulator with a phone linked by code (as the browser
 * does), and its user row made by the sign-up service (agents get an agent profile).
 */
export async function createAccount(
  prisma: PrismaClient,
  role: 'renter' | 'agent' = 'renter',
  names = { firstName: 'Test', lastName: 'Person' },
): Promise<TestAccount> {
  const acc = await signUpInEmulator();
  const phone = uniquePhone();
  const idToken = await linkPhoneInEmulator(acc.idToken, phone);
  await completeSignup(
    prisma,
    { uid: acc.uid, email: acc.email, phone, authTime: 0, expiresAt: 0 },
    { uid: acc.uid, ...names, email: acc.email, phone, role },
  );
  return {
    uid: acc.uid,
    email: acc.email,
    password: acc.password,
    idToken,
    phone,
    bearer: { authorization: `Bearer ${idToken}` },
  };
}

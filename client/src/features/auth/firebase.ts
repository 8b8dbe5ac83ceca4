// Everything that needs the Firebase Auth SDK. This module is loaded with a dynamic import() only
// when identity needs it (sign-in, sign-up, password reset, a refused session, a user stored by the
// SDK without a server session): a returning visitor's session comes from the server's cookie
// (docs/decisions/0023). Import it only as `import('./firebase')`.
import { initializeApp, type FirebaseApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  getAuth,
  linkWithPhoneNumber,
  PhoneAuthProvider,
  reauthenticateWithCredential,
  onIdTokenChanged,
  RecaptchaVerifier,
  confirmPasswordReset,
  verifyPasswordResetCode,
  setPersistence,
  signInWithEmailAndPassword,
  signOut,
  updatePhoneNumber,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { loadClientConfig, type ClientConfig } from './client-config';

export {
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  linkWithPhoneNumber,
  PhoneAuthProvider,
  reauthenticateWithCredential,
  updatePhoneNumber,
  onIdTokenChanged,
  RecaptchaVerifier,
  confirmPasswordReset,
  verifyPasswordResetCode,
  signInWithEmailAndPassword,
  signOut,
  updateProfile,
};
export type { Auth, User };
export type { ConfirmationResult } from 'firebase/auth';

let authPromise: Promise<{ auth: Auth; config: ClientConfig }> | undefined;

/** The Firebase Auth instance, connected to the emulator when the server runs one. */
export function getFirebaseAuth(): Promise<{ auth: Auth; config: ClientConfig }> {
  authPromise ??= (async () => {
    const config = await loadClientConfig();
    const app: FirebaseApp = initializeApp(config.firebase);
    const auth = getAuth(app);
    if (config.authEmulatorUrl) {
      connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
      // The emulator's mock reCAPTCHA: nothing is fetched from outside.
      auth.settings.appVerificationDisabledForTesting = true;
    }
    await setPersistence(auth, browserLocalPersistence);
    return { auth, config };
  })().catch((err: unknown) => {
    authPromise = undefined;
    throw err;
  });
  return authPromise;
}

import { useQuery } from '@/lib/apollo/use-query';
import { createContext, startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { SignupDraft, UnfinishedSignupAnswer } from '@common/auth';
import { graphql } from '@/gql';
import { apiFetch } from '@/lib/api';
import { apolloClient, restartSubscriptions, setSessionHandlers, type RefreshOutcome } from '@/lib/apollo/client';
import { PhoneTakenError } from './phone-taken';
import { isLocale, type Locale } from '@common/i18n/locales';
import { hasPersistedFirebaseUser } from './persisted-user';

// Identity without the identity SDK on the first paint (docs/decisions/0023). A returning visitor's
// session is the server's httpOnly `session` cookie: the `me` query, sent with the cookie alone, says
// who is signed in, and every request and the subscription socket carry that cookie. The Firebase
// Auth SDK (./firebase, about 35 KB gzip) is loaded with import() only when identity needs it:
// signing in or up, a password reset, signing out (to clear what it stored), a refused session (a
// fresh ID token, once), or a user the SDK stored in this browser without a server session (an
// expired cookie, an outage). Once loaded, its ID token goes with every request, as before.

export const MeQuery = graphql(`
  query Me {
    me {
      id
      email
      firstName
      lastName
      displayName
      photoUrl
      phone
      role
      locale
      agent {
        id
      }
    }
  }
`);

/** The signed-in person as screens see it. */
export interface AuthUser {
  uid: string;
  displayName: string;
  email: string | null;
  photoUrl: string | null;
  role: 'RENTER' | 'AGENT' | 'ADMIN' | null;
  agentId: string | null;
  /** The interface's language the account chose (issue 29), null: none. */
  locale: Locale | null;
}

export interface SignUpStart extends SignupDraft {
  email: string;
  password: string;
}

/**
 * An account whose sign-up is not finished (issue 24 item 1): it exists with the identity provider
 * but its phone is not verified, or its profile was not made. It is not signed in to the app: the
 * header says so and /auth takes up the code step again.
 */
export interface UnfinishedAccount {
  uid: string;
  email: string | null;
  /** The phone is verified already; only the profile is missing. */
  phoneLinked: boolean;
}

/** The last code sent in this page: to which number, and when (the resend cooldown counts from it). */
export interface CodeSent {
  phone: string;
  at: number;
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** True until it is known whether someone is signed in (the server's answer, or the identity SDK's). */
  loading: boolean;
  /** A sign-up to finish, or null. */
  unfinished: UnfinishedAccount | null;
  /** Signs in; an account whose sign-up is unfinished becomes `unfinished` instead of signed in. */
  signIn(email: string, password: string): Promise<{ unfinished: boolean }>;
  /** Creates the account, checks the phone and sends its code; the account is then `unfinished`. */
  startSignUp(input: SignUpStart, recaptchaContainer: HTMLElement): Promise<void>;
  /** What the unfinished account gave at sign-up, as the server kept it. */
  readSignUp(): Promise<UnfinishedSignupAnswer>;
  /** Sends a code to this phone (a number other than the one kept is checked first). */
  sendPhoneCode(details: SignupDraft, recaptchaContainer: HTMLElement, opts: { check: boolean }): Promise<void>;
  codeSent: CodeSent | null;
  /** Confirms the code sent last (unless the phone is linked already) and finishes the sign-up. */
  finishSignUp(details: SignupDraft, code: string | null): Promise<void>;
  /**
   * A new phone for the signed-in account (issue 59 item 6): the password is asked again (a phone
   * recovers an account), then a code is sent to the new number.
   */
  sendPhoneChangeCode(input: { email: string; password: string; phone: string }, recaptchaContainer: HTMLElement): Promise<void>;
  /** Confirms the new phone's code: the identity provider links it and the session carries it. Answers the phone. */
  confirmPhoneChange(code: string): Promise<string>;
  signOut(): Promise<void>;
  /** Asks the server to e-mail a link to /reset-password (the same answer whether or not the account exists). */
  sendPasswordReset(email: string): Promise<void>;
  /** The e-mail of the account a reset link's code is for; the provider's error when it is not valid. */
  checkPasswordResetCode(code: string): Promise<string>;
  /** Sets the new password with a reset link's code. */
  resetPassword(code: string, password: string): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

type FirebaseModule = typeof import('./firebase');
type FirebaseUser = import('./firebase').User;
interface LoadedFirebase {
  sdk: FirebaseModule;
  auth: import('./firebase').Auth;
}

/** Firebase errors that mean "no answer", not "refused": they must not sign anyone out. */
const UNREACHABLE_CODES = new Set([
  'auth/network-request-failed',
  'auth/internal-error',
  'auth/too-many-requests',
  'auth/timeout',
]);

/** Forces a new ID token and says how it went (issue 7 point 3: only a refusal ends the session). */
async function forceRefresh({ auth }: LoadedFirebase): Promise<RefreshOutcome> {
  const current = auth.currentUser;
  if (!current) return 'signed-out';
  try {
    await current.getIdToken(true);
    return 'refreshed';
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('auth/') && !UNREACHABLE_CODES.has(code)) return 'refused';
    console.warn('Refreshing the sign-in failed; staying signed in.', err);
    return 'unreachable';
  }
}

/**
 * The optional token sync (SPEC part 7, ./token-sync), loaded only when used. Never awaited by a
 * sign-in or sign-out and never throws: its failures are logged there.
 */
function syncToken(call: (sync: import('./token-sync').TokenSync) => unknown) {
  import('./token-sync')
    .then(({ tokenSync }) => call(tokenSync))
    .catch((err: unknown) => console.warn('Token sync unavailable', err));
}

/**
 * On sign-in the client establishes the server session (SPEC part 7: /api/auth/session and
 * /api/token), then hands the token to the optional token sync.
 */
async function establishSession(user: FirebaseUser): Promise<{ profile: boolean }> {
  const idToken = await user.getIdToken();
  const session = await apiFetch<{ profile: boolean }>('/api/auth/session', { body: { idToken } });
  await apiFetch('/api/token', { method: 'POST', token: idToken });
  syncToken((sync) => sync.signedIn(user.uid, idToken));
  return session;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The identity SDK's user, once the SDK is loaded (null before, or when it has none).
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null>(null);
  // Bumped at each of the SDK's events: its user object stays the same when its phone is linked.
  const [identityVersion, setIdentityVersion] = useState(0);
  // A sign-up in its steps: 'creating' until its code is sent, 'finishing' while it completes.
  const [signUpStage, setSignUpStage] = useState<'idle' | 'creating' | 'finishing'>('idle');
  // An account signed in with its phone linked but no profile here (a sign-up cut after the code).
  const [profileMissing, setProfileMissing] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState<CodeSent | null>(null);
  const confirmationRef = useRef<{ phone: string; result: import('./firebase').ConfirmationResult } | null>(null);
  // Whether the server's cookie may still identify this page: false after a sign-out or an ended session.
  const [cookieSession, setCookieSession] = useState(true);
  const cookieSessionRef = useRef(true);
  // Whether the server's last `me` answer named someone (the cookie identifies the page).
  const cookieUserRef = useRef(false);
  // 'checking' until the first `me` answer; 'restoring' while the SDK restores a user it stored.
  const [phase, setPhase] = useState<'checking' | 'restoring' | 'ready'>('checking');
  const firebaseRef = useRef<Promise<LoadedFirebase> | null>(null);
  const loadedRef = useRef<LoadedFirebase | null>(null);
  const uidRef = useRef<string | null>(null);

  const endCookieSession = useCallback(() => {
    cookieSessionRef.current = false;
    setCookieSession(false);
  }, []);

  /** Loads the identity SDK once; resolves when it has said who it has stored (its first event). */
  const ensureFirebase = useCallback((): Promise<LoadedFirebase> => {
    firebaseRef.current ??= (async () => {
      const sdk = await import('./firebase');
      const { auth } = await sdk.getFirebaseAuth();
      const loaded: LoadedFirebase = { sdk, auth };
      await new Promise<void>((resolve) => {
        let first = true;
        sdk.onIdTokenChanged(auth, (u) => {
          const uid = u?.uid ?? null;
          const changed = uid !== uidRef.current;
          uidRef.current = uid;
          setFirebaseUser(u);
          setIdentityVersion((v) => v + 1);
          const wasFirst = first;
          if (first) {
            first = false;
            loadedRef.current = loaded;
            resolve();
          }
          // A different person: refetch everything under their identity, on a new socket (its
          // connection parameters carry the new token). The first event restores the user the SDK
          // stored: usually the one the session cookie already identified (no change), else the page
          // and its socket, opened without an identity, start again with this one.
          if (changed && !(wasFirst && uid === null)) {
            restartSubscriptions();
            void apolloClient.resetStore().catch(() => undefined);
          }
          // The token sync follows the user it was given: a stored user restored now, or a new
          // token (a refresh) of the same user.
          if (u && wasFirst) syncToken((sync) => sync.restored(u.uid));
          else if (u && !changed) {
            void u
              .getIdToken()
              .then((token) => syncToken((sync) => sync.tokenChanged(u.uid, token)))
              .catch(() => undefined);
          }
        });
      });
      return loaded;
    })().catch((err: unknown) => {
      firebaseRef.current = null;
      throw err;
    });
    return firebaseRef.current;
  }, []);

  useEffect(() => {
    setSessionHandlers({
      // A token only once the SDK is loaded and has a user; until then the cookie identifies the page.
      getToken: async () => loadedRef.current?.auth.currentUser?.getIdToken() ?? null,
      // Only after the server refused what was sent: worth loading the SDK for.
      refreshToken: async () => forceRefresh(await ensureFirebase()),
      // The server refused this identity for good: sign out here only, and reload the page's data as
      // a signed-out visitor (the id-token listener does that when the SDK had a user).
      endSession: async () => {
        endCookieSession();
        const loaded = loadedRef.current;
        if (loaded?.auth.currentUser) {
          await loaded.sdk.signOut(loaded.auth);
        } else {
          restartSubscriptions();
          await apolloClient.resetStore().catch(() => undefined);
        }
      },
      hasCookieSession: () => cookieSessionRef.current && cookieUserRef.current && !loadedRef.current?.auth.currentUser,
    });
    return () => setSessionHandlers(null);
  }, [ensureFirebase, endCookieSession]);

  // Sent with the session cookie (and a token once the SDK has a user): the server says who this is.
  const me = useQuery(MeQuery, { fetchPolicy: 'cache-first' });
  const profile = me.data?.me ?? null;
  const answered = !me.loading || me.data !== undefined;
  useEffect(() => {
    cookieUserRef.current = Boolean(profile);
  }, [profile]);

  useEffect(() => {
    if (phase !== 'checking' || !answered) return;
    // The end of 'checking' changes what every card and the header show; as a transition it does
    // not force the rest of a server-rendered page to hydrate in one long task
    // (docs/decisions/0035-server-rendering.md).
    const ready = () => startTransition(() => setPhase('ready'));
    if (profile) {
      uidRef.current = profile.id;
      ready();
      return;
    }
    // No session on the server (none, an expired cookie, or it could not be checked): a user the
    // SDK stored in this browser is restored as before; a visitor who never signed in loads nothing.
    let cancelled = false;
    void hasPersistedFirebaseUser().then(async (stored) => {
      if (cancelled) return;
      if (!stored) {
        ready();
        return;
      }
      setPhase('restoring');
      try {
        await ensureFirebase();
      } catch (err) {
        console.warn('Identity provider unavailable; continuing signed out.', err);
      }
      ready();
    });
    return () => {
      cancelled = true;
    };
  }, [phase, answered, profile, ensureFirebase]);

  const unfinished = useMemo<UnfinishedAccount | null>(() => {
    if (!firebaseUser || signUpStage === 'creating') return null;
    const base = { uid: firebaseUser.uid, email: firebaseUser.email };
    if (signUpStage === 'finishing') return { ...base, phoneLinked: Boolean(firebaseUser.phoneNumber) };
    // Every finished account has its phone linked (sign-up verifies it first).
    if (!firebaseUser.phoneNumber) return { ...base, phoneLinked: false };
    if (profileMissing === firebaseUser.uid) return { ...base, phoneLinked: true };
    return null;
    // identityVersion: the SDK's user object is the same when only its phone changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firebaseUser, identityVersion, signUpStage, profileMissing]);

  const user = useMemo<AuthUser | null>(() => {
    // Not signed in to the app until the sign-up is finished (nor while it is being created).
    if (unfinished || signUpStage === 'creating') return null;
    if (firebaseUser) {
      const own = profile?.id === firebaseUser.uid ? profile : null;
      return {
        uid: firebaseUser.uid,
        displayName: own?.displayName ?? firebaseUser.displayName ?? firebaseUser.email?.split('@')[0] ?? 'Account',
        email: own?.email ?? firebaseUser.email,
        photoUrl: own?.photoUrl ?? firebaseUser.photoURL,
        role: own?.role ?? null,
        agentId: own?.agent?.id ?? null,
        locale: isLocale(own?.locale) ? own.locale : null,
      };
    }
    if (!cookieSession || !profile) return null;
    return {
      uid: profile.id,
      displayName: profile.displayName,
      email: profile.email,
      photoUrl: profile.photoUrl ?? null,
      role: profile.role,
      agentId: profile.agent?.id ?? null,
      locale: isLocale(profile.locale) ? profile.locale : null,
    };
  }, [firebaseUser, profile, cookieSession, unfinished, signUpStage]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const { sdk, auth } = await ensureFirebase();
      const cred = await sdk.signInWithEmailAndPassword(auth, email, password);
      // A sign-up left before its code: no session, the code step instead (issue 24 item 1).
      if (!cred.user.phoneNumber) return { unfinished: true };
      // Its phone linked but its profile never made (a sign-up cut after the code): the server says so.
      const { profile } = await establishSession(cred.user);
      if (!profile) {
        setProfileMissing(cred.user.uid);
        return { unfinished: true };
      }
      return { unfinished: false };
    },
    [ensureFirebase],
  );

  /** Sends a code to the phone and keeps its confirmation for `finishSignUp`. */
  const sendCode = useCallback(
    async ({ sdk, auth }: LoadedFirebase, current: FirebaseUser, phone: string, container: HTMLElement) => {
      const verifier = new sdk.RecaptchaVerifier(auth, container, { size: 'invisible' });
      try {
        const result = await sdk.linkWithPhoneNumber(current, phone, verifier);
        confirmationRef.current = { phone, result };
        setCodeSent({ phone, at: Date.now() });
      } finally {
        verifier.clear();
      }
    },
    [],
  );

  /** The phone check of sign-up, which also keeps what was given (the server's sign-up draft). */
  const checkPhone = useCallback(async (current: FirebaseUser, details: SignupDraft) => {
    const { exists } = await apiFetch<{ exists: boolean }>('/api/auth/check-phone', {
      token: await current.getIdToken(),
      body: details,
    });
    if (exists) throw new PhoneTakenError();
  }, []);

  const startSignUp = useCallback(
    async (input: SignUpStart, recaptchaContainer: HTMLElement) => {
      const loaded = await ensureFirebase();
      const { sdk, auth } = loaded;
      setSignUpStage('creating');
      try {
        const cred = await sdk.createUserWithEmailAndPassword(auth, input.email, input.password);
        const { email: _email, password: _password, ...details } = input;
        try {
          await sdk.updateProfile(cred.user, { displayName: `${input.firstName} ${input.lastName}` });
          // The phone is checked against existing registrations before it is linked (SPEC part 8).
          // The server answers only the account in the middle of its own sign-up: this one
          // (docs/decisions/0026-phone-check.md), and keeps what it gave for the code step.
          await checkPhone(cred.user, details);
        } catch (err) {
          // The account goes, so the form can be sent again (another number, the same e-mail).
          await sdk.deleteUser(cred.user).catch((e: unknown) => console.warn('Could not remove the unfinished account', e));
          throw err;
        }
        // From here the account is kept: should the code not arrive, the code step sends another, now
        // or after a later sign-in.
        await sendCode(loaded, cred.user, input.phone, recaptchaContainer).catch((err: unknown) => {
          console.warn('Sending the phone code failed; the code step offers to send it again', err);
        });
      } finally {
        setSignUpStage('idle');
      }
    },
    [ensureFirebase, checkPhone, sendCode],
  );

  const readSignUp = useCallback(async () => {
    const current = (await ensureFirebase()).auth.currentUser;
    if (!current) throw new Error('No sign-up to finish');
    return apiFetch<UnfinishedSignupAnswer>('/api/auth/signup', { token: await current.getIdToken() });
  }, [ensureFirebase]);

  const sendPhoneCode = useCallback(
    async (details: SignupDraft, recaptchaContainer: HTMLElement, opts: { check: boolean }) => {
      const loaded = await ensureFirebase();
      const current = loaded.auth.currentUser;
      if (!current) throw new Error('No sign-up to finish');
      if (opts.check) await checkPhone(current, details);
      await sendCode(loaded, current, details.phone, recaptchaContainer);
    },
    [ensureFirebase, checkPhone, sendCode],
  );

  const phoneChangeRef = useRef<{ phone: string; verificationId: string } | null>(null);

  const sendPhoneChangeCode = useCallback(
    async (input: { email: string; password: string; phone: string }, recaptchaContainer: HTMLElement) => {
      const { sdk, auth } = await ensureFirebase();
      const current = auth.currentUser;
      // The password again: a recent sign-in, which the identity provider asks of a phone change.
      if (current && current.email === input.email)
        await sdk.reauthenticateWithCredential(current, sdk.EmailAuthProvider.credential(input.email, input.password));
      else await sdk.signInWithEmailAndPassword(auth, input.email, input.password);
      const verifier = new sdk.RecaptchaVerifier(auth, recaptchaContainer, { size: 'invisible' });
      try {
        const verificationId = await new sdk.PhoneAuthProvider(auth).verifyPhoneNumber(input.phone, verifier);
        phoneChangeRef.current = { phone: input.phone, verificationId };
      } finally {
        verifier.clear();
      }
    },
    [ensureFirebase],
  );

  const confirmPhoneChange = useCallback(
    async (code: string) => {
      const { sdk, auth } = await ensureFirebase();
      const pending = phoneChangeRef.current;
      const current = auth.currentUser;
      if (!pending || !current) throw new Error('No code was sent for a new phone');
      await sdk.updatePhoneNumber(current, sdk.PhoneAuthProvider.credential(pending.verificationId, code));
      // The session's cookie is made again from a token that carries the new phone.
      await current.getIdToken(true);
      await establishSession(current);
      phoneChangeRef.current = null;
      return pending.phone;
    },
    [ensureFirebase],
  );

  const finishSignUp = useCallback(
    async (details: SignupDraft, code: string | null) => {
      const { auth } = await ensureFirebase();
      setSignUpStage('finishing');
      try {
        let current = auth.currentUser;
        if (!current) throw new Error('No sign-up to finish');
        if (!current.phoneNumber) {
          const confirmation = confirmationRef.current;
          if (!confirmation || code === null) throw new Error('Send a code first');
          current = (await confirmation.result.confirm(code)).user;
        }
        const idToken = await current.getIdToken(true);
        await apiFetch('/api/auth/complete-signup', {
          token: idToken,
          body: { uid: current.uid, email: current.email, ...details, phone: current.phoneNumber },
        });
        await establishSession(current);
        await apolloClient.refetchQueries({ include: [MeQuery] });
        confirmationRef.current = null;
        setCodeSent(null);
        setProfileMissing(null);
      } finally {
        setSignUpStage('idle');
      }
    },
    [ensureFirebase],
  );

  const signOut = useCallback(async () => {
    try {
      await apiFetch('/api/auth/signout', { method: 'POST' });
    } catch (err) {
      console.warn('Sign-out on the server failed', err);
    }
    syncToken((sync) => sync.signedOut());
    endCookieSession();
    confirmationRef.current = null;
    setCodeSent(null);
    setProfileMissing(null);
    // The SDK's stored user goes too, or the next visit would restore it.
    let loaded = loadedRef.current;
    if (!loaded && (await hasPersistedFirebaseUser().catch(() => false))) {
      loaded = await ensureFirebase().catch((err: unknown) => {
        console.warn('Identity provider unavailable while signing out', err);
        return null;
      });
    }
    if (loaded?.auth.currentUser) {
      // The id-token listener refetches the page's data as a signed-out visitor.
      await loaded.sdk.signOut(loaded.auth);
      await apolloClient.clearStore();
    } else {
      restartSubscriptions();
      await apolloClient.resetStore().catch(() => undefined);
    }
  }, [ensureFirebase, endCookieSession]);

  const sendPasswordReset = useCallback(async (email: string) => {
    await apiFetch('/api/auth/password-reset', { body: { email } });
  }, []);

  const checkPasswordResetCode = useCallback(
    async (code: string) => {
      const { sdk, auth } = await ensureFirebase();
      return sdk.verifyPasswordResetCode(auth, code);
    },
    [ensureFirebase],
  );

  const resetPassword = useCallback(
    async (code: string, password: string) => {
      const { sdk, auth } = await ensureFirebase();
      await sdk.confirmPasswordReset(auth, code, password);
    },
    [ensureFirebase],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      loading: phase !== 'ready',
      unfinished,
      signIn,
      startSignUp,
      readSignUp,
      sendPhoneCode,
      codeSent,
      finishSignUp,
      sendPhoneChangeCode,
      confirmPhoneChange,
      signOut,
      sendPasswordReset,
      checkPasswordResetCode,
      resetPassword,
    }),
    [
      user,
      phase,
      unfinished,
      signIn,
      startSignUp,
      readSignUp,
      sendPhoneCode,
      codeSent,
      finishSignUp,
      sendPhoneChangeCode,
      confirmPhoneChange,
      signOut,
      sendPasswordReset,
      checkPasswordResetCode,
      resetPassword,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

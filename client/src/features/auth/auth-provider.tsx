import { useQuery } from '@apollo/client/react';
import {
  createUserWithEmailAndPassword,
  linkWithPhoneNumber,
  onIdTokenChanged,
  RecaptchaVerifier,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
  type Auth,
  type ConfirmationResult,
  type User as FirebaseUser,
} from 'firebase/auth';
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { graphql } from '@/gql';
import { apiFetch } from '@/lib/api';
import { apolloClient, setSessionHandlers, type RefreshOutcome } from '@/lib/apollo/client';
import { getFirebaseAuth, type ClientConfig } from './firebase';

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
  role: 'RENTER' | 'AGENT' | null;
  agentId: string | null;
}

export interface SignUpStart {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  phone: string;
  role: 'renter' | 'agent';
}

export interface AuthContextValue {
  user: AuthUser | null;
  /** True until the identity provider has said whether someone is signed in. */
  loading: boolean;
  config: ClientConfig | null;
  signIn(email: string, password: string): Promise<void>;
  /** Creates the account, then sends the phone code; resolve with `confirm(code)`. */
  startSignUp(input: SignUpStart, recaptchaContainer: HTMLElement): Promise<{ confirm(code: string): Promise<void> }>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Firebase errors that mean "no answer", not "refused": they must not sign anyone out. */
const UNREACHABLE_CODES = new Set([
  'auth/network-request-failed',
  'auth/internal-error',
  'auth/too-many-requests',
  'auth/timeout',
]);

/** Forces a new ID token and says how it went (issue 7 point 3: only a refusal ends the session). */
async function forceRefresh(auth: Auth): Promise<RefreshOutcome> {
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

/** On sign-in the client establishes the server session (SPEC part 7: /api/auth/session and /api/token). */
async function establishSession(user: FirebaseUser) {
  const idToken = await user.getIdToken();
  await apiFetch('/api/auth/session', { body: { idToken } });
  await apiFetch('/api/token', { method: 'POST', token: idToken });
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [firebaseUser, setFirebaseUser] = useState<FirebaseUser | null>(null);
  const [ready, setReady] = useState(false);
  const [config, setConfig] = useState<ClientConfig | null>(null);
  const uidRef = useRef<string | null>(null);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    getFirebaseAuth()
      .then(({ auth, config: cfg }) => {
        if (cancelled) return;
        setConfig(cfg);
        setSessionHandlers({
          getToken: async () => (auth.currentUser ? auth.currentUser.getIdToken() : null),
          refreshToken: () => forceRefresh(auth),
          // The server refused this identity for good: sign out here only. The id-token listener
          // below resets the Apollo store, so the page reloads its data as a signed-out visitor.
          // (When the SDK has already dropped the user itself, that listener has run.)
          endSession: async () => {
            if (auth.currentUser) await firebaseSignOut(auth);
          },
        });
        let first = true;
        unsubscribe = onIdTokenChanged(auth, (u) => {
          const changed = (u?.uid ?? null) !== uidRef.current;
          uidRef.current = u?.uid ?? null;
          setFirebaseUser(u);
          setReady(true);
          // A different person after start: refetch everything under their identity. The first event
          // only restores the persisted user, whom the session cookie already identified.
          if (changed && !first) void apolloClient.resetStore().catch(() => undefined);
          first = false;
        });
      })
      .catch((err: unknown) => {
        console.warn('Identity provider unavailable; continuing signed out.', err);
        setReady(true);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

  const me = useQuery(MeQuery, { skip: !firebaseUser, fetchPolicy: 'cache-first' });
  const profile = firebaseUser ? me.data?.me : null;

  const user = useMemo<AuthUser | null>(() => {
    if (!firebaseUser) return null;
    return {
      uid: firebaseUser.uid,
      displayName: profile?.displayName ?? firebaseUser.displayName ?? firebaseUser.email?.split('@')[0] ?? 'Account',
      email: profile?.email ?? firebaseUser.email,
      photoUrl: profile?.photoUrl ?? firebaseUser.photoURL,
      role: profile?.role ?? null,
      agentId: profile?.agent?.id ?? null,
    };
  }, [firebaseUser, profile]);

  const signIn = useCallback(async (email: string, password: string) => {
    const { auth } = await getFirebaseAuth();
    const cred = await signInWithEmailAndPassword(auth, email, password);
    await establishSession(cred.user);
  }, []);

  const startSignUp = useCallback(async (input: SignUpStart, recaptchaContainer: HTMLElement) => {
    const { auth } = await getFirebaseAuth();
    const cred = await createUserWithEmailAndPassword(auth, input.email, input.password);
    await updateProfile(cred.user, { displayName: `${input.firstName} ${input.lastName}` });
    const verifier = new RecaptchaVerifier(auth, recaptchaContainer, { size: 'invisible' });
    let confirmation: ConfirmationResult;
    try {
      confirmation = await linkWithPhoneNumber(cred.user, input.phone, verifier);
    } finally {
      verifier.clear();
    }
    return {
      async confirm(code: string) {
        const linked = await confirmation.confirm(code);
        const idToken = await linked.user.getIdToken(true);
        await apiFetch('/api/auth/complete-signup', {
          token: idToken,
          body: {
            uid: linked.user.uid,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            phone: input.phone,
            role: input.role,
          },
        });
        await establishSession(linked.user);
        await apolloClient.refetchQueries({ include: [MeQuery] });
      },
    };
  }, []);

  const signOut = useCallback(async () => {
    try {
      await apiFetch('/api/auth/signout', { method: 'POST' });
    } catch (err) {
      console.warn('Sign-out on the server failed', err);
    }
    const { auth } = await getFirebaseAuth();
    await firebaseSignOut(auth);
    await apolloClient.clearStore();
  }, []);

  const sendPasswordReset = useCallback(async (email: string) => {
    const { auth } = await getFirebaseAuth();
    await sendPasswordResetEmail(auth, email);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading: !ready, config, signIn, startSignUp, signOut, sendPasswordReset }),
    [user, ready, config, signIn, startSignUp, signOut, sendPasswordReset],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

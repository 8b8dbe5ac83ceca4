import { useAuth } from './use-auth';

export { signInPath } from './redirect';

/** The signed-in person as the listing screens, the save heart and tours need them; null when signed out (the default). */
export interface Viewer {
  uid: string;
  displayName: string;
  email: string | null;
  photoUrl: string | null;
  role: 'RENTER' | 'AGENT' | 'ADMIN' | null;
}

/** Who is looking: what other features read of the signed-in person (a public file of auth, eslint.config.js). */
export function useViewer(): { user: Viewer | null; loading: boolean } {
  const { user, loading } = useAuth();
  return { user, loading };
}

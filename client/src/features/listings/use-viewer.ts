import { useAuth } from '@/features/auth/use-auth';

export { signInPath } from '@/features/auth/redirect';

/** The signed-in person as the listings screens need them; null when signed out (the default). */
export interface Viewer {
  uid: string;
  displayName: string;
  email: string | null;
  photoUrl: string | null;
  role: 'RENTER' | 'AGENT' | 'ADMIN' | null;
}

/** Who is looking at the listings: the single point where this feature reads the auth feature. */
export function useViewer(): { user: Viewer | null; loading: boolean } {
  const { user, loading } = useAuth();
  return { user, loading };
}

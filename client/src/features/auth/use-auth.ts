import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from './auth-provider';

export type { AuthUser } from './auth-provider';

/** The signed-in user (or null) and the sign-in actions. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

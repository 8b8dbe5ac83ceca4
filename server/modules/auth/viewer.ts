import type { IncomingHttpHeaders } from 'node:http';
import type { Viewer } from '../../graphql/context.js';
import type { IdentityProvider, VerifiedIdentity } from './identity.js';

export const SESSION_COOKIE = 'session';

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function bearerToken(authorization: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return m?.[1];
}

export interface ResolvedViewer {
  viewer: Viewer | null;
  /** How the viewer was identified; 'cookie' requests are subject to CSRF checks. */
  via: 'bearer' | 'cookie' | null;
  /** The session cookie was present but no longer valid: clear it. */
  staleCookie: boolean;
}

const asViewer = (id: VerifiedIdentity): Viewer => ({ uid: id.uid, email: id.email, phone: id.phone, role: null });

/**
 * The viewer of a request: a Bearer ID token first (a bad one is UNAUTHENTICATED: the client
 * claimed an identity it does not have), else the session cookie (a stale one is dropped and the
 * request continues anonymously, so public pages keep working).
 */
export async function resolveViewer(
  identity: IdentityProvider,
  headers: Pick<IncomingHttpHeaders, 'authorization' | 'cookie'>,
  bearerOverride?: string,
): Promise<ResolvedViewer> {
  const token = bearerOverride ?? bearerToken(headers.authorization);
  if (token) return { viewer: asViewer(await identity.verifyIdToken(token)), via: 'bearer', staleCookie: false };
  const cookie = readCookie(headers.cookie, SESSION_COOKIE);
  if (!cookie) return { viewer: null, via: null, staleCookie: false };
  try {
    return { viewer: asViewer(await identity.verifySessionCookie(cookie)), via: 'cookie', staleCookie: false };
  } catch {
    return { viewer: null, via: null, staleCookie: true };
  }
}

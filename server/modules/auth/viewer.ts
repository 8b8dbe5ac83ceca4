import type { IncomingHttpHeaders } from 'node:http';
import type { Viewer } from '../../core/viewer.js';
import { AppError } from '../../core/errors.js';
import {
  CredentialRefused,
  providerUnavailable,
  type IdentityProvider,
  type RefusalReason,
  type VerifiedIdentity,
} from './identity.js';
import type { RevocationCache } from './revocation.js';

export const SESSION_COOKIE = 'session';
/** Response header telling a client that the credential it sent was not accepted (the request ran anonymously). */
export const TOKEN_REFUSED_HEADER = 'X-Auth-Token-Refused';

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

/** Who is asking, and what became of the credential they presented. */
export interface AuthState {
  viewer: Viewer | null;
  /** How the viewer was identified; 'cookie' requests are subject to CSRF checks. */
  via: 'bearer' | 'cookie' | null;
  /** The credential presented was refused: the request runs anonymously; what needs a viewer is UNAUTHENTICATED. */
  refused: RefusalReason | null;
  /** A credential was presented but could not be checked (the provider is unreachable): what needs a viewer is a 503. */
  unavailable: boolean;
  /** The provider says the session cookie is invalid or revoked: clear it. */
  clearCookie: boolean;
  /** The verified credential, for fresh revocation checks on writes. */
  credential: VerifiedIdentity | null;
}

export interface IdentityDeps {
  identity: IdentityProvider;
  revocations: RevocationCache;
}

export const ANONYMOUS: AuthState = Object.freeze({
  viewer: null,
  via: null,
  refused: null,
  unavailable: false,
  clearCookie: false,
  credential: null,
});

export const asViewer = (id: VerifiedIdentity): Viewer => ({
  uid: id.uid,
  email: id.email,
  phone: id.phone,
  role: null,
  authTime: id.authTime,
  expiresAt: id.expiresAt,
});

/**
 * The viewer of a request: a Bearer ID token first, else the session cookie. Verification is
 * local; revocation is read from the per-user cache, or asked of the provider when `fresh`.
 * A refused credential never fails the request: it runs anonymously and says why (`refused`).
 */
export async function resolveAuth(
  deps: IdentityDeps,
  headers: Pick<IncomingHttpHeaders, 'authorization' | 'cookie'>,
  opts: { bearer?: string; fresh?: boolean } = {},
): Promise<AuthState> {
  const token = opts.bearer ?? bearerToken(headers.authorization);
  let via: 'bearer' | 'cookie';
  let credential: VerifiedIdentity;
  try {
    if (token) {
      via = 'bearer';
      credential = await deps.identity.verifyIdToken(token);
    } else {
      const cookie = readCookie(headers.cookie, SESSION_COOKIE);
      if (!cookie) return ANONYMOUS;
      via = 'cookie';
      credential = await deps.identity.verifySessionCookie(cookie);
    }
  } catch (err) {
    if (err instanceof CredentialRefused) return { ...ANONYMOUS, refused: err.reason, clearCookie: !token };
    if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') return { ...ANONYMOUS, unavailable: true };
    throw err;
  }
  return settle(deps, { ...ANONYMOUS, via, credential }, Boolean(opts.fresh));
}

async function settle(deps: IdentityDeps, state: AuthState, fresh: boolean): Promise<AuthState> {
  const cred = state.credential!;
  if (cred.expiresAt <= Date.now() / 1000) return { ...ANONYMOUS, refused: 'expired', clearCookie: state.via === 'cookie' };
  const status = await deps.revocations.status(cred, { fresh });
  if (status === 'valid') return { ...state, viewer: asViewer(cred), refused: null, unavailable: false };
  if (status === 'revoked') return { ...ANONYMOUS, refused: 'revoked', clearCookie: state.via === 'cookie' };
  return { ...state, viewer: null, unavailable: true };
}

/**
 * The same viewer, checked against the provider now: for writes (mutations, REST writes) and
 * WebSocket connections. Throws SERVICE_UNAVAILABLE when a credential was presented and cannot be
 * checked; a revoked one gives the anonymous state with `refused: 'revoked'`.
 */
export async function confirmAuth(deps: IdentityDeps, state: AuthState): Promise<AuthState> {
  if (!state.credential) {
    if (state.unavailable) throw providerUnavailable();
    return state;
  }
  const next = await settle(deps, state, true);
  if (next.unavailable) throw providerUnavailable();
  return next;
}

/** The viewer again, through the cache (a WebSocket re-checks before each operation). */
export async function recheckAuth(deps: IdentityDeps, state: AuthState): Promise<AuthState> {
  if (!state.credential) return state;
  return settle(deps, state, false);
}

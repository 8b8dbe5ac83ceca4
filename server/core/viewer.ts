/**
 * Who is asking, as the services know it: no transport, no credential format. The adapters (GraphQL
 * over HTTP and WebSocket, REST) build it from a verified credential (server/modules/auth/viewer.ts).
 */
/** Who is asking: verified from a Firebase ID token (Bearer) or the session cookie. */
export interface Viewer {
  uid: string;
  email: string | null;
  /** The phone number linked in the identity provider, if any (E.164). */
  phone?: string | null;
  /** From the database user row when known; loaded on demand by the authorization helpers. */
  role: 'RENTER' | 'AGENT' | 'ADMIN' | null;
  /** When the credential's sign-in happened and when it expires (seconds since the epoch). */
  authTime?: number;
  expiresAt?: number;
}

/** An anonymous visitor, for counting views honestly (docs/decisions/0012-view-counting.md). */
export interface Visitor {
  /** The client address (TRUST_PROXY respected). */
  ip: string;
  /** The first-party visitor cookie the request carried, if any. */
  cookieId: string | null;
  /** Sets a visitor cookie on the response when the request had none; answers its id (null where none can be set). */
  issueCookie(): string | null;
}

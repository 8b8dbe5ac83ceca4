import type { Logger } from 'pino';
import type { PrismaClient } from '../db/client.js';

/** Who is asking: verified from a Firebase ID token (Bearer) or the session cookie. */
export interface Viewer {
  uid: string;
  email: string | null;
  /** The phone number linked in the identity provider, if any (E.164). */
  phone?: string | null;
  /** From the database user row when known; loaded on demand by the authorization helpers. */
  role: 'RENTER' | 'AGENT' | null;
}

export interface GraphQLContext {
  prisma: PrismaClient;
  viewer: Viewer | null;
  log: Logger;
}

import type { Logger } from 'pino';
import type { PrismaClient } from '../db/client.js';

/** Who is asking. Filled from a Firebase ID token or session cookie (accounts module). */
export interface Viewer {
  uid: string;
  email: string | null;
  role: 'RENTER' | 'AGENT' | null;
}

export interface GraphQLContext {
  prisma: PrismaClient;
  viewer: Viewer | null;
  log: Logger;
}

import type http from 'node:http';
import type { GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import type { PrismaClient } from '../db/client.js';
import type { Env } from '../env.js';
import type { PublicCache } from '../infra/public-cache.js';
import type { RateLimits } from '../infra/rate-limits.js';
import type { AuthState, IdentityDeps } from '../modules/auth/viewer.js';
import type { Presence } from '../modules/messaging/presence.js';
import type { Partner } from '../modules/partners/partner-keys.js';
import type { Realtime } from '../infra/realtime.js';
import type { Storage } from '../modules/uploads/storage.js';
import type { Mailer } from '../modules/mail/mailer.js';
import type { Viewer, Visitor } from '../core/viewer.js';
import type { TrustedDocuments } from './trusted-documents.js';

export interface GraphQLContext {
  prisma: PrismaClient;
  viewer: Viewer | null;
  log: Logger;
  /** What became of the credential presented (absent in in-process tests: anonymous or `viewer`). */
  auth?: AuthState;
  visitor?: Visitor;
  /** Photo storage (deleting a listing deletes its photos). */
  storage?: Storage;
  /** The identity provider ('Delete my account' deletes the sign-in); absent in in-process tests. */
  identity?: IdentityDeps['identity'];
  /** Real-time fan-out (in process, or Redis); in-process tests fall back to an in-process one. */
  realtime?: Realtime;
  /** Per-user rate limits of user actions (in process, or Redis). */
  limits?: RateLimits;
  /** E-mail to users (moderation tells owners by e-mail too); absent in in-process tests. */
  mail?: { mailer: Mailer; publicUrl: string };
  /** A partner API key's holder (HTTP only): public queries only (server/http/partner-access.ts). */
  partner?: Partner | null;
  /** Webhooks (issue 53 item 2): where they may go, and a nudge to deliver now; absent in in-process tests. */
  webhooks?: WebhookTransport;
}

/** What the GraphQL adapter needs of webhooks (server/modules/webhooks). */
export interface WebhookTransport {
  rules: { allowLoopback: boolean };
  kick(): void;
}

/** What both GraphQL transports (HTTP and WebSocket) are built from. */
export interface TransportDeps {
  server: http.Server;
  schema: GraphQLSchema;
  env: Env;
  prisma: PrismaClient;
  log: Logger;
  identityDeps: IdentityDeps;
  storage: Storage;
  realtime: Realtime;
  limits: RateLimits;
  presence: Presence;
  /** The short-lived cache of anonymous public answers (search page, listing details). */
  publicCache: PublicCache;
  /** E-mail (moderation decisions reach the listing's owner by e-mail). */
  mailer?: Mailer;
  /** The client build's persisted documents (docs/decisions/0025-trusted-documents.md). */
  trustedDocuments: TrustedDocuments;
  /** Webhooks: their URL rules and a nudge to the delivering job. */
  webhooks?: WebhookTransport;
}

import type express from 'express';
import type { PrismaClient } from './db/client.js';
import type { Env } from './env.js';
import type { Logger } from './logger.js';
import { agentRoutes } from './modules/agents/agents.rest.js';
import { favoriteRoutes } from './modules/favorites/favorites.rest.js';
import { listingWriteRoutes } from './modules/listings/listing-write.rest.js';
import { listingRoutes, type SelectionOf } from './modules/listings/listings.rest.js';
import type { RateLimits } from './infra/rate-limits.js';
import { messagingRoutes } from './modules/messaging/messaging.rest.js';
import type { Realtime } from './infra/realtime.js';
import { reviewRoutes } from './modules/reviews/reviews.rest.js';
import type { Storage } from './modules/uploads/storage.js';
import { uploadRoutes } from './modules/uploads/uploads.rest.js';
import { transitRoutes } from './modules/transit/transit.rest.js';
import { tourRoutes } from './modules/tours/tours.rest.js';

export interface RestDeps {
  env: Env;
  prisma: PrismaClient;
  log: Logger;
  storage: Storage;
  realtime: Realtime;
  limits: RateLimits;
  /** Runs a fragment of the GraphQL schema over a loaded row: REST items take their values from it. */
  selection: SelectionOf;
}

/**
 * The REST shims of SPEC part 7 for external clients, mounted under /api by app.ts after the viewer
 * middleware (so `req.viewer` is set). Handlers are thin: rules live in the module services.
 */
export function mountRestRoutes(api: express.Router, deps: RestDeps): void {
  api.use(listingWriteRoutes(deps));
  api.use(listingRoutes(deps));
  api.use(agentRoutes(deps));
  api.use(favoriteRoutes(deps));
  api.use(uploadRoutes(deps));
  api.use(reviewRoutes(deps));
  api.use(messagingRoutes(deps));
  api.use(transitRoutes());
  api.use(tourRoutes(deps));
}

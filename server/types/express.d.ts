import type { Viewer } from '../core/viewer.js';
import type { Logger } from '../logger.js';
import type { Partner } from '../modules/partners/partner-keys.js';
import type { AuthState } from '../modules/auth/viewer.js';
import type { RequestBudget } from '../graphql/limits.js';

declare global {
  namespace Express {
    interface Request {
      /** Set by the identity middleware (server/modules/auth): null for anonymous requests. */
      viewer?: Viewer | null;
      /** What became of the credential the request presented (set with `viewer`). */
      auth?: AuthState;
      /** This request's logger (server/http/request-log.ts). */
      log?: Logger;
      /** A partner API key's holder (server/modules/partners): no viewer, public reads only. */
      partner?: Partner | null;
      /** What the partner key has left of its requests this window (server/http/partner-access.ts). */
      partnerBudget?: RequestBudget;
    }
  }
}

export {};

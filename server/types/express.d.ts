import type { Viewer } from '../graphql/context.js';

declare global {
  namespace Express {
    interface Request {
      /** Set by the viewer middleware (server/modules/auth): null for anonymous requests. */
      viewer?: Viewer | null;
    }
  }
}

export {};

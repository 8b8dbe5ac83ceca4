import { pipeline } from 'node:stream';
import express from 'express';
import { InvalidStorageKeyError, type Storage } from './storage.js';

/**
 * GET /media/{key}: stored photos. 404 only when the object does not exist; a storage failure is
 * passed on (a 500, logged), never disguised as a missing file. Photos carry
 * `Cross-Origin-Resource-Policy: cross-origin`: partners may hot-link them.
 */
export function mediaRoutes({ storage }: { storage: Storage }): express.Router {
  const router = express.Router();
  router.get('/media/*key', async (req, res, next) => {
    try {
      const parts = (req.params as { key?: string[] }).key ?? [];
      let object;
      try {
        object = await storage.get(parts.join('/'));
      } catch (err) {
        if (!(err instanceof InvalidStorageKeyError)) throw err;
        object = null; // a key that cannot name a file names no file
      }
      if (!object) {
        res.status(404).json({ error: 'Not found' });
        return;
      }
      res.set({
        'Content-Type': object.contentType,
        'Content-Length': String(object.size),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        // Listing photos may be shown on partners' pages (hot-linked); every other answer of the app
        // stays same-origin (server/http/security-headers.ts).
        'Cross-Origin-Resource-Policy': 'cross-origin',
      });
      // pipeline closes the file (or the bucket's stream) when the client goes away mid-download.
      pipeline(object.body as NodeJS.ReadableStream, res, (err) => {
        if (err && !res.headersSent) next(err);
      });
    } catch (err) {
      next(err);
    }
  });
  return router;
}

import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

/** The built client: hashed assets cached for a year, index.html for every other path (client-side routing). */
export function spaRoutes(clientDir: string): express.Router {
  const router = express.Router();
  const indexHtml = path.join(clientDir, 'index.html');
  if (fs.existsSync(indexHtml)) {
    router.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
    router.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    router.get('/{*splat}', (_req, res) => {
      res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
    });
  } else {
    router.get('/', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The client is not built. Run `npm run build` (or `npm run dev` for hot reload on port 5173).');
    });
  }
  return router;
}

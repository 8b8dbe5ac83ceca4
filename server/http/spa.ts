import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import type { Locale } from '../../common/i18n/locales.js';
import { localeFile } from './client-build.js';
import { pageRequestLocale } from './locale.js';

/** Hashed build output: the name changes with the content, so browsers keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files next to index.html (favicon): an hour. */
const SHORT = 'public, max-age=3600';

interface Representation {
  file: string;
  size: number;
  etag: string;
  lastModified: string;
}

interface StaticFile {
  /** The original's extension, for its Content-Type. */
  ext: string;
  cacheControl: string;
  identity: Representation;
  br?: Representation;
  gz?: Representation;
}

function representation(file: string, suffix: string): Representation | undefined {
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return undefined;
    return {
      file,
      size: stat.size,
      etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${suffix}"`,
      lastModified: stat.mtime.toUTCString(),
    };
  } catch {
    return undefined;
  }
}

/** The page of each language's build: index.html (English), index.es.html, index.zh.html (decision 0057). */
const PAGE = /^index(?:\.[a-z]{2})?\.html$/;

/** The URL path of a language's page in the build. */
export function pagePath(locale: Locale): string {
  return `/${localeFile('index.html', locale)}`;
}

/**
 * Every file of the built client by its URL path ('/assets/app-x1.js'), with its precompressed
 * siblings (server/http/precompress.ts). Requests are answered from this map only, so no path from a
 * request ever reaches the file system, and the `.br`/`.gz` siblings are not URLs of their own.
 */
function scan(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const all = new Set(
    (fs.readdirSync(clientDir, { recursive: true, encoding: 'utf8' }) as string[]).map((f) => f.split(path.sep).join('/')),
  );
  for (const rel of all) {
    const isSibling = /\.(br|gz)$/.test(rel) && all.has(rel.slice(0, -3));
    if (isSibling || rel.split('/').some((part) => part.startsWith('.'))) continue;
    const full = path.join(clientDir, rel);
    const identity = representation(full, '');
    if (!identity) continue;
    const urlPath = `/${rel}`;
    files.set(urlPath, {
      ext: path.extname(rel),
      cacheControl: PAGE.test(rel) ? 'no-cache' : urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT,
      identity,
      br: all.has(`${rel}.br`) ? representation(`${full}.br`, '-br') : undefined,
      gz: all.has(`${rel}.gz`) ? representation(`${full}.gz`, '-gz') : undefined,
    });
  }
  return files;
}

/** The content codings an `Accept-Encoding` header allows (a q of 0 refuses; `*` covers the unnamed). */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const q = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const allows = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  return { br: allows('br'), gzip: allows('gzip') || allows('x-gzip') };
}

function send(req: express.Request, res: express.Response, file: StaticFile): void {
  const accepts = acceptedEncodings(req.get('accept-encoding'));
  const [rep, encoding] =
    file.br && accepts.br ? [file.br, 'br'] : file.gz && accepts.gzip ? [file.gz, 'gzip'] : [file.identity, undefined];
  res.type(file.ext);
  res.set('Cache-Control', file.cacheControl);
  res.set('ETag', rep.etag);
  res.set('Last-Modified', rep.lastModified);
  if (file.br || file.gz) res.vary('Accept-Encoding');
  const ifNoneMatch = req.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === rep.etag)) {
    res.status(304).end();
    return;
  }
  if (encoding) res.set('Content-Encoding', encoding);
  res.set('Content-Length', String(rep.size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  pipeline(fs.createReadStream(rep.file), res).catch(() => {
    // The file went away (a rebuild) before anything was sent, or the client hung up.
    if (!res.headersSent) {
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Length');
      res.status(404).type('text/plain').end('Not found');
    } else res.destroy();
  });
}

/**
 * The built client: hashed assets under /assets/ cached for a year, index.html (no-cache) for every
 * other path (client-side routing), or the page of the request's language's build; both as brotli or gzip when the browser accepts it and the build
 * made a smaller sibling (docs/decisions/0021). A missing /assets/ file is a 404, never index.html.
 */
export function spaRoutes(clientDir: string): express.Router {
  const router = express.Router();
  const indexHtml = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    router.get('/', (_req, res) => {
      res
        .status(503)
        .type('text/plain')
        .send('The client is not built. Run `npm run build` (or `npm run dev` for hot reload on port 5173).');
    });
    return router;
  }

  let files = scan(clientDir);
  // A rebuild while the server runs replaces the files: look again when index.html changes (checked
  // at most once a second; a build in progress, without index.html, keeps the previous map).
  let indexMtime = fs.statSync(indexHtml).mtimeMs;
  let checkedAt = Date.now();
  function current(): Map<string, StaticFile> {
    if (Date.now() - checkedAt < 1000) return files;
    checkedAt = Date.now();
    try {
      const mtime = fs.statSync(indexHtml).mtimeMs;
      if (mtime !== indexMtime) {
        files = scan(clientDir);
        indexMtime = mtime;
      }
    } catch {
      // mid-build: keep serving what we have
    }
    return files;
  }

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const map = current();
    const file = map.get(pathname);
    if (file) return send(req, res, file);
    if (pathname.startsWith('/assets/')) {
      res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('Not found');
      return;
    }
    // The page of the build of the request's language (its texts are in its code), else English's.
    const index = map.get(pagePath(pageRequestLocale(req, res))) ?? map.get('/index.html');
    if (index) {
      res.vary('Accept-Language');
      res.vary('Cookie');
      return send(req, res, index);
    }
    next();
  });
  return router;
}

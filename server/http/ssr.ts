// The pages rendered on the server (SERVER_RENDERED_PAGES; docs/decisions/0035-server-rendering.md
// and 0054-one-render.md): the first screen arrives as HTML, with the GraphQL answers it was rendered
// with, and the browser takes it over in place (hydration) instead of drawing it only after all its
// JavaScript and a round trip.
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import type { Logger } from 'pino';
import { SERVER_PAGES, type ServerPage } from '../../client/src/app/server-pages.js';
import type { PageExecutor } from '../graphql/http.js';
import { readKey, type PublicCache } from '../infra/public-cache.js';
import { anonymous, PUBLIC_CACHE_HEADER, wantsFresh } from './public-cache.js';
import { localeFile } from './client-build.js';
import { acceptedEncodings } from './spa.js';
import { brotliPage, gzipPage, unbrotliPage } from './compress.js';
import { startRenderThread, type RenderThread } from './render-thread.js';
import { pageRequestLocale } from './locale.js';
import { readCookie } from '../modules/auth/viewer.js';
import { LOCALE_TAGS, type Locale } from '../../common/i18n/locales.js';
import { PSEUDO_COOKIE } from '../../common/i18n/pseudo.js';

/** The pages rendered on the server: their paths, screens and caching are the client's list. */
export const SERVER_RENDERED_PAGES: readonly ServerPage[] = Object.values(SERVER_PAGES);

/** The app's code, imported by the entry (client/src/main.tsx) once the page is painted. */
const APP_MODULE = 'src/boot.tsx';

/** After a render thread that could not start, the wait before the next try: doubled each time, up to the most. */
const RETRY_MS = 5_000;
const MAX_RETRY_MS = 300_000;

/** A render that takes longer is given up, and the page is sent to be rendered in the browser. */
export const SSR_TIME_LIMIT_MS = 3_000;

/**
 * Renders at once in one process. A render waits for its data, then uses the CPU in one pass (decision
 * 0054), so a few more than the CPU can run keep it busy. Past the cap the plain page is sent at once,
 * and the browser renders it: load is shed only beyond what the process can do.
 */
export const SSR_MAX_CONCURRENT = 16;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

interface Template {
  /** index.html up to and including `<div id="root">`, with the page's first links and its preloads; the rest. */
  head: (early: string, preloads: string) => string;
  tail: string;
  manifest: Record<string, ManifestChunk>;
  mtimeMs: number;
  /**
   * Each screen's scripts and styles (`chunksOf` the app and the screen), worked out on its first page,
   * and what follows the state in its page (its modules, then the template's tail), as bytes.
   */
  screens: Map<string, { scripts: string[]; styles: string; end: Buffer }>;
}

const ROOT = '<div id="root"></div>';
/** What closes the rendered markup and opens the state handed over. */
const STATE_START = Buffer.from('</div><script type="application/json" id="ssr-state">', 'utf8');
const HTML_LANG = '<html lang="en"';

/** The page and manifest of a language's build (decision 0057): `index.es.html`, `.vite/manifest.es.json`. */
function readTemplate(clientDir: string, locale: Locale = 'en'): Template | null {
  const indexHtml = path.join(clientDir, localeFile('index.html', locale));
  try {
    const mtimeMs = fs.statSync(indexHtml).mtimeMs;
    const html = fs.readFileSync(indexHtml, 'utf8');
    const at = html.indexOf(ROOT);
    const headEnd = html.indexOf('</head>');
    if (at < 0 || headEnd < 0 || headEnd > at) return null;
    const manifestFile = path.join(clientDir, localeFile('.vite/manifest.json', locale));
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
      : {};
    // The page's own links go after the title, before the build's scripts and styles.
    const titleEnd = html.indexOf('</title>');
    const first = titleEnd >= 0 && titleEnd < headEnd ? titleEnd + '</title>'.length : headEnd;
    return {
      head: (early, preloads) =>
        html.slice(0, first) + early + html.slice(first, headEnd) + preloads + html.slice(headEnd, at) + '<div id="root">',
      tail: html.slice(at + ROOT.length - '</div>'.length),
      manifest,
      mtimeMs,
      screens: new Map(),
    };
  } catch {
    return null;
  }
}

/**
 * The files of these modules' chunks, the chunks they import and their styles, as URL paths. The
 * scripts are fetched by the page once it is painted (client/src/main.tsx); the styles are linked.
 */
export function chunksOf(
  manifest: Record<string, ManifestChunk>,
  modules: string[],
  alreadyLinked: string,
): { scripts: string[]; styles: string } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of modules) visit(key);
  return {
    scripts: [...scripts].filter((file) => !alreadyLinked.includes(`/${file}"`)).map((file) => `/${file}`),
    styles: [...styles]
      .filter((css) => !alreadyLinked.includes(`/${css}"`))
      .map((css) => `<link rel="stylesheet" href="/${css}">`)
      .join(''),
  };
}

export interface ServerRenderingDeps {
  clientDir: string;
  /** dist/server, where `vite build --ssr` put entry-server.js. */
  serverDir: string;
  log: Logger;
  /** Answers the page's GraphQL operations as /graphql would for this request. */
  executorFor: (req: express.Request, res: express.Response) => PageExecutor;
  /** Counts a render against the anonymous GraphQL limit of the address; false when over it. */
  allowAnonymous: (ip: string) => Promise<boolean>;
  /** At most this many renders at once (SSR_MAX_CONCURRENT). */
  maxConcurrent?: number;
  /**
   * The public cache (server/infra/public-cache.ts): a page drawn for no one in particular is kept
   * there, brotli-compressed, for its few seconds, until a listing changes.
   */
  cache?: PublicCache;
  timeLimitMs?: number;
}

/**
 * GET of a page in SERVER_RENDERED_PAGES: the page rendered for the request's viewer, compressed,
 * never stored by shared caches. Anything short of a whole render (no server build, an error, the
 * time limit, an anonymous address over its GraphQL limit) passes the request on to the plain page
 * (server/http/spa.ts), which the browser renders as before.
 *
 * A page for an anonymous visitor is the same for all of them: it is kept in the public cache (the
 * one of the anonymous GraphQL and REST answers, emptied by the same listing writes) and sent from
 * there, without a render and without counting against the address's limit, for its few seconds.
 * A reload (`Cache-Control: max-age=0` or `no-cache`) renders it again. `X-Public-Cache` says HIT or MISS.
 */
export function serverRenderedPages(deps: ServerRenderingDeps): { router: express.Router; close(): Promise<void> } {
  const router = express.Router();
  const entryFile = path.join(deps.serverDir, 'entry-server.js');
  // Loaded once, when built, on the render thread (render-thread.ts). After a rebuild, restart the
  // server for the new render. A thread that stopped (it ran out of memory) is replaced.
  let entry: Promise<RenderThread | null> | null = null;
  let thread: RenderThread | null = null;
  let closed = false;
  // After a thread that could not start: when to try again, and the wait after the next failure.
  let retryAt = 0;
  let retryWait = RETRY_MS;
  let template: Template | null = null;
  let checkedAt = 0;
  let rendering = 0;

  function current(): { entry: Promise<RenderThread | null> | null; template: Template | null } {
    // A thread that stopped is replaced at once: the next page starts another.
    if (thread?.ended && !closed) {
      deps.log.error({ err: thread.ended }, 'The render thread stopped; starting another');
      entry = thread = null;
      checkedAt = 0;
    }
    if (Date.now() - checkedAt < 1000) return { entry, template };
    checkedAt = Date.now();
    if (!entry && !closed && Date.now() >= retryAt && fs.existsSync(entryFile)) {
      const starting: Promise<RenderThread | null> = startRenderThread(entryFile).then(
        (started) => {
          retryWait = RETRY_MS;
          return (thread = started);
        },
        (err: unknown) => {
          deps.log.error(
            { err, retryInMs: retryWait },
            'The server build could not be loaded on the render thread; pages are rendered in the browser',
          );
          // Tried again later, each time after twice the wait (a broken build is not loaded every second).
          retryAt = Date.now() + retryWait;
          retryWait = Math.min(retryWait * 2, MAX_RETRY_MS);
          if (entry === starting) entry = null;
          return null;
        },
      );
      entry = starting;
    }
    let indexMtime = 0;
    try {
      indexMtime = fs.statSync(path.join(deps.clientDir, 'index.html')).mtimeMs;
    } catch {
      // not built
    }
    if (template?.mtimeMs !== indexMtime) {
      template = indexMtime ? readTemplate(deps.clientDir) : null;
      others.clear();
    }
    return { entry, template };
  }

  /** The page of the build of the language a page was rendered in (English's when there is none). */
  const others = new Map<Locale, Template | null>();
  function templateOf(locale: Locale, english: Template): Template {
    if (locale === 'en') return english;
    if (!others.has(locale)) others.set(locale, readTemplate(deps.clientDir, locale));
    return others.get(locale) ?? english;
  }

  for (const { paths, screen, publicCache } of SERVER_RENDERED_PAGES) {
    router.get([...paths], async (req, res, next) => {
      if (req.method !== 'GET') return next();
      const { entry: loading, template: page } = current();
      const server = loading && (await loading);
      if (!server || !page) return next();
      // The page's language, without the account's (the render puts that first: entry-server.tsx).
      const locale = pageRequestLocale(req, res);
      // The pseudo-language (common/i18n/pseudo.ts: the browser test of texts left in the code), never cached.
      const pseudo = locale === 'en' && readCookie(req.headers.cookie, PSEUDO_COOKIE) === '1';
      // The slot the render starts in: a listing written meanwhile makes its page unstorable.
      const generation = publicCache && deps.cache && anonymous(req) && !pseudo ? deps.cache.begin() : null;
      // The page of another build (a deploy) is never served: the build's index.html is in the key;
      // nor a page in another language.
      // What it reads is its address, as sent (the page's links and state are made from it); its data
      // it reads through the GraphQL entries the browser's requests read (graphql/http.ts executorFor).
      const key =
        generation === null
          ? ''
          : readKey({
              reads: [{ field: 'page', args: { url: req.originalUrl } }],
              shape: `page:${page.mtimeMs}:${req.get('host') ?? ''}`,
              locale,
            });
      if (generation !== null && !wantsFresh(req)) {
        const hit = await deps.cache!.get(generation, key);
        if (hit !== null) {
          res.set(PUBLIC_CACHE_HEADER, 'HIT');
          await send(req, res, 200, { br: Buffer.from(hit, 'base64') });
          return;
        }
      }
      if (!req.auth?.viewer && !(await deps.allowAnonymous(req.ip ?? req.socket.remoteAddress ?? 'unknown'))) return next();
      // Checked and taken with no await in between, so that no more than the cap start together.
      if (rendering >= (deps.maxConcurrent ?? SSR_MAX_CONCURRENT)) return next();
      rendering += 1;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), deps.timeLimitMs ?? SSR_TIME_LIMIT_MS);
      const hungUp = () => controller.abort();
      req.once('close', hungUp);
      try {
        const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`).href;
        let partial = false;
        const executor = deps.executorFor(req, res);
        const out = await server.render({
          url,
          // An answer with errors (a database outage, a bad address) is not a page to send: its data is
          // missing from the state handed over, so the browser would draw that part again — the plain
          // page does the whole. Nothing more is asked once the render is given up.
          execute: async (operation) => {
            if (controller.signal.aborted) throw new Error('The render was given up.');
            const result = await executor(operation);
            if (result.errors?.length) partial = true;
            return result;
          },
          signal: controller.signal,
          signedIn: Boolean(req.auth?.viewer),
          locale,
          pseudo,
          onError: (err) => {
            partial = true;
            if (!controller.signal.aborted)
              deps.log.error({ err, url: req.originalUrl }, 'Part of a page failed to render on the server');
          },
        });
        if (controller.signal.aborted || res.headersSent || out.kind === 'browser') return next();
        // A part that failed would be rendered again in the browser: the plain page does it whole.
        if (out.aborted || partial) return next();
        // A query the page read that was not fetched before its render (client/src/app/page-queries.ts
        // lacks it) was fetched then, and the page rendered again: whole, but at twice the cost.
        if (out.missed.length)
          deps.log.error({ url: req.originalUrl, missed: out.missed }, 'A page read data not fetched before its render');
        // How the page was made, for the browser's developer tools and the tests (one render).
        res.set(
          'Server-Timing',
          `data;dur=${out.timing.dataMs.toFixed(1)}, render;dur=${out.timing.renderMs.toFixed(1)};desc="${out.timing.renders} pass${out.timing.renders === 1 ? '' : 'es'}"`,
        );
        // The scripts of the build of the language it was rendered in, whose texts are in its code.
        const built = templateOf(out.locale, page);
        let chunks = built.screens.get(screen);
        if (!chunks) {
          const found = chunksOf(built.manifest, [APP_MODULE, screen], built.head('', ''));
          const end = `</script><script type="application/json" id="ssr-modules">${JSON.stringify(found.scripts)}</script>${built.tail.slice('</div>'.length)}`;
          chunks = { ...found, end: Buffer.from(end, 'utf8') };
          built.screens.set(screen, chunks);
        }
        // `<html lang>`: the language it was rendered in (the template's is English). The preloads React
        // hoisted go in the head (render.worker.mjs).
        const head = built.head(out.hoisted, chunks.styles).replace(HTML_LANG, `<html lang="${LOCALE_TAGS[out.locale]}"`);
        const body = Buffer.concat([Buffer.from(head, 'utf8'), out.html, STATE_START, out.state, chunks.end]);
        if (generation !== null && out.status === 200) {
          const br = brotliPage(body);
          void deps.cache!.set(generation, key, br.toString('base64'), 'page');
          res.set(PUBLIC_CACHE_HEADER, 'MISS');
          await send(req, res, out.status, { br, text: body });
        } else {
          await send(req, res, out.status, { text: body });
        }
      } catch (err) {
        if (controller.signal.aborted) {
          deps.log.warn(
            { url: req.originalUrl },
            'Server rendering gave up (time limit or client gone); the browser renders the page',
          );
        } else {
          deps.log.error({ err, url: req.originalUrl }, 'Server rendering failed; the browser renders the page');
        }
        if (!res.headersSent) next();
      } finally {
        rendering -= 1;
        clearTimeout(timer);
        req.off('close', hungUp);
      }
    });
  }
  return {
    router,
    async close() {
      closed = true;
      await (await entry)?.close();
    },
  };
}

/** The page in the encoding the browser accepts: from its brotli form when it has one, else from its text. */
async function send(
  req: express.Request,
  res: express.Response,
  status: number,
  page: { text: Buffer; br?: Buffer } | { text?: undefined; br: Buffer },
): Promise<void> {
  const accepts = acceptedEncodings(req.get('accept-encoding'));
  const text = async () => page.text ?? unbrotliPage(page.br);
  let body: Buffer;
  if (accepts.br) {
    body = page.br ?? brotliPage(await text());
    res.set('Content-Encoding', 'br');
  } else if (accepts.gzip) {
    body = await gzipPage(await text());
    res.set('Content-Encoding', 'gzip');
  } else {
    body = await text();
  }
  res.status(status);
  res.type('html');
  // The page is drawn for this viewer (saved listings, the header): never kept by a shared cache; a
  // signed-in viewer's page (their name and contact details in the state) not even by the browser,
  // which would show it again on Back after a sign-out on a shared computer.
  res.set('Cache-Control', req.auth?.viewer ? 'private, no-store' : 'private, no-cache');
  res.vary('Accept-Encoding');
  res.vary('Accept-Language');
  res.vary('Cookie');
  res.set('Content-Length', String(body.length));
  res.end(body);
}

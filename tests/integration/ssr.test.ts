import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { SSR_MAX_CONCURRENT, SSR_TIME_LIMIT_MS } from '../../server/http/ssr.js';
import { addPhotos, createAgent, createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { until } from '../setup/until.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

const REDIS_URL = process.env.REDIS_TEST_URL || undefined;

// Pages rendered on the server (server/http/ssr.ts; docs/decisions/0035-server-rendering.md), with a
// stand-in for the client's server build: the real one needs `vite build --ssr` (the browser tests
// render with it, tests/e2e/ssr.spec.ts). The stand-in asks the app for a page's data through the
// executor it is given, as client/src/entry-server.tsx does, and echoes what it got.

const PAGE_QUERY = parse(`
  query Page {
    me { id }
    properties(first: 2) { edges { node { title } } }
  }
`);

const ENTRY = `
import { isMainThread } from 'node:worker_threads';
const DOCUMENT = ${JSON.stringify(PAGE_QUERY)};
// What the server fetches before asking for the render, as client/src/entry-server.tsx says (null: the browser's page).
export function pageOperations(url) {
  if (new URL(url).searchParams.get('mode') === 'browser') return null;
  return [{ query: DOCUMENT, variables: {}, operationName: 'Page', hash: undefined }];
}
export async function render({ url, execute, signal, onError, locale, fetched }) {
  const mode = new URL(url).searchParams.get('mode');
  if (mode === 'throw') throw new Error('the render broke');
  // The render thread ends (as when it runs out of memory): server/http/render-thread.ts.
  if (mode === 'exit') process.exit(1);
  // A render that never ends (it never reaches an await): only ending its thread stops it.
  if (mode === 'spin') for (;;);
  // A page the render leaves to the browser for this URL or viewer (client/src/app/page-queries.ts).
  if (mode === 'browser') return { kind: 'browser' };
  if (mode === 'hang') {
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    throw new Error('aborted');
  }
  if (mode === 'partial') onError(new Error('a part broke'));
  if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 1500));
  // A page that reads only public fields (its data shared with /graphql through the public cache).
  if (mode === 'cards') {
    const cards = await execute({ query: ${JSON.stringify(parse('query Cards { properties(first: 3) { edges { node { title } } } }'))}, variables: {}, operationName: 'Cards' });
    return { kind: 'page', status: 200, html: '<main data-rendered="yes">' + JSON.stringify(cards.data).replace(/</g, '&lt;') + '</main>', state: '{}', aborted: false, missed: [], locale: locale ?? 'en', timing: { dataMs: 1, renderMs: 1, renders: 1 } };
  }
  if (mode === 'error') {
    // A forged cursor: the answer carries an error (BAD_USER_INPUT) and no data.
    const failed = await execute({ query: ${JSON.stringify(parse('query Forged { properties(after: "forged") { totalCount } }'))}, variables: {}, operationName: 'Forged' });
    if (!failed.errors) throw new Error('the stand-in expected an error');
  }
  // The answer the server fetched first; asked for again by the render ('missed': a query the server
  // did not fetch first; 'slow': asked of the main thread while other renders are under way).
  const asked = mode === 'missed' || mode === 'slow';
  const result = asked ? await execute({ query: DOCUMENT, variables: {}, operationName: 'Page' }) : fetched.answers[0];
  return {
    kind: 'page',
    status: 200,
    html: '<link rel="preload" as="image" href="/media/first.jpg" fetchPriority="high"/><main data-rendered="yes">' + JSON.stringify(result.data).replace(/</g, '&lt;') + '</main>' +
      '<p data-thread="' + (isMainThread ? 'main' : 'render') + '" data-fetched="' + (fetched ? 'first' : 'no') + '">Café — 中文 ·</p>',
    state: JSON.stringify({ apollo: { ROOT_QUERY: {} } }),
    aborted: false,
    // A query the page read that was not fetched first (client/src/app/page-queries.ts lacks it).
    missed: mode === 'missed' ? ['Page'] : [],
    locale: locale ?? 'en',
    timing: { dataMs: 1.25, renderMs: 2.5, renders: mode === 'missed' ? 2 : 1 },
  };
}
`;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>NYC Rentals</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-a1.js', css: ['assets/index-a1.css'], dynamicImports: ['src/boot.tsx'] },
  'src/boot.tsx': { file: 'assets/boot-b2.js', imports: ['_react-c3.js'] },
  '_react-c3.js': { file: 'assets/react-c3.js' },
  'src/app/routes/home.tsx': { file: 'assets/home-d4.js', imports: ['_react-c3.js'], css: ['assets/home-d4.css'] },
};

/** The Spanish build's (decision 0057): its own files where its texts are, the same others. */
const SPANISH_INDEX_HTML = INDEX_HTML.replace('index-a1.js', 'index-es1.js');
const SPANISH_MANIFEST = {
  ...MANIFEST,
  'index.html': { ...MANIFEST['index.html'], file: 'assets/index-es1.js' },
  'src/boot.tsx': { file: 'assets/boot-es2.js', imports: ['_react-c3.js'] },
  'src/app/routes/home.tsx': { ...MANIFEST['src/app/routes/home.tsx'], file: 'assets/home-es4.js' },
};

/** A folder with the stand-in builds: client/ (index.html, the manifest) and server/ (entry-server.js). */
async function standInBuild(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nyc-rentals-ssr-'));
  await fs.mkdir(path.join(dir, 'client', '.vite'), { recursive: true });
  await fs.mkdir(path.join(dir, 'server'), { recursive: true });
  await fs.writeFile(path.join(dir, 'client', 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  await fs.writeFile(path.join(dir, 'client', 'index.es.html'), SPANISH_INDEX_HTML);
  await fs.writeFile(path.join(dir, 'client', '.vite', 'manifest.es.json'), JSON.stringify(SPANISH_MANIFEST));
  await fs.writeFile(path.join(dir, 'server', 'entry-server.js'), ENTRY);
  return dir;
}

const builtIn = (dir: string, env: Record<string, string> = {}) => ({
  clientDir: path.join(dir, 'client'),
  serverDir: path.join(dir, 'server'),
  env,
});

async function sessionCookie(account: TestAccount, on: TestApp): Promise<string> {
  const res = await fetch(`${on.url}/api/auth/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
    body: JSON.stringify({ idToken: account.idToken }),
  });
  const m = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
  expect(m, 'a session cookie').not.toBeNull();
  return `session=${m![1]}`;
}

/** Sends anonymous GraphQL requests until the address's allowance of the minute is spent. */
async function spendAnonymousAllowance(on: TestApp, alreadySpent: number): Promise<void> {
  for (let sent = alreadySpent; sent < RATE_LIMITS.anonymous.points; sent += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, RATE_LIMITS.anonymous.points - sent) }, () =>
        fetch(`${on.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
        }).then((r) => r.arrayBuffer()),
      ),
    );
  }
}

/** What a page rendered by the stand-in shows: the answer of its query. */
function shown(html: string): unknown {
  const main = /<main data-rendered="yes">(.*?)<\/main>/.exec(html)?.[1];
  return main === undefined ? null : JSON.parse(main.replace(/&lt;/g, '<'));
}

describe.each(transportBackends)('pages rendered on the server, on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Loft <b>with</b> a view' });
    renter = await createAccount(db.prisma);
    dir = await standInBuild();
    app = await startTestApp(db, builtIn(dir));
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${app.url}${p}`, { headers, redirect: 'manual' });

  it('renders the listings page into index.html: the data, the state, the chunks to fetch, the first photo in the head', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const html = await res.text();
    expect(shown(html)).toEqual({
      me: null,
      properties: { edges: [{ node: { title: 'Loft <b>with</b> a view' } }] },
    });
    expect(html).toContain('<script type="application/json" id="ssr-state">{"apollo":{"ROOT_QUERY":{}}}</script>');
    // The app's and the screen's chunks, without those the page already links; the screen's styles.
    const modules = JSON.parse(/<script type="application\/json" id="ssr-modules">(.*?)<\/script>/.exec(html)![1]!) as string[];
    expect(modules.sort()).toEqual(['/assets/boot-b2.js', '/assets/home-d4.js', '/assets/react-c3.js']);
    expect(html).toContain('<link rel="stylesheet" href="/assets/home-d4.css">');
    // The photo React hoisted goes to the head, right after the title: before the scripts.
    const photo = html.indexOf('<link rel="preload" as="image" href="/media/first.jpg"');
    expect(photo).toBeGreaterThan(html.indexOf('</title>'));
    expect(photo).toBeLessThan(html.indexOf('<script'));
    expect(html.indexOf('<main')).toBeGreaterThan(html.indexOf('<div id="root">'));
    // Rendered on the render thread, with the data the main thread fetched first; its text past ASCII
    // comes through whole (the page crosses as UTF-8 bytes).
    expect(html).toContain('<p data-thread="render" data-fetched="first">Café — 中文 ·</p>');
  });

  it("renders different viewers' pages at once on the one thread, each with its own viewer's answers", async () => {
    const cookie = await sessionCookie(renter, app);
    // Each render waits, then asks the main thread for its data: the two are under way together.
    const page = async (headers: Record<string, string>) => (await get('/listings?mode=slow', headers)).text();
    const [signedIn, anonymous, again] = await Promise.all([page({ cookie }), page({}), page({ cookie })]);
    expect(shown(signedIn)).toMatchObject({ me: { id: renter.uid } });
    expect(shown(anonymous)).toMatchObject({ me: null });
    expect(shown(again)).toMatchObject({ me: { id: renter.uid } });
  });

  it("sends a page rendered in Spanish with the Spanish build's scripts and its language", async () => {
    const html = await (await get('/', { cookie: 'lang=es' })).text();
    expect(html).toContain('<html lang="es"');
    expect(html).toContain('src="/assets/index-es1.js"');
    const modules = JSON.parse(/<script type="application\/json" id="ssr-modules">(.*?)<\/script>/.exec(html)![1]!) as string[];
    expect(modules.sort()).toEqual(['/assets/boot-es2.js', '/assets/home-es4.js', '/assets/react-c3.js']);
    // Chinese has no build in this folder: English's scripts, the page's language Chinese.
    const zh = await (await get('/', { cookie: 'lang=zh' })).text();
    expect(zh).toContain('<html lang="zh-CN"');
    expect(zh).toContain('src="/assets/index-a1.js"');
  });

  it('sends the page compressed when the browser accepts it', async () => {
    for (const [accept, encoding, decode] of [
      ['br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await fetch(`${app.url}/listings`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes what it knows; read the raw bytes through node:http instead.
      const raw = await new Promise<Buffer>((resolve, reject) => {
        http
          .get(`${app.url}/listings`, { headers: { 'accept-encoding': accept } }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject);
      });
      expect(decode(raw).toString('utf8')).toContain('data-rendered="yes"');
    }
  });

  it('renders for the viewer of the session cookie', async () => {
    const cookie = await sessionCookie(renter, app);
    const res = await get('/properties/any-slug', { cookie });
    // Not even the browser keeps a signed-in viewer's page (Back after a sign-out).
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain(`"me":{"id":"${renter.uid}"}`);
  });

  it('sends the plain page when the render fails, a part of it fails, an answer has errors, or it takes too long', async () => {
    for (const mode of ['throw', 'partial', 'error']) {
      const res = await get(`/listings?mode=${mode}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('ssr-state');
    }
    // The time limit (server/http/ssr.ts, SSR_TIME_LIMIT_MS) at its real value.
    const started = Date.now();
    const slow = await (await get('/listings?mode=hang')).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(SSR_TIME_LIMIT_MS - 50);
    expect(slow).toContain('<div id="root"></div>');
    expect(slow).not.toContain('ssr-state');
  });

  it('renders on a thread of its own, and starts another when that one stops', async () => {
    const { isMainThread } = await import('node:worker_threads');
    expect(isMainThread).toBe(true);
    const rendered = await (await get('/listings')).text();
    expect(rendered).toContain('data-thread="render"');
    const ended = await (await get('/listings?mode=exit')).text();
    expect(ended).toContain('<div id="root"></div>');
    expect(ended).not.toContain('ssr-state');
    // Another thread renders the next pages (the server looks again a second later).
    await until(async () => (await (await get('/listings')).text()).includes('ssr-state'));
  });

  it('ends a thread stuck in a render past the time limit, and renders the next pages on another', async () => {
    const started = Date.now();
    const stuck = await (await get('/listings?mode=spin')).text();
    expect(Date.now() - started).toBeGreaterThanOrEqual(SSR_TIME_LIMIT_MS - 50);
    expect(stuck).not.toContain('ssr-state');
    // The stuck thread is ended STUCK_MS after the render was given up, and the server looks again a second later.
    await until(async () => (await (await get('/listings')).text()).includes('ssr-state'));
  });

  it(`renders at most ${SSR_MAX_CONCURRENT} pages at once: the others get the plain page at once`, async () => {
    const pages = await Promise.all(
      Array.from({ length: SSR_MAX_CONCURRENT + 2 }, async () => (await get('/listings?mode=slow')).text()),
    );
    expect(pages.filter((html) => html.includes('ssr-state'))).toHaveLength(SSR_MAX_CONCURRENT);
    expect(pages.filter((html) => html.includes('<div id="root"></div>'))).toHaveLength(2);
    // Once they are done, pages are rendered again.
    expect(await (await get('/listings')).text()).toContain('ssr-state');
  });

  it('says in Server-Timing how long the data and the render took, and in how many passes', async () => {
    const once = await get('/listings?timed=1');
    expect(once.headers.get('server-timing')).toBe('data;dur=1.3, render;dur=2.5;desc="1 pass"');
    await once.arrayBuffer();
    // A page that read data not fetched first is still sent whole (rendered again with it).
    const twice = await get('/listings?mode=missed');
    expect(twice.headers.get('server-timing')).toBe('data;dur=1.3, render;dur=2.5;desc="2 passes"');
    expect(await twice.text()).toContain('ssr-state');
  });

  it('sends the plain page for other paths', async () => {
    // The last: a rendered page's URL that the render leaves to the browser (an inbox's open conversation).
    for (const route of ['/me/saved', '/auth', '/no/such/page', '/messages?mode=browser']) {
      const html = await (await get(route)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('ssr-state');
    }
  });

  it('counts a render against the anonymous GraphQL limit of the address: over it, the plain page', async () => {
    const limited = await startTestApp(db, builtIn(dir));
    try {
      // Every render so far counted one; spend the rest of the minute's allowance.
      const rendered = await (await fetch(`${limited.url}/`)).text();
      expect(rendered).toContain('ssr-state');
      await spendAnonymousAllowance(limited, 1);
      const over = await (await fetch(`${limited.url}/`)).text();
      expect(over).toContain('<div id="root"></div>');
      expect(over).not.toContain('ssr-state');
      // A signed-in viewer is not counted per address.
      const cookie = await sessionCookie(renter, limited);
      expect(await (await fetch(`${limited.url}/`, { headers: { cookie } })).text()).toContain('ssr-state');
    } finally {
      await limited.stop();
    }
  });

  describe('an anonymous page, kept in the public cache', () => {
    let cached: TestApp;
    let owner: TestAccount;
    let listingId = '';
    const STATUS = 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id status } }';

    beforeAll(async () => {
      owner = await createAccount(db.prisma);
      listingId = (await createProperty(db.prisma, { userId: owner.uid }, { title: 'Cached walk-up' })).id;
      await addPhotos(db.prisma, listingId, 1);
      cached = await startTestApp(db, builtIn(dir, { PUBLIC_CACHE_SECONDS: '30' }));
    });
    afterAll(async () => {
      await cached?.stop();
    });

    const page = async (p: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${cached.url}${p}`, { headers: { 'accept-encoding': 'br', ...headers } });
      const html = await res.text();
      return {
        cache: res.headers.get('x-public-cache'),
        encoding: res.headers.get('content-encoding'),
        html,
        titles: titlesOf(html),
      };
    };
    const titlesOf = (html: string) =>
      (shown(html) as { properties?: { edges: { node: { title: string } }[] } } | null)?.properties?.edges.map(
        (e) => e.node.title,
      ) ?? [];
    /** A change no listing write announces: only the cache can hide it. */
    const quietlyRename = (title: string) => db.prisma.property.update({ where: { id: listingId }, data: { title } });

    it('is sent again without a render until a listing write, in any encoding; a reload renders it anew', async () => {
      const first = await page('/listings?beds=1');
      expect(first.cache).toBe('MISS');
      expect(first.titles).toContain('Cached walk-up');
      await quietlyRename('Renamed walk-up');
      const again = await page('/listings?beds=1');
      expect(again.cache).toBe('HIT');
      expect(again.encoding).toBe('br');
      expect(again.html).toBe(first.html);
      // A browser that takes only gzip gets the same page from the cache.
      const gzipped = await page('/listings?beds=1', { 'accept-encoding': 'gzip' });
      expect(gzipped).toMatchObject({ cache: 'HIT', encoding: 'gzip', html: first.html });
      const plain = await page('/listings?beds=1', { 'accept-encoding': 'identity' });
      expect(plain).toMatchObject({ cache: 'HIT', encoding: null, html: first.html });
      // Another address is another page.
      expect((await page('/listings?beds=2')).titles).toContain('Renamed walk-up');

      // A reload asks for a fresh page (max-age=0; a hard reload no-cache): rendered again, and kept
      // in place of the old one.
      const reload = await page('/listings?beds=1', { 'cache-control': 'max-age=0' });
      expect(reload.cache).toBe('MISS');
      expect(reload.titles).toContain('Renamed walk-up');
      expect((await page('/listings?beds=1', { 'cache-control': 'no-cache' })).cache).toBe('MISS');
      expect((await page('/listings?beds=1')).titles).toContain('Renamed walk-up');

      // The owner's listing write, one a visitor sees, empties the cache at once.
      await quietlyRename('Cached walk-up');
      const setStatus = async (status: string) => {
        const write = await fetch(`${cached.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...owner.bearer },
          body: JSON.stringify({ query: STATUS, variables: { id: listingId, status } }),
        });
        expect(await write.json()).toEqual({ data: { setListingStatus: { id: listingId, status } } });
      };
      // Asking for the status it already has changes nothing: the page stays.
      await setStatus('ACTIVE');
      expect((await page('/listings?beds=1')).cache).toBe('HIT');
      await setStatus('INACTIVE');
      expect((await page('/listings?beds=1')).titles).not.toContain('Cached walk-up');
      await setStatus('ACTIVE');
      const after = await page('/listings?beds=1');
      expect(after.cache).toBe('MISS');
      expect(after.titles).toContain('Cached walk-up');
    });

    it("reads its data through the entries the same query's requests to /graphql read, in any spelling (one cache keyed by what was read)", async () => {
      const cards = `query Cards {
        # the cards
        properties(first: 3) { edges { node { title } } }
      }`;
      const ask = async () => {
        const res = await fetch(`${cached.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
          body: JSON.stringify({ query: cards, operationName: 'Cards' }),
        });
        return { cache: res.headers.get('x-public-cache'), body: (await res.json()) as { data: unknown } };
      };
      const rendered = await page('/listings?mode=cards&shared=1');
      expect(rendered.cache).toBe('MISS');
      expect(rendered.titles).toContain('Cached walk-up');
      await quietlyRename('Quietly renamed walk-up');
      // The browser's request for the page's data, spelled otherwise, is answered from what the render read.
      const fetched = await ask();
      expect(fetched.cache).toBe('HIT');
      expect(fetched.body).toEqual({ data: shown(rendered.html) });
      // And another page reading the same data renders from it, without reading the database.
      expect((await page('/listings?mode=cards&shared=2')).titles).toContain('Cached walk-up');
      // A reload reads afresh.
      expect((await page('/listings?mode=cards&shared=3', { 'cache-control': 'no-cache' })).titles).toContain(
        'Quietly renamed walk-up',
      );
      await quietlyRename('Cached walk-up');
    });

    it('rendered for a browser that takes no compression, is sent from the cache in every encoding, the same page', async () => {
      const first = await page('/listings?beds=3', { 'accept-encoding': 'identity' });
      expect(first).toMatchObject({ cache: 'MISS', encoding: null });
      expect(first.titles).toContain('Cached walk-up');
      await quietlyRename('Renamed while kept');
      try {
        for (let i = 0; i < 2; i++)
          expect(await page('/listings?beds=3')).toMatchObject({ cache: 'HIT', encoding: 'br', html: first.html });
        expect(await page('/listings?beds=3', { 'accept-encoding': 'gzip' })).toMatchObject({
          cache: 'HIT',
          encoding: 'gzip',
          html: first.html,
        });
        expect(await page('/listings?beds=3', { 'accept-encoding': 'identity' })).toMatchObject({
          cache: 'HIT',
          encoding: null,
          html: first.html,
        });
      } finally {
        await quietlyRename('Cached walk-up');
      }
    });

    it("never serves nor keeps a signed-in viewer's page, nor a page that did not render whole", async () => {
      const cookie = await sessionCookie(renter, cached);
      const signedIn = await page('/listings?who=1', { cookie });
      expect(signedIn.cache).toBeNull();
      expect(signedIn.html).toContain(`"me":{"id":"${renter.uid}"}`);
      const anonymousAfter = await page('/listings?who=1');
      expect(anonymousAfter.cache).toBe('MISS');
      expect(anonymousAfter.html).toContain('"me":null');
      // A signed-in viewer is not sent the anonymous page kept for the address.
      expect((await page('/listings?who=1')).cache).toBe('HIT');
      const signedInAgain = await page('/listings?who=1', { cookie });
      expect(signedInAgain.cache).toBeNull();
      expect(signedInAgain.html).toContain(`"me":{"id":"${renter.uid}"}`);
      // A refused cookie is not anonymous either.
      expect((await page('/listings?who=1', { cookie: 'session=forged' })).cache).toBeNull();

      for (let i = 0; i < 2; i++) {
        const partial = await page('/listings?mode=partial');
        expect(partial.cache).toBeNull();
        expect(partial.html).toContain('<div id="root"></div>');
      }
    });

    it("is sent from the cache without counting against the address's limit", async () => {
      const limited = await startTestApp(db, builtIn(dir, { PUBLIC_CACHE_SECONDS: '30' }));
      try {
        const kept = await fetch(`${limited.url}/listings?kept=1`);
        expect(kept.headers.get('x-public-cache')).toBe('MISS');
        await kept.arrayBuffer();
        await spendAnonymousAllowance(limited, 1);
        const hit = await fetch(`${limited.url}/listings?kept=1`);
        expect(hit.headers.get('x-public-cache')).toBe('HIT');
        expect(await hit.text()).toContain('ssr-state');
        // A page not kept would need a render: over the limit, the plain page.
        const other = await (await fetch(`${limited.url}/listings?kept=2`)).text();
        expect(other).toContain('<div id="root"></div>');
        expect(other).not.toContain('ssr-state');
      } finally {
        await limited.stop();
      }
    });
  });
});

describe.runIf(REDIS_URL)('anonymous pages shared by two instances through Redis', () => {
  let db: TestDatabase;
  let dir: string;
  let a: TestApp;
  let b: TestApp;
  let owner: TestAccount;
  let listingId = '';

  beforeAll(async () => {
    db = await createTestDatabase('pglite');
    owner = await createAccount(db.prisma);
    listingId = (await createProperty(db.prisma, { userId: owner.uid }, { title: 'Shared walk-up' })).id;
    await addPhotos(db.prisma, listingId, 1);
    dir = await standInBuild();
    a = await startTestApp(db, builtIn(dir, { PUBLIC_CACHE_SECONDS: '30', REDIS_URL: REDIS_URL! }));
    b = await startTestApp(db, builtIn(dir, { PUBLIC_CACHE_SECONDS: '30', REDIS_URL: REDIS_URL! }));
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const cacheOf = async (on: TestApp, p: string) => {
    const res = await fetch(`${on.url}${p}`);
    return { cache: res.headers.get('x-public-cache'), html: await res.text() };
  };

  it('serves on one instance the page the other rendered, until a write on either', async () => {
    // A unique address: Redis keeps what earlier runs stored.
    const url = `/listings?run=${Date.now()}`;
    await until(async () => (await cacheOf(a, url)).cache !== null);
    await until(async () => (await cacheOf(b, url)).cache === 'HIT');
    await db.prisma.property.update({ where: { id: listingId }, data: { title: 'Renamed under the cache' } });
    expect((await cacheOf(a, url)).html).toContain('Shared walk-up');

    for (const status of ['INACTIVE', 'ACTIVE']) {
      const write = await fetch(`${b.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...owner.bearer },
        body: JSON.stringify({
          query: 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id } }',
          variables: { id: listingId, status },
        }),
      });
      expect(write.status).toBe(200);
    }
    await until(async () => (await cacheOf(a, url)).html.includes('Renamed under the cache'));
  });
});

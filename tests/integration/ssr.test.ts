import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_GRAPHQL_RATE_LIMIT } from '../../server/graphql/http.js';
import { SSR_TIME_LIMIT_MS } from '../../server/http/ssr.js';
import { createAgent, createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

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
const DOCUMENT = ${JSON.stringify(PAGE_QUERY)};
export async function render({ url, execute, signal, onError }) {
  const mode = new URL(url).searchParams.get('mode');
  if (mode === 'throw') throw new Error('the render broke');
  if (mode === 'redirect') return { kind: 'redirect', status: 302, location: '/listings' };
  if (mode === 'hang') {
    await new Promise((resolve) => signal.addEventListener('abort', resolve));
    throw new Error('aborted');
  }
  if (mode === 'partial') onError(new Error('a part broke'));
  const result = await execute({ query: DOCUMENT, variables: {}, operationName: 'Page' });
  return {
    kind: 'page',
    status: 200,
    html: '<link rel="preload" as="image" href="/media/first.jpg" fetchPriority="high"/><main data-rendered="yes">' + JSON.stringify(result.data).replace(/</g, '&lt;') + '</main>',
    state: JSON.stringify({ apollo: { ROOT_QUERY: {} } }),
    aborted: false,
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

describe.each(backends)('pages rendered on the server, on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma);
    await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Loft <b>with</b> a view' });
    renter = await createAccount(db.prisma);
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nyc-rentals-ssr-'));
    await fs.mkdir(path.join(dir, 'client', '.vite'), { recursive: true });
    await fs.mkdir(path.join(dir, 'server'), { recursive: true });
    await fs.writeFile(path.join(dir, 'client', 'index.html'), INDEX_HTML);
    await fs.writeFile(path.join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await fs.writeFile(path.join(dir, 'server', 'entry-server.js'), ENTRY);
    app = await startTestApp(db, { clientDir: path.join(dir, 'client'), serverDir: path.join(dir, 'server') });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const get = (p: string, headers: Record<string, string> = {}) => fetch(`${app.url}${p}`, { headers, redirect: 'manual' });

  async function sessionCookie(account: TestAccount, on: TestApp = app): Promise<string> {
    const res = await fetch(`${on.url}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ idToken: account.idToken }),
    });
    const m = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '');
    expect(m, 'a session cookie').not.toBeNull();
    return `session=${m![1]}`;
  }

  it('renders the listings page into index.html: the data, the state, the chunks to fetch, the first photo in the head', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    const html = await res.text();
    const main = /<main data-rendered="yes">(.*?)<\/main>/.exec(html)?.[1];
    expect(JSON.parse(main!.replace(/&lt;/g, '<'))).toEqual({
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
    const cookie = await sessionCookie(renter);
    const html = await (await get('/properties/any-slug', { cookie })).text();
    expect(html).toContain(`"me":{"id":"${renter.uid}"}`);
  });

  it('sends the plain page when the render fails, a part of it fails, or it takes too long; redirects as told', async () => {
    for (const mode of ['throw', 'partial']) {
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
    const redirect = await get('/listings?mode=redirect');
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/listings');
  });

  it('sends the plain page for other paths', async () => {
    for (const route of ['/messages', '/auth', '/no/such/page']) {
      const html = await (await get(route)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('ssr-state');
    }
  });

  it('counts a render against the anonymous GraphQL limit of the address: over it, the plain page', async () => {
    const limited = await startTestApp(db, { clientDir: path.join(dir, 'client'), serverDir: path.join(dir, 'server') });
    try {
      // Every render so far counted one; spend the rest of the minute's allowance.
      const rendered = await (await fetch(`${limited.url}/`)).text();
      expect(rendered).toContain('ssr-state');
      for (let sent = 1; sent < ANONYMOUS_GRAPHQL_RATE_LIMIT; sent += 100) {
        await Promise.all(
          Array.from({ length: Math.min(100, ANONYMOUS_GRAPHQL_RATE_LIMIT - sent) }, () =>
            fetch(`${limited.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: '{ __typename }' }),
            }).then((r) => r.arrayBuffer()),
          ),
        );
      }
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
});

import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../server/http/precompress.js';
import { acceptedEncodings } from '../../server/http/spa.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-db.js';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request over real HTTP with exactly the given headers, the body left as sent (not decoded). */
function request(url: string, pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = http.request({ hostname, port, path: pathname, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static assets: precompressed at build, negotiated per request', () => {
  let db: TestDatabase;
  let app: TestApp;
  let clientDir: string;
  const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "listing ${i}" }`).join(', ')}];\n`;
  const css = `${Array.from({ length: 200 }, (_, i) => `.c${i} { color: #${(i * 4099).toString(16).padStart(6, '0').slice(0, 6)}; }`).join('\n')}\n`;
  const html = `<!doctype html><html><head><title>NYC Rentals</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
  // The page of the Spanish build (decision 0057): its own scripts, with the Spanish texts in them.
  const spanish = html.replace('/assets/index-Ab12Cd34.js', '/assets/index-Es12Es34.js');
  const tiny = 'export const x = 1;\n';
  const png = Buffer.alloc(4096, 7);

  beforeAll(async () => {
    clientDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nyc-rentals-client-'));
    await fs.mkdir(path.join(clientDir, 'assets'));
    await fs.writeFile(path.join(clientDir, 'index.html'), html);
    await fs.writeFile(path.join(clientDir, 'index.es.html'), spanish);
    await fs.writeFile(path.join(clientDir, 'assets', 'index-Ab12Cd34.js'), js);
    await fs.writeFile(path.join(clientDir, 'assets', 'index-Ef56Gh78.css'), css);
    await fs.writeFile(path.join(clientDir, 'assets', 'tiny-Ij90Kl12.js'), tiny);
    await fs.writeFile(path.join(clientDir, 'assets', 'photo-Mn34Op56.png'), png);
    await fs.writeFile(path.join(clientDir, '.env'), 'SECRET=1');
    const made = await precompressDir(clientDir);
    expect(made.find((f) => f.file === 'assets/index-Ab12Cd34.js')).toMatchObject({
      br: expect.any(Number),
      gz: expect.any(Number),
    });
    db = await createTestDatabase('pglite');
    app = await startTestApp(db, { clientDir });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  it('the build step writes smaller .br and .gz siblings, only for compressible files of 1 KB or more', async () => {
    const names = (await fs.readdir(path.join(clientDir, 'assets'))).sort();
    expect(names).toEqual([
      'index-Ab12Cd34.js',
      'index-Ab12Cd34.js.br',
      'index-Ab12Cd34.js.gz',
      'index-Ef56Gh78.css',
      'index-Ef56Gh78.css.br',
      'index-Ef56Gh78.css.gz',
      'photo-Mn34Op56.png',
      'tiny-Ij90Kl12.js',
    ]);
    const br = await fs.readFile(path.join(clientDir, 'assets', 'index-Ab12Cd34.js.br'));
    expect(br.length).toBeLessThan(js.length);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(js);
    await expect(fs.stat(path.join(clientDir, 'index.html.br'))).resolves.toBeTruthy();
  });

  it('sends brotli when accepted, gzip when only gzip is, the original otherwise; the bytes are the original', async () => {
    const br = await request(app.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(js.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(js);

    const gz = await request(app.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(js);

    const plain = await request(app.url, '/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(plain.headers['content-length'])).toBe(js.length);
    expect(plain.body.toString()).toBe(js);

    // Refused by q=0, and a preference for gzip does not matter: brotli is smaller.
    const refused = await request(app.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const none = await request(app.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(none.headers['content-encoding']).toBeUndefined();

    const styles = await request(app.url, '/assets/index-Ef56Gh78.css', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(styles.headers['content-encoding']).toBe('br');
    expect(styles.headers['content-type']).toMatch(/^text\/css/);
    expect(zlib.brotliDecompressSync(styles.body).toString()).toBe(css);
  });

  it('sends small and incompressible files as they are, still cached for a year', async () => {
    const small = await request(app.url, '/assets/tiny-Ij90Kl12.js', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(tiny);
    expect(small.headers['cache-control']).toBe(IMMUTABLE);
    const image = await request(app.url, '/assets/photo-Mn34Op56.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.equals(png)).toBe(true);
  });

  it('serves index.html compressed and not cached for every client route', async () => {
    for (const route of ['/', '/listings', '/properties/some-slug?x=1', '/index.html']) {
      const res = await request(app.url, route, { 'accept-encoding': 'br, gzip' });
      expect(res.status, route).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(html);
    }
    const gz = await request(app.url, '/listings', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);
    // Revalidation: the same representation answers 304.
    const again = await request(app.url, '/listings', { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("serves the page of the build of the request's language, else English's", async () => {
    const page = async (route: string, headers: Record<string, string> = {}) => {
      const res = await request(app.url, route, { 'accept-encoding': 'gzip', ...headers });
      expect(res.status, route).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      // Shared caches keep one page per language.
      expect(res.headers.vary).toMatch(/accept-language/i);
      expect(res.headers.vary).toMatch(/cookie/i);
      return { body: zlib.gunzipSync(res.body).toString(), cookie: res.headers['set-cookie'] };
    };
    expect((await page('/', { cookie: 'lang=es' })).body).toBe(spanish);
    expect((await page('/listings', { 'accept-language': 'es-MX,es;q=0.9' })).body).toBe(spanish);
    const fromUrl = await page('/properties/x?lang=es');
    expect(fromUrl.body).toBe(spanish);
    expect(String(fromUrl.cookie)).toMatch(/lang=es/);
    // The cookie wins over the browser's languages; English by default.
    expect((await page('/', { cookie: 'lang=en', 'accept-language': 'es' })).body).toBe(html);
    expect((await page('/')).body).toBe(html);
    // No Chinese build in this folder: English's page.
    expect((await page('/', { cookie: 'lang=zh' })).body).toBe(html);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await request(app.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const head = await request(app.url, '/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const h of ['content-encoding', 'content-length', 'content-type', 'cache-control', 'vary', 'etag'])
      expect(head.headers[h], h).toBe(get.headers[h]);
    const fallback = await request(app.url, '/listings', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(fallback.status).toBe(200);
    expect(fallback.headers['content-encoding']).toBe('gzip');
    expect(fallback.headers['cache-control']).toBe('no-cache');
  });

  it('gives no way around the negotiation or out of the folder', async () => {
    // The siblings are not URLs of their own, and a missing asset is a 404 (never index.html as JavaScript).
    for (const p of [
      '/assets/index-Ab12Cd34.js.br',
      '/assets/index-Ab12Cd34.js.gz',
      '/assets/nope-00000000.js',
      '/assets/%2e%2e/index.html',
    ]) {
      const res = await request(app.url, p, { 'accept-encoding': 'br, gzip' });
      expect(res.status, p).toBe(404);
      expect(res.headers['content-encoding'], p).toBeUndefined();
    }
    // Traversal and dotfiles get the SPA's index.html at most, never a file outside the folder.
    for (const p of ['/../../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc/passwd', '/.env', '/%2eenv']) {
      const res = await request(app.url, p);
      expect([200, 400, 404], p).toContain(res.status);
      const text = res.body.toString();
      expect(text, p).not.toContain('root:');
      expect(text, p).not.toContain('SECRET');
    }
    // Writes are not served.
    const post = await request(app.url, '/assets/index-Ab12Cd34.js', {}, 'POST');
    expect(post.status).toBe(404);
  });

  it('reads Accept-Encoding with q-values and wildcards', () => {
    expect(acceptedEncodings('br, gzip')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('gzip;q=0.5')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('*')).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings('*;q=0, gzip')).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings('BR;Q=0')).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings('')).toEqual({ br: false, gzip: false });
  });
});

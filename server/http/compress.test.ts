import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliPage, gzipPage, unbrotliPage } from './compress';

const page = (n: number) => Buffer.from(`<!doctype html><main>${'<div class="card">listing</div>'.repeat(200)}${n}</main>`);

describe('compressing pages', () => {
  it('gives back each page, in brotli and in gzip, when many are asked for at once', async () => {
    const pages = Array.from({ length: 20 }, (_, i) => page(i));
    const br = pages.map(brotliPage);
    const gz = await Promise.all(pages.map(gzipPage));
    pages.forEach((text, i) => {
      expect(br[i]!.length).toBeLessThan(text.length / 10);
      expect(zlib.brotliDecompressSync(br[i]!).equals(text)).toBe(true);
      expect(zlib.gunzipSync(gz[i]!).equals(text)).toBe(true);
    });
    expect((await unbrotliPage(br[7]!)).equals(pages[7]!)).toBe(true);
  });

  it('fails a corrupt page without holding up the next one', async () => {
    await expect(unbrotliPage(Buffer.from('not brotli'))).rejects.toThrow();
    expect((await unbrotliPage(brotliPage(page(1)))).equals(page(1))).toBe(true);
  });
});

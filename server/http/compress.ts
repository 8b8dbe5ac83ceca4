// Compressing the pages the server renders: on libuv's threads, one page at a time.
//
// Measured on this machine kind (2 cores; tests/bench/load-results.md, 28 Nov): brotli at quality 5 of
// the listings page (97 KB of HTML) costs 0.9 ms of CPU alone, but 4.3 ms a page when 8 run at once:
// each encoder allocates its window and tables anew, and eight at once on libuv's four threads fault in
// fresh memory (system time) and fight over the caches. One at a time keeps the cost of one alone, off
// the main thread: under the load bench's 8 connections, the listings page took 13 ms of the process's
// CPU instead of 17.6, and it served 86–96 pages a second instead of 76.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import pLimit from 'p-limit';

const brotli = promisify(zlib.brotliCompress);
const brotliDecompress = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

const lane = pLimit(1);

/**
 * Brotli at quality 4 with a 256 KB window (a page is sent at once, and kept in the public cache in this
 * form). Measured on 28 Nov (one encoder alone, 400 runs): the listings page (97 KB of HTML) took
 * 0.76 ms for 10.5 KB against 1.1–1.6 ms for 9.7 KB at quality 5 with the default 4 MB window; the
 * detail page (30 KB) 0.57 ms for 6.1 KB against 0.8 ms for 5.7 KB. Gzip at level 6 makes 11.7 and
 * 6.2 KB.
 */
export function brotliPage(text: Buffer): Promise<Buffer> {
  return lane(() =>
    brotli(text, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
      },
    }),
  );
}

/** Gzip at level 6, for a browser without brotli. */
export function gzipPage(text: Buffer): Promise<Buffer> {
  return lane(() => gzip(text, { level: 6 }));
}

/** A page kept in brotli form, as text again (for a browser that accepts neither). */
export function unbrotliPage(br: Buffer): Promise<Buffer> {
  return lane(() => brotliDecompress(br));
}

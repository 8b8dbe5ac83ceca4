// Compressing the pages the server renders: brotli at a fast quality on the main thread (below); gzip
// (for a browser without brotli) and brotli's decompression on libuv's threads, one page at a time.
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

const brotliDecompress = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

const lane = pLimit(1);

/**
 * Brotli at quality 1 with a 256 KB window, on the main thread: a page is sent at once, and kept in the
 * public cache in this form.
 *
 * Measured on 28 Nov (the fifth machine; decision 0054). Alone, in a loop, quality 4 compresses a
 * detail page in 0.15 ms; in the server, with eight pages in flight, it cost several times that (each
 * page's encoder makes and clears its hash tables anew, hundreds of kilobytes from quality 2 up). At
 * quality 4 on libuv's threads, one at a time, a detail page took 1.61–1.66 ms of the process's CPU
 * (640–665 pages a second under the load bench's 8 connections, the main thread idle 12.6 % of the
 * time, waiting for its turn on the lane); on the main thread, 1.43–1.53 ms, 30 % of the thread in
 * `processChunkSync`. At quality 1 on the main thread: 1.19–1.24 ms (820–850 pages a second), the
 * listings page 3.66 ms against 4.03. Quality 2 and 3 cost 0.1 ms more a detail page. What it costs in
 * bytes: the detail page (28.5 KB of HTML) is 7.1 KB against 6.0 at quality 4, the listings page (95 KB)
 * 11.8 KB against 10.3: a few milliseconds on a slow phone's link.
 */
export function brotliPage(text: Buffer): Buffer {
  return zlib.brotliCompressSync(text, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length,
    },
  });
}

/** Gzip at level 6, for a browser without brotli. */
export function gzipPage(text: Buffer): Promise<Buffer> {
  return lane(() => gzip(text, { level: 6 }));
}

/** A page kept in brotli form, as text again (for a browser that accepts neither). */
export function unbrotliPage(br: Buffer): Promise<Buffer> {
  return lane(() => brotliDecompress(br));
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing (text and WASM); images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|wasm|txt|xml|map)$/i;

/** Files below this size are sent as they are: the saving does not pay for the extra work. */
export const MIN_COMPRESS_BYTES = 1024;

export interface PrecompressedFile {
  /** Path relative to the folder, with forward slashes. */
  file: string;
  size: number;
  /** Size of the `.br` sibling, when one was written. */
  br?: number;
  /** Size of the `.gz` sibling, when one was written. */
  gz?: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressOne(full: string, root: string): Promise<PrecompressedFile> {
  const data = await fs.readFile(full);
  const result: PrecompressedFile = { file: path.relative(root, full).split(path.sep).join('/'), size: data.length };
  if (data.length < MIN_COMPRESS_BYTES) return result;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: full.endsWith('.wasm')
          ? zlib.constants.BROTLI_MODE_GENERIC
          : zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A sibling is written only when it is smaller; a stale one from an earlier run is removed.
  for (const [ext, bytes] of [
    ['br', br],
    ['gz', gz],
  ] as const) {
    if (bytes.length < data.length) {
      await fs.writeFile(`${full}.${ext}`, bytes);
      result[ext] = bytes.length;
    } else {
      await fs.rm(`${full}.${ext}`, { force: true });
    }
  }
  return result;
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) sibling next to every compressible file of at
 * least 1 KB under `dir` (`app-x1.js` → `app-x1.js.br`, `app-x1.js.gz`), when it is smaller than the
 * original. Run after `vite build` (the `precompress` plugin in vite.config.ts); the server picks the
 * sibling the browser accepts (server/http/spa.ts).
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const files: string[] = [];
  for await (const full of walk(dir)) if (COMPRESSIBLE.test(full)) files.push(full);
  const results: PrecompressedFile[] = [];
  // A few at a time: brotli 11 is CPU-heavy and zlib's work runs on libuv's small thread pool.
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.push(await compressOne(next, dir));
    }),
  );
  return results.sort((a, b) => a.file.localeCompare(b.file));
}

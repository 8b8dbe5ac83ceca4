// HEIC/HEIF decoding off the event loop (see heic.ts): libheif compiled to WASM (heic-decode, the
// decoder heic-convert is built on) turns the file into raw RGBA pixels, which go back to the
// main thread without a copy. Plain JavaScript so that node, tsx and vitest all run it as is.
import fs from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

parentPort.on('message', async ({ id, file, maxPixels }) => {
  let images;
  try {
    const buffer = new Uint8Array(await fs.readFile(file));
    images = await decode.all({ buffer });
    const first = images[0];
    if (first.width * first.height > maxPixels) {
      parentPort.postMessage({ id, error: 'TOO_MANY_PIXELS', width: first.width, height: first.height });
      return;
    }
    const { width, height, data } = await first.decode();
    parentPort.postMessage({ id, width, height, data: data.buffer }, [data.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: 'UNREADABLE', message: err instanceof Error ? err.message : String(err) });
  } finally {
    images?.dispose?.();
  }
});

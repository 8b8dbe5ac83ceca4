// The render thread of the pages rendered on the server (render-thread.ts; decision 0054, "React on a
// thread of its own"): it loads the client's server build (dist/server/entry-server.js) and renders the pages the
// main thread asks for. Each GraphQL operation a render asks for is answered by the main thread, as
// the viewer of that request: no data, credential or database connection is ever here. Plain
// JavaScript so that node, tsx and vitest all run it as is (as heic.worker.mjs).
import { pathToFileURL } from 'node:url';
import { TextEncoder } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ render(input: object): Promise<object> }} */
const entry = await import(pathToFileURL(workerData.entryFile).href);

/** The renders under way, by the main thread's id: given up (time limit, client gone) by `abort`. */
const renders = new Map();
/** Operations asked of the main thread and not answered yet. */
const asks = new Map();
let nextAsk = 1;
const encoder = new TextEncoder();
const HOISTED = /^(?:<link [^>]*>)+/;

/** An error as it can cross threads, whatever was thrown. */
const describe = (error) =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { name: 'Error', message: String(error) };

parentPort.on('message', (message) => {
  if (message.kind === 'render') void render(message.id, message.input);
  else if (message.kind === 'answer') {
    const ask = asks.get(message.ask);
    asks.delete(message.ask);
    if (message.error) ask?.reject(Object.assign(new Error(message.error.message), message.error));
    else ask?.resolve(message.result);
  } else if (message.kind === 'abort') {
    renders.get(message.id)?.abort();
    // Said at once: the main thread takes a thread that does not answer for one stuck in a render.
    parentPort.postMessage({ kind: 'stopped', id: message.id });
  }
});

async function render(id, input) {
  const controller = new globalThis.AbortController();
  renders.set(id, controller);
  try {
    const out = await entry.render({
      ...input,
      signal: controller.signal,
      execute: ({ query, variables, operationName, hash }) =>
        new Promise((resolve, reject) => {
          const ask = nextAsk++;
          asks.set(ask, { resolve, reject });
          // Only a query the page read and was not given first (rare: page-queries.ts lacks it) is asked here.
          parentPort.postMessage({ kind: 'execute', id, ask, operation: { query, variables, operationName, hash } });
        }),
      onError: (error) => parentPort.postMessage({ kind: 'error', id, error: describe(error) }),
    });
    if (out.kind !== 'page') parentPort.postMessage({ kind: 'done', id, out });
    else {
      // The page as the bytes it is sent as, made here: its text is not copied across, only handed over.
      // React puts the preloads it hoists (the first photo, `fetchpriority="high"`) first in what it
      // rendered; they go in the head, before the scripts, so that the photo is asked for first.
      const hoisted = HOISTED.exec(out.html)?.[0] ?? '';
      const html = encoder.encode(hoisted ? out.html.slice(hoisted.length) : out.html);
      const state = encoder.encode(out.state);
      parentPort.postMessage({ kind: 'done', id, out: { ...out, hoisted, html, state } }, [html.buffer, state.buffer]);
    }
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', id, error: describe(error) });
  } finally {
    renders.delete(id);
  }
}

parentPort.postMessage({ kind: 'ready' });

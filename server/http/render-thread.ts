// The pages' renders on a thread of their own (render.worker.mjs; decision 0054, "React on a thread of
// its own").
//
// A detail page took 1.3 ms of the process's CPU, half of it React drawing the page and turning its
// data into the state handed over; with the main thread at 100 %, a third of the machine's two cores
// sat idle under the load bench (28 Nov). On its own thread the render runs beside the main thread's
// HTTP, GraphQL and database work instead of after it. The thread never touches the request: the
// page's operations are answered here, by the executor of that request (its viewer, its limits), and
// only their answers cross (and, for a query the render finds it lacks, that operation).
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderInput, RenderOutput, ServerOperation } from '../../client/src/entry-server.js';

const WORKER_URL = new URL('./render.worker.mjs', import.meta.url);

/** How long a render given up may take to stop before its thread is taken for stuck and ended. */
export const STUCK_MS = 1_000;

/**
 * A rendered page as the thread hands it over: its markup and state as UTF-8 (moved, not copied), the
 * preloads React hoisted apart (they go in the head).
 */
export type RenderedPage = Omit<Extract<RenderOutput, { kind: 'page' }>, 'html' | 'state'> & {
  kind: 'page';
  hoisted: string;
  html: Uint8Array;
  state: Uint8Array;
};
export type ThreadOutput = Exclude<RenderOutput, { kind: 'page' }> | RenderedPage;

/** What crosses to the render thread of a render: its input less the functions, which stay here. */
type ThreadInput = Omit<RenderInput, 'execute' | 'onError' | 'signal'>;

/** What the main thread uses of the server build itself: which operations a page asks for first. */
interface MainEntry {
  pageOperations?: (url: string, signedIn: boolean) => ServerOperation[] | null;
}

interface ThreadError {
  name: string;
  message: string;
  stack?: string;
}

type ToThread =
  | { kind: 'render'; id: number; input: ThreadInput }
  | { kind: 'abort'; id: number }
  | { kind: 'answer'; ask: number; result?: unknown; error?: ThreadError };

type FromThread =
  | { kind: 'ready' }
  | { kind: 'stopped'; id: number }
  | { kind: 'execute'; id: number; ask: number; operation: ServerOperation }
  | { kind: 'error'; id: number; error: ThreadError }
  | { kind: 'done'; id: number; out: ThreadOutput }
  | { kind: 'failed'; id: number; error: ThreadError };

interface Render {
  input: RenderInput;
  resolve: (out: ThreadOutput) => void;
  reject: (error: Error) => void;
}

const asError = (error: ThreadError) => Object.assign(new Error(error.message), error);

export interface RenderThread {
  render(input: RenderInput): Promise<ThreadOutput>;
  /** Why the thread stopped, once it has (every render then fails at once); null while it runs. */
  readonly ended: Error | null;
  /** Ends the thread (the app stops): renders under way fail. */
  close(): Promise<void>;
}

/**
 * Starts the thread with the client's server build: resolves once the build is loaded, rejects when it
 * cannot be (the pages are then rendered in the browser, as without a build).
 */
export async function startRenderThread(entryFile: string): Promise<RenderThread> {
  // The page's first operations are fetched here before the render is asked for: one trip to the
  // thread and back, not one more for the thread to ask for them.
  const main = (await import(pathToFileURL(entryFile).href)) as MainEntry;
  const worker = new Worker(WORKER_URL, { workerData: { entryFile } });
  // A thread does not keep the process alive: the server's own handles do.
  worker.unref();
  const renders = new Map<number, Render>();
  /** Renders given up whose stop the thread has acknowledged (it is not stuck). */
  const stopped = new Set<number>();
  let nextId = 1;
  let ended: Error | null = null;

  const fail = (error: Error) => {
    ended ??= error;
    for (const render of renders.values()) render.reject(error);
    renders.clear();
  };
  const end = () => worker.terminate().catch(() => undefined);
  /** Posts to the thread; false when the message cannot be copied (its answer is then an error). */
  const post = (message: ToThread) => {
    try {
      worker.postMessage(message);
      return true;
    } catch {
      return false;
    }
  };
  const answer = (ask: number, error: unknown) =>
    post({
      kind: 'answer',
      ask,
      error: { name: 'Error', message: error instanceof Error ? error.message : String(error) },
    });

  return new Promise((resolve, reject) => {
    worker.on('error', (error) => {
      fail(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`The render thread stopped (exit code ${code}).`);
      fail(error);
      reject(error);
    });
    worker.on('message', (message: FromThread) => {
      if (message.kind === 'ready') {
        resolve({
          render: renderPage,
          get ended() {
            return ended;
          },
          close: async () => {
            ended ??= new Error('The render thread was closed.');
            await end();
          },
        });
        return;
      }
      if (message.kind === 'stopped') {
        stopped.add(message.id);
        return;
      }
      const render = renders.get(message.id);
      if (!render) {
        // A render already given up or failed here: the thread is not left waiting on its question.
        if (message.kind === 'execute') answer(message.ask, new Error('The render was given up.'));
        return;
      }
      switch (message.kind) {
        case 'execute': {
          const { operation, ask } = message;
          render.input.execute(operation).then(
            (result) => post({ kind: 'answer', ask, result }) || answer(ask, new Error('An answer could not be handed over.')),
            (error: unknown) => answer(ask, error),
          );
          return;
        }
        case 'error':
          render.input.onError?.(asError(message.error));
          return;
        case 'done':
          renders.delete(message.id);
          render.resolve(message.out);
          return;
        case 'failed':
          renders.delete(message.id);
          render.reject(asError(message.error));
      }
    });
  });

  async function renderPage(input: RenderInput): Promise<ThreadOutput> {
    if (ended) throw ended;
    const { execute, onError: _onError, signal, ...rest } = input;
    const crossing: ThreadInput = rest;
    const operations = main.pageOperations?.(input.url, input.signedIn ?? false);
    if (operations === null) return { kind: 'browser' };
    if (operations) {
      const started = performance.now();
      const answers = await Promise.all(operations.map((operation) => execute(operation)));
      crossing.fetched = { hashes: operations.map(({ hash }) => hash ?? null), answers, ms: performance.now() - started };
    }
    if (ended) throw ended;
    // Given up while its data was fetched (the time limit, the client gone): not rendered for no one.
    if (signal?.aborted) throw new Error('The render was given up.');
    const id = nextId++;
    return new Promise<ThreadOutput>((resolve, reject) => {
      renders.set(id, { input, resolve, reject });
      if (!post({ kind: 'render', id, input: crossing })) {
        renders.delete(id);
        reject(new Error("The page's data could not be handed to the render thread."));
        return;
      }
      if (!signal) return;
      // Given up (the time limit, the client gone): the thread is told to stop that render, and says
      // so at once unless it is stuck in a render that never ends (a render holds its thread, never the
      // server). One that has not answered a second later is ended, and the next page starts another.
      // (Checked after the messages that arrived meanwhile are read: a main thread that was itself
      // busy that second does not take the answer it has not read yet for silence.)
      const giveUp = () => {
        if (!renders.has(id)) return;
        post({ kind: 'abort', id });
        setTimeout(
          () =>
            setImmediate(() => {
              if (!stopped.delete(id) && !ended) void end();
            }),
          STUCK_MS,
        ).unref();
      };
      if (signal.aborted) giveUp();
      else signal.addEventListener('abort', giveUp, { once: true });
    });
  }
}

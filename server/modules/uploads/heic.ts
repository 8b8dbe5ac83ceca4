import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small pool of worker threads that decode HEIC/HEIF photos (heic.worker.mjs). Decoding a phone
 * photo in WASM takes about a second of CPU, which would stall every other request if it ran on the
 * event loop. Workers start on first use, are reused, end after a minute idle, and never keep the
 * process alive.
 */

export interface DecodedPixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Buffer;
}

export class HeicDecodeError extends Error {
  constructor(
    public readonly reason: 'TOO_MANY_PIXELS' | 'UNREADABLE',
    message: string,
  ) {
    super(message);
    this.name = 'HeicDecodeError';
  }
}

interface Job {
  id: number;
  file: string;
  maxPixels: number;
  resolve: (pixels: DecodedPixels) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

type Reply =
  | { id: number; width: number; height: number; data: ArrayBuffer }
  | { id: number; error: 'TOO_MANY_PIXELS'; width: number; height: number }
  | { id: number; error: 'UNREADABLE'; message: string };

const WORKER_URL = new URL('./heic.worker.mjs', import.meta.url);
const IDLE_MS = 60_000;

export class HeicDecoderPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;

  constructor(readonly size = Math.max(1, Math.min(4, os.availableParallelism() - 1))) {}

  /** Decodes the first image of a HEIC/HEIF file into RGBA pixels. */
  decode(file: string, maxPixels: number): Promise<DecodedPixels> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, file, maxPixels, resolve, reject });
      this.pump();
    });
  }

  /** Ends every worker (tests, shutdown). Jobs in flight are refused. */
  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(
      slots.map((slot) => {
        if (slot.idleTimer) clearTimeout(slot.idleTimer);
        slot.job?.reject(new Error('HEIC decoder closed'));
        slot.job = null;
        return slot.worker.terminate();
      }),
    );
  }

  private pump(): void {
    while (this.queue.length) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ id: job.id, file: job.file, maxPixels: job.maxPixels });
    }
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, job: null, idleTimer: null };
    worker.on('message', (reply: Reply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = null;
      if ('data' in reply) {
        job.resolve({ width: reply.width, height: reply.height, data: Buffer.from(reply.data) });
      } else if (reply.error === 'TOO_MANY_PIXELS') {
        job.reject(new HeicDecodeError('TOO_MANY_PIXELS', `HEIC image of ${reply.width}×${reply.height} pixels is too large`));
      } else {
        job.reject(new HeicDecodeError('UNREADABLE', `HEIC image could not be decoded: ${reply.message}`));
      }
      this.release(slot);
    });
    const fail = (err: Error) => {
      this.remove(slot);
      slot.job?.reject(err);
      slot.job = null;
      this.pump();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`HEIC decoder exited (${code})`)));
    this.slots.push(slot);
    return slot;
  }

  private release(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      this.remove(slot);
      void slot.worker.terminate();
    }, IDLE_MS);
    slot.idleTimer.unref();
    this.pump();
  }

  private remove(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }
}

/** The process's pool (shared by every router instance). */
export const heicDecoder = new HeicDecoderPool();

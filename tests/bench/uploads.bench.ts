// `npm run bench` (second part): the photo upload pipeline's throughput through real HTTP.
//
// A real Express server on a loopback port runs POST /api/uploads (uploads.rest.ts) over an
// in-memory PGlite database and local-disk storage in a temporary folder; only sign-in is stubbed
// (every request is one signed-in user), since verifying a token is not part of the pipeline. It
// uploads phone-sized photos: ~4 MB 12-megapixel JPEGs made with sharp, and the 12-megapixel HEIC of
// tests/fixtures, one at a time and two at a time, and reports photos per second and latency. Writes
// tests/bench/uploads-results.md. BENCH_UPLOADS changes the photos per scenario (default 8).

import { createRateLimits } from '../../server/infra/rate-limits.js';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import express from 'express';
import { pino } from 'pino';
import sharp from 'sharp';
import { createDatabase } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { loadEnv } from '../../server/env.js';
import { errorHandler } from '../../server/http/errors.js';
import { heicDecoder } from '../../server/modules/uploads/heic.js';
import { createLocalStorage } from '../../server/modules/uploads/storage.js';
import { uploadRoutes } from '../../server/modules/uploads/uploads.rest.js';

const PER_SCENARIO = Number(process.env.BENCH_UPLOADS ?? 8);
const RESULTS = path.resolve(import.meta.dirname, 'uploads-results.md');
const HEIC_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/phone-12mp.heic');
const log = (msg: string) => console.log(`[bench:uploads] ${msg}`);

/** A 4032×3024 picture with sensor-like noise, as a JPEG of about 4 MB. */
async function phoneJpeg(): Promise<Buffer> {
  const [w, h] = [4032, 3024];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" opacity="0.6">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#f5d06f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${w * 0.1}" y="${h * 0.45}" width="${w * 0.35}" height="${h * 0.5}" fill="#8b4513"/>
    <circle cx="${w * 0.8}" cy="${h * 0.15}" r="${h * 0.08}" fill="#fff3b0"/></svg>`;
  const overlay = await sharp(Buffer.from(svg)).png().toBuffer();
  return sharp({
    create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  })
    .composite([{ input: overlay, blend: 'over' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const loadBefore = os.loadavg()[0] ?? 0;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-uploads-'));
  const db = await createDatabase({ dataDir: 'memory://' });
  await applyMigrations(db.adapterFactory);
  const uid = 'bench-uploader';
  await db.prisma.user.create({
    data: { id: uid, email: 'bench@example.com', firstName: 'Bench', lastName: 'Mark', phone: '+15550000000', role: 'AGENT' },
  });
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const silent = pino({ level: 'silent' });
  const app = express();
  app.use((req, _res, next) => {
    req.viewer = { uid, email: 'bench@example.com', role: 'AGENT' };
    next();
  });
  const storage = createLocalStorage(path.join(dataDir, 'uploads'));
  app.use(
    '/api',
    uploadRoutes({
      env,
      prisma: db.prisma,
      storage,
      log: silent,
      limits: createRateLimits({ log: silent, overrides: { uploads: { points: 1_000_000 } } }),
    }),
  );
  app.use(errorHandler(silent));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let draft = 0;
  async function uploadOne(body: Buffer, name: string, type: string): Promise<number> {
    const form = new FormData();
    form.append('draftId', `bench-${draft++}`); // one photo per draft: the 10-photo rule stays out of the way
    form.append('file', new Blob([new Uint8Array(body)], { type }), name);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/uploads`, { method: 'POST', body: form });
    await res.arrayBuffer();
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    return performance.now() - t0;
  }

  async function scenario(label: string, body: Buffer, name: string, type: string, concurrency: number) {
    await uploadOne(body, name, type); // warm-up (worker start, WASM compile, caches)
    const latencies: number[] = [];
    let next = 0;
    // The server's event loop (this process): HEIC decoding must not stall it.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < PER_SCENARIO) {
          next++;
          latencies.push(await uploadOne(body, name, type));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    loop.disable();
    latencies.sort((a, b) => a - b);
    const row = {
      label,
      concurrency,
      photos: latencies.length,
      perSecond: latencies.length / seconds,
      p50: pct(latencies, 50),
      p95: pct(latencies, 95),
      loopMax: loop.max / 1e6,
    };
    log(
      `${label}, ${concurrency} at a time: ${row.perSecond.toFixed(2)} photos/s (p50 ${row.p50.toFixed(0)} ms, p95 ${row.p95.toFixed(0)} ms, event loop delay max ${row.loopMax.toFixed(0)} ms)`,
    );
    return row;
  }

  try {
    const jpeg = await phoneJpeg();
    const heic = await fs.readFile(HEIC_FIXTURE);
    const jpegLabel = `JPEG 4032×3024, ${(jpeg.length / 1e6).toFixed(1)} MB`;
    const heicLabel = `HEIC 4032×3024, ${(heic.length / 1e6).toFixed(1)} MB`;
    const rows = [
      await scenario(jpegLabel, jpeg, 'IMG_0001.jpg', 'image/jpeg', 1),
      await scenario(jpegLabel, jpeg, 'IMG_0001.jpg', 'image/jpeg', 2),
      await scenario(heicLabel, heic, 'IMG_0002.HEIC', 'image/heic', 1),
      await scenario(heicLabel, heic, 'IMG_0002.HEIC', 'image/heic', 2),
    ];
    const cpus = os.cpus();
    const md = [
      '# Upload pipeline throughput',
      '',
      `Run ${new Date().toISOString().slice(0, 10)} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'} (load average ${loadBefore.toFixed(1)} at the start), Node ${process.version}, ` +
        `by \`npm run bench\` (tests/bench/uploads.bench.ts): POST /api/uploads over loopback HTTP, in-memory PGlite, ` +
        `local-disk storage; each photo is received to a temp file, type-checked, decoded (HEIC in a worker thread), ` +
        `auto-oriented, re-encoded as a 2048 px WebP and a 640 px WebP thumbnail with a thumbhash, stored and recorded. ` +
        `${PER_SCENARIO} photos per row after one warm-up. The last column is the longest stall of the server's event loop ` +
        `during the row (what every other request would wait); HEIC is decoded by ${heicDecoder.size} worker thread(s) here.`,
      '',
      '| photo | at a time | photos | photos/s | p50 ms | p95 ms | event loop delay, max ms |',
      '| ----- | --------: | -----: | -------: | -----: | -----: | -----------------------: |',
      ...rows.map(
        (r) =>
          `| ${r.label} | ${r.concurrency} | ${r.photos} | ${r.perSecond.toFixed(2)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.loopMax.toFixed(0)} |`,
      ),
      '',
    ].join('\n');
    await fs.writeFile(RESULTS, md);
    log(`wrote ${path.relative(process.cwd(), RESULTS)}`);
  } finally {
    await new Promise((r) => server.close(r));
    await heicDecoder.close();
    await db.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);

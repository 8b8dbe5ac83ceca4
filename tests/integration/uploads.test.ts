import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import exifReader from 'exif-reader';
import express from 'express';
import { pino } from 'pino';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../server/db/client.js';
import { errorHandler } from '../../server/http/errors.js';
import { createLocalStorage, type Storage } from '../../server/modules/uploads/storage.js';
import { createRateLimits, RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { signInToUploadMessage, uploadRoutes, uploadTempDir } from '../../server/modules/uploads/uploads.rest.js';
import { createAccount } from '../setup/accounts.js';
import { signUpInEmulator } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
const UNSUPPORTED = 'Only JPEG, PNG, WebP and HEIC photos can be uploaded.';

/** A small photo-like picture: a gradient with a couple of shapes. */
function scene(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a90d9"/><stop offset="1" stop-color="#f5d06f"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.1}" y="${height * 0.5}" width="${width * 0.3}" height="${height * 0.45}" fill="#8b4513"/>
    <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${height * 0.1}" fill="#fff3b0"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** Every file under `dir` (recursively), as paths relative to it; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(transportBackends)('photo uploads on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  /** A completed agent account (shared factory); its Bearer header. */
  async function account() {
    const acc = await createAccount(db.prisma, 'agent', { firstName: 'Uma', lastName: 'Ploader' });
    return { uid: acc.uid, headers: acc.bearer };
  }

  async function upload(
    headers: Record<string, string>,
    body: Buffer,
    opts: { filename?: string; type?: string; draftId?: string } = {},
  ): Promise<{ status: number; body: Body }> {
    const form = new FormData();
    if (opts.draftId !== undefined) form.append('draftId', opts.draftId);
    form.append('file', new Blob([new Uint8Array(body)], { type: opts.type ?? 'image/jpeg' }), opts.filename ?? 'photo.jpg');
    const res = await fetch(`${app.url}/api/uploads`, { method: 'POST', headers, body: form });
    return { status: res.status, body: (await res.json()) as Body };
  }

  const tempFiles = () => filesUnder(uploadTempDir(app.dataDir));
  const storedFiles = (uid: string) => filesUnder(path.join(app.dataDir, 'uploads', 'listings', uid));

  async function fetchStored(url: string) {
    const res = await fetch(`${app.url}${url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    return Buffer.from(await res.arrayBuffer());
  }

  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await scene(800, 600).jpeg({ quality: 85 }).toBuffer();
  });

  it('refuses anonymous uploads before reading them, and users who never finished signing up', async () => {
    const anon = await upload({ origin: 'http://localhost:5173' }, jpeg);
    expect(anon).toEqual({ status: 401, body: { error: signInToUploadMessage(), code: 'UNAUTHENTICATED' } });

    const half = await signUpInEmulator(); // no user row
    const res = await upload({ authorization: `Bearer ${half.idToken}` }, jpeg);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
    expect(await tempFiles()).toEqual([]);
    expect(await db.prisma.upload.count()).toBe(0);
  });

  it('accepts JPEG, PNG, WebP and HEIC, stores a large and a thumbnail WebP, and records the upload', async () => {
    const { uid, headers } = await account();
    const samples = [
      { name: 'Front Door (1).JPG', type: 'image/jpeg', data: jpeg, size: [800, 600] },
      { name: 'kitchen.png', type: 'image/png', data: await scene(300, 400).png().toBuffer(), size: [300, 400] },
      { name: 'bath.webp', type: 'image/webp', data: await scene(3000, 1500).webp().toBuffer(), size: [2048, 1024] },
      // A real HEVC-coded HEIC (tests/fixtures/README.md says how it was made).
      { name: 'IMG_0001.HEIC', type: 'image/heic', data: await fs.readFile(path.join(FIXTURES, 'photo.heic')), size: [480, 360] },
    ];
    for (const [i, s] of samples.entries()) {
      const res = await upload(headers, s.data, { filename: s.name, type: s.type, draftId: 'draft_A-1' });
      expect(res.status, s.name).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['height', 'placeholder', 'thumbnailUrl', 'url', 'width']);
      expect([res.body.width, res.body.height], s.name).toEqual(s.size);
      const stem = i === 0 ? 'front-door-1' : s.name.split('.')[0]!.toLowerCase();
      expect(res.body.url).toMatch(new RegExp(`^/media/listings/${uid}/draft_A-1/\\d{13}-${i + 1}-${stem}\\.webp$`));
      expect(res.body.thumbnailUrl).toBe(res.body.url.replace(/\.webp$/, '-thumb.webp'));
      const hash = Buffer.from(res.body.placeholder, 'base64');
      expect(hash.length).toBeGreaterThan(5);
      expect(hash.length).toBeLessThan(40);
      expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(s.size[0]! / s.size[1]!, 0);

      const large = await sharp(await fetchStored(res.body.url)).metadata();
      expect([large.format, large.width, large.height]).toEqual(['webp', ...s.size]);
      const thumb = await sharp(await fetchStored(res.body.thumbnailUrl)).metadata();
      expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(640);
    }
    {
      const rows = await db.prisma.upload.findMany({ where: { ownerId: uid }, orderBy: { createdAt: 'asc' } });
      expect(rows).toHaveLength(4);
      expect(rows[3]).toMatchObject({ draftId: 'draft_A-1', contentType: 'image/webp', width: 480, height: 360 });
      expect(rows[3]!.storageKey).toBe(rows[3]!.url.replace(/^\/media\//, ''));
      expect(rows[3]!.bytes).toBeGreaterThan(0);
    }
    expect(await storedFiles(uid)).toHaveLength(8);
    expect(await tempFiles()).toEqual([]);
  });

  it('uses the draft "default" when none is given, and refuses a malformed draft id', async () => {
    const { uid, headers } = await account();
    const ok = await upload(headers, jpeg);
    expect(ok.status).toBe(201);
    expect(ok.body.url).toContain(`/listings/${uid}/default/`);
    for (const draftId of ['../etc', 'a b', 'x'.repeat(65), 'ünïcode']) {
      const bad = await upload(headers, jpeg, { draftId });
      expect(bad.status, draftId).toBe(400);
      expect(bad.body.code).toBe('BAD_USER_INPUT');
    }
    expect(await storedFiles(uid)).toHaveLength(2);
    expect(await tempFiles()).toEqual([]);
  });

  it('checks the type by the bytes: a text file named .jpg and a JPEG header followed by HTML are refused', async () => {
    const { uid, headers } = await account();
    const refused = [
      { name: 'text.jpg', data: Buffer.from('just some text, not a photo\n'.repeat(20)) },
      // Starts like a JPEG (file-type says JPEG), is an HTML page after that: no image decoder reads it.
      {
        name: 'polyglot.jpg',
        data: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        ]),
      },
      { name: 'vector.jpg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') },
      { name: 'anim.jpg', data: await scene(40, 40).gif().toBuffer() },
      { name: 'truncated.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
      { name: 'empty.jpg', data: Buffer.alloc(0) },
    ];
    for (const r of refused) {
      const res = await upload(headers, r.data, { filename: r.name });
      expect(res, r.name).toEqual({ status: 415, body: { error: UNSUPPORTED, code: 'UNSUPPORTED_MEDIA_TYPE' } });
    }
    expect(await storedFiles(uid)).toEqual([]);
    expect(await db.prisma.upload.count({ where: { ownerId: uid } })).toBe(0);
    expect(await tempFiles()).toEqual([]);
  });

  it('accepts a whole JPEG with a script appended, and stores a re-encoded image without those bytes', async () => {
    const { headers } = await account();
    const payload = '<script>alert(document.cookie)</script>';
    const res = await upload(headers, Buffer.concat([jpeg, Buffer.from(payload)]), { filename: 'appended.jpg' });
    expect(res.status).toBe(201);
    for (const url of [res.body.url, res.body.thumbnailUrl]) {
      const stored = await fetchStored(url);
      expect(stored.includes(payload)).toBe(false);
      expect(stored.includes('<script')).toBe(false);
    }
  });

  it('refuses a photo over UPLOAD_MAX_MB with 413 and keeps nothing of it', async () => {
    const { uid, headers } = await account();
    expect(app.env.UPLOAD_MAX_MB).toBe(15);
    const big = Buffer.concat([jpeg, Buffer.alloc(15 * 1024 * 1024 + 1 - jpeg.length, 7)]);
    const res = await upload(headers, big, { filename: 'huge.jpg' });
    expect(res).toEqual({ status: 413, body: { error: 'Photos can be at most 15 MB.', code: 'PAYLOAD_TOO_LARGE' } });
    expect(await storedFiles(uid)).toEqual([]);
    expect(await db.prisma.upload.count({ where: { ownerId: uid } })).toBe(0);
    await eventually(async () => (await tempFiles()).length === 0);
  });

  it('refuses the 11th photo of a draft, also when uploads race, and counts drafts apart', async () => {
    const { uid, headers } = await account();
    const tiny = await scene(64, 48).jpeg().toBuffer();
    // 12 at once: exactly 10 get in.
    const results = await Promise.all(Array.from({ length: 12 }, () => upload(headers, tiny, { draftId: 'race' })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toEqual([
      { status: 409, body: { error: 'A listing can have at most 10 photos.', code: 'CONFLICT' } },
      { status: 409, body: { error: 'A listing can have at most 10 photos.', code: 'CONFLICT' } },
    ]);
    const urls = results.filter((r) => r.status === 201).map((r) => r.body.url as string);
    expect(new Set(urls).size).toBe(10);
    const indexes = urls.map((u) => Number(/\/\d{13}-(\d+)-photo\.webp$/.exec(u)![1])).sort((a, b) => a - b);
    expect(indexes).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const eleventh = await upload(headers, tiny, { draftId: 'race' });
    expect(eleventh.status).toBe(409);
    expect((await upload(headers, tiny, { draftId: 'other' })).status).toBe(201);
    expect(await db.prisma.upload.count({ where: { ownerId: uid, draftId: 'race' } })).toBe(10);
    expect(await storedFiles(uid)).toHaveLength(22);
  });

  it('deletes a photo removed from the form (its files too), which gives its slot in the draft back', async () => {
    const { uid, headers } = await account();
    const tiny = await scene(64, 48).jpeg().toBuffer();
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) urls.push((await upload(headers, tiny, { draftId: 'd1' })).body.url as string);
    expect((await upload(headers, tiny, { draftId: 'd1' })).status).toBe(409);
    const discard = (url: string, h: Record<string, string>) =>
      fetch(`${app.url}/api/uploads?url=${encodeURIComponent(url)}`, {
        method: 'DELETE',
        headers: { ...h, origin: 'http://localhost:5173' },
      });
    // Someone else cannot.
    const other = await account();
    expect((await discard(urls[0]!, other.headers)).status).toBe(404);
    const row = await db.prisma.upload.findUniqueOrThrow({ where: { url: urls[0]! } });
    expect((await discard(urls[0]!, headers)).status).toBe(200);
    expect(await db.prisma.upload.findUnique({ where: { url: urls[0]! } })).toBeNull();
    expect(await app.storage.get(row.storageKey)).toBeNull();
    expect(await app.storage.get(row.thumbnailKey)).toBeNull();
    expect((await upload(headers, tiny, { draftId: 'd1' })).status).toBe(201);
    // A photo a listing shows is not discarded (and no longer counts in the draft).
    const shown = await db.prisma.upload.findUniqueOrThrow({ where: { url: urls[1]! } });
    const listing = await db.prisma.property.create({
      data: {
        slug: `discard-${uid.slice(0, 6)}`,
        title: 'Shown',
        address: '1 Main Street',
        neighborhood: 'Astoria',
        borough: 'QUEENS',
        price: 2000,
        netEffectivePrice: 2000,
        bedrooms: 1,
        bathrooms: 1,
        propertyType: 'APARTMENT',
        availableDate: new Date('2027-01-01'),
        leaseTerm: 'ONE_YEAR',
        ownerId: uid,
        photos: {
          create: [
            {
              position: 0,
              url: shown.url,
              thumbnailUrl: shown.thumbnailUrl,
              width: shown.width,
              height: shown.height,
              storageKey: shown.storageKey,
              thumbnailKey: shown.thumbnailKey,
            },
          ],
        },
      },
    });
    expect((await discard(urls[1]!, headers)).status).toBe(409);
    expect((await upload(headers, tiny, { draftId: 'd1' })).status).toBe(201);
    await db.prisma.property.delete({ where: { id: listing.id } });
  });

  it('removes EXIF, GPS and every other metadata field', async () => {
    const { headers } = await account();
    const withGps = await scene(640, 480)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snapper 9', Copyright: 'Somebody' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '40/1 44/1 5424/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '73/1 59/1 1116/100',
        },
      })
      .toBuffer();
    const input = await sharp(withGps).metadata();
    const exif = exifReader(input.exif!);
    expect(exif.GPSInfo?.GPSLatitudeRef).toBe('N'); // the sample really carries a position
    expect(exif.Image?.Make).toBe('PhoneCo');

    const res = await upload(headers, withGps, { filename: 'gps.jpg' });
    expect(res.status).toBe(201);
    for (const url of [res.body.url, res.body.thumbnailUrl]) {
      const stored = await fetchStored(url);
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      for (const needle of ['Exif', 'PhoneCo', 'Snapper', 'Somebody']) expect(stored.includes(needle), needle).toBe(false);
    }
  });

  it('applies the EXIF orientation to the pixels', async () => {
    const { headers } = await account();
    // Stored sideways: red left half, blue right half, with "rotate 90° clockwise to display".
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: { create: { width: 100, height: 100, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(headers, sideways, { filename: 'sideways.jpg' });
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([100, 200]);
    const { data, info } = await sharp(await fetchStored(res.body.url))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [tr, , tb] = pixel(50, 20);
    const [br, , bb] = pixel(50, 180);
    expect(tr).toBeGreaterThan(200); // the red half is on top once upright
    expect(tb).toBeLessThan(60);
    expect(bb).toBeGreaterThan(200);
    expect(br).toBeLessThan(60);
  });

  it('leaves no temporary file and no stored object when the client cancels mid-stream', async () => {
    const { uid, headers } = await account();
    const boundary = 'cancelled-upload-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const url = new URL(`${app.url}/api/uploads`);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(8 * 1024 * 1024),
        },
      });
      req.on('error', () => resolve()); // the destroyed request
      req.write(head);
      req.write(jpeg);
      req.write(Buffer.alloc(1024 * 1024, 1));
      // Cancel once the server has started writing the temporary file.
      void eventually(async () => (await tempFiles()).length > 0).then(() => {
        req.destroy();
        resolve();
      });
    });
    await eventually(async () => (await tempFiles()).length === 0);
    expect(await storedFiles(uid)).toEqual([]);
    expect(await db.prisma.upload.count({ where: { ownerId: uid } })).toBe(0);
    // The server is fine afterwards.
    expect((await upload(headers, jpeg)).status).toBe(201);
  });

  it(`limits uploads to ${RATE_LIMITS.uploads.points} per user and minute (the real value)`, async () => {
    const { uid } = await account();
    const mini = express();
    mini.use((req, _res, next) => {
      req.viewer = { uid, email: null, role: null };
      next();
    });
    const storage = createLocalStorage(path.join(app.dataDir, 'rate-limit-store'));
    mini.use(
      '/api',
      uploadRoutes({
        env: app.env,
        prisma: db.prisma,
        storage,
        log: pino({ level: 'silent' }),
        limits: createRateLimits({ log: pino({ level: 'silent' }) }),
      }),
    );
    mini.use(errorHandler(pino({ level: 'silent' })));
    const server = mini.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const port = (server.address() as { port: number }).port;
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMITS.uploads.points + 1; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/api/uploads`, { method: 'POST' });
        statuses.push(res.status);
        if (res.status === 429)
          expect(await res.json()).toEqual({ error: 'Too many uploads. Please wait a minute.', code: 'RATE_LIMITED' });
      }
      // No file in the first ones (400); the one over the limit is not even read.
      expect(statuses).toEqual([...Array.from({ length: RATE_LIMITS.uploads.points }, () => 400), 429]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  describe('when storing fails half-way', () => {
    let broken: TestApp;
    let root: string;
    const failures = { thumbnailPut: false, insert: false };

    beforeAll(async () => {
      root = path.join(app.dataDir, 'broken-store');
      const local = createLocalStorage(root);
      // The thumbnail's put fails on demand (after the large one was written).
      const storage: Storage = {
        ...local,
        put: (key, body, type) =>
          failures.thumbnailPut && key.endsWith('-thumb.webp')
            ? Promise.reject(new Error('disk full'))
            : local.put(key, body, type),
      };
      // The Upload row's insert fails on demand (after both objects were written).
      const prisma = new Proxy(db.prisma, {
        get(target, prop, receiver) {
          if (prop !== '$transaction') return Reflect.get(target, prop, receiver) as unknown;
          return (fn: (tx: PrismaClient) => Promise<unknown>, opts: unknown) =>
            target.$transaction(
              (tx) =>
                fn(
                  new Proxy(tx as PrismaClient, {
                    get(t, p, r) {
                      if (p !== 'upload' || !failures.insert) return Reflect.get(t, p, r) as unknown;
                      return {
                        count: t.upload.count.bind(t.upload),
                        findFirst: t.upload.findFirst.bind(t.upload),
                        create: () => Promise.reject(new Error('insert failed')),
                      };
                    },
                  }),
                ),
              opts as never,
            );
        },
      }) as PrismaClient;
      broken = await startTestApp(db, { storage, prisma });
    });
    afterAll(async () => {
      await broken?.stop();
    });

    it('removes what it wrote when the second object or the row cannot be stored', async () => {
      const { uid, headers } = await account();
      const send = async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
        const res = await fetch(`${broken.url}/api/uploads`, { method: 'POST', headers, body: form });
        return { status: res.status, body: (await res.json()) as Body };
      };
      failures.thumbnailPut = true;
      expect(await send()).toEqual({ status: 500, body: { error: 'Internal server error' } });
      failures.thumbnailPut = false;
      failures.insert = true;
      expect(await send()).toEqual({ status: 500, body: { error: 'Internal server error' } });
      failures.insert = false;
      expect(await filesUnder(root)).toEqual([]);
      expect(await db.prisma.upload.count({ where: { ownerId: uid } })).toBe(0);
      expect(await filesUnder(uploadTempDir(broken.dataDir))).toEqual([]);

      // And with nothing failing, the same app stores it.
      expect((await send()).status).toBe(201);
      expect(await filesUnder(root)).toHaveLength(2);
    });
  });
});

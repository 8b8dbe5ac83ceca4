import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EnvError, loadEnv } from '../../server/env.js';
import { completeSignup } from '../../server/modules/auth/auth.service.js';
import { createStorage } from '../../server/modules/uploads/create-storage.js';
import { createS3Storage } from '../../server/modules/uploads/s3-storage.js';
import { InvalidStorageKeyError } from '../../server/modules/uploads/storage.js';
import { uploadTempDir } from '../../server/modules/uploads/uploads.rest.js';
import { linkPhoneInEmulator, signUpInEmulator } from '../setup/identity.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// The SDK warns once that its 2027 releases will need Node 22; the tests know.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** s3rver (npm): a real S3-protocol server on a loopback port, objects on disk. It ships no types. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverCtor = new (opts: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverCtor;

const BUCKET = 'rental-photos';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }; // s3rver's fixed pair

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

let s3dir: string;
let s3rver: S3rverInstance;
let endpoint: string;

beforeAll(async () => {
  s3dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver?.close();
  await fs.rm(s3dir, { recursive: true, force: true });
});

const s3 = (over: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
  createS3Storage({ bucket: BUCKET, endpoint, region: 'us-east-1', credentials: CREDENTIALS, forcePathStyle: true, ...over });

describe('the S3 driver against s3rver', () => {
  it('puts, gets, overwrites and deletes an object', async () => {
    const storage = s3();
    const body = Buffer.from('RIFF....WEBPVP8 not really');
    const stored = await storage.put('listings/u1/d1/1700000000000-1-front.webp', body, 'image/webp');
    expect(stored).toEqual({
      key: 'listings/u1/d1/1700000000000-1-front.webp',
      url: '/media/listings/u1/d1/1700000000000-1-front.webp',
    });

    const got = await storage.get(stored.key);
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/webp');
    expect(got!.size).toBe(body.length);
    expect(await readAll(got!.body)).toEqual(body);

    const raw = await storage.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: stored.key }));
    expect(raw.CacheControl).toBe('public, max-age=31536000, immutable');
    await raw.Body?.transformToByteArray();

    await storage.put(stored.key, Buffer.from('two'), 'image/webp');
    expect((await readAll((await storage.get(stored.key))!.body)).toString()).toBe('two');

    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });

  it('answers null for a missing key, but a failure (no such bucket) is an error, not a missing file', async () => {
    expect(await s3().get('nothing/here.webp')).toBeNull();
    await expect(s3({ bucket: 'no-such-bucket' }).get('a.webp')).rejects.toThrow();
  });

  it('refuses unsafe keys without asking the server', async () => {
    const storage = s3();
    for (const key of ['../x.webp', '/abs.webp', 'a//b.webp', 'a b.webp', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it('names objects by S3_PUBLIC_URL when set', async () => {
    const storage = s3({ publicUrl: 'https://cdn.example.com/photos/' });
    const stored = await storage.put('a/b.webp', Buffer.from('x'), 'image/webp');
    expect(stored.url).toBe('https://cdn.example.com/photos/a/b.webp');
    await storage.delete('a/b.webp');
  });
});

describe('createStorage and the S3 variables', () => {
  it('picks local disk by default and the bucket when S3_BUCKET is set', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'create-storage-'));
    try {
      const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir });
      expect(env.UPLOAD_MAX_MB).toBe(15);
      const local = createStorage(env);
      expect('client' in local).toBe(false);
      await local.put('a/b.webp', Buffer.from('x'), 'image/webp');
      await expect(fs.readFile(path.join(dir, 'uploads/a/b.webp'), 'utf8')).resolves.toBe('x');

      const bucketEnv = loadEnv({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
      const bucket = createStorage(bucketEnv);
      expect('client' in bucket).toBe(true);
      await bucket.put('c/d.webp', Buffer.from('y'), 'image/webp');
      expect((await readAll((await bucket.get('c/d.webp'))!.body)).toString()).toBe('y');
      await bucket.delete('c/d.webp');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses incomplete S3 settings and a bad UPLOAD_MAX_MB', () => {
    const problems = (source: Record<string, string>) => {
      try {
        loadEnv({ NODE_ENV: 'test', ...source });
        return [];
      } catch (err) {
        return (err as EnvError).problems;
      }
    };
    expect(problems({ S3_ENDPOINT: 'http://minio:9000' })).toEqual(['S3_BUCKET: required with S3_ENDPOINT']);
    expect(problems({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
    ]);
    expect(problems({ S3_BUCKET: 'Not_A_Bucket' })).toHaveLength(1);
    expect(problems({ UPLOAD_MAX_MB: '0' })).toHaveLength(1);
    expect(loadEnv({ NODE_ENV: 'test', UPLOAD_MAX_MB: '2.5' }).UPLOAD_MAX_MB).toBe(2.5);
  });
});

let phoneSeq = 0;
const uniquePhone = () => `+1559${String(Date.now() % 1_000_000).padStart(6, '0')}${phoneSeq++ % 10}`.slice(0, 12);

describe.each(transportBackends)('an upload end to end with S3 storage on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db, { storage: s3() });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('stores both renditions in the bucket and serves them at /media', async () => {
    const acc = await signUpInEmulator();
    const phone = uniquePhone();
    const idToken = await linkPhoneInEmulator(acc.idToken, phone);
    await completeSignup(
      db.prisma,
      { uid: acc.uid, email: acc.email, phone, authTime: 0, expiresAt: 0 },
      { uid: acc.uid, firstName: 'Essie', lastName: 'Three', email: acc.email, phone, role: 'renter' },
    );

    const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('draftId', 's3-draft');
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'Living Room.jpg');
    const res = await fetch(`${app.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { url: string; thumbnailUrl: string; width: number; height: number };
    expect(body.url).toMatch(new RegExp(`^/media/listings/${acc.uid}/s3-draft/\\d{13}-1-living-room\\.webp$`));
    expect([body.width, body.height]).toEqual([900, 600]);

    const client = (app.storage as ReturnType<typeof s3>).client;
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `listings/${acc.uid}/` }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(
      [body.url, body.thumbnailUrl].map((u) => u.replace(/^\/media\//, '')).sort(),
    );

    for (const url of [body.url, body.thumbnailUrl]) {
      const media = await fetch(`${app.url}${url}`);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
    }
    expect((await fetch(`${app.url}/media/listings/${acc.uid}/s3-draft/missing.webp`)).status).toBe(404);
    expect(await db.prisma.upload.count({ where: { ownerId: acc.uid, draftId: 's3-draft' } })).toBe(1);
    expect(await fs.readdir(uploadTempDir(app.dataDir))).toEqual([]);
  });
});

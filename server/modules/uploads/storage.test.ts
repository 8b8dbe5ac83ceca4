import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentTypeFromKey, createLocalStorage, InvalidStorageKeyError, type Storage } from './storage.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('createLocalStorage', () => {
  let dir: string;
  let storage: Storage;

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    storage = createLocalStorage(path.join(dir, 'uploads'));
  });

  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('puts, gets and deletes an object', async () => {
    const body = Buffer.from('not really a jpeg');
    const stored = await storage.put('listings/user-1/draft_2/photo-01.JPG', body, 'image/jpeg');
    expect(stored).toEqual({ key: 'listings/user-1/draft_2/photo-01.JPG', url: '/media/listings/user-1/draft_2/photo-01.JPG' });
    await expect(fs.readFile(path.join(dir, 'uploads/listings/user-1/draft_2/photo-01.JPG'))).resolves.toEqual(body);

    const got = await storage.get(stored.key);
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/jpeg');
    expect(got!.size).toBe(body.length);
    expect(await readAll(got!.body)).toEqual(body);

    await storage.delete(stored.key);
    expect(await storage.get(stored.key)).toBeNull();
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });

  it('overwrites an existing key and uses a custom public base', async () => {
    const custom = createLocalStorage(path.join(dir, 'other'), 'https://cdn.example.com/media/');
    await custom.put('a/b.png', Buffer.from('one'), 'image/png');
    const stored = await custom.put('a/b.png', Buffer.from('two!'), 'image/png');
    expect(stored.url).toBe('https://cdn.example.com/media/a/b.png');
    const got = await custom.get('a/b.png');
    expect(got!.size).toBe(4);
    expect((await readAll(got!.body)).toString()).toBe('two!');
  });

  it('returns null for a missing key', async () => {
    expect(await storage.get('nothing/here.webp')).toBeNull();
  });

  it('refuses path traversal, absolute paths and unsafe characters', async () => {
    const bad = [
      '../escape.jpg',
      'a/../../escape.jpg',
      'a/..',
      '/etc/passwd',
      'a//b.jpg',
      './a.jpg',
      'a b.jpg',
      'a\\b.jpg',
      'ä.jpg',
      '',
      'a/',
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    const entries = await fs.readdir(dir);
    expect(entries.filter((e) => e !== 'uploads')).toEqual([]);
  });

  it('derives the content type from the extension', () => {
    expect(contentTypeFromKey('x.jpg')).toBe('image/jpeg');
    expect(contentTypeFromKey('x.jpeg')).toBe('image/jpeg');
    expect(contentTypeFromKey('x.png')).toBe('image/png');
    expect(contentTypeFromKey('x.webp')).toBe('image/webp');
    expect(contentTypeFromKey('x.HEIC')).toBe('image/heic');
    expect(contentTypeFromKey('x.heif')).toBe('image/heif');
    expect(contentTypeFromKey('x.gif')).toBe('application/octet-stream');
    expect(contentTypeFromKey('dir.v2/file')).toBe('application/octet-stream');
  });
});

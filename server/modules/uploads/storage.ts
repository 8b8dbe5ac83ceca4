// Photo storage. The embedded default keeps files on local disk (DATA_DIR/uploads) and the server
// serves them at /media; an S3-compatible bucket sits behind the same interface (s3-storage.ts), and
// `createStorage(env)` (create-storage.ts) picks one from the configuration.

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface StoredObject {
  key: string;
  url: string;
}

export interface StorageObject {
  body: NodeJS.ReadableStream;
  contentType: string;
  size: number;
}

export interface Storage {
  /** Stores the object whole (readers never see a partial one); overwrites an existing key. */
  put(key: string, body: Buffer, contentType: string): Promise<StoredObject>;
  /** The object, or null when no object has that key. */
  get(key: string): Promise<StorageObject | null>;
  /** Removes the object; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_PATTERN = /^[a-zA-Z0-9/_.-]+$/;
let tmpCounter = 0;

/** Throws unless the key is a relative path of safe characters without `.`/`..` segments. */
export function assertValidKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 512 ||
    !KEY_PATTERN.test(key) ||
    key.startsWith('/') ||
    key.endsWith('/') ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new InvalidStorageKeyError(key);
  }
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** The content type of a key or file name, from its extension; generic binary when unknown. */
export function contentTypeFromKey(key: string): string {
  const dot = key.lastIndexOf('.');
  if (dot < 0 || dot < key.lastIndexOf('/')) return 'application/octet-stream';
  return CONTENT_TYPES[key.slice(dot + 1).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Files under `rootDir`, addressed by key; `url` is `${publicBase}/${key}`. The content type is
 * derived from the key's extension on read (the `contentType` given to `put` is not persisted).
 */
export function createLocalStorage(rootDir: string, publicBase = '/media'): Storage {
  const root = path.resolve(rootDir);
  const base = publicBase.replace(/\/+$/, '');

  function fileOf(key: string): string {
    assertValidKey(key);
    const file = path.resolve(root, key);
    if (file !== root && !file.startsWith(root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write to a temporary sibling, then rename, so readers never see a half-written file.
      const tmp = `${file}.${process.pid}.${(tmpCounter++).toString(36)}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, file);
      return { key, url: `${base}/${key}` };
    },

    async get(key) {
      const file = fileOf(key);
      let size: number;
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        size = stat.size;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') return null;
        throw error;
      }
      return { body: createReadStream(file), contentType: contentTypeFromKey(key), size };
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

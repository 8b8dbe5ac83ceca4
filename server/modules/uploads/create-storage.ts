import path from 'node:path';
import type { Env } from '../../env.js';
import { createS3Storage } from './s3-storage.js';
import { createLocalStorage, type Storage } from './storage.js';

type StorageEnv = Pick<
  Env,
  | 'dataDir'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PUBLIC_URL'
>;

/**
 * The photo storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set,
 * else files under DATA_DIR/uploads. Either way photos are served at /media/{key} by the app,
 * unless S3_PUBLIC_URL names a public base for the bucket.
 */
export function createStorage(env: StorageEnv): Storage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(env.dataDir, 'uploads'));
}

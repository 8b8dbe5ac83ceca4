import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertValidKey, contentTypeFromKey, type Storage } from './storage.js';

export interface S3StorageOptions {
  bucket: string;
  /** Unset → AWS S3; otherwise any S3-compatible endpoint (MinIO, R2, s3rver in tests). */
  endpoint?: string;
  region: string;
  /** Unset → the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle?: boolean;
  /** Public base of the bucket (a CDN); unset → the app serves objects at `/media/{key}`. */
  publicUrl?: string;
}

/**
 * An S3 "no such object" answer, whichever way the store spells it. A missing bucket is a
 * misconfiguration, not a missing photo: it stays an error (a 500 at /media, logged).
 */
function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException) || err.name === 'NoSuchBucket') return false;
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
}

/**
 * Objects in an S3-compatible bucket, addressed by the same keys as the local driver. Checksums are
 * computed and validated only when the operation requires them: most S3-compatible stores (MinIO
 * versions, R2, s3rver) refuse or mangle the SDK's default CRC32 trailers.
 */
export function createS3Storage(opts: S3StorageOptions): Storage & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    credentials: opts.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const base = (opts.publicUrl ?? '/media').replace(/\/+$/, '');
  const Bucket = opts.bucket;

  return {
    client,

    async put(key, body, contentType) {
      assertValidKey(key);
      // One PUT with a known length: S3 stores it whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentLength: body.length,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
      return { key, url: `${base}/${key}` };
    },

    async get(key) {
      assertValidKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return {
          body: out.Body as Readable,
          contentType: out.ContentType || contentTypeFromKey(key),
          size: out.ContentLength ?? 0,
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      assertValidKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
  };
}

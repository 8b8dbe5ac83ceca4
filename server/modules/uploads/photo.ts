import { createHash } from 'node:crypto';
import { fileTypeFromFile } from 'file-type';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { HeicDecodeError, heicDecoder } from './heic.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';

/**
 * The photo pipeline of POST /api/uploads: the real type from the file's bytes, HEIC decoded in a
 * worker thread, then sharp: auto-orient, every metadata field dropped (sharp writes none unless
 * asked: never call keepMetadata/withMetadata here), a large WebP and a thumbnail WebP, and a
 * thumbhash placeholder. See docs/decisions/0014-photo-uploads.md.
 */

export const LARGE_MAX_PX = 2048;
export const THUMB_MAX_PX = 640;
/** Larger inputs are refused before they are decoded (a decompression bomb is a small file). */
export const MAX_INPUT_PIXELS = 100_000_000;
export const OUTPUT = { contentType: 'image/webp', ext: 'webp' } as const;

/** WebP quality of a stored photo and of its thumbnail (uploads, and the demo seed's photos). */
export const PHOTO_QUALITY = { large: 80, thumbnail: 72 } as const;

/** What file-type may say about an accepted photo. */
const ACCEPTED = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
]);
const HEIF = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  unsupported: { id: 'server.upload.unsupported', defaultMessage: 'Only JPEG, PNG, WebP and HEIC photos can be uploaded.' },
  tooManyPixels: {
    id: 'server.upload.tooManyPixels',
    defaultMessage: 'That photo has too many pixels (at most {megapixels} megapixels).',
  },
});

/** The refusal of a file that is not a photo of an accepted type. */
export const unsupportedMessage = (): string => formatMessage(messages.unsupported);

/** A photo refused for what it is (the client's doing): 415 or 422 with a message for people. */
export class PhotoRejectedError extends Error {
  constructor(
    public readonly status: 415 | 422,
    public readonly code: 'UNSUPPORTED_MEDIA_TYPE' | 'IMAGE_TOO_LARGE',
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRejectedError';
  }
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedPhoto {
  /** The type the bytes said the upload was. */
  sourceType: string;
  large: EncodedImage;
  thumbnail: EncodedImage;
  /** Thumbhash of the photo, base64 (about 25 bytes). */
  placeholder: string;
}

/** The upload's type from its first bytes, or null when it is not one of the accepted photo types. */
export async function detectPhotoType(file: string): Promise<string | null> {
  const type = await fileTypeFromFile(file);
  return type && ACCEPTED.has(type.mime) ? type.mime : null;
}

function unreadable(): PhotoRejectedError {
  return new PhotoRejectedError(415, 'UNSUPPORTED_MEDIA_TYPE', unsupportedMessage());
}

function tooLarge(): PhotoRejectedError {
  return new PhotoRejectedError(
    422,
    'IMAGE_TOO_LARGE',
    formatMessage(messages.tooManyPixels, { megapixels: MAX_INPUT_PIXELS / 1_000_000 }),
  );
}

/** The decoded, upright, sRGB pixels of the photo, already shrunk to the large size. */
async function decodeUpright(file: string, type: string): Promise<{ data: Buffer; info: OutputInfo }> {
  let input: Sharp;
  if (HEIF.has(type)) {
    let pixels;
    try {
      // libheif applies the HEIF transforms (irot/imir): the pixels come out upright.
      pixels = await heicDecoder.decode(file, MAX_INPUT_PIXELS);
    } catch (err) {
      if (err instanceof HeicDecodeError) throw err.reason === 'TOO_MANY_PIXELS' ? tooLarge() : unreadable();
      throw err;
    }
    input = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  } else {
    // 'truncated': a photo cut short (or bytes that only start like one) is refused; the harmless
    // warnings of many cameras' files are not.
    input = sharp(file, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, sequentialRead: true }).rotate();
  }
  try {
    return await input
      .resize({ width: LARGE_MAX_PX, height: LARGE_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw tooLarge();
    throw unreadable();
  }
}

/** Reads, orients, strips and re-encodes the photo at `file` (whose detected type is `type`). */
export async function processPhoto(file: string, type: string): Promise<ProcessedPhoto> {
  const { data, info } = await decodeUpright(file, type);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  const [large, thumbnail, small] = await Promise.all([
    sharp(data, raw).webp({ quality: PHOTO_QUALITY.large }).toBuffer({ resolveWithObject: true }),
    sharp(data, raw)
      .resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: PHOTO_QUALITY.thumbnail })
      .toBuffer({ resolveWithObject: true }),
    sharp(data, raw).resize({ width: 100, height: 100, fit: 'inside' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);

  const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data);
  return {
    sourceType: type,
    large: { data: large.data, width: large.info.width, height: large.info.height },
    thumbnail: { data: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
    placeholder: Buffer.from(hash).toString('base64'),
  };
}

/** The client's file name reduced to the storage key charset, without its extension. */
export function safeStem(originalName: string | undefined): string {
  const base = (originalName ?? '').split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 60)
    .replace(/[-_]+$/, '');
  return stem || 'photo';
}

/** A user id as a key segment: itself when it is already safe, else a stable hash of it. */
export function safeUid(uid: string): string {
  return /^[A-Za-z0-9_-]{1,128}$/.test(uid) ? uid : `u${createHash('sha256').update(uid).digest('hex').slice(0, 32)}`;
}

/** `listings/{uid}/{draftId}/{timestamp}-{index}-{filename}.webp` and its `-thumb` sibling. */
export function photoKeys(opts: { uid: string; draftId: string; timestamp: number; index: number; originalName?: string }) {
  const prefix = `listings/${safeUid(opts.uid)}/${opts.draftId}/${opts.timestamp}-${opts.index}-${safeStem(opts.originalName)}`;
  return { storageKey: `${prefix}.${OUTPUT.ext}`, thumbnailKey: `${prefix}-thumb.${OUTPUT.ext}` };
}

// One photo to POST /api/uploads (multipart, field `file`, optional `draftId`), with progress.
// XMLHttpRequest rather than fetch: fetch reports no upload progress.
import { defineMessages, formatMessage } from '@common/i18n/messages';
import { currentBridge } from '@/lib/apollo/session-link';

const messages = defineMessages({
  signIn: { id: 'photoUpload.signIn', defaultMessage: 'Please sign in before uploading photos.' },
  unreadable: { id: 'photoUpload.unreadable', defaultMessage: 'The server sent an unreadable answer.' },
  tooLarge: { id: 'photoUpload.tooLarge', defaultMessage: 'This photo is too large.' },
  unsupported: {
    id: 'photoUpload.unsupported',
    defaultMessage: 'This file is not a supported photo (JPEG, PNG, WebP or HEIC).',
  },
  tooMany: { id: 'photoUpload.tooMany', defaultMessage: 'Too many uploads; wait a minute and try again.' },
  failedStatus: { id: 'photoUpload.failedStatus', defaultMessage: 'Upload failed ({status}).' },
  offline: { id: 'photoUpload.offline', defaultMessage: 'Upload failed. Check your connection and try again.' },
  cancelled: { id: 'photoUpload.cancelled', defaultMessage: 'Upload cancelled.' },
});

/** 'Please sign in before uploading photos.', in the page's language. */
export const signInToUpload = () => formatMessage(messages.signIn);

/** What the file picker accepts (SPEC part 5: image types including HEIC and HEIF). */
export const ACCEPTED_PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif';

export interface UploadedPhoto {
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  placeholder: string | null;
}

export class UploadError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The content type guessed from the extension (SPEC part 5), else generic binary. */
export function contentTypeOf(fileName: string): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  switch (ext) {
    case 'heic':
      return 'image/heic';
    case 'heif':
      return 'image/heif';
    case 'jpg':
    case 'jpeg':
      return 'image/jpeg';
    case 'png':
      return 'image/png';
    case 'webp':
      return 'image/webp';
    default:
      return 'application/octet-stream';
  }
}

function messageOf(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON: fall through
  }
  if (status === 401) return signInToUpload();
  if (status === 413) return formatMessage(messages.tooLarge);
  if (status === 415) return formatMessage(messages.unsupported);
  if (status === 429) return formatMessage(messages.tooMany);
  return formatMessage(messages.failedStatus, { status });
}

export interface UploadOptions {
  draftId: string;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * The largest photo the server takes (`UPLOAD_MAX_MB`, 15 MB by default; docs/configuration.md). A larger
 * JPEG, PNG or WebP is shrunk here before it is sent (issue 59 item 7: a phone's 48-megapixel photo).
 */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
/** The longest side a shrunk photo keeps: more than any screen shows, well under the limit as a JPEG. */
const SHRUNK_LONG_SIDE = 4096;

/**
 * A photo that fits under `limit`: as it is when it does, else drawn again at most SHRUNK_LONG_SIDE pixels
 * on its long side as a JPEG (smaller and of lower quality in turn until it fits). A file the browser cannot
 * decode (HEIC, in most browsers) is sent as it is, for the server to answer.
 */
export async function fitForUpload(file: File, limit = UPLOAD_MAX_BYTES): Promise<File> {
  if (file.size <= limit || typeof createImageBitmap !== 'function' || typeof OffscreenCanvas !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    for (const [side, quality] of [
      [SHRUNK_LONG_SIDE, 0.9],
      [SHRUNK_LONG_SIDE, 0.8],
      [3072, 0.8],
      [2048, 0.8],
    ] as const) {
      const scale = Math.min(1, side / Math.max(bitmap.width, bitmap.height));
      const canvas = new OffscreenCanvas(Math.round(bitmap.width * scale), Math.round(bitmap.height * scale));
      canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
      if (blob.size <= limit) return new File([blob], file.name.replace(/\.[^.]*$/, '') + '.jpg', { type: 'image/jpeg' });
    }
    return file;
  } finally {
    bitmap.close();
  }
}

export async function uploadPhoto(original: File, { draftId, onProgress, signal }: UploadOptions): Promise<UploadedPhoto> {
  const file = await fitForUpload(original);
  let token: string | null = null;
  try {
    token = await currentBridge().getToken();
  } catch (err) {
    console.warn('Identity provider unavailable; uploading with the session cookie only.', err);
  }
  const body = new FormData();
  body.append('draftId', draftId);
  // The server checks the real type by the bytes; the declared one is only a hint.
  const typed = file.type ? file : new File([file], file.name, { type: contentTypeOf(file.name) });
  body.append('file', typed, file.name);

  return new Promise<UploadedPhoto>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploads');
    xhr.withCredentials = true;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status === 201 || xhr.status === 200) {
        try {
          const parsed = JSON.parse(xhr.responseText) as UploadedPhoto;
          onProgress(100);
          resolve({ ...parsed, placeholder: parsed.placeholder ?? null });
        } catch {
          reject(new UploadError(formatMessage(messages.unreadable), xhr.status));
        }
        return;
      }
      reject(new UploadError(messageOf(xhr.status, xhr.responseText), xhr.status));
    };
    xhr.onerror = () => reject(new UploadError(formatMessage(messages.offline), 0));
    xhr.onabort = () => reject(new UploadError(formatMessage(messages.cancelled), 0));
    if (signal) {
      if (signal.aborted) {
        reject(new UploadError(formatMessage(messages.cancelled), 0));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}

/**
 * Deletes a photo uploaded in this form and then removed from it, so it leaves storage and frees its
 * place among the draft's 10. Best effort: a photo a saved listing shows is refused by the server
 * (the listing keeps it until it is saved without it), and a failure changes nothing for the form.
 */
export async function discardUploadedPhoto(url: string): Promise<void> {
  let token: string | null = null;
  try {
    token = await currentBridge().getToken();
  } catch {
    token = null;
  }
  try {
    await fetch(`/api/uploads?url=${encodeURIComponent(url)}`, {
      method: 'DELETE',
      credentials: 'include',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  } catch {
    // Offline: the server forgets unsaved photos after a week.
  }
}

import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string | null>();

/**
 * The blurred preview of a photo (its thumbhash, base64, as the server stores it) as a data URL to
 * show while the photo loads; null when there is none or it cannot be read.
 */
export function placeholderDataUrl(hash: string | null | undefined): string | null {
  if (!hash) return null;
  let url = cache.get(hash);
  if (url === undefined) {
    try {
      const bytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
      url = thumbHashToDataURL(bytes);
    } catch {
      url = null;
    }
    if (cache.size > 500) cache.clear();
    cache.set(hash, url);
  }
  return url;
}

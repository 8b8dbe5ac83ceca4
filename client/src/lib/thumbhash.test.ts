import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { placeholderDataUrl } from './thumbhash';

describe('placeholderDataUrl', () => {
  it('turns a stored thumbhash into a PNG data URL, and nothing else into anything', () => {
    const w = 8;
    const h = 6;
    const rgba = new Uint8Array(w * h * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 37) % 256));
    const hash = Buffer.from(rgbaToThumbHash(w, h, rgba)).toString('base64');
    expect(placeholderDataUrl(hash)).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(placeholderDataUrl(null)).toBeNull();
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderDataUrl('%%% not base64 %%%')).toBeNull();
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Gallery } from './gallery';

const photos = [1, 2, 3].map((n) => ({
  id: `p${n}`,
  url: `/media/p${n}.webp`,
  thumbnailUrl: `/media/p${n}-thumb.webp`,
  width: 1600 + n,
  height: 900 + n,
}));

describe('Gallery', () => {
  it('loads the first photo at once and first, with its stored size; thumbnails stay lazy', () => {
    const html = renderToStaticMarkup(<Gallery photos={photos} title="Loft" />);
    const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    const main = images.find((img) => img.includes('src="/media/p1.webp"'));
    expect(main).toBeDefined();
    expect(main).toContain('loading="eager"');
    // HTML attribute names are case-insensitive (React's server renderer writes fetchPriority).
    expect(main?.toLowerCase()).toContain('fetchpriority="high"');
    expect(main).toContain('width="1601"');
    expect(main).toContain('height="901"');
    // The box keeps its shape before the photo arrives (no layout shift).
    expect(main).toContain('aspect-[16/9]');
    const thumbnails = images.filter((img) => img.includes('-thumb.webp'));
    expect(thumbnails).toHaveLength(3);
    for (const img of thumbnails) expect(img).toContain('loading="lazy"');
  });
});

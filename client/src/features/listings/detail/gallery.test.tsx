import { screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { Gallery } from './gallery';

const photos = [1, 2, 3].map((n) => ({
  id: `p${n}`,
  url: `/media/p${n}.webp`,
  thumbnailUrl: `/media/p${n}-thumb.webp`,
  width: 1600 + n,
  height: 900 + n,
}));

describe('Gallery', () => {
  it('loads the first photo at once and first, with its stored size; a server render leaves the thumbnails for later', () => {
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
    // The thumbnails are asked for once the browser has the page: on a slow link they would share it
    // with the main photo.
    expect(images).toHaveLength(4);
    expect(html).not.toContain('-thumb.webp');
  });

  it('in the browser, shows lazy thumbnails of the photos', () => {
    renderWithProviders(<Gallery photos={photos} title="Loft" />);
    const thumbnails = screen.getByRole('list', { name: 'Thumbnails' }).querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual([
      '/media/p1-thumb.webp',
      '/media/p2-thumb.webp',
      '/media/p3-thumb.webp',
    ]);
    for (const img of thumbnails) expect(img).toHaveAttribute('loading', 'lazy');
  });
});

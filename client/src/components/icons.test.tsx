import fs from 'node:fs';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSprite, iconIds, ICONS_MODULE, SPRITE_FILE } from '../../../scripts/icon-sprite';
import { MapIcon, Star } from './icons';

describe('icons', () => {
  it('the sprite holds exactly the drawings of the icons icons.tsx names (else: npx tsx scripts/icon-sprite.ts)', async () => {
    const ids = iconIds(fs.readFileSync(ICONS_MODULE, 'utf8'));
    expect(ids).toContain('star');
    expect(ids).toContain('map');
    expect(fs.readFileSync(SPRITE_FILE, 'utf8')).toBe(await buildSprite(ids));
  });

  it('draws an icon by a use of its symbol, decorative unless labelled', () => {
    const { container } = render(
      <>
        <Star className="size-4 fill-amber-400" />
        <MapIcon role="img" aria-label="Map" />
      </>,
    );
    const [star, map] = [...container.querySelectorAll('svg')];
    expect(star?.getAttribute('class')).toBe('icon size-4 fill-amber-400');
    expect(star?.getAttribute('aria-hidden')).toBe('true');
    expect(star?.querySelector('use')?.getAttribute('href')).toMatch(/icon-sprite[^#]*#star$/);
    expect(map?.getAttribute('aria-hidden')).toBeNull();
    expect(map?.getAttribute('aria-label')).toBe('Map');
    expect(map?.querySelector('use')?.getAttribute('href')).toMatch(/#map$/);
  });
});

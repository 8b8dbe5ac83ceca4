import { describe, expect, it } from 'vitest';
import { inLocale } from '@/test/in-locale';
import { bathsLabel, bedsLabel, formatDate, formatRating, listedLabel, propertyPath } from './format';

describe('listing texts', () => {
  it("beds: 'Studio' for 0, '1 bed', otherwise plural (SPEC part 2)", () => {
    expect(bedsLabel(0)).toBe('Studio');
    expect(bedsLabel(1)).toBe('1 bed');
    expect(bedsLabel(2)).toBe('2 beds');
    expect(bedsLabel(1.5)).toBe('1.5 beds');
  });

  it("baths: '1 bath', otherwise plural, 0 included", () => {
    expect(bathsLabel(1)).toBe('1 bath');
    expect(bathsLabel(0)).toBe('0 baths');
    expect(bathsLabel(1.5)).toBe('1.5 baths');
    expect(bathsLabel(2)).toBe('2 baths');
  });

  it('a calendar date is not shifted by the time zone; a rating has one decimal; the path prefers the slug', () => {
    expect(formatDate('2026-12-01')).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01T23:30:00-05:00', 'long')).toBe('December 1, 2026');
    expect(formatDate('soon')).toBe('soon');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.25)).toBe('4.3');
    expect(propertyPath({ id: 'abc', slug: 'sunny-loft' })).toBe('/properties/sunny-loft');
    expect(propertyPath({ id: 'abc', slug: null })).toBe('/properties/abc');
  });
});

describe('days on market in words', () => {
  it("says 'Listed today', 'Listed yesterday' and 'Listed 12 days ago'", () => {
    expect(listedLabel(0)).toBe('Listed today');
    expect(listedLabel(1)).toBe('Listed yesterday');
    expect(listedLabel(12)).toBe('Listed 12 days ago');
    expect(listedLabel(1200)).toBe('Listed 1,200 days ago');
  });
});

describe('in Spanish and Chinese (issue 29)', () => {
  it('says beds, baths and days with their plurals, and dates as the language writes them', async () => {
    await inLocale('es', () => {
      expect(bedsLabel(0)).toBe('Estudio');
      expect(bedsLabel(1)).toBe('1 habitación');
      expect(bedsLabel(2)).toBe('2 habitaciones');
      expect(bathsLabel(1.5)).toBe('1,5 baños');
      expect(listedLabel(12)).toBe('Publicado hace 12 días');
      expect(formatDate('2027-01-12', 'long')).toBe('12 de enero de 2027');
    });
    await inLocale('zh', () => {
      expect(bedsLabel(0)).toBe('开间');
      expect(bedsLabel(2)).toBe('2 间卧室');
      expect(listedLabel(1)).toBe('昨天发布');
      expect(formatDate('2027-01-12', 'long')).toBe('2027年1月12日');
    });
  });
});

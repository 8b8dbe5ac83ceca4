// A saved search's default name for sales (issue 58 item 3): it says 'for sale' in its first words
// whatever else the search asks (beds, studios, a type), and its price is never 'net effective', in
// English, Spanish and Chinese. A search of rentals is named as before.
import { describe, expect, it } from 'vitest';
import { loadCatalogue, PARTS } from '@/i18n/catalogues';
import { createIntl, setPageIntl } from '@common/i18n/messages';
import { summarizeFilter, type SummaryFilter } from '@common/saved-search';

const SALE = 'FOR_SALE';
const filters: Record<string, SummaryFilter> = {
  any: { listingType: SALE },
  place: { listingType: SALE, borough: 'BROOKLYN', maxPrice: 1_000_000 },
  beds: { listingType: SALE, minBeds: 2, borough: 'MANHATTAN' },
  studios: { listingType: SALE, minBeds: 0 },
  type: { listingType: SALE, minBeds: 2, propertyType: 'CONDO' },
  net: { listingType: SALE, maxPrice: 900_000, priceBasis: 'NET_EFFECTIVE' },
};
const names = () => Object.fromEntries(Object.entries(filters).map(([k, f]) => [k, summarizeFilter(f).replace(/\u00a0/g, ' ')]));

async function inLocale(locale: 'es' | 'zh', run: () => void) {
  setPageIntl(createIntl(locale, await loadCatalogue(locale, PARTS)));
  try {
    run();
  } finally {
    setPageIntl(createIntl('en', {}));
  }
}

describe("a saved search of sales: its default name says 'for sale'", () => {
  it('in English', () => {
    expect(names()).toEqual({
      any: 'Homes for sale',
      place: 'Homes for sale in Brooklyn under $1,000,000',
      beds: '2+ beds for sale in Manhattan',
      studios: 'Studios for sale',
      type: '2+ beds (condos for sale)',
      net: 'Homes for sale under $900,000',
    });
    // Rentals as before.
    expect(summarizeFilter({ minBeds: 2, borough: 'MANHATTAN' })).toBe('2+ beds in Manhattan');
    expect(summarizeFilter({ maxPrice: 3000, priceBasis: 'NET_EFFECTIVE' })).toBe('Rentals under $3,000 net effective');
  });

  it('in Spanish', async () => {
    await inLocale('es', () => {
      expect(names()).toEqual({
        any: 'Viviendas en venta',
        place: 'Viviendas en venta en Brooklyn por menos de 1.000.000 US$',
        beds: '2+ habitaciones en venta en Manhattan',
        studios: 'Estudios en venta',
        type: '2+ habitaciones (condominios en venta)',
        net: 'Viviendas en venta por menos de 900.000 US$',
      });
      expect(summarizeFilter({ minBeds: 2 })).toBe('2+ habitaciones');
    });
  });

  it('in Chinese', async () => {
    await inLocale('zh', () => {
      expect(names()).toEqual({
        any: '出售房屋',
        place: '出售房屋 位于 布鲁克林 低于 $1,000,000',
        beds: '2+ 间卧室（出售） 位于 曼哈顿',
        studios: '出售的开间',
        type: '2+ 间卧室（出售的共管公寓）',
        net: '出售房屋 低于 $900,000',
      });
      expect(summarizeFilter({ minBeds: 2 })).toBe('2+ 间卧室');
    });
  });
});

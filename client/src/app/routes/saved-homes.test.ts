import { createIntl, setPageIntl } from '@common/i18n/messages';
import { describe, expect, it } from 'vitest';
import { loadCatalogue, PARTS } from '@/i18n/catalogues';
import { priceSinceSaved } from './saved-homes';

describe('how the rent moved since a home was saved', () => {
  it('says a drop, a rise, or nothing', () => {
    expect(priceSinceSaved(3200, 3000)).toEqual({ text: 'Price dropped $200 since you saved it', down: true });
    expect(priceSinceSaved(3000, 3150)).toEqual({ text: 'Price up $150 since you saved it', down: false });
    expect(priceSinceSaved(3000, 3000)).toBeNull();
    // Saved before the rent was kept with a save, and never backfilled: nothing to compare.
    expect(priceSinceSaved(null, 3000)).toBeNull();
  });

  it('says it in the page’s language (issue 29)', async () => {
    setPageIntl(createIntl('es', await loadCatalogue('es', PARTS)));
    try {
      // ICU puts a no-break space before 'US$'.
      expect(priceSinceSaved(3200, 3000)?.text.replace(/\u00a0/g, ' ')).toBe('El precio bajó 200 US$ desde que lo guardó');
    } finally {
      setPageIntl(createIntl('en', {}));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, formatScore, initialsOf, pluralize } from './format';
import { createIntl, setPageIntl } from './i18n/messages.js';

describe('formatPrice', () => {
  it('formats whole dollars with thousands separators and no decimals', () => {
    expect(formatPrice(3450)).toBe('$3,450');
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(1250000)).toBe('$1,250,000');
  });

  it('rounds fractions to whole dollars', () => {
    expect(formatPrice(999.4)).toBe('$999');
    expect(formatPrice(999.5)).toBe('$1,000');
  });

  it('writes dollars as each language does (issue 29)', () => {
    // ICU puts a no-break space between the number and 'US$'.
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatPrice(3600, 'es'))).toBe('3.600 US$');
    expect(plain(formatPrice(950, 'es'))).toBe('950 US$');
    expect(formatPrice(3600, 'zh')).toBe('$3,600');
    expect(formatPrice(3600, 'en')).toBe('$3,600');
  });

  it('writes in the current language by default', () => {
    setPageIntl(createIntl('es', {}));
    try {
      expect(formatCount(12345.5)).toBe('12.345,5');
      expect(formatCount(1234)).toBe('1.234');
    } finally {
      setPageIntl(createIntl('en', {}));
    }
    expect(formatCount(12345.5)).toBe('12,345.5');
  });
});

describe('formatCount', () => {
  it('keeps at most one decimal and adds separators', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(2)).toBe('2');
    expect(formatCount(12345)).toBe('12,345');
  });
});

describe('formatScore', () => {
  it('keeps exactly one decimal, in the language asked for', () => {
    expect(formatScore(4)).toBe('4.0');
    expect(formatScore(4.25)).toBe('4.3');
    expect(formatScore(4.5, 'es')).toBe('4,5');
    expect(formatScore(3, 'zh')).toBe('3.0');
  });
});

describe('pluralize', () => {
  it('uses the singular only for exactly 1', () => {
    expect(pluralize(1, 'bed')).toBe('1 bed');
    expect(pluralize(0, 'bed')).toBe('0 beds');
    expect(pluralize(2, 'bath')).toBe('2 baths');
    expect(pluralize(1.5, 'bath')).toBe('1.5 baths');
  });

  it('takes an irregular plural', () => {
    expect(pluralize(1, 'property', 'properties')).toBe('1 property');
    expect(pluralize(1234, 'property', 'properties')).toBe('1,234 properties');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Jane Doe')).toBe('JD');
    expect(initialsOf('  mary  ann smith ')).toBe('MS');
    expect(initialsOf('Cher')).toBe('C');
  });

  it('uses only the first letter of an e-mail address', () => {
    expect(initialsOf('jane@example.com')).toBe('J');
  });

  it('is empty for a blank name', () => {
    expect(initialsOf('   ')).toBe('');
  });
});

// Display formatters shared by the client and the server (SPEC part 9: prices in USD with thousands
// separators and no decimals), in the language of the page (`currentLocale`, common/i18n/messages.ts): '$3,600',
// '3.600 US$', '$3,600'.
import { currentLocale } from './i18n/messages.js';
import { LOCALE_TAGS, type Locale } from './i18n/locales.js';

// Made on first use, not when the module loads: the first number format of a page loads the
// browser's locale data, a long task on a slow phone (profiled: 100 ms on Lighthouse's 4× slower
// CPU), which a screen that shows no price (the listing form at first) does not pay for.
const usd: Partial<Record<Locale, Intl.NumberFormat>> = {};
const counts: Partial<Record<Locale, Intl.NumberFormat>> = {};
const scores: Partial<Record<Locale, Intl.NumberFormat>> = {};

/**
 * Spanish groups thousands in every number ('3.600', as issue 29 writes it), not only from five
 * digits (CLDR's default for Spanish); Chinese writes dollars as '$' (its default is 'US$').
 */
const LOCALE_NUMBER_OPTIONS: Record<Locale, Intl.NumberFormatOptions> = {
  en: {},
  es: { useGrouping: 'always' },
  zh: {},
};

/** Formats whole US dollars: `3450` → `$3,450` ('3.450 US$' in Spanish). Fractions are rounded to the nearest dollar. */
export function formatPrice(amount: number, locale: Locale = currentLocale()): string {
  usd[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
    ...LOCALE_NUMBER_OPTIONS[locale],
    ...(locale === 'zh' ? { currencyDisplay: 'narrowSymbol' } : {}),
  });
  return usd[locale].format(amount);
}

/** Formats a count with thousands separators and at most one decimal: `1234` → `1,234`, `1.5` → `1.5`. */
export function formatCount(value: number, locale: Locale = currentLocale()): string {
  counts[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 1, ...LOCALE_NUMBER_OPTIONS[locale] });
  return counts[locale].format(value);
}

/**
 * Formats a rating with exactly one decimal: `4` → `4.0`, `4.25` → `4.3` ('4,3' in Spanish). One format per
 * language, kept: `Number#toLocaleString` with options makes a new one each call (profiled: 3 % of a
 * detail page's render on the server).
 */
export function formatScore(value: number, locale: Locale = currentLocale()): string {
  scores[locale] ??= new Intl.NumberFormat(LOCALE_TAGS[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return scores[locale].format(value);
}

/**
 * A count followed by the singular word when the count is exactly 1 and the plural otherwise
 * (SPEC part 2: plural 's' unless the count is exactly 1): `pluralize(2, 'bed')` → `2 beds`,
 * `pluralize(1, 'property', 'properties')` → `1 property`. English words: a translated text says its
 * plurals in its own message.
 */
export function pluralize(value: number, singular: string, plural: string = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

/** Up to two initials for an avatar fallback: `Jane Doe` → `JD`, `jane@example.com` → `J`. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s@]+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return '';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 && !name.includes('@') ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

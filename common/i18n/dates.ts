import { currentLocale } from './messages.js';
import { LOCALE_TAGS, type Locale } from './locales.js';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format in the page's language (issue 29), made on first use and kept: `name` says which
 * (its options are the same for every call with that name).
 */
export function dateFormat(
  name: string,
  options: Intl.DateTimeFormatOptions,
  locale: Locale = currentLocale(),
): Intl.DateTimeFormat {
  const key = `${locale}:${name}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE_TAGS[locale], options);
    formats.set(key, format);
  }
  return format;
}

/** A day as New York saw it, in the page's language: 'Jan 12, 2027', or 'Tue, Jan 12, 2027' with its weekday. */
export function formatNewYorkDay(at: Date, { weekday = false }: { weekday?: boolean } = {}): string {
  return dateFormat(weekday ? 'ny-weekday' : 'ny-day', {
    timeZone: 'America/New_York',
    ...(weekday ? { weekday: 'short' } : {}),
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
}

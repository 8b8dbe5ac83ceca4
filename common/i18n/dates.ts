import { currentLocale } from './current.js';
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

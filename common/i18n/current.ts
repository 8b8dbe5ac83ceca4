// The language the shared formatters (common/format.ts) write in. A page in the browser has one
// language (the switch loads the page again); the server renders pages of several languages at once,
// so its entry (client/src/entry-server.tsx) reads each render's own.
import { DEFAULT_LOCALE, type Locale } from './locales.js';

let source: () => Locale = () => DEFAULT_LOCALE;

export function currentLocale(): Locale {
  return source();
}

/** The browser: the page's language. */
export function setCurrentLocale(locale: Locale): void {
  source = () => locale;
}

/** The server: where each render's language is read (an AsyncLocalStorage). */
export function setLocaleSource(read: () => Locale): void {
  source = read;
}

// The language of the page in the browser (issue 29): the one the server rendered it in (`<html
// lang>`), or, for a page the browser renders itself, the same rule the server follows
// (common/i18n/locales.ts) with what the browser knows: the URL, the cookie, the browser's languages.
// The account's setting, once known, wins (client/src/i18n/language-switch.tsx).
import { currentLocale } from '@common/i18n/messages';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_PARAM,
  LOCALE_TAGS,
  localeOfTag,
  negotiateLocale,
  type Locale,
} from '@common/i18n/locales';

function cookieValue(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The language a page the server rendered was rendered in, else the one the rule gives. */
export function pageLocale(rendered: boolean): Locale {
  const html = document.documentElement.lang;
  if (rendered && html) return localeOfTag(html) ?? 'en';
  return negotiateLocale({
    url: new URLSearchParams(window.location.search).get(LOCALE_PARAM),
    cookie: cookieValue(LOCALE_COOKIE),
    acceptLanguage: navigator.languages?.join(',') ?? navigator.language,
  });
}

/** Names the page's language for assistive technology and the browser (`<html lang>`). */
export function applyPageLocale(locale: Locale): void {
  document.documentElement.lang = LOCALE_TAGS[locale];
}

/**
 * Keeps a choice and shows the page in it: the cookie (a year), then the page again from the server,
 * its `lang` in the URL (if it has one) changed to the choice.
 */
export function showPageIn(locale: Locale): void {
  if (!isLocale(locale)) return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  const url = new URL(window.location.href);
  if (url.searchParams.has(LOCALE_PARAM)) url.searchParams.set(LOCALE_PARAM, locale);
  if (locale === currentLocale() && url.href === window.location.href) return;
  window.location.assign(url.href);
}

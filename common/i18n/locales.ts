// The languages of the interface (issue 29) and the one rule that picks a request's language: the
// account's setting, else `lang` in the URL, else the visitor's earlier choice (the `lang` cookie),
// else the browser's Accept-Language, else English. Used by the server for the page it renders and
// by the browser for a page it renders itself (docs/decisions/0056-languages.md).

/** The interface's languages, by their short code (the `lang` of the URL and the account's setting). */
export const LOCALES = ['en', 'es', 'zh'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The BCP 47 tag each language formats with and names the page with (`<html lang>`): '$3,600',
 * '3.600 US$', '$3,600'; 'January 12', '12 de enero', '1月12日' (common/i18n/format.ts).
 */
export const LOCALE_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es', zh: 'zh-CN' };

/** Each language in its own words, for the switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', zh: '中文' };

/** The URL parameter and the cookie that carry a visitor's choice. */
export const LOCALE_PARAM = 'lang';
export const LOCALE_COOKIE = 'lang';
/** The cookie is kept a year. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language of a tag as the interface has it ('es-MX' → es, 'zh-Hans-CN' → zh, 'zh-TW' → zh), or null. */
export function localeOfTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isLocale(primary) ? primary : null;
}

/**
 * The languages an Accept-Language header asks for, best first (RFC 9110: q-values, `*` ignored, q=0
 * refused), as the interface's languages: the first one it has wins.
 */
export function fromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const asked = header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of asked) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return null;
}

export interface LocaleSources {
  /** The signed-in account's setting (null: none set, or signed out). */
  account?: string | null;
  /** `lang` in the URL. */
  url?: string | null;
  /** The `lang` cookie: the visitor's earlier choice. */
  cookie?: string | null;
  /** The Accept-Language header (in the browser: navigator.languages joined). */
  acceptLanguage?: string | null;
}

/** The language of a request or page: the first of the account, the URL, the cookie, Accept-Language; else English. */
export function negotiateLocale(sources: LocaleSources): Locale {
  for (const value of [sources.account, sources.url, sources.cookie]) {
    if (isLocale(value)) return value;
  }
  return fromAcceptLanguage(sources.acceptLanguage) ?? DEFAULT_LOCALE;
}

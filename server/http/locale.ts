import type { Request, Response } from 'express';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_PARAM,
  negotiateLocale,
  type Locale,
} from '../../common/i18n/locales.js';
import { readCookie } from '../modules/auth/viewer.js';

/**
 * The language of a page request without the account's (common/i18n/locales.ts: `lang` in the URL,
 * the `lang` cookie, Accept-Language, English); the server render puts the account's first when the
 * viewer has one. A `lang` in the URL is kept in the cookie, so that the next page is in it too.
 */
export function pageRequestLocale(req: Request, res: Response): Locale {
  const fromUrl = typeof req.query[LOCALE_PARAM] === 'string' ? req.query[LOCALE_PARAM] : null;
  const cookie = readCookie(req.headers.cookie, LOCALE_COOKIE) ?? null;
  if (isLocale(fromUrl) && fromUrl !== cookie) {
    // Read by the page's script too (client/src/i18n/page-locale.ts): not httpOnly; nothing secret.
    res.cookie(LOCALE_COOKIE, fromUrl, { maxAge: LOCALE_COOKIE_MAX_AGE_S * 1000, sameSite: 'lax', path: '/' });
  }
  return negotiateLocale({ url: fromUrl, cookie, acceptLanguage: req.get('accept-language') });
}

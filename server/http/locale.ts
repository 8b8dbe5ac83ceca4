import type { IncomingMessage } from 'node:http';
import express, { type Request, type RequestHandler, type Response } from 'express';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_PARAM,
  negotiateLocale,
  type Locale,
} from '../../common/i18n/locales.js';
import { inLocale } from '../core/locale.js';
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

/**
 * The language the server answers a request in (issue 29 item 4): `lang` in the URL, else the `lang`
 * cookie (the page's language: the switch and an account's setting keep it there), else
 * Accept-Language, else English.
 */
export function requestLocale(req: Pick<IncomingMessage, 'url' | 'headers'>): Locale {
  const query = req.url?.indexOf('?') ?? -1;
  const fromUrl = query >= 0 ? new URLSearchParams(req.url!.slice(query + 1)).get(LOCALE_PARAM) : null;
  return negotiateLocale({
    url: fromUrl,
    cookie: readCookie(req.headers.cookie, LOCALE_COOKIE) ?? null,
    acceptLanguage: req.headers['accept-language'],
  });
}

/** What handles the request says what it says in the request's language (server/core/locale.ts). */
export function speakRequestLocale(): RequestHandler {
  return (req, _res, next) => inLocale(requestLocale(req), next);
}

/**
 * `express.json`, after which the request's language holds again: a body is read from the socket's
 * events, which do not carry it (AsyncLocalStorage), so what runs after the body would otherwise
 * answer in English.
 */
export function jsonBody(options: Parameters<typeof express.json>[0]): RequestHandler {
  return keepingRequestLocale(express.json(options));
}

/** A body parser after which the request's language holds again (see `jsonBody`). */
export function keepingRequestLocale(parse: RequestHandler): RequestHandler {
  return (req, res, next) => parse(req, res, (err?: unknown) => inLocale(requestLocale(req), () => next(err)));
}

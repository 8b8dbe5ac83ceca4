/**
 * The language the server writes in (issue 29 item 4): a request's (its `lang` cookie or parameter, else
 * Accept-Language: common/i18n/locales.ts), or a recipient's (an e-mail, a notification: the account's
 * setting). What the server says (its errors, the checks of common/ it runs, its e-mails) is made with
 * `formatMessage` (common/i18n/messages.ts), which reads the language set here; the texts are the
 * interface's catalogues (client/src/i18n/<language>/*.json), every part of them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../common/i18n/locales.js';
import { createIntl, setIntlSource, type Catalogue, type Intl } from '../../common/i18n/messages.js';

const CATALOGUES = path.resolve(import.meta.dirname, '../../client/src/i18n');

/** A language's catalogue, every part, parsed (a text that is not ICU fails here, as at build). */
function readCatalogue(locale: Locale): Catalogue {
  if (locale === DEFAULT_LOCALE) return {};
  const dir = path.join(CATALOGUES, locale);
  const catalogue: Catalogue = {};
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const texts = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>;
    for (const [id, text] of Object.entries(texts)) catalogue[id] = parse(text);
  }
  return catalogue;
}

const intls = new Map<Locale, Intl>();

/** A language's texts, read once. */
export function intlOf(locale: Locale): Intl {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(locale, readCatalogue(locale));
    intls.set(locale, intl);
  }
  return intl;
}

const current = new AsyncLocalStorage<Intl>();
setIntlSource(() => current.getStore() ?? intlOf(DEFAULT_LOCALE));

/** Runs `run` (and what it awaits) in a language: for a request, or for what is written to one person. */
export function inLocale<T>(locale: Locale | string | null | undefined, run: () => T): T {
  return current.run(intlOf(isLocale(locale) ? locale : DEFAULT_LOCALE), run);
}

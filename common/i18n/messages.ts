// The interface's texts in the page's language (issue 29; docs/decisions/0056-languages.md). Messages
// are ICU MessageFormat, formatted by FormatJS's intl-messageformat. Each is declared where it is used,
// with its English text:
//
//   const messages = defineMessages({ saved: { id: 'header.saved', defaultMessage: 'Saved' } });
//   const intl = useIntl();                 // in a component
//   intl.formatMessage(messages.saved);
//   formatMessage(messages.saved);          // anywhere: the page's language
//   intl.formatMessage({ id: 'results.count', defaultMessage: '{count, plural, one {# home} other {# homes}}' }, { count });
//
// At build, FormatJS's Vite plugin turns each English text into its parsed form (no parser is shipped),
// and `formatjs extract` lists them (client/src/i18n/catalogues.test.ts checks the Spanish and Chinese
// catalogues against that list). A page in Spanish or Chinese loads its language's catalogue before it
// renders (client/src/i18n/catalogues.ts).
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from './locales.js';

export interface MessageDescriptor {
  id: string;
  /** The English text: its parsed form once built (FormatJS's plugin), the text itself in source. */
  defaultMessage: string | MessageFormatElement[];
  /** For the translator; removed at build. */
  description?: string;
}

/** A language's texts, parsed, by message id. */
export type Catalogue = Record<string, MessageFormatElement[]>;

export type MessageValues = Record<string, PrimitiveType>;

export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}

export function defineMessage(message: MessageDescriptor): MessageDescriptor {
  return message;
}

export interface Intl {
  locale: Locale;
  /** The BCP 47 tag of the language (`<html lang>`, Intl's formats). */
  tag: string;
  formatMessage(descriptor: MessageDescriptor, values?: MessageValues): string;
}

/**
 * The languages' formatters: one per message and language, made on first use; a message that is only
 * text (most are) is that text.
 */
const formatters = new Map<string, IntlMessageFormat | string>();

function formatterFor(locale: Locale, catalogue: Catalogue, descriptor: MessageDescriptor): IntlMessageFormat | string {
  const key = `${locale}\u0000${descriptor.id}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    // A message the catalogue lacks is shown in English (the catalogue test fails on it).
    const message = catalogue[descriptor.id] ?? descriptor.defaultMessage;
    const only = Array.isArray(message) && message.length === 1 ? message[0] : undefined;
    formatter =
      only?.type === TYPE.literal
        ? only.value
        : // A text with nothing ICU reads in it is that text (the build leaves such messages as text).
          typeof message === 'string' && !/[{}#<']/.test(message)
          ? message
          : new IntlMessageFormat(message, LOCALE_TAGS[locale], undefined, { ignoreTag: true });
    if (formatters.size > 5_000) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The page's language and its texts (the catalogue is empty for English: the texts are in the code). */
export function createIntl(locale: Locale, catalogue: Catalogue): Intl {
  return {
    locale,
    tag: LOCALE_TAGS[locale],
    formatMessage(descriptor, values) {
      const formatter = formatterFor(locale, catalogue, descriptor);
      return typeof formatter === 'string' ? formatter : String(formatter.format(values));
    },
  };
}

const English = createIntl(DEFAULT_LOCALE, {});

/**
 * Where the page's language is read. A page in the browser has one (the switch loads the page again in
 * another): boot.tsx sets it before React renders. The server renders pages of several languages at
 * once: its entry reads each render's own (client/src/entry-server.tsx).
 */
let source: () => Intl = () => English;

/** The browser: the page's language and its texts, before it is rendered. */
export function setPageIntl(intl: Intl): void {
  source = () => intl;
}

/** The server: where each render's language is read. */
export function setIntlSource(read: () => Intl): void {
  source = read;
}

/** The page's language and its texts, in a component or anywhere else. */
export function useIntl(): Intl {
  return source();
}

/** A message in the page's language: for code outside components (labels made by helpers). */
export function formatMessage(descriptor: MessageDescriptor, values?: MessageValues): string {
  return source().formatMessage(descriptor, values);
}

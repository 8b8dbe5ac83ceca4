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

// For the pseudo-language (./pseudo.ts), which rewrites parsed messages.
export { TYPE, type MessageFormatElement };
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
  /** More of the language's texts: a screen's part of its catalogue (client/src/i18n/catalogues.ts). */
  add(catalogue: Catalogue): void;
}

/**
 * A message made ready to format, once per language: text when it is only text (most are); its parts
 * when it is text and arguments (`Save {title}`), joined by hand; else FormatJS's formatter (plurals,
 * numbers, dates). Formatting is a good part of a server render's time (issue 29 item 6).
 */
type Formatter = string | MessageFormatElement[] | IntlMessageFormat;

function prepare(locale: Locale, message: string | MessageFormatElement[]): Formatter {
  if (typeof message === 'string') {
    // A text with nothing ICU reads in it is that text (the build leaves such messages as text).
    if (!/[{}#<']/.test(message)) return message;
  } else {
    if (message.length === 1 && message[0]!.type === TYPE.literal) return message[0]!.value;
    if (message.every((part) => part.type === TYPE.literal || part.type === TYPE.argument)) return message;
  }
  return new IntlMessageFormat(message, LOCALE_TAGS[locale], undefined, { ignoreTag: true });
}

function format(formatter: Formatter, values: MessageValues | undefined): string {
  if (typeof formatter === 'string') return formatter;
  if (Array.isArray(formatter)) {
    let out = '';
    for (const part of formatter) {
      if (part.type === TYPE.literal) out += part.value;
      else if (part.type === TYPE.argument) {
        const value = values?.[part.value];
        // As FormatJS does: a missing value is a mistake, not an empty string.
        if (value === undefined) throw new Error(`The message's value "${part.value}" was not given`);
        out += String(value);
      }
    }
    return out;
  }
  return String(formatter.format(values));
}

export interface IntlOptions {
  /** A message the catalogue lacks, shown in English (once by message). */
  onMissing?: (id: string) => void;
  /** Rewrites each message before it is formatted: the pseudo-language (./pseudo.ts). */
  transform?: (message: string | MessageFormatElement[]) => string | MessageFormatElement[];
}

/** The page's language and its texts (the catalogue is empty for English: the texts are in the code). */
export function createIntl(locale: Locale, catalogue: Catalogue, { onMissing, transform }: IntlOptions = {}): Intl {
  const texts: Catalogue = { ...catalogue };
  const formatters = new Map<string, Formatter>();
  // What a plural or a number came to, for a message of one value ('2 beds', '1 review'): the same few
  // values come back on every page, and FormatJS's formatting is the costly part of a message.
  const formatted = new Map<string, string>();
  return {
    locale,
    tag: LOCALE_TAGS[locale],
    formatMessage(descriptor, values) {
      let formatter = formatters.get(descriptor.id);
      if (formatter === undefined) {
        // A message the catalogue lacks is shown in English (the catalogue test fails on it).
        const text = texts[descriptor.id];
        if (text === undefined && locale !== DEFAULT_LOCALE) onMissing?.(descriptor.id);
        const message = text ?? descriptor.defaultMessage;
        formatter = prepare(locale, transform ? transform(message) : message);
        formatters.set(descriptor.id, formatter);
      }
      if (!(formatter instanceof IntlMessageFormat) || !values) return format(formatter, values);
      const names = Object.keys(values);
      const only = names.length === 1 ? values[names[0]!] : undefined;
      if (typeof only !== 'number' && typeof only !== 'string') return format(formatter, values);
      const key = `${descriptor.id}\u0000${names[0]}\u0000${only}`;
      let text = formatted.get(key);
      if (text === undefined) {
        text = format(formatter, values);
        if (formatted.size >= 5_000) formatted.clear();
        formatted.set(key, text);
      }
      return text;
    },
    add(catalogue) {
      Object.assign(texts, catalogue);
      for (const id of Object.keys(catalogue)) formatters.delete(id);
      formatted.clear();
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

/** The language of the render running now, on the server (`withIntl`). */
let rendering: Intl | null = null;

/**
 * Runs a synchronous render in a language: what it formats reads it at once, not through `source`
 * (the server's string render; one that waits reads its language from `source`).
 */
export function withIntl<T>(intl: Intl, run: () => T): T {
  const before = rendering;
  rendering = intl;
  try {
    return run();
  } finally {
    rendering = before;
  }
}

/** The page's language and its texts, in a component or anywhere else. */
export function useIntl(): Intl {
  return rendering ?? source();
}

/** The page's language, for the formats of money, counts and dates (common/format.ts, ./dates.ts). */
export function currentLocale(): Locale {
  return (rendering ?? source()).locale;
}

/** A message in the page's language: for code outside components (labels made by helpers). */
export function formatMessage(descriptor: MessageDescriptor, values?: MessageValues): string {
  return (rendering ?? source()).formatMessage(descriptor, values);
}

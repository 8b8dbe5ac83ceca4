// The interface's texts in the page's language (issue 29; docs/decisions/0056-languages.md). Messages
// are ICU MessageFormat, formatted by FormatJS's intl-messageformat. Each is declared where it is used,
// with its English text:
//
//   const messages = defineMessages({ saved: { id: 'header.saved', defaultMessage: 'Saved' } });
//   const intl = useIntl();
//   intl.formatMessage(messages.saved);
//   intl.formatMessage({ id: 'results.count', defaultMessage: '{count, plural, one {# home} other {# homes}}' }, { count });
//
// At build, FormatJS's Vite plugin turns each English text into its parsed form (no parser is shipped),
// and `formatjs extract` lists them (client/src/i18n/catalogues.test.ts checks the Spanish and Chinese
// catalogues against that list). A page in Spanish or Chinese loads its language's catalogue before it
// renders (client/src/i18n/catalogues.ts).
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE, LOCALE_TAGS, type Locale } from '@common/i18n/locales';

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

/** The languages' formatters: one per message and language, made on first use. */
const formatters = new Map<string, IntlMessageFormat>();

function formatterFor(locale: Locale, catalogue: Catalogue, descriptor: MessageDescriptor): IntlMessageFormat {
  const key = `${locale}\u0000${descriptor.id}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // A message the catalogue lacks is shown in English (the catalogue test fails on it).
    const message = catalogue[descriptor.id] ?? descriptor.defaultMessage;
    formatter = new IntlMessageFormat(message, LOCALE_TAGS[locale], undefined, { ignoreTag: true });
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
      return String(formatterFor(locale, catalogue, descriptor).format(values));
    },
  };
}

const English = createIntl(DEFAULT_LOCALE, {});
const IntlContext = createContext<Intl>(English);

export function IntlProvider({ intl, children }: { intl: Intl; children: ReactNode }) {
  return <IntlContext value={intl}>{children}</IntlContext>;
}

export function useIntl(): Intl {
  return useContext(IntlContext);
}

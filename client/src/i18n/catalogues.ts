// The Spanish and Chinese catalogues: message id → ICU text, parsed at build (scripts/vite-i18n.ts).
// Each is its own chunk, loaded only by a page in its language; English is in the code.
// client/src/i18n/catalogues.test.ts fails when one lacks a message the code declares, or keeps one
// the code no longer does.
import type { Locale } from '@common/i18n/locales';
import type { Catalogue } from '@common/i18n/messages';

const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./es'),
  zh: () => import('./zh'),
};

/** The module the server names for the browser to fetch with the page (server/http/ssr.ts); null: English. */
export const catalogueModule = (locale: Locale): string | null => (locale === 'en' ? null : `src/i18n/${locale}.ts`);

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return locale === 'en' ? {} : (await loaders[locale]()).default;
}

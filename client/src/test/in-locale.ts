// Tests of texts in another language: the page's language set, with all its catalogues, for one run.
import { createIntl, setPageIntl } from '@common/i18n/messages';
import { loadCatalogue, PARTS } from '@/i18n/catalogues';

/** Runs `run` with the page in Spanish or Chinese (every part of its catalogue loaded), then back in English. */
export async function inLocale(locale: 'es' | 'zh', run: () => void): Promise<void> {
  setPageIntl(createIntl(locale, await loadCatalogue(locale, PARTS)));
  try {
    run();
  } finally {
    setPageIntl(createIntl('en', {}));
  }
}

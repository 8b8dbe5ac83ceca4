import type { Locale } from '../../common/i18n/locales.js';

/**
 * A file of a language's browser build (docs/decisions/0057-a-build-per-language.md): English keeps its
 * name, another language's is named by it (`index.html` → `index.es.html`, `.vite/manifest.json` →
 * `.vite/manifest.es.json`), beside English's in dist/client. The build names them (vite.config.ts), the
 * server reads them (spa.ts, ssr.ts).
 */
export function localeFile(file: string, locale: Locale): string {
  return locale === 'en' ? file : file.replace(/\.(\w+)$/, `.${locale}.$1`);
}

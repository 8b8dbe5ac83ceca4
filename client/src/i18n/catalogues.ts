// The Spanish and Chinese catalogues, by part of the interface (`./es/listings.json`: message id → ICU
// text, parsed at build: scripts/vite-i18n.ts). English is in the code. A page in another language
// loads the shell's part and its screens' parts before it renders (boot.tsx), and a screen's parts
// with its code when it is first visited (app/router.tsx): each part is its own chunk, so a page loads
// only the texts it shows (issue 29 item 6). client/src/i18n/catalogues.test.ts fails when a part
// lacks a message the code declares, or keeps one the code no longer does.
import type { Locale } from '@common/i18n/locales';
import type { Catalogue, Intl } from '@common/i18n/messages';

/**
 * The parts: each screen names those it shows (app/router.tsx). A message is in one part, loaded by
 * every screen that shows it; one shown in a language whose part is not loaded is shown in English,
 * and the browser says so in its console (which fails the browser tests).
 */
export const PARTS = [
  'shell',
  'listings',
  'cards',
  'map',
  'detail',
  'records',
  'auth',
  'account',
  'saved',
  'messages',
  'tours',
  'alerts',
  'agents',
  'moderation',
  'listingForm',
  'manage',
  'compare',
] as const;
export type Part = (typeof PARTS)[number];

/**
 * The server's own texts, read by the server only (server/core/locale.ts): what it answers a request
 * with (`server`: its errors, refusals, limits), and what it writes to someone (`mail`: e-mails and
 * notifications, in the recipient's language).
 */
export const SERVER_PARTS = ['server', 'mail'] as const;

/** Every page loads the shell's: the header, the footer, the account menu, the search's options. */
export const SHELL: Part = 'shell';

type Loaders = Record<string, () => Promise<Catalogue>>;

/** The language of the browser's build (vite.config.ts); none where Vite did not build the code (the server's tsx, tests). */
export const BUILD_LOCALE = typeof __CLIENT_LOCALE__ === 'undefined' ? '' : __CLIENT_LOCALE__;

/**
 * Each language's parts (`./es/index.ts`): one small module, so that the app names two, not every part.
 * None in the browser's build of a language, whose texts are in its code.
 */
const languages: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Loaders }>> | null = BUILD_LOCALE
  ? null
  : { es: () => import('./es'), zh: () => import('./zh') };

const loaded = new Map<string, Promise<Catalogue>>();

function loadPart(locale: Exclude<Locale, 'en'>, part: Part): Promise<Catalogue> {
  const key = `${locale}/${part}`;
  let catalogue = loaded.get(key);
  if (!catalogue) {
    if (!languages) return Promise.resolve({});
    catalogue = languages[locale]().then(({ default: loaders }) => {
      const load = loaders[`./${part}.json`];
      if (!load) throw new Error(`No catalogue ${key}`);
      return load();
    });
    // A part that could not be fetched is asked for again by the next screen that needs it.
    catalogue.catch(() => loaded.delete(key));
    loaded.set(key, catalogue);
  }
  return catalogue;
}

/** A language's texts of these parts (with the shell's), one catalogue; English, and a build of one language: none. */
export async function loadCatalogue(locale: Locale, parts: readonly Part[]): Promise<Catalogue> {
  if (locale === 'en' || BUILD_LOCALE) return {};
  const catalogues = await Promise.all([...new Set([SHELL, ...parts])].map((part) => loadPart(locale, part)));
  return Object.assign({}, ...catalogues) as Catalogue;
}

/** The page's language in the browser, whose screens' parts are added to it as they are visited (boot.tsx). */
let page: Promise<Intl> | null = null;

export function setPageCatalogue(intl: Promise<Intl>): void {
  page = intl;
}

/** Adds parts to the page's texts: a screen's (its route loads them with its code), a lazy part's. */
export async function loadPageParts(parts: readonly Part[]): Promise<void> {
  // The server's renders have every part of their language (entry-server.tsx).
  if (import.meta.env.SSR || BUILD_LOCALE || !page || !parts.length) return;
  const intl = await page;
  if (intl.locale !== 'en') intl.add(await loadCatalogue(intl.locale, parts));
}

/**
 * A lazily loaded module whose texts are in parts its screen may not load (the bell's panel, a dialog
 * another screen opens): loaded with them.
 *
 *   const Panel = lazy(withParts(() => import('./panel'), ['alerts']));
 */
export function withParts<M>(load: () => Promise<M>, parts: readonly Part[]): () => Promise<M> {
  return async () => (await Promise.all([load(), loadPageParts(parts)]))[0];
}

import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { preloadHeader } from './app/layout/header';
import { loadMatchedScreens, partsOf, routes } from './app/router';
import { readServerState } from './app/ssr-state';
import { BUILD_LOCALE, loadCatalogue, setPageCatalogue } from './i18n/catalogues';
import { applyPageLocale, pageLocale } from './i18n/page-locale';
import { settleServerAnswers } from './lib/apollo/client';
import { createIntl, setPageIntl } from '@common/i18n/messages';

// The app, started by main.tsx.

const container = document.getElementById('root');

/**
 * Marks <html data-app="running"> once React has committed the page: a parent's effects run after
 * its children's, so the page's own first effects (its mount-time requests among them) have run by
 * then. Browser tests and the early input (main.tsx) wait for it.
 */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(() => onCommit(), [onCommit]);
  return children;
}

let markRunning: () => void = () => {};
const committed = new Promise<void>((resolve) => {
  markRunning = () => {
    document.documentElement.dataset.app = 'running';
    resolve();
  };
});
if (!container) throw new Error('The #root element is missing from index.html.');

/**
 * The page's language and the texts of its screens: loaded before the page is rendered or taken over
 * (issue 29). Another screen's texts come with its code (app/router.tsx).
 */
function pageIntl(rendered: boolean) {
  // A build of one language is served for its pages only (server/http/spa.ts, ssr.ts): its texts are in its code.
  const locale = BUILD_LOCALE || pageLocale(rendered);
  applyPageLocale(locale);
  const parts = partsOf(matchRoutes(routes, window.location.pathname) ?? []);
  // The pseudo-language (common/i18n/pseudo.ts), for the browser test that finds texts left in the code.
  const pseudo = locale === 'en' && /(?:^|;\s*)pseudo=1/.test(document.cookie) ? import('@common/i18n/pseudo') : null;
  const intl = Promise.all([loadCatalogue(locale, parts), pseudo]).then(([catalogue, pseudoModule]) => {
    const made = createIntl(locale, catalogue, {
      // A screen that shows a message of a part it does not load (app/router.tsx): said in the console.
      onMissing: BUILD_LOCALE ? undefined : (id) => console.error(`No ${locale} text loaded for "${id}"`),
      transform: pseudoModule?.pseudoMessage,
    });
    setPageIntl(made);
    return made;
  });
  // What loads meanwhile (the screen's code, the header's lazy parts) adds its parts to it.
  setPageCatalogue(intl);
  return intl;
}

/**
 * The first screen's code, loaded before the page is drawn or taken over. Should it fail (a network blip, a
 * chunk a deploy replaced), the screen loads it again as it renders, and shows its error in the frame if
 * that fails too.
 */
const loadScreens = () => loadMatchedScreens(window.location.pathname).catch(() => undefined);

async function start(root: HTMLElement) {
  if (readServerState() && root.firstElementChild) {
    // The server rendered this page (docs/decisions/0035-server-rendering.md): its screen's code is
    // loaded first, then React takes over the markup in place, reading the answers it was rendered
    // with (lib/apollo/page-answers.ts). Should the markup differ, React renders it anew and says why
    // in the console.
    // Its lazy parts too: React hydrates a part only once its code is in, and a click on a part not
    // yet hydrated is lost (the bell of a signed-in page would ignore its first click).
    await Promise.all([pageIntl(true), loadScreens(), preloadHeader(root)]);
    // Taken over as a transition: React works in slices of a few milliseconds and lets the browser
    // paint and answer in between, instead of one long task (issue 28 item 4). React listens from the
    // hydrateRoot call: a tap meanwhile (or one main.tsx kept and does again once this resolves) makes
    // it finish the page at once and then answer the tap.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <Committed onCommit={markRunning}>
            <App />
          </Committed>
        </StrictMode>,
        {
          onRecoverableError: (error, info) =>
            console.error('Server-rendered markup was rendered again in the browser:', error, info.componentStack),
        },
      );
    });
    // The answers the page was rendered with go into the store once the browser is idle after the
    // page is taken over (or before the cache's first write: lib/apollo/page-answers.ts).
    void committed.then(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(settleServerAnswers, { timeout: 5_000 });
      else setTimeout(settleServerAnswers, 3_000);
    });
    return;
  }
  // A page the server did not render: its screen's code is loaded beside its texts, before it is drawn.
  await Promise.all([pageIntl(false), loadScreens()]);
  createRoot(root).render(
    <StrictMode>
      <Committed onCommit={markRunning}>
        <App />
      </Committed>
    </StrictMode>,
  );
  await committed;
}

/**
 * Resolves once React listens to the page (main.tsx then does again what the visitor did before);
 * <html data-app="running"> follows once it has committed it.
 */
export const started: Promise<void> = start(container);

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { preloadHeader } from './app/layout/header';
import { loadMatchedScreens, routes } from './app/router';
import { readServerState } from './app/ssr-state';
import { settleServerAnswers } from './lib/apollo/client';

// The app, started by main.tsx.

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

async function start(root: HTMLElement) {
  if (readServerState() && root.firstElementChild) {
    // The server rendered this page (docs/decisions/0035-server-rendering.md): its screen's code is
    // loaded first, then React takes over the markup in place, reading the answers it was rendered
    // with (lib/apollo/page-answers.ts). Should the markup differ, React renders it anew and says why
    // in the console.
    // Its lazy parts too: React hydrates a part only once its code is in, and a click on a part not
    // yet hydrated is lost (the bell of a signed-in page would ignore its first click).
    await Promise.all([loadMatchedScreens(window.location.pathname), preloadHeader(root)]);
    const router = createBrowserRouter(routes, { hydrationData: { loaderData: {}, actionData: null, errors: null } });
    hydrateRoot(
      root,
      <StrictMode>
        <App router={router} />
      </StrictMode>,
      {
        onRecoverableError: (error, info) =>
          console.error('Server-rendered markup was rendered again in the browser:', error, info.componentStack),
      },
    );
    // React listens from here on.
    document.documentElement.dataset.app = 'running';
    // The answers the page was rendered with go into the store once the browser is idle, hydration
    // done (or before the cache's first write: lib/apollo/page-answers.ts).
    if ('requestIdleCallback' in window) window.requestIdleCallback(settleServerAnswers, { timeout: 5_000 });
    else setTimeout(settleServerAnswers, 3_000);
    return;
  }
  const router = createBrowserRouter(routes);
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  document.documentElement.dataset.app = 'running';
}

/** Resolves once React has the page (main.tsx then does again what the visitor did before). */
export const started: Promise<void> = start(container);

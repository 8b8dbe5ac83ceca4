import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { signInContext, type Account } from './accounts.js';
import { E2E_AUTH_PORT, E2E_ORIGIN } from './origin.js';

const EMULATOR_PORT = E2E_AUTH_PORT;

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export interface TestFixtures {
  consoleErrors: string[];
  expectedFailures: RegExp[];
  /**
   * Signs the test's browser context in as this account before the test (a session made
   * programmatically, not through the sign-in form): `test.use({ account: DEMO_AGENT })`.
   * Tests that sign out must use an account of their own (`createRenter`): signing out revokes
   * every session of the user.
   */
  account: Account | null;
}

export interface WorkerFixtures {
  /** The signed-in storage state (cookies + IndexedDB) of an account, made once per worker. */
  signedInState: (account: Account) => Promise<StorageState>;
}

/**
 * Every browser test fails on a console.error or an uncaught page error. Two kinds of browser
 * network messages are not the app's errors: the Auth emulator answering 501 for endpoints it does
 * not implement (reCAPTCHA config), and failures a test provokes on purpose (`expectedFailures`: failed
 * loads and refused WebSocket connections).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  // This worker's own app (tests/e2e/origin.ts).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
  baseURL: async ({}, use) => use(E2E_ORIGIN),
  expectedFailures: [[], { option: true }],
  account: [null, { option: true }],

  signedInState: [
    async ({ browser }, use) => {
      const baseURL = E2E_ORIGIN;
      // Signing in once per worker and account keeps well under the server's real limit of
      // session mints per minute and IP.
      const states = new Map<string, Promise<StorageState>>();
      await use((account) => {
        let state = states.get(account.email);
        if (!state) {
          state = (async () => {
            const context = await browser.newContext({ baseURL });
            try {
              await signInContext(context, baseURL, account);
              return await context.storageState({ indexedDB: true });
            } finally {
              await context.close();
            }
          })();
          state.catch(() => states.delete(account.email));
          states.set(account.email, state);
        }
        return state;
      });
    },
    { scope: 'worker' },
  ],

  // A page rendered on the server is on screen before the app runs (docs/decisions/0035): a click
  // in between would be lost, as it would be for a person. Navigations through the test wait for the
  // app to have taken the page over (followApp).
  page: async ({ page }, use) => {
    await use(followApp(page));
  },

  storageState: async ({ account, signedInState, storageState }, use) => {
    await use(account ? await signedInState(account) : storageState);
  },

  consoleErrors: [
    async ({ page, expectedFailures }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        const url = msg.location().url ?? '';
        if (text.startsWith('Failed to load resource') || text.startsWith('WebSocket connection to')) {
          const fromEmulator = url.includes(`:${EMULATOR_PORT}/`);
          if (fromEmulator && text.includes('501')) return;
          if (expectedFailures.some((re) => re.test(`${text} ${url}`))) return;
        }
        errors.push(`${text} ${url}`.trim());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      // Production runs only the client's persisted documents (TRUSTED_DOCUMENTS_ONLY, decision 0025):
      // every GraphQL request the page sends over HTTP names one by hash and carries no query text.
      page.on('request', (request) => {
        if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
        type Body = { query?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } } | null;
        let body: Body = null;
        try {
          body = request.postDataJSON() as Body;
        } catch {
          // not JSON: Apollo never sends that
        }
        if (body?.query !== undefined || typeof body?.extensions?.persistedQuery?.sha256Hash !== 'string')
          errors.push(`a GraphQL request without a persisted document: ${request.postData()?.slice(0, 200)}`);
      });
      await use(errors);
      expect(errors, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Makes the page's goto and reload wait for the app to have taken a server-rendered page over
 * (client/src/boot.tsx marks <html data-app="running">). Every page a test drives goes through it:
 * the test's own `page`, and the pages of second browsers (`appPage`): a click on a second device's
 * server-rendered account menu before the app ran was once lost (sessions.spec.ts).
 */
export function followApp(page: Page): Page {
  const appRunning = () =>
    page
      .waitForFunction(
        () => document.getElementById('ssr-state') === null || document.documentElement.dataset.app === 'running',
        undefined,
        { timeout: 15_000 },
      )
      .catch(() => undefined); // a page that went away meanwhile: the test's next step says what happened
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await appRunning();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await appRunning();
    return response;
  };
  return page;
}

/** A new page of another browser context (a second device), following the app as `page` does. */
export async function appPage(context: BrowserContext): Promise<Page> {
  return followApp(await context.newPage());
}

/** Every WCAG 2.x A and AA rule of axe (2.0, 2.1 and 2.2). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * A listing's price marker on the map. Markers of nearby listings overlap, so axe's target-size
 * (WCAG 2.5.8) counts them as too small; 2.5.8's 'equivalent' exception applies: every marker's
 * listing is also a card of the results list, with a full-size link.
 */
function isMapMarker(target: unknown[]): boolean {
  return target.some((part) => typeof part === 'string' && part.includes('.map-price-marker'));
}

/**
 * Runs axe with every WCAG 2.x A/AA rule, plus 'label-content-name-mismatch' (WCAG 2.5.3 Label in
 * Name: an accessible name must contain the visible text; axe ships it as experimental, so it is
 * switched on here), and fails on serious or critical violations.
 */
export async function expectAccessible(page: Page) {
  // options() replaces every option, so it goes before withTags(). axe runs in the page itself
  // (legacy mode): the default opens a blank page in the context after every run to merge the
  // frames' results there, and injects axe a second time into it, which made each check cost about
  // twice as much (47 s against 26 s for the same 28 checks); the app has no cross-origin frame,
  // which is what that merge is for, and same-origin frames are checked either way.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  const bad = results.violations
    .map((v) => (v.id === 'target-size' ? { ...v, nodes: v.nodes.filter((n) => !isMapMarker(n.target)) } : v))
    .filter((v) => v.nodes.length > 0)
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
  ).toEqual([]);
}

import zlib from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { DEMO_RENTER, expectSignedIn } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { firstPage, results } from './listings-helpers.js';

// Issue 11 point 5: the JavaScript the listings page needs before the map is at most 150 KB gzip,
// Firebase Auth loads only when needed and MapLibre only with the map (docs/decisions/0023).

/**
 * Issue 11's goal: gzip bytes of every script the listings page fetches before the map. Not met yet:
 * React DOM, React Router and Apollo Client alone are about 145 KB gzip (docs/decisions/0023); the
 * test of the goal is marked as failing, and reports when it starts to pass.
 */
const GOAL_GZIP_BYTES = 150 * 1024;
/**
 * What the page ships today, with a little room: any growth beyond it fails (a ratchet; lower it as
 * code leaves). 252 KB since issue 14: signed out 248.7 KB; signed in 251.6 KB, of which 2.9 KB is the
 * notification bell, loaded after the header for the signed in only (docs/decisions/0023). 256 KB
 * since server rendering (docs/decisions/0035): signed out 251.2 KB, signed in 254.2 KB — the app
 * moved out of the entry into its own chunk, fetched once the page is painted (2 KB of lost
 * compression), and hydration with its hand-over state (0.5 KB). 258 KB since issue 26: signed out
 * 253.4 KB, signed in 256.5 KB. The map's new code (clusters, the drawn area, the popup) loads with the
 * map only; what the page itself gained is 'Compare' and 'Share' under each card with the compare bar
 * (two small shared chunks), days on market and the agent's response time on the cards, and the text
 * of four new documents in the documents chunk (issue 28 removes that text from the page).
 */
const BUDGET_GZIP_BYTES = 258 * 1024;
/** A phone: the listings page opens on its list; the map is a button away. */
const PHONE = { width: 390, height: 844 };

interface Script {
  url: string;
  gzip: number;
  firebase: boolean;
  maplibre: boolean;
}

/**
 * Records every JavaScript response of the page with its gzip size: the file gzip-compressed at
 * level 9, which is what the server's precompressed `.gz` sibling is (docs/decisions/0021).
 */
function recordScripts(page: Page): { done: () => Promise<Script[]> } {
  const pending: Array<Promise<Script | null>> = [];
  page.on('response', (response: Response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname) && response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => {
          const text = body.toString('utf8');
          return {
            url,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            // The Auth SDK talks to identitytoolkit; MapLibre's engine names its own global.
            firebase: /firebase/i.test(url) || text.includes('identitytoolkit.googleapis.com'),
            maplibre: /maplibre/i.test(url) || text.includes('maplibregl'),
          };
        })
        .catch(() => null),
    );
  });
  return { done: async () => (await Promise.all(pending)).filter((s): s is Script => s !== null) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(scripts: Script[]): string {
  return scripts.map((s) => `${kb(s.gzip).padStart(9)}  ${new URL(s.url).pathname}`).join('\n');
}

/** Opens the listings page and waits until it has settled (results shown, the network quiet). */
async function openListings(page: Page) {
  await page.goto('/');
  await expect(results(page).cards.first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test.describe('the listings page on a phone ships little JavaScript', () => {
  test.use({ viewport: PHONE });

  test('signed out: within the budget, no Firebase, no MapLibre', async ({ page }, testInfo) => {
    const recorder = recordScripts(page);
    await openListings(page);
    // The list is shown, the map is not.
    await expect(page.getByRole('button', { name: 'Map', exact: true })).toBeVisible();
    const scripts = await recorder.done();
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    await testInfo.attach('scripts', { body: `${report(scripts)}\n${kb(total).padStart(9)}  total`, contentType: 'text/plain' });
    console.log(`listings page, signed out: ${kb(total)} gzip in ${scripts.length} scripts\n${report(scripts)}`);

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
    expect(scripts.filter((s) => s.maplibre).map((s) => s.url)).toEqual([]);
    expect(total, `gzip bytes of JavaScript:\n${report(scripts)}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  test.describe('signed in', () => {
    test.use({ account: DEMO_RENTER });

    test('the session cookie alone shows the signed-in header: Firebase is not loaded', async ({ page }) => {
      const recorder = recordScripts(page);
      await openListings(page);
      await expectSignedIn(page, DEMO_RENTER.name);
      const scripts = await recorder.done();
      const total = scripts.reduce((n, s) => n + s.gzip, 0);
      console.log(`listings page, signed in: ${kb(total)} gzip in ${scripts.length} scripts`);
      expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
      expect(scripts.filter((s) => s.maplibre).map((s) => s.url)).toEqual([]);
      expect(total, `gzip bytes of JavaScript:\n${report(scripts)}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    });
  });

  test('signed out: at most 150 KB gzip (issue 11 point 5)', async ({ page }) => {
    test.fail(true, 'not met yet: React DOM, React Router and Apollo Client alone are about 145 KB gzip (docs/decisions/0023)');
    const recorder = recordScripts(page);
    await openListings(page);
    const scripts = await recorder.done();
    const total = scripts.reduce((n, s) => n + s.gzip, 0);
    expect(total, `gzip bytes of JavaScript:\n${report(scripts)}`).toBeLessThanOrEqual(GOAL_GZIP_BYTES);
  });

  test('the map brings MapLibre when it is opened', async ({ page }) => {
    const recorder = recordScripts(page);
    await openListings(page);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page.locator('.maplibregl-canvas')).toBeVisible();
    const scripts = await recorder.done();
    expect(scripts.some((s) => s.maplibre)).toBe(true);
  });
});

test.describe('signed in on a desktop', () => {
  test.use({ account: DEMO_RENTER });

  test('the header is signed in from the session cookie, without Firebase', async ({ page }) => {
    const recorder = recordScripts(page);
    await page.goto('/');
    await expectSignedIn(page, DEMO_RENTER.name);
    await page.waitForLoadState('networkidle');
    const scripts = await recorder.done();
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
  });
});

test.describe('a listing page on a phone', () => {
  test.use({ viewport: PHONE });

  test('loads no Firebase; its scripts before the map are reported', async ({ page, request }) => {
    // A seeded listing (the dearest), which no other test deletes while this one runs.
    const listing = (await firstPage(request, {}, 'PRICE_HIGH')).edges[0]!.node;
    const recorder = recordScripts(page);
    await page.goto(`/properties/${listing.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    await page.waitForLoadState('networkidle');
    const scripts = await recorder.done();
    const beforeMap = scripts.filter((s) => !s.maplibre);
    const total = beforeMap.reduce((n, s) => n + s.gzip, 0);
    console.log(`listing page: ${kb(total)} gzip before the map in ${beforeMap.length} scripts\n${report(beforeMap)}`);
    expect(scripts.filter((s) => s.firebase).map((s) => s.url)).toEqual([]);
    expect(total, `gzip bytes of JavaScript:\n${report(beforeMap)}`).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

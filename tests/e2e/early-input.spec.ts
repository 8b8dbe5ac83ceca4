import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { cardPrices, firstPage, results } from './listings-helpers.js';

// Issue 28 item 3: nothing waits for photos before the app's code loads, and what a visitor does on a
// server-rendered page before the app has taken it over is not lost (client/src/main.tsx keeps it and
// does it again once the app runs). On a throttled phone (Lighthouse's slow 4G and 4× CPU slowdown), with
// the app's code held on its way until the visitor has acted (so that the test does not depend on how
// fast this machine is).

const PHONE = { width: 390, height: 844 };

/** Lighthouse's mobile profile: 150 ms round trips, 1.6 Mbit/s down, 750 Kbit/s up, a CPU 4× slower. */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

const appRunning = (page: Page) => page.evaluate(() => document.documentElement.dataset.app === 'running');

/**
 * Holds the app's code (its `boot` chunk) on its way until `release()`: what the test does meanwhile
 * is certainly done before the app runs, however fast the machine. The answer itself is the server's.
 */
async function holdApp(page: Page, script = /\/assets\/boot-[\w-]+\.js$/): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(script, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The page's entry script (client/src/main.tsx), which keeps what is done before the app runs. */
const ENTRY = /\/assets\/index-[\w-]+\.js$/;

/** Whether the entry script has run: it marks <html data-app="starting">, the app then "running". */
const entryRan = (page: Page) => page.evaluate(() => document.documentElement.dataset.app !== undefined);

test.describe('before the app runs, on a slow phone', () => {
  test.use({ viewport: PHONE });

  test('a choice made as soon as the page is painted takes effect once the app runs', async ({ context, request }) => {
    // A page of its own: the test's `page` waits for the app on every goto.
    const page = await context.newPage();
    await slowPhone(page);
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    // On a phone the sort is in view beside 'Filters' (the filters themselves are in the sheet).
    const sort = page.getByRole('combobox', { name: 'Sort by', exact: true });
    await expect(sort).toBeVisible();
    await expect(results(page).cards.first()).toBeVisible();

    // The page is drawn and its entry script listens; the app is not running yet.
    await expect.poll(() => entryRan(page)).toBe(true);
    expect(await appRunning(page)).toBe(false);
    await sort.selectOption({ label: 'Price: Low to High' });
    expect(await appRunning(page), 'the change was made before the app ran').toBe(false);
    release();

    // Once it runs, the change is made: the URL, the select and the results follow.
    await expect.poll(() => appRunning(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('sort'), { timeout: 30_000 }).toBe('price_low');
    await expect(sort.locator('option:checked')).toHaveText('Price: Low to High');
    // The results are the server's, cheapest first.
    const lowFirst = (await firstPage(request, {}, 'PRICE_LOW')).edges.map((edge) => edge.node.price);
    await expect.poll(() => cardPrices(results(page).cards), { timeout: 30_000 }).toEqual(lowFirst);
    await page.close();
  });

  test('a choice made before even the entry script runs takes effect once the app runs', async ({ context }) => {
    // A long page is painted, and can be used, before it is parsed to its end, when module scripts run.
    const page = await context.newPage();
    await slowPhone(page);
    const releaseApp = await holdApp(page);
    const releaseEntry = await holdApp(page, ENTRY);
    await page.goto('/', { waitUntil: 'commit' });
    const sort = page.getByRole('combobox', { name: 'Sort by', exact: true });
    await expect(results(page).cards.first()).toBeVisible();
    await sort.selectOption({ label: 'Price: High to Low' });
    expect(await entryRan(page), 'the change was made before the entry script ran').toBe(false);
    releaseEntry();
    releaseApp();

    await expect.poll(() => appRunning(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('sort'), { timeout: 30_000 }).toBe('price_high');
    await expect(sort.locator('option:checked')).toHaveText('Price: High to Low');
    await page.close();
  });

  test("a tap on 'Filters' before the app runs opens the sheet once the app does, once", async ({ context }) => {
    const page = await context.newPage();
    await slowPhone(page);
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    // On a phone the filters' popovers are behind 'Filters', which opens them all full-screen.
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toBeVisible();
    await expect.poll(() => entryRan(page)).toBe(true);
    expect(await appRunning(page)).toBe(false);
    // Tapped twice because nothing answered yet: one tap.
    await filters.click();
    await filters.click();
    expect(await appRunning(page), 'the taps were made before the app ran').toBe(false);
    release();

    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible({ timeout: 30_000 });
    await expect(sheet.getByRole('radio', { name: 'Apartment' })).toBeVisible({ timeout: 30_000 });
    await page.close();
  });
});

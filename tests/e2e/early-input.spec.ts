import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectCountMatches, results } from './listings-helpers.js';

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

  test('a filter changed as soon as the page is painted takes effect once the app runs', async ({ context, request }) => {
    // A page of its own: the test's `page` waits for the app on every goto.
    const page = await context.newPage();
    await slowPhone(page);
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const bedrooms = page.getByRole('combobox', { name: 'Bedrooms', exact: true });
    await expect(bedrooms).toBeVisible();
    await expect(results(page).cards.first()).toBeVisible();

    // The page is drawn and its entry script listens; the app is not running yet.
    await expect.poll(() => entryRan(page)).toBe(true);
    expect(await appRunning(page)).toBe(false);
    await bedrooms.selectOption({ label: '2+' });
    expect(await appRunning(page), 'the change was made before the app ran').toBe(false);
    release();

    // Once it runs, the change is made: the URL, the select, the chip and the results follow.
    await expect.poll(() => appRunning(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('bedrooms'), { timeout: 30_000 }).toBe('2');
    await expect(bedrooms.locator('option:checked')).toHaveText('2+');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Bedrooms: 2+', { timeout: 30_000 });
    // The results are the server's for at least 2 bedrooms.
    await expectCountMatches(page, request, { minBeds: 2 });
    await page.close();
  });

  test('a filter changed before even the entry script runs takes effect once the app runs', async ({ context }) => {
    // A long page is painted, and can be used, before it is parsed to its end, when module scripts run.
    const page = await context.newPage();
    await slowPhone(page);
    const releaseApp = await holdApp(page);
    const releaseEntry = await holdApp(page, ENTRY);
    await page.goto('/', { waitUntil: 'commit' });
    const bedrooms = page.getByRole('combobox', { name: 'Bedrooms', exact: true });
    await expect(results(page).cards.first()).toBeVisible();
    await bedrooms.selectOption({ label: '3+' });
    expect(await entryRan(page), 'the change was made before the entry script ran').toBe(false);
    releaseEntry();
    releaseApp();

    await expect.poll(() => appRunning(page), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => new URL(page.url()).searchParams.get('bedrooms'), { timeout: 30_000 }).toBe('3');
    await expect(bedrooms.locator('option:checked')).toHaveText('3+');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Bedrooms: 3+', { timeout: 30_000 });
    await page.close();
  });

  test('a tap on a popover trigger before the app runs opens it once the app does, once', async ({ context }) => {
    const page = await context.newPage();
    await slowPhone(page);
    const release = await holdApp(page);
    await page.goto('/', { waitUntil: 'commit' });
    const more = page.getByRole('button', { name: 'More', exact: true });
    await expect(more).toBeVisible();
    await expect.poll(() => entryRan(page)).toBe(true);
    expect(await appRunning(page)).toBe(false);
    // Tapped twice because nothing answered yet: one tap.
    await more.click();
    await more.click();
    expect(await appRunning(page), 'the taps were made before the app ran').toBe(false);
    release();

    await expect(page.getByRole('dialog', { name: 'More filters' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('radio', { name: 'Apartment' })).toBeVisible();
    await page.close();
  });
});

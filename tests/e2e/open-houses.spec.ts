// Open houses with places (issue 27 item 1) in two real browsers against the real server: one renter
// takes the only place, the next finds it full and joins the waitlist, the first cancels and the place
// goes to the second. The rules (counts under concurrency, the waitlist's order, who may RSVP) are the
// integration tests' (tests/integration/open-house-rsvps.test.ts).
import type { Page } from '@playwright/test';
import { createRenter, signInContext } from './accounts.js';
import { OPEN_HOUSE } from './data-factories.js';
import { appPage, expect, expectAccessible, test } from './fixtures.js';
import { SCREENSHOTS } from './shots.js';

const openHouse = (page: Page) =>
  page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Open Houses' }) })
    .locator('li');

test('RSVP until full, the waitlist, and the place passed on when the first renter cancels', async ({ browser, baseURL }) => {
  const [first, second] = await Promise.all([
    createRenter(baseURL!, { firstName: 'Fay' }),
    createRenter(baseURL!, { firstName: 'Sam' }),
  ]);
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })] as const;
  try {
    await signInContext(contexts[0], baseURL!, first);
    await signInContext(contexts[1], baseURL!, second);
    const a = await appPage(contexts[0]);
    const b = await appPage(contexts[1]);

    await a.goto(`/properties/${OPEN_HOUSE.slug}`);
    await expect(openHouse(a)).toContainText('1 place left');
    await expect(openHouse(a)).toContainText('ET');
    await openHouse(a).getByRole('button', { name: "RSVP: I'm going" }).click();
    await expect(openHouse(a)).toContainText("You're going");
    await expect(openHouse(a)).toContainText('Full · 1 going');
    // After a reload (the page rendered on the server for this renter), still theirs (issue 58 item 6).
    await a.reload();
    await expect(openHouse(a)).toContainText("You're going");
    await expect(openHouse(a).getByRole('button', { name: 'Cancel RSVP' })).toBeVisible();
    await expect(openHouse(a).getByRole('button', { name: 'Join the waitlist' })).toHaveCount(0);
    if (SCREENSHOTS) {
      await openHouse(a).scrollIntoViewIfNeeded();
      await a.screenshot({ path: 'test-results/open-house-going-1280.png' });
      await a.setViewportSize({ width: 390, height: 844 });
      await openHouse(a).scrollIntoViewIfNeeded();
      await a.screenshot({ path: 'test-results/open-house-going-390.png' });
      expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await a.setViewportSize({ width: 1280, height: 800 });
    }

    await b.goto(`/properties/${OPEN_HOUSE.slug}`);
    await expect(openHouse(b)).toContainText('Full · 1 going');
    await expect(openHouse(b).getByRole('button', { name: "RSVP: I'm going" })).toHaveCount(0);
    await openHouse(b).getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(openHouse(b)).toContainText("You're on the waitlist");
    await expect(openHouse(b)).toContainText('1 on the waitlist');
    await expectAccessible(b);

    await openHouse(a).getByRole('button', { name: 'Cancel RSVP' }).click();
    // The place went to the second renter at once: still full, and the first may wait for it now.
    await expect(openHouse(a).getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
    await expect(openHouse(a)).toContainText('Full · 1 going');

    // The second renter's page hears of it without a reload (openHouseChanged), and after one too.
    await expect(openHouse(b)).toContainText("You're going");
    await b.reload();
    await expect(openHouse(b)).toContainText("You're going");
    await expect(openHouse(b).getByRole('button', { name: 'Cancel RSVP' })).toBeVisible();
    // The calendar file of the open house (its content is the integration test's, read by a parser).
    const download = b.waitForEvent('download');
    await openHouse(b).getByRole('link', { name: 'Add to calendar' }).click();
    expect((await download).suggestedFilename()).toBe(`open-house-${OPEN_HOUSE.slug}.ics`);

    // The renter's open houses (/me/tours): this one to come, with its RSVP.
    await b.goto('/me/tours');
    const upcoming = b.getByRole('region', { name: 'Upcoming open houses' });
    await expect(upcoming.getByRole('link', { name: OPEN_HOUSE.title })).toBeVisible();
    await expect(upcoming).toContainText("You're going");
    await expect(upcoming).toContainText('Ring 2A');
    await expectAccessible(b);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

// /me/tours signed out: client/src/app/routes/signed-out-screens.test.tsx.
test('a renter without open houses: the empty state of /me/tours', async ({ browser, baseURL }) => {
  const renter = await createRenter(baseURL!, { firstName: 'Nell' });
  const context = await browser.newContext({ baseURL });
  try {
    await signInContext(context, baseURL!, renter);
    const page = await appPage(context);
    await page.goto('/me/tours');
    await expect(page.getByRole('heading', { level: 2, name: 'No tours yet' })).toBeVisible();
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});

import { expect, expectAccessible, test } from './fixtures.js';
import { choose, query, results } from './listings-helpers.js';

// Share and compare (issue 26 item 6): up to 3 listings picked on the listings page (kept in the URL),
// compared side by side on /compare; 'Share' copies a listing's address where the browser has no share
// sheet (Debian's headless Chromium has none).

test('compare: pick two listings, see them side by side, remove one; the pick survives a filter change', async ({ page }) => {
  await page.goto('/listings');
  const items = results(page)
    .section.locator('li')
    .filter({ has: page.locator('article') });
  await expect(items.first()).toBeVisible();
  const titleOf = async (n: number) => ((await items.nth(n).locator('article h2').textContent()) ?? '').trim();
  const [first, second] = [await titleOf(0), await titleOf(1)];

  // The box follows the URL, written first: a click, then the box is ticked.
  const pick = async (n: number, title: string) => {
    const box = items.nth(n).getByRole('checkbox', { name: `Compare ${title}` });
    await box.click();
    await expect(box).toBeChecked();
  };
  await pick(0, first);
  const bar = page.getByRole('region', { name: 'Compare' });
  await expect(bar).toContainText('1 of 3 picked to compare');
  await expect(bar.getByRole('button', { name: 'Compare' })).toBeDisabled();
  await pick(1, second);
  await expect.poll(() => (query(page).compare ?? '').split(',').length).toBe(2);
  const picked = query(page).compare;
  // A filter changed: the pick stays.
  await choose(page, 'Sort by', 'Price: Low to High');
  await expect.poll(() => query(page).sort).toBe('price_low');
  expect(query(page).compare).toBe(picked);

  await bar.getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveURL(/\/compare\?ids=[0-9a-f-]{36},[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare Homes' })).toBeVisible();
  const headers = page.getByRole('columnheader');
  await expect(headers).toHaveCount(2);
  await expect(headers.nth(0)).toContainText(first);
  await expect(headers.nth(1)).toContainText(second);
  for (const row of ['Rent', 'Net effective', 'Move-in total', 'Bedrooms', 'Subway', 'Pets', 'Accessibility', 'On the market']) {
    await expect(page.getByRole('rowheader', { name: row })).toBeVisible();
  }
  await expectAccessible(page);
  // On a phone each label heads its row, the listings get the whole width, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('td').filter({ hasText: /^Move-in total$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  const [firstColumn, secondColumn] = [await headers.nth(0).boundingBox(), await headers.nth(1).boundingBox()];
  expect(firstColumn!.width).toBeGreaterThan(140);
  expect(secondColumn!.x).toBeGreaterThan(firstColumn!.x);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('button', { name: `Remove ${first} from the comparison` }).click();
  await expect(headers).toHaveCount(1);
  await expect(headers.first()).toContainText(second);
  await page.getByRole('button', { name: `Remove ${second} from the comparison` }).click();
  await expect(page.getByRole('heading', { name: 'Nothing to compare yet' })).toBeVisible();
});

test('share: the listing address is copied, with a toast', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
  await page.goto('/listings');
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  const item = results(page)
    .section.locator('li')
    .filter({ has: page.locator('article') })
    .first();
  const title = ((await item.locator('article h2').textContent()) ?? '').trim();
  const href = await item.locator('article h2 a').getAttribute('href');
  await item.getByRole('button', { name: `Share ${title}` }).click();
  await expect(page.getByText('Link copied').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(href!, baseURL).toString());
});

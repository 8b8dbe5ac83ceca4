import { expect, expectAccessible, test } from './fixtures.js';
import { countFor, expectCountMatches, query } from './listings-helpers.js';

// Search by train (issue 13 item 3): 'Subway lines' and 'Walk to subway' in the filter bar, in the
// URL and as chips, answered by the server from each listing's nearest stations.
test.use({ reducedMotion: 'reduce' });

test.describe('the Subway filter', () => {
  test('pick lines and a walk: the URL, the chips and the results follow; chips remove them', async ({ page, request }) => {
    await page.goto('/listings');
    await expect(page.getByRole('heading', { level: 1, name: 'NYC Rentals' })).toBeVisible();
    await page.getByRole('button', { name: 'Subway', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Subway' });
    const lTrain = panel.getByRole('button', { name: 'L train' });
    await expect(lTrain).toHaveAttribute('aria-pressed', 'false');
    await expect(panel.getByRole('button', { name: 'G train' })).toBeVisible();
    await expectAccessible(page);

    await lTrain.click();
    await expect(lTrain).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => query(page).lines).toBe('L');
    const onL = await expectCountMatches(page, request, { lines: ['L'] });
    expect(onL).toBeGreaterThan(0);

    await panel.getByRole('button', { name: 'G train' }).click();
    await expect.poll(() => query(page).lines).toBe('L,G');
    await panel.getByRole('radio', { name: '5 min', exact: true }).click();
    await expect.poll(() => query(page).walk).toBe('5');
    const close = await expectCountMatches(page, request, { lines: ['L', 'G'], walkMinutes: 5 });
    expect(close).toBeLessThanOrEqual(await countFor(request, { lines: ['L', 'G'] }));
    await page.keyboard.press('Escape');

    await expect(page.getByRole('button', { name: 'Subway: L, G · 5 min' })).toBeVisible();
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Walk to subway: 5 min' }).click();
    await expect.poll(() => query(page).walk).toBeUndefined();
    await chips.getByRole('button', { name: 'Remove filter Subway: L, G' }).click();
    await expect.poll(() => query(page).lines).toBeUndefined();
    await expectCountMatches(page, request, {});
  });

  test('a URL with lines and a walk sets the filter at start', async ({ page, request }) => {
    await page.goto('/listings?lines=7&walk=10');
    await expect(page.getByRole('button', { name: 'Subway: 7 · 10 min' })).toBeVisible();
    await expectCountMatches(page, request, { lines: ['7'], walkMinutes: 10 });
  });
});

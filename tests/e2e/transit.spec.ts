import { expect, expectAccessible, test } from './fixtures.js';
import { SCREENSHOTS } from './shots.js';

// Nearby subway stations (issue 13 item 2): cards show the nearest station's line bullets in the
// MTA's colours, named for screen readers ('L train'), and the walk; the detail page lists the
// stations in a 'Transit' section and draws them on its map.
test.use({ reducedMotion: 'reduce' });

const BEDFORD_IN_WILLIAMSBURG = '/listings?search=Bedford%20Avenue&neighborhood=williamsburg';

test.describe('nearby subway stations', () => {
  test('a card on Bedford Avenue in Williamsburg shows the L at Bedford Av and the walk', async ({ page }) => {
    await page.goto(BEDFORD_IN_WILLIAMSBURG);
    const card = page.locator('article[data-property-id]', { hasText: 'Bedford Avenue' }).first();
    await expect(card).toBeVisible();
    const nearest = card.getByTestId('nearest-station');
    await expect(nearest).toContainText('Bedford Av');
    await expect(nearest).toContainText(/\d+ min walk/);
    const bullet = nearest.getByRole('img', { name: 'L train' });
    await expect(bullet).toHaveText('L');
    await expect(bullet).toHaveAttribute('title', 'L train');
    // The L's official grey, with white letters.
    await expect(bullet).toHaveCSS('background-color', 'rgb(124, 133, 140)');
    await expect(bullet).toHaveCSS('color', 'rgb(255, 255, 255)');
    if (SCREENSHOTS) await card.screenshot({ path: 'test-results/transit-card.png' });
  });

  test("the detail page lists the stations in 'Transit' and draws them on its map", { tag: '@map' }, async ({ page }) => {
    await page.goto(BEDFORD_IN_WILLIAMSBURG);
    const card = page.locator('article[data-property-id]', { hasText: 'Bedford Avenue' }).first();
    await card.getByRole('heading').getByRole('link').click();
    const transit = page.locator('section', { has: page.getByRole('heading', { name: 'Transit', level: 2 }) });
    await expect(transit).toBeVisible();
    const stations = transit.getByRole('list', { name: 'Subway stations nearby' }).getByRole('listitem');
    await expect(stations.first()).toContainText('Bedford Av');
    await expect(stations.first().getByRole('img', { name: 'L train' })).toBeVisible();
    await expect(stations.first()).toContainText(/\d+ min walk/);
    const count = await stations.count();
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(5);
    // Nearest first.
    const minutes = (await stations.allTextContents()).map((t) => Number(/(\d+) min walk/.exec(t)?.[1]));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));

    // The map: the listing and a chip per station.
    const map = page.getByRole('region', { name: /and nearby subway stations/ });
    // The map loads as it comes into view.
    await map.scrollIntoViewIfNeeded();
    await expect(map.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
    await expect(map.locator('.map-station-marker')).toHaveCount(count);
    await expect(map.locator('.map-price-marker:not(.map-station-marker)')).toHaveCount(1);
    if (SCREENSHOTS) await map.screenshot({ path: 'test-results/transit-detail-map.png' });
    if (SCREENSHOTS) await transit.screenshot({ path: 'test-results/transit-detail.png' });
    await expectAccessible(page);
  });

  test('phone width: the card and the Transit section fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(BEDFORD_IN_WILLIAMSBURG);
    const card = page.locator('article[data-property-id]', { hasText: 'Bedford Avenue' }).first();
    await expect(card.getByTestId('nearest-station')).toContainText(/\d+ min walk/);
    if (SCREENSHOTS) await card.screenshot({ path: 'test-results/transit-card-phone.png' });
    await card.getByRole('heading').getByRole('link').click();
    const transit = page.locator('section', { has: page.getByRole('heading', { name: 'Transit', level: 2 }) });
    await expect(transit.getByRole('listitem').first()).toContainText('Bedford Av');
    const box = await transit.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    if (SCREENSHOTS) await transit.screenshot({ path: 'test-results/transit-detail-phone.png' });
  });
});

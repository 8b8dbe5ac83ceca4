import { expect, test } from './fixtures.js';
import { SCREENSHOTS } from './shots.js';

// The subway on the map (issue 13 item 5): lines in their colours and the stations, from one GeoJSON
// the map loads itself, under the listing markers; station names from zoom 14.
test.use({ reducedMotion: 'reduce' });

test.describe('the subway map', () => {
  test('the listings map draws the subway, and names the stations of a neighborhood', { tag: '@map' }, async ({ page }) => {
    const geojson = page.waitForResponse((res) => res.url().endsWith('/api/transit/subway.geojson'));
    // A few blocks of Williamsburg around Bedford Av: the map fits them, at street zoom.
    await page.goto('/listings?bounds=40.7205,40.7135,-73.9500,-73.9630');
    const answer = await geojson;
    expect(answer.status()).toBe(200);
    const data = (await answer.json()) as {
      features: { properties: { kind: string; line?: string; color?: string; name?: string } }[];
    };
    const lines = data.features.filter((f) => f.properties.kind === 'line');
    expect(lines.find((f) => f.properties.line === 'L')?.properties.color).toMatch(/^#[0-9A-F]{6}$/i);
    expect(data.features.filter((f) => f.properties.kind === 'station').length).toBeGreaterThan(400);

    const map = page.getByRole('region', { name: 'Map of listings' });
    await expect(map.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
    await expect(map.locator('[data-subway="loaded"]')).toHaveCount(1, { timeout: 15_000 });
    const bedford = map.locator('.map-station-label', { hasText: /^Bedford Av$/ });
    await expect(bedford).toBeVisible();
    await expect(bedford).toHaveAttribute('data-lines', 'L');
    // Names are for the eyes only (the listing's Transit section says it in words).
    await expect(bedford).toHaveAttribute('aria-hidden', 'true');
    // The MTA is credited on the map.
    await expect(map.locator('.maplibregl-ctrl-attrib')).toHaveCount(1);
    if (SCREENSHOTS) await page.screenshot({ path: 'test-results/subway-map-williamsburg.png' });

    // Zoomed out to the city, the lines stay and the names go.
    await page.goto('/listings?bounds=40.9,40.55,-73.7,-74.1');
    await expect(map.locator('[data-subway="loaded"]')).toHaveCount(1, { timeout: 15_000 });
    await expect(map.locator('.map-station-label')).toHaveCount(0);
    if (SCREENSHOTS) await page.screenshot({ path: 'test-results/subway-map-city.png' });
  });
});

import AxeBuilder from '@axe-core/playwright';
import { test } from './fixtures.js';
import { DEMO_AGENT } from './auth-helpers.js';

const pages = ['/listings', '/properties/e2e-eleven-photos', '/auth', '/agents/x', '/me/listings'];
for (const width of [1280, 390]) {
  for (const path of pages) {
    test(`explore ${width} ${path}`, async ({ page }) => {
      await page.setViewportSize(width === 1280 ? { width: 1280, height: 800 } : { width: 390, height: 844 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots/${width}${path.replace(/\//g, '_')}.png` });
      const r = await new AxeBuilder({ page })
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const v of r.violations) console.log(width, path, v.id, v.impact, v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ' :: ' + n.failureSummary?.replace(/\n/g, ' ')).join(' | '));
    });
  }
}
test.describe('signed in', () => {
  test.use({ account: DEMO_AGENT });
  test('explore signed in', async ({ page }) => {
    await page.goto('/listings');
    await page.getByRole('button', { name: 'Account menu for Avery Agent' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `/tmp/shots/signedin_listings.png` });
    const r = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    for (const v of r.violations) console.log('signed-in', v.id, v.impact, v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(' | '));
  });
});

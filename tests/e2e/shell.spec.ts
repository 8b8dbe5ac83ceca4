import { expect, test } from './fixtures.js';

test.describe('the app shell', () => {
  // One page load for what the home page's shell shows: the listings from the real server, axe, the
  // skip link and the sticky header. (Load More is search.spec.ts's, on the same list.)
  test('the home page lists seeded listings from the real server; axe; the skip link; the sticky header', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'NYC Rentals' })).toBeVisible();
    await expect(page.getByText(/^\d+ properties$/)).toBeVisible();
    const count = Number((await page.getByText(/^\d+ properties$/).textContent())?.split(' ')[0]);
    expect(count).toBeGreaterThan(300);
    const cards = page.locator('main li a[href^="/properties/"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(page.getByText('per month').first()).toBeVisible();

    // The skip link is the first stop and moves focus to the main content.
    const first = await page.evaluate(
      () =>
        document.querySelector<HTMLElement>('a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])')
          ?.textContent,
    );
    expect(first?.trim()).toBe('Skip to content');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await skip.focus();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    // The sticky header has the call, e-mail, messages and account links.
    const header = page.getByRole('banner');
    await expect(header.locator('a[href^="tel:"]')).toBeVisible();
    await expect(header.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(header.getByRole('link', { name: /Messages/ })).toHaveAttribute('href', '/messages');
    await header.getByRole('button', { name: /account/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign In / Sign Up' })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
  });

  test('every route of the route table is registered', async ({ page }) => {
    const routes: Array<[string, RegExp]> = [
      ['/auth', /Sign In/],
      ['/login', /Sign In/],
      ['/forgot-password', /Reset your password/],
      ['/me/ratings', /Your Ratings & Reviews/],
      ['/me/listings', /Manage Your Listings/],
      ['/create-listing', /Listing/],
    ];
    for (const [path, heading] of routes) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    // Signed-in only screens send a signed-out visitor to sign in, with the way back.
    for (const path of ['/messages', '/rate-agent/some-agent']) {
      await page.goto(path);
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
        .toBe(`/auth?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
    }
  });

  test("an unknown path shows the not-found screen, without the developers' hint about the router", async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to listings' })).toBeVisible();
    await expect(page.getByText(/forget to add the page to the router/)).toHaveCount(0);
  });
});

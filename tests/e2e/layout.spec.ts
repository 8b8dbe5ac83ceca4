// Layouts fit (issue 24 item 5): at 1440, 1280, 1024, 768 and 390 px nothing scrolls sideways on
// the listings page with every filter set (long search text, a neighborhood, a price range, beds,
// type, pets, subway lines, a commute, a sort), nor on a listing whose title and description are
// long unbroken words. Each width is one page load per screen, in one test per screen.
import { expect, test } from './fixtures.js';
import { results } from './listings-helpers.js';
import { SCREENSHOTS } from './shots.js';
import { createAgentWithListing, deleteListing } from './messaging-factories.js';

const WIDTHS = [1440, 1280, 1024, 768, 390] as const;

/** How far the page is wider than the window, and the element reaching furthest right (for the message). */
async function overflow(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const over = document.documentElement.scrollWidth - window.innerWidth;
    let widest = '';
    if (over > 0) {
      let right = window.innerWidth;
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > right + 0.5) {
          right = r.right;
          widest = `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)} (${getComputedStyle(el).position}) ends at ${Math.round(r.right)}`;
        }
      }
    }
    return { over, widest };
  });
}

test('the listings page with every filter set scrolls sideways at no width', async ({ page }) => {
  const everything = new URLSearchParams({
    search: 'a very long search for a quiet sunny apartment',
    borough: 'manhattan',
    neighborhood: 'upper-west-side',
    minPrice: '2500',
    maxPrice: '6500',
    bedrooms: '2',
    propertyType: 'apartment',
    pets: 'dogs',
    lines: '1,2,3,A,C',
    walk: '10',
    to: '40.7359,-73.9911',
    toName: 'Union Square and a long name for it',
    commute: '30',
    sort: 'price_low',
  });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await page.goto(`/listings?${everything.toString()}`);
    await expect(results(page).section).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible();
    const { over, widest } = await overflow(page);
    expect(over, `${width} px: the page is ${over} px wider than the window (${widest})`).toBeLessThanOrEqual(0);
    if (SCREENSHOTS) await page.screenshot({ path: `test-results/layout-listings-${width}.png` });
  }
});

test('a listing with a 120-character title and a long unbroken description scrolls sideways at no width', async ({
  page,
  baseURL,
}) => {
  const title = `${'Loooooooooong'.repeat(10)}`.slice(0, 120);
  const own = await createAgentWithListing(baseURL!, 'Wide', {
    title,
    description: `A ${'veryveryvery'.repeat(30)} long word, then https://example.com/${'path'.repeat(40)}`,
  });
  expect(own.listing.title).toBe(title);
  try {
    await page.goto(`/properties/${own.listing.slug}`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const { over, widest } = await overflow(page);
      expect(over, `${width} px: the page is ${over} px wider than the window (${widest})`).toBeLessThanOrEqual(0);
      if (SCREENSHOTS) await page.screenshot({ path: `test-results/layout-detail-${width}.png` });
    }
  } finally {
    await deleteListing(baseURL!, own.token, own.listing.id);
  }
});

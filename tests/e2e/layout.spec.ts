// Layouts fit (issue 24 item 5): at 1440, 1280, 1024, 768 and 390 px nothing scrolls sideways on
// the listings page with every filter set (long search text, a neighborhood, a price range, beds,
// baths, type, pets, amenities, 'No fee', subway lines, a commute, a sort), nor on a listing whose title and description are
// long unbroken words; and no element pinned to the bottom of the window (the message button, the
// detail page's phone bar, the form's action bar, toasts) covers a control, at the top of the page
// and at its end, nor does anything cover the controls of those bars (a toast, address suggestions).
// Each width is one page load per screen, in one test per screen.
import type { Locator, Page } from '@playwright/test';
import { createRenter, signInContext } from './accounts.js';
import { DEMO_AGENT } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import { results } from './listings-helpers.js';
import { SCREENSHOTS } from './shots.js';
import { api, createAgentWithListing, deleteListing, startThread } from './messaging-factories.js';

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

/**
 * Controls that something covers (each one named with what covers it): a control of a bar pinned to
 * the bottom of the window under anything else; a control under a button floating over the page (not
 * a full-width bar: content scrolls under those as under the header); and, at the end of the page
 * (`atEnd`: nothing more can scroll into view), a control under any bar pinned to the bottom. Five
 * points of each control on screen are hit-tested (its centre and four inner points).
 */
async function coveredControls(page: Page, atEnd = false): Promise<string[]> {
  return page.evaluate((atEnd) => {
    const name = (el: Element) => {
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()} '${text}'`;
    };
    /** The element pinned to the bottom of the window that holds `el`, if one does. */
    const bottomBar = (el: Element | null): Element | null => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.position !== 'fixed' && style.position !== 'sticky') continue;
        const r = e.getBoundingClientRect();
        if (r.height > 0 && r.bottom >= window.innerHeight - 2 && r.top > window.innerHeight / 3) return e;
      }
      return null;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        r.width > 2 &&
        r.height > 2 &&
        style.visibility !== 'hidden' &&
        r.bottom > 0 &&
        r.top < window.innerHeight &&
        r.right > 0 &&
        r.left < window.innerWidth
      );
    };
    const controls = Array.from(
      document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab]'),
    ).filter(visible);
    const found: string[] = [];
    for (const control of controls) {
      const r = control.getBoundingClientRect();
      const ownBar = bottomBar(control);
      for (const [fx, fy] of [
        [0.5, 0.5],
        [0.2, 0.2],
        [0.8, 0.2],
        [0.2, 0.8],
        [0.8, 0.8],
      ] as const) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || control.contains(hit) || hit.contains(control)) continue;
        const bar = ownBar ? null : bottomBar(hit);
        const floating = bar !== null && bar.getBoundingClientRect().width < window.innerWidth * 0.6;
        const cover = ownBar ? (ownBar.contains(hit) ? null : hit) : bar && (atEnd || floating) ? bar : null;
        if (cover) {
          found.push(`${name(control)} under ${name(cover)}`);
          break;
        }
      }
    }
    return found;
  }, atEnd);
}

async function expectNothingCovered(page: Page, where: string) {
  for (const end of ['top', 'end'] as const) {
    await page.evaluate((e) => window.scrollTo(0, e === 'top' ? 0 : document.documentElement.scrollHeight), end);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
    expect(await coveredControls(page, end === 'end'), `${where}, at the ${end} of the page`).toEqual([]);
  }
}

test('the listings page with every filter set scrolls sideways at no width', async ({ page }) => {
  const everything = new URLSearchParams({
    // Rent / Buy (issue 58 item 3): its chip too.
    type: 'sale',
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
    // Issue 59 item 1: bathrooms and amenities (their chips).
    baths: '1.5',
    amenities: 'in_unit_laundry,doorman,outdoor_space',
  });
  // The same for rentals, with 'No fee' (a toggle in the bar and a chip; a sale has neither).
  const rentals = new URLSearchParams(everything);
  rentals.delete('type');
  rentals.set('noFee', '1');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    for (const [name, query] of [
      ['sales', everything],
      ['rentals', rentals],
    ] as const) {
      await page.goto(`/listings?${query.toString()}`);
      await expect(results(page).section).toBeVisible();
      await expect(page.getByRole('list', { name: 'Active filters' })).toBeVisible();
      const { over, widest } = await overflow(page);
      expect(over, `${name}, ${width} px: the page is ${over} px wider than the window (${widest})`).toBeLessThanOrEqual(0);
      if (SCREENSHOTS) await page.screenshot({ path: `test-results/layout-listings-${name}-${width}.png` });
      await expectNothingCovered(page, `the listings page of ${name} at ${width} px`);
    }
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
      await expectNothingCovered(page, `the detail page at ${width} px`);
    }
  } finally {
    await deleteListing(baseURL!, own.token, own.listing.id);
  }
});

test.describe('the listing form', () => {
  test.use({ account: DEMO_AGENT });

  test('keeps its action bar clear of toasts and address suggestions, and covers nothing, at every width', async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto('/create-listing');
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
      // The form arrives rendered by the server; the bar says how tall it is (for the toasts) once the
      // app runs, at its first layout after (lib/bottom-inset.ts): the checks below are of the running app.
      await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
      await page.waitForFunction(() => document.documentElement.style.getPropertyValue('--bottom-inset') !== '');
      await expectNothingCovered(page, `the form at ${width} px`);
      // A validation toast (Publish with nothing filled in) appears above the bar, not over it; on a phone
      // none covers the form: the first failing field is focused with its message (issue 59 item 7).
      await page.getByRole('navigation', { name: 'Listing form steps' }).getByRole('button', { name: 'Photos & Media' }).click();
      await page.getByRole('button', { name: 'Publish Listing' }).click();
      if (width < 640) {
        await expect(page.locator(':focus')).toHaveAttribute('aria-invalid', 'true');
        await expect(page.locator('.toast-root[data-state="open"]')).toHaveCount(0);
      } else {
        await expect(page.locator('.toast-root[data-state="open"]').first()).toBeVisible();
      }
      expect(await coveredControls(page), `the form with a toast at ${width} px`).toEqual([]);
      // Address suggestions stay under the bar.
      const address = page.getByRole('combobox', { name: 'Address' });
      await address.scrollIntoViewIfNeeded();
      await address.fill('31st');
      await expect(page.getByRole('listbox', { name: 'Address suggestions' })).toBeVisible();
      expect(await coveredControls(page), `the form with address suggestions at ${width} px`).toEqual([]);
      if (SCREENSHOTS) await page.screenshot({ path: `test-results/layout-form-${width}.png` });
    }
  });
});

// Issue 58 items 2 and 3: a sale's detail page (its asking price, no lease or rental maths); the form's
// pricing step of a rent with New York's caps beside the deposit and application fee, then with the
// deposit cap refused on publishing (an edit of a listing otherwise valid: the caps are checked on a
// publishable form), and the same step asking a sale its asking price only. At 1280 and 390 px nothing
// scrolls sideways or is covered (screenshots with SCREENSHOTS=1).
test("a sale's detail page and the pricing step (a rent's fee caps, a cap refused, a sale) fit at 1280 and 390 px", async ({
  page,
  baseURL,
}) => {
  const sale = await createAgentWithListing(baseURL!, 'Seller', {
    title: 'Tribeca condo for sale',
    listingType: 'FOR_SALE',
    propertyType: 'CONDO',
    price: 1_250_000,
    leaseTerm: null,
    brokerFeePayer: null,
  });
  const rent = await createAgentWithListing(baseURL!, 'Lessor', { title: 'Rental under the caps', price: 3150 });
  await signInContext(page.context(), baseURL!, rent.agent);
  const steps = () => page.getByRole('navigation', { name: 'Listing form steps' });
  // The step bar scrolls smoothly: what follows a jump waits until the page stands still.
  const standStill = () =>
    page.waitForFunction(
      () =>
        new Promise<boolean>((resolve) => {
          const y = window.scrollY;
          setTimeout(() => resolve(window.scrollY === y), 150);
        }),
    );
  // The form's shots show the window at the step the step bar scrolled to; the detail page's the whole page.
  const check = async (where: string, width: number, name: string, fullPage = false) => {
    const { over, widest } = await overflow(page);
    expect(over, `${where} at ${width} px: ${over} px wider than the window (${widest})`).toBeLessThanOrEqual(0);
    await standStill();
    if (SCREENSHOTS) await page.screenshot({ path: `test-results/law-${name}-${width}.png`, fullPage });
    await expectNothingCovered(page, `${where} at ${width} px`);
  };
  try {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(`/properties/${sale.listing.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tribeca condo for sale');
      await expect(page.getByText('Asking Price').first()).toBeVisible();
      await expect(page.getByText('Lease Term')).toHaveCount(0);
      await check("the sale's detail page", width, 'sale-detail', true);
      await page.goto('/listings?type=sale');
      await expect(results(page).section).toBeVisible();
      // The Rent / Buy switch is in the bar, or on a phone in the Filters sheet; the chip says it at every width.
      await expect(page.getByRole('button', { name: 'Remove filter For sale' })).toBeVisible();
      await expect(page.locator('[data-property-id]').first()).toBeVisible();
      await expect(page.getByText('per month')).toHaveCount(0);
      await check('the listings page with Buy', width, 'listings-buy');

      // The edit form of the rental, without a draft of an earlier width: neither the local one nor the
      // one the form kept on the server (whose offer, shown a moment after the form, moves it down).
      await page.evaluate(() => localStorage.clear());
      await api(baseURL!, rent.token, 'mutation D($key: String!) { discardListingFormDraft(key: $key) }', {
        key: rent.listing.id,
      });
      await page.goto(`/create-listing?propertyId=${rent.listing.id}`);
      await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
      await expect(page.getByLabel('Monthly rent')).toHaveValue('3150');
      await steps().getByRole('button', { name: 'Pricing & Terms' }).click();
      await page.getByLabel('Security deposit (optional)').fill('9000');
      await page.getByLabel('Application fee (optional)').fill('20');
      await expect(page.getByLabel('Monthly rent')).toBeInViewport();
      await expect(page.getByText("At most one month's rent under New York law (GOL § 7-108).")).toBeVisible();
      await expect(page.getByText(/^At most \$20, or the actual cost/)).toBeVisible();
      await check('the pricing step of a rent', width, 'form-rent-caps');
      await steps().getByRole('button', { name: 'Photos & Media' }).click();
      // The last step's buttons are shown once the jump to it has settled (a tap while the action bar
      // changes its buttons may land on none).
      await expect(steps().getByRole('button', { name: 'Photos & Media' })).toHaveAttribute('aria-current', 'step');
      await standStill();
      await page.getByRole('button', { name: 'Save changes' }).click();
      const deposit = page.getByLabel('Security deposit (optional)');
      if (width >= 640) {
        const toast = page.locator('.toast-root[data-state="open"]').first();
        await expect(toast).toContainText('GOL § 7-108');
        // The toast closed, the field and its error in the middle of the window.
        await toast.getByRole('button').click();
      } else {
        // On a phone no toast covers the form: the field is focused with its message (issue 59 item 7).
        await expect(deposit).toBeFocused();
      }
      await expect(page.locator('.toast-root')).toHaveCount(0);
      await expect(deposit).toHaveAttribute('aria-invalid', 'true');
      await expect(deposit).toHaveAccessibleDescription(/at most one month's rent \(\$3,150\)/);
      await deposit.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await check('the pricing step with the deposit cap refused', width, 'form-rent-cap-error');

      // From the top of the page, as the rent's step was seen: the refused deposit left it scrolled down.
      await page.evaluate(() => window.scrollTo(0, 0));
      await steps().getByRole('button', { name: 'Basic Info' }).click();
      // The next tap waits for the jump to settle: on a busy machine the page the browser shows runs
      // ahead of the one Playwright measures, and a tap at a moving step bar's old place misses it.
      await standStill();
      await page.getByLabel('Listing type').selectOption({ label: 'For Sale' });
      await steps().getByRole('button', { name: 'Pricing & Terms' }).click();
      await expect(page.getByLabel('Asking price')).toBeInViewport();
      await expect(page.getByLabel('Monthly rent')).toHaveCount(0);
      await expect(page.getByLabel('Security deposit (optional)')).toHaveCount(0);
      await check('the pricing step of a sale', width, 'form-sale');
    }
  } finally {
    await deleteListing(baseURL!, sale.token, sale.listing.id);
    await deleteListing(baseURL!, rent.token, rent.listing.id);
  }
});

test('the footer starts below the first screen, so a page that fills in does not push a visible footer down', async ({
  page,
}) => {
  for (const width of [1440, 390]) {
    const height = width < 500 ? 844 : 900;
    await page.setViewportSize({ width, height });
    // A short page: its content ends well within the first screen.
    await page.goto('/auth');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toBeAttached();
    const top = await footer.evaluate((el) => el.getBoundingClientRect().top);
    expect(top, `${width} px`).toBeGreaterThanOrEqual(height);
  }
});

test("the listings page ends with room for the message button: at the end, the footer's links are clear of it", async ({
  page,
}) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.goto('/');
    const button = page.getByRole('link', { name: 'Messages', exact: true }).and(page.locator('[data-floating-action]'));
    await expect(button).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const fab = (await button.boundingBox())!;
    const links = page.getByRole('contentinfo').getByRole('link');
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      const overlaps =
        box.x < fab.x + fab.width && fab.x < box.x + box.width && box.y < fab.y + fab.height && fab.y < box.y + box.height;
      expect(overlaps, `${await link.textContent()} at ${width} px`).toBe(false);
    }
    // The room is the stylesheet's, set by the page's markup: nothing writes it on <html> once the app runs.
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--floating-clearance'))).toBe('');
  }
});

test("a message with a long unbroken word and URL: the bubble wraps and Send stays on screen, on /messages and in the listings page's dialog, at 1280 and 390 px (issue 59 item 5)", async ({
  page,
  baseURL,
}) => {
  const own = await createAgentWithListing(baseURL!, 'Wrap');
  const renter = await createRenter(baseURL!, { firstName: 'Lena', lastName: 'Long' });
  const long = `Look: ${'unbroken'.repeat(20)} and https://example.com/${'segment'.repeat(30)}`;
  try {
    const threadId = await startThread(baseURL!, renter, own.listing.id, long);
    await signInContext(page.context(), baseURL!, renter);
    /** The conversation's bubble wraps inside the log, and the composer's Send is wholly on screen. */
    const expectFits = async (scope: Locator, where: string) => {
      const log = scope.getByRole('log', { name: 'Messages with Wrap Broker' });
      await expect(log).toContainText('unbrokenunbroken');
      const { over, widest } = await overflow(page);
      expect(over, `${where}: the page is ${over} px wider than the window (${widest})`).toBeLessThanOrEqual(0);
      const clipped = await log.evaluate((el) =>
        Array.from(el.querySelectorAll('p')).some(
          (p) => p.scrollWidth > p.clientWidth + 1 || p.getBoundingClientRect().right > el.getBoundingClientRect().right + 1,
        ),
      );
      expect(clipped, `${where}: a message is wider than the conversation`).toBe(false);
      const send = scope.getByRole('button', { name: 'Send' });
      const box = (await send.boundingBox())!;
      const viewport = page.viewportSize()!;
      expect(box.x, `${where}: Send starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${where}: Send ends on screen`).toBeLessThanOrEqual(viewport.width);
      if (SCREENSHOTS) await page.screenshot({ path: `test-results/layout-long-message-${where.replace(/\W+/g, '-')}.png` });
    };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
      await page.goto(`/messages?open=${threadId}`);
      await expectFits(page.locator('main'), `/messages at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Messages', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Messages' });
    await dialog.getByRole('button', { name: new RegExp(own.listing.title) }).click();
    await expectFits(dialog, 'the dialog at 1280 px');
  } finally {
    await deleteListing(baseURL!, own.token, own.listing.id);
  }
});

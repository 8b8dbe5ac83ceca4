import type { Page } from '@playwright/test';
import { createRenter, signInContext } from './accounts.js';
import { DEMO_AGENT } from './auth-helpers.js';
import { firstPage } from './listings-helpers.js';
import { pseudoText } from '../../common/i18n/pseudo.js';
import { expect, test } from './fixtures.js';

// Issue 29 item 5: no text is left in the code. In the pseudo-language (common/i18n/pseudo.ts) every
// message is shown accented and in ⟦ ⟧, by the server's render and the browser's alike; a text a
// person reads (or hears: labels, placeholders, titles) that is outside the marks is not a message,
// and Spanish and Chinese readers would get it in English. What people wrote is marked so and read as
// it is: proper names (an address, a person's name, a station) translate="no", a listing's title and
// description and a message data-authored (a browser's translator may still translate those); so are
// numbers, prices and the dates and times the language's Intl formats write.

/** What may be outside a message: numbers and signs, Intl's dates and times, the brand, the support address. */
const NOT_WORDS = [
  /NYC Rentals/g,
  /[\w.+-]+@[\w.-]+\.\w+/g,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\b/g,
  /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b/g,
  /\b(?:AM|PM|am|pm)\b/g,
  /\b(?:English|Español)\b/g,
  /https?:\/\/\S*/g,
  /\d+\s*(?:bd|ba|ft|sq|mi|min|[kKmM])\b/g,
  // Intl's relative times ('2 weeks ago', 'last month').
  /\b(?:in|ago|last|next|now|yesterday|tomorrow|today|seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b/g,
];

/**
 * Texts of these pages still in English that come with the server's data, not from a message: none
 * since a subway line's name is made from its bullet in the page's language (`lineName`). Each listed
 * must still be found (the list only shrinks).
 */
const FROM_THE_SERVER: Record<string, RegExp[]> = {};

/** The texts on the page that are not messages (nor people's own words, nor numbers). */
async function leftInCode(page: Page): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const skip = (el: Element | null) =>
      el?.closest('[translate="no"], [data-authored], script, style, noscript, template, svg') != null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      if (text.trim() && !skip(node.parentElement)) out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (skip(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name);
        if (value?.trim()) out.push(value);
      }
    }
    return out;
  });
  const left = new Set<string>();
  for (const text of found) {
    let rest = text.replace(/⟦[^⟧]*⟧/g, ' ');
    for (const pattern of NOT_WORDS) rest = rest.replace(pattern, ' ');
    if (/[A-Za-z]{2,}/.test(rest)) left.add(text.trim());
  }
  return [...left];
}

async function expectAllMessages(page: Page, path: string, known = path) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
  await expect(page.locator('main')).not.toContainText('Loading', { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // What loads after the page (a map and its neighborhoods' names, a lazily loaded part) is read too.
  await page.waitForLoadState('networkidle');
  const left = await leftInCode(page);
  const waiting = FROM_THE_SERVER[known] ?? [];
  expect(
    left.filter((text) => !waiting.some((pattern) => pattern.test(text))),
    `texts of ${path} left in the code`,
  ).toEqual([]);
  expect(
    waiting.filter((pattern) => !left.some((text) => pattern.test(text))).map(String),
    `texts of ${path} no longer in the code: take them off the list`,
  ).toEqual([]);
}

test.describe('the pseudo-language finds texts left in the code', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.addCookies([{ name: 'pseudo', value: '1', url: baseURL! }]);
  });

  test('the pages a visitor sees', async ({ page }) => {
    await expectAllMessages(page, '/');
    // The server's render is in it too.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('⟦');
    const first = page.locator('main li a[href^="/properties/"]').first();
    const href = (await first.getAttribute('href'))!;
    await expectAllMessages(page, href, 'listing');
    await expectAllMessages(page, '/auth');
    await expectAllMessages(page, '/forgot-password');
    await expectAllMessages(page, '/no-such-page');
  });

  test('the pages of a signed-in renter', async ({ page, context, baseURL }) => {
    const account = await createRenter(baseURL!);
    await signInContext(context, baseURL!, account);
    for (const path of ['/me/saved', '/me/searches', '/me/tours', '/me/ratings', '/messages']) {
      await expectAllMessages(page, path);
    }
  });

  test("a listing's dialogs, for a signed-in renter", async ({ page, context, baseURL, request }) => {
    const account = await createRenter(baseURL!);
    await signInContext(context, baseURL!, account);
    const listing = (await firstPage(request, {}, 'PRICE_HIGH')).edges[0]!.node;
    await expectAllMessages(page, `/properties/${listing.slug}`, 'listing');
    // Each named by its button's English text in the pseudo-language.
    for (const button of ['Report listing', 'Request a tour']) {
      await page
        .getByRole('button', { name: pseudoText(button) })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await leftInCode(page), `texts of the '${button}' dialog left in the code`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
  });

  test('the pages of an agent', async ({ page, context, baseURL }) => {
    await signInContext(context, baseURL!, DEMO_AGENT);
    for (const path of ['/me/listings', '/create-listing']) {
      await expectAllMessages(page, path);
    }
  });
});

import { createRenter, signInContext } from './accounts.js';
import { appPage, expect, test } from './fixtures.js';
import { api, createAgentWithListing, deleteListing } from './messaging-factories.js';
import { emulatorSignIn } from './accounts.js';

test('shots', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [{ agent, token, listing }, renter] = await Promise.all([
    createAgentWithListing(baseURL!, 'Tara'),
    createRenter(baseURL!, { firstName: 'Rudy', lastName: 'Visitor' }),
  ]);
  const { idToken } = await emulatorSignIn(renter);
  const s = new Date(Math.floor((Date.now() + 30 * 3600e3) / 60000) * 60000);
  await api(baseURL!, idToken, `mutation Q($input: RequestTourInput!) { requestTour(input: $input) { id } }`, {
    input: { listingId: listing.id, windows: [{ startsAt: s.toISOString(), endsAt: new Date(s.getTime() + 1800e3).toISOString() }, { startsAt: new Date(s.getTime() + 86400e3).toISOString(), endsAt: new Date(s.getTime() + 86400e3 + 3600e3).toISOString() }], note: 'Coming with my partner, we both work late so evenings are best.' },
  });
  try {
    for (const width of [1440, 768, 390]) {
      for (const [who, account] of [['agent', agent], ['renter', renter]] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        await signInContext(context, baseURL!, account);
        const p = await appPage(context);
        await p.goto('/me/tours');
        await expect(p.getByTestId('tour-card').first()).toBeVisible();
        await p.screenshot({ path: `.tmp/shots/tours-${who}-${width}.png`, fullPage: true });
        const sw = await p.evaluate(() => document.documentElement.scrollWidth);
        console.log(who, width, 'scrollWidth', sw);
        if (who === 'renter') {
          await p.goto(`/properties/${listing.slug}`);
          await p.getByRole('button', { name: 'Request a tour' }).first().click();
          await p.getByRole('button', { name: 'Add another time' }).click();
          await p.screenshot({ path: `.tmp/shots/dialog-${width}.png` });
          await p.keyboard.press('Escape');
          await p.goto('/me/tours');
          await p.getByRole('link', { name: 'Conversation' }).first().click();
          await expect(p.getByText('Coming with my partner').first()).toBeVisible();
          await p.screenshot({ path: `.tmp/shots/thread-${width}.png` });
        }
        await context.close();
      }
    }
  } finally {
    await deleteListing(baseURL!, token, listing.id);
  }
});

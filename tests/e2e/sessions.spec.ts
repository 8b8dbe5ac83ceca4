import { createRenter, signInContext } from './accounts.js';
import { DEMO_AGENT, expectSignedIn } from './auth-helpers.js';
import { appPage, expect, test } from './fixtures.js';
import { results } from './listings-helpers.js';

test.describe('signing out on one device (issue 7 point 3)', () => {
  // The other device's save is refused by the server (its session was revoked); the browser logs
  // that 401 as a failed resource, and the 400 of the Auth emulator when the identity SDK, loaded to
  // refresh the refused session (docs/decisions/0023), finds the user it stored revoked. Anything
  // else on the console still fails the test.
  test.use({ expectedFailures: [/status of (400|401)/] });

  test('does not break the other: it still browses, and is asked to sign in again only when it saves', async ({
    browser,
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('needs baseURL');
    // Signing out revokes every session of the user: an account of this test's own.
    const account = await createRenter(baseURL);

    // Two devices signed in as the same person: this test's page (B, watched for console errors)
    // and a second browser context (A), each with its own sign-in.
    await signInContext(page.context(), baseURL, account);
    const deviceA = await browser.newContext({ baseURL });
    try {
      await signInContext(deviceA, baseURL, account);
      const pageA = await appPage(deviceA);

      await page.goto('/listings');
      await expectSignedIn(page, account.name);
      await expect(results(page).cards.first()).toBeVisible();

      // A signs out through the account menu.
      await pageA.goto('/');
      await expectSignedIn(pageA, account.name);
      await pageA.getByRole('button', { name: `Account menu for ${account.name}` }).click();
      await pageA.getByRole('menuitem', { name: 'Sign Out' }).click();
      await expect(pageA.getByRole('banner').getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();
    } finally {
      await deviceA.close();
    }

    // B still browses: a listing, and back to the list; it is not signed out by reading.
    const card = results(page).cards.first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(
      page.getByRole('complementary', { name: 'Agent and contact' }).getByRole('button', { name: 'Contact Agent' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to listings' }).click();
    await expect(results(page).cards.first()).toBeVisible();
    await expect(results(page).count).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectSignedIn(page, account.name);

    // Saving needs the viewer: the refused session ends here, with a toast, and B is asked to sign in.
    const heart = results(page)
      .cards.first()
      .getByRole('button', { name: /^Save / });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const here = new URL(page.url());
    await heart.click();
    await expect(page.getByText('Your session has ended. Please sign in again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`${here.pathname}${here.search}`)}`);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu', exact: true })).toBeVisible();

    // Signed out now, the listings page works as for any visitor: its heart asks to sign in.
    await page.getByRole('link', { name: 'NYC Rentals' }).first().click();
    await expect(results(page).cards.first()).toBeVisible();
    await expect(
      results(page)
        .cards.first()
        .getByRole('button', { name: /^Save / }),
    ).toHaveAttribute('aria-pressed', 'false');
  });
});

test.describe('when the server refuses or cannot check the identity', () => {
  // The refusals below are provoked; the browser logs them as failed resources.
  // (One pattern: an array of two would be read as Playwright's [value, options] pair.)
  test.use({ account: DEMO_AGENT, expectedFailures: [/status of (401|503)/] });

  test('a refused token is refreshed once and the save retried: nothing to see for the user', async ({ page }) => {
    await page.goto('/listings');
    await expectSignedIn(page, DEMO_AGENT.name);
    const heart = results(page)
      .cards.first()
      .getByRole('button', { name: /^Save / });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const seen: Array<string | null> = [];
    let refused = false;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string };
      if (body.operationName !== 'SaveProperty') return route.fallback();
      seen.push(route.request().headers().authorization ?? null);
      if (refused) return route.fallback();
      refused = true;
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        json: { errors: [{ message: 'Sign in again', extensions: { code: 'UNAUTHENTICATED' } }] },
      });
    });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toBeEnabled();
    // Sent twice: first with the session cookie alone (the identity SDK is not loaded for a cookie
    // session, docs/decisions/0023), then with a freshly refreshed token.
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeNull();
    expect(seen[1]).toMatch(/^Bearer .+/);
    await expectSignedIn(page, DEMO_AGENT.name);
    await expect(page.getByText('Your session has ended. Please sign in again.', { exact: true })).toHaveCount(0);

    // Put it back as it was (the demo agent's saved listings are shared by the run).
    await page.unrouteAll();
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toBeEnabled();
  });

  test('an identity outage is not a sign-out: the save reverts and the outage is said', async ({ page }) => {
    await page.goto('/listings');
    await expectSignedIn(page, DEMO_AGENT.name);
    const heart = results(page)
      .cards.first()
      .getByRole('button', { name: /^Save / });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string };
      if (body.operationName !== 'SaveProperty') return route.fallback();
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        json: { errors: [{ message: 'Sign-in service unavailable, try again', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
      });
    });
    await heart.click();
    await expect(page.getByText('Sign-in service unavailable, try again', { exact: true })).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(page).toHaveURL('/listings');
    await expectSignedIn(page, DEMO_AGENT.name);
  });
});

import { createRenter } from './accounts.js';
import { DEMO_AGENT, expectSignedIn } from './auth-helpers.js';
import { expect, test } from './fixtures.js';

const SAVED = '{ savedProperties(first: 50) { edges { node { id title } } } }';

test.describe('saved listings, signed in', () => {
  // A session made programmatically (tests/e2e/fixtures.ts), not through the sign-in form.
  test.use({ account: DEMO_AGENT });

  test('the heart saves and unsaves a listing, optimistically, and the server agrees', async ({ page }) => {
    await page.goto('/');
    await expectSignedIn(page, DEMO_AGENT.name);
    await page.waitForLoadState('networkidle');
    const card = page
      .locator('main li')
      .filter({ has: page.locator('a[href^="/properties/"]') })
      .first();
    const heart = card.getByRole('button', { name: /^Save / });
    await expect(heart).toBeEnabled();
    const title = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Save /, '');
    const before = await heart.getAttribute('aria-pressed');
    expect(before).toBe('false');

    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(heart).toBeEnabled(); // the request finished
    const saved = await page.request.post('/graphql', {
      data: { query: SAVED },
      headers: { origin: new URL(page.url()).origin },
    });
    const titles = (
      (await saved.json()) as { data: { savedProperties: { edges: Array<{ node: { title: string } }> } } }
    ).data.savedProperties.edges.map((e) => e.node.title);
    expect(titles).toContain(title);

    // It stays saved after a reload (the server answers isSaved).
    await page.reload();
    const again = page.getByRole('button', { name: `Save ${title}` }).first();
    await expect(again).toHaveAttribute('aria-pressed', 'true');

    await again.click();
    await expect(again).toHaveAttribute('aria-pressed', 'false');
    await expect(again).toBeEnabled();
    const after = await page.request.post('/graphql', {
      data: { query: SAVED },
      headers: { origin: new URL(page.url()).origin },
    });
    const left = (
      (await after.json()) as { data: { savedProperties: { edges: Array<{ node: { title: string } }> } } }
    ).data.savedProperties.edges.map((e) => e.node.title);
    expect(left).not.toContain(title);
  });

  test.describe('when the server fails', () => {
    test.use({ expectedFailures: [/status of 500/] });
    test('the heart reverts and says so', async ({ page }) => {
      await page.goto('/');
      await expectSignedIn(page, DEMO_AGENT.name);
      await page.waitForLoadState('networkidle');
      const heart = page
        .locator('main li')
        .first()
        .getByRole('button', { name: /^Save / });
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await page.route('**/graphql', async (route) => {
        const body = route.request().postData() ?? '';
        if (body.includes('"operationName":"SaveProperty"')) await route.fulfill({ status: 500, body: 'boom' });
        else await route.continue();
      });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'false');
      await expect(page.getByText('Could not save this listing').first()).toBeVisible();
    });
  });
});

test('a heart clicked signed out is saved once the renter signs in, back on the search (issue 58 item 7)', async ({
  page,
  baseURL,
}) => {
  const renter = await createRenter(baseURL!, { firstName: 'Hana' });
  await page.goto('/listings?borough=BROOKLYN');
  const heart = page
    .locator('main li')
    .filter({ has: page.locator('a[href^="/properties/"]') })
    .first()
    .getByRole('button', { name: /^Save / });
  await expect(heart).toBeEnabled();
  const title = ((await heart.getAttribute('aria-label')) ?? '').replace(/^Save /, '');
  await heart.click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(renter.email);
  await form.getByLabel('Password').fill(renter.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/listings\?borough=BROOKLYN$/);
  const saved = page.getByRole('button', { name: `Save ${title}` }).first();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(saved).toBeEnabled();
  await expect
    .poll(async () => {
      const res = await page.request.post('/graphql', {
        data: { query: SAVED },
        headers: { origin: new URL(page.url()).origin },
      });
      const body = (await res.json()) as { data: { savedProperties: { edges: Array<{ node: { title: string } }> } } };
      return body.data.savedProperties.edges.map((e) => e.node.title);
    })
    .toEqual([title]);
});

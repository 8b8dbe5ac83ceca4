// axe once per main screen (issue 23 item 3), each in its usual state with data: every WCAG 2.x A/AA
// rule, failing on serious or critical violations (fixtures.ts expectAccessible). The journeys keep
// axe only where they reach a state of their own: an open dialog or popover, a form showing its
// errors, an empty or not-found screen. The listings page's check is search.spec.ts's last test (with
// the map, the filters' chips and the More popover open).
import { createRenter, signInContext } from './accounts.js';
import { DEMO_AGENT, DEMO_RENTER, expectSignedIn } from './auth-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { createAgentWithListing, deleteListing, startThread } from './messaging-factories.js';
import { E2E_ADMIN, ensureAdminIdentity } from './trust-factories.js';

test.describe('every main screen passes axe', () => {
  test('a listing, and its photos full screen', async ({ page, baseURL }) => {
    const own = await createAgentWithListing(baseURL!, 'Ada', {
      openHouses: [{ startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }],
    });
    try {
      await page.goto(`/properties/${own.listing.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.listing.title);
      await expect(page.getByRole('heading', { level: 2, name: 'Open Houses' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: /full screen/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
    } finally {
      await deleteListing(baseURL!, own.token, own.listing.id);
    }
  });

  test('an agent profile', async ({ page, baseURL }) => {
    const own = await createAgentWithListing(baseURL!, 'Bea');
    try {
      await page.goto(`/agents/${own.agentId}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Bea Broker');
      await expect(page.getByRole('heading', { name: 'Current Listings (1)' })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await deleteListing(baseURL!, own.token, own.listing.id);
    }
  });

  test('sign in and sign up, and the password reset request', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page);
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the not-found screen', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expectAccessible(page);
  });

  test('messages, with a conversation open', async ({ page, baseURL }) => {
    const own = await createAgentWithListing(baseURL!, 'Cy');
    const renter = await createRenter(baseURL!);
    try {
      const threadId = await startThread(baseURL!, renter, own.listing.id, 'Is it still available?');
      await signInContext(page.context(), baseURL!, renter);
      await page.goto(`/messages?open=${threadId}`);
      await expect(page.getByRole('log', { name: 'Messages with Cy Broker' })).toContainText('Is it still available?');
      await expectAccessible(page);
    } finally {
      await deleteListing(baseURL!, own.token, own.listing.id);
    }
  });

  test('the rating page of an agent the renter talked to', async ({ page, baseURL }) => {
    const own = await createAgentWithListing(baseURL!, 'Dee');
    const renter = await createRenter(baseURL!);
    try {
      await startThread(baseURL!, renter, own.listing.id, 'Hello');
      await signInContext(page.context(), baseURL!, renter);
      await page.goto(`/rate-agent/${own.agentId}`);
      await expect(page.getByRole('radiogroup', { name: 'Overall Rating' })).toBeVisible();
      await expectAccessible(page);
    } finally {
      await deleteListing(baseURL!, own.token, own.listing.id);
    }
  });

  test.describe('as the demo agent', () => {
    test.use({ account: DEMO_AGENT });

    test('Manage Your Listings, Your Ratings & Reviews, and the listing form', async ({ page }) => {
      await page.goto('/me/listings');
      await expectSignedIn(page, DEMO_AGENT.name);
      await expect(page.getByRole('heading', { level: 1, name: 'Manage Your Listings' })).toBeVisible();
      await expect(page.locator('article').first()).toBeVisible();
      await expectAccessible(page);

      await page.goto('/me/ratings');
      await expect(page.getByRole('heading', { level: 1, name: 'Your Ratings & Reviews' })).toBeVisible();
      await expect(page.getByLabel('Reviews you received')).toHaveAttribute('aria-busy', 'false');
      await expectAccessible(page);

      await page.goto('/create-listing');
      await expect(page.getByRole('heading', { level: 1, name: 'Create a Listing' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test.describe('as the demo renter', () => {
    test.use({ account: DEMO_RENTER });

    test('Saved Searches', async ({ page }) => {
      await page.goto('/me/searches');
      await expectSignedIn(page, DEMO_RENTER.name);
      await expect(page.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible();
      await expectAccessible(page);
    });
  });

  test('the moderation queue, as an administrator', async ({ page, baseURL }) => {
    await ensureAdminIdentity();
    await signInContext(page.context(), baseURL!, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await page.goto('/admin/moderation');
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});

// Trust and safety (issue 14 items 4 and 5): a renter reports a listing from its detail page (dialog,
// reasons, comment required for Other, toast, 'Reported'); a signed-out visitor is sent to sign in; the
// listing three people reported (factories) is gone from the listings page and its detail page; an
// admin (made by a factory) moderates it from /admin/moderation (reinstate, hide, reinstate, dismiss)
// and it comes back; a verified agent shows 'Licensed' on the card, the detail page and the profile.
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createRenter, emulatorSignIn, signInContext, type NewAccount } from './accounts.js';
import { DEMO_AGENT } from './auth-helpers.js';
import { api } from './messaging-factories.js';
import { appPage, expect, expectAccessible, test } from './fixtures.js';
import {
  E2E_ADMIN,
  ensureAdminIdentity,
  FLAGGED_MESSAGE,
  LICENSED_AGENT,
  LICENSED_LISTING,
  REPORT_ME,
  REPORTED,
} from './trust-factories.js';
import { SCREENSHOTS } from './shots.js';

const SHOTS = 'test-results/trust';

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const toast = (page: Page) => page.locator('.toast-root[data-state="open"]');
const card = (page: Page, title: string) => page.locator('article', { hasText: title });

async function searchFor(page: Page, words: string) {
  await page.goto(`/?search=${encodeURIComponent(words)}`);
}

test.describe('trust and safety', () => {
  test.describe.configure({ mode: 'serial' });
  let renter: NewAccount;

  test.beforeAll(async ({ baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    renter = await createRenter(baseURL, { firstName: 'Remy', lastName: 'Reporter' });
    await ensureAdminIdentity();
  });

  test('a renter reports a listing from its detail page', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await signInContext(page.context(), baseURL!, renter);
    await page.goto(`/properties/${REPORT_ME.slug}`);
    await page.getByRole('button', { name: 'Report listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report listing' });
    await expect(dialog).toBeVisible();
    // No reason: refused, nothing sent.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for reporting this listing.');
    // Other needs a comment.
    await dialog.getByRole('radio', { name: /^Other/ }).click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Tell us what is wrong with this listing.');
    await dialog.getByRole('radio', { name: /^Wrong information/ }).click();
    await dialog.getByLabel('Comment (optional)').fill('The rent in the ad is not what the broker asked for.');
    await expectAccessible(page);
    await shot(page, 'report-dialog-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'report-dialog-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(toast(page)).toContainText('Report received');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reported' })).toBeDisabled();
    // After a reload the server says so too.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Reported' })).toBeDisabled();
  });

  test('a listing reported by three people is gone from the listings page and its detail page', async ({ page }) => {
    await searchFor(page, 'walk-up reported three times');
    // The search answered (its only match is hidden): the empty state, no card.
    await expect(page.getByRole('heading', { name: 'No properties found' })).toBeVisible();
    await expect(card(page, REPORTED.title)).toHaveCount(0);
    await page.goto(`/properties/${REPORTED.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Property not found.' })).toBeVisible();
  });

  test("the owner still sees the hidden listing, with 'Hidden by moderation'", async ({ page, baseURL }) => {
    await signInContext(page.context(), baseURL!, DEMO_AGENT);
    await page.goto(`/properties/${REPORTED.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: REPORTED.title })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Hidden by moderation.' })).toBeVisible();
    // Nobody reports their own listing.
    await expect(page.getByRole('button', { name: 'Report listing' })).toHaveCount(0);
    await shot(page, 'owner-hidden-notice-1280');
  });

  test('others get not found at /admin/moderation', async ({ page, baseURL }) => {
    await signInContext(page.context(), baseURL!, renter);
    await page.goto('/admin/moderation');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
  });

  test('an admin moderates: reinstate, hide, reinstate, dismiss; the listing comes back; licenses', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signInContext(page.context(), baseURL!, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await page.goto('/');
    await page.getByRole('button', { name: `Account menu for ${E2E_ADMIN.name}` }).click();
    await page.getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(page).toHaveURL(/\/admin\/moderation$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();

    const reported = page.getByTestId('moderation-case').filter({ hasText: REPORTED.title });
    await expect(reported).toContainText('3 open reports');
    await expect(reported).toContainText('Hidden automatically');
    await expect(reported).toContainText('The photos show a different building.');
    await expect(reported).toContainText('Scam or fraud');
    const mine = page.getByTestId('moderation-case').filter({ hasText: REPORT_ME.title });
    await expect(mine).toContainText('Wrong information');
    await expect(mine).toContainText('Visible');
    await expectAccessible(page);
    await shot(page, 'moderation-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'moderation-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Reinstate: visible again, back in search.
    await reported.getByRole('button', { name: 'Reinstate' }).click();
    await expect(toast(page)).toContainText('Listing reinstated');
    await expect(page.getByTestId('moderation-case').filter({ hasText: REPORTED.title })).toHaveCount(0);
    await searchFor(page, 'walk-up reported three times');
    await expect(card(page, REPORTED.title)).toBeVisible();

    // Hide the reported studio with a note; gone from search; then reinstate it.
    await page.goto('/admin/moderation');
    await mine.getByLabel(/Note to the owner/).fill('Please correct the rent.');
    await mine.getByRole('button', { name: 'Hide listing' }).click();
    await expect(toast(page)).toContainText('Listing hidden');
    await expect(mine).toContainText('Hidden by a moderator');
    await searchFor(page, 'studio to report');
    await expect(page.getByRole('heading', { name: 'No properties found' })).toBeVisible();
    await expect(card(page, REPORT_ME.title)).toHaveCount(0);
    await page.goto('/admin/moderation');
    await mine.getByRole('button', { name: 'Reinstate' }).click();
    await expect(toast(page)).toContainText('Listing reinstated');
    await expect(mine).toHaveCount(0);
    await searchFor(page, 'studio to report');
    await expect(card(page, REPORT_ME.title)).toBeVisible();

    // Licenses: the licensed agent's number, verified; unverify and verify again.
    await page.goto('/admin/moderation');
    await page.getByRole('tab', { name: 'Licenses' }).click();
    const row = page.getByTestId('license-row').filter({ hasText: `${LICENSED_AGENT.firstName} ${LICENSED_AGENT.lastName}` });
    await expect(row).toContainText(LICENSED_AGENT.license);
    await expect(row).toContainText('Verified');
    await row.getByRole('button', { name: /^Unverify/ }).click();
    await expect(row).toContainText('Unverified');
    await expect(row.getByRole('button', { name: /^Verify/ })).toBeEnabled();
    await row.getByRole('button', { name: /^Verify/ }).click();
    await expect(row.getByRole('button', { name: /^Unverify/ })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'licenses-1280');

    // Flagged messages: the system's flag of an agent's refusal of rental assistance (issue 58 item 1).
    await page.getByRole('tab', { name: 'Flagged messages' }).click();
    const flagged = page.getByRole('list', { name: 'Messages flagged by the system' }).getByRole('listitem').filter({
      hasText: FLAGGED_MESSAGE.content,
    });
    await expect(flagged).toContainText(`Phrase found: "${FLAGGED_MESSAGE.phrase}"`);
    await expect(flagged).toContainText('Refuses rental assistance (source of income)');
    await expect(flagged).toContainText(LICENSED_LISTING.title);
    await expectAccessible(page);
    await shot(page, 'flagged-messages-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'flagged-messages-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await flagged.getByRole('button', { name: 'Mark as reviewed' }).click();
    await expect(toast(page)).toContainText('The flag was marked as reviewed.');
    await expect(flagged).toHaveCount(0);
  });

  test('a report the admin dismisses leaves the listing visible and the queue', async ({ page, baseURL }) => {
    // A fresh report of the (reinstated) studio by a new renter, then the admin dismisses it.
    const other = await createRenter(baseURL!, { firstName: 'Dana', lastName: 'Doubter' });
    await signInContext(page.context(), baseURL!, other);
    await page.goto(`/properties/${REPORT_ME.slug}`);
    await page.getByRole('button', { name: 'Report listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report listing' });
    await dialog.getByRole('radio', { name: /^Already rented/ }).click();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(toast(page)).toContainText('Report received');

    await page.context().clearCookies();
    const admin = await page.context().browser()!.newContext();
    try {
      await signInContext(admin, baseURL!, { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
      const p = await appPage(admin);
      await p.goto('/admin/moderation');
      const item = p.getByTestId('moderation-case').filter({ hasText: REPORT_ME.title });
      await expect(item).toContainText('Already rented');
      await item.getByRole('button', { name: 'Dismiss reports' }).click();
      await expect(p.locator('.toast-root[data-state="open"]')).toContainText('Reports dismissed');
      await expect(item).toHaveCount(0);
      await p.goto(`/?search=${encodeURIComponent('studio to report')}`);
      await expect(p.locator('article', { hasText: REPORT_ME.title })).toBeVisible();
    } finally {
      await admin.close();
    }
  });

  test('an agent enters a license number on their profile: checked, saved, then verifiable', async ({ page, baseURL }) => {
    const agent = await createRenter(baseURL!, { firstName: 'Nico', lastName: 'Number', role: 'agent' });
    const { idToken } = await emulatorSignIn(agent);
    const { me } = await api<{ me: { agent: { id: string } } }>(baseURL!, idToken, '{ me { agent { id } } }');
    await signInContext(page.context(), baseURL!, agent);
    await page.goto(`/agents/${me.agent.id}`);
    const field = page.getByLabel('Your NY license number');
    await field.fill('12-AB');
    await page.getByRole('button', { name: 'Save license' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter your New York license number' })).toBeVisible();
    await expect(field).toHaveValue('12-AB');
    await field.fill('104 0123 4567');
    await page.getByRole('button', { name: 'Save license' }).click();
    await expect(toast(page)).toContainText('License number saved');
    await expect(field).toHaveValue('10401234567');
    await expect(page.getByText('Not verified yet.')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'license-form-1280');
  });

  test("a verified agent shows 'Licensed' on the card, the detail page and the profile", async ({ page }) => {
    await searchFor(page, 'loft by a licensed agent');
    const c = card(page, LICENSED_LISTING.title);
    await expect(c.getByText('Licensed', { exact: true })).toBeVisible();
    await shot(page, 'licensed-card-1280');
    await page.goto(`/properties/${LICENSED_LISTING.slug}`);
    const panel = page.getByRole('complementary', { name: 'Agent and contact' });
    await expect(panel.getByText('Licensed', { exact: true })).toBeVisible();
    await panel.getByRole('link', { name: `${LICENSED_AGENT.firstName} ${LICENSED_AGENT.lastName}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `${LICENSED_AGENT.firstName} ${LICENSED_AGENT.lastName}` }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Agent' }).getByText('Licensed', { exact: true })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'licensed-profile-390');
  });
});

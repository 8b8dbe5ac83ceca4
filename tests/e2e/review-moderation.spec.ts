// Moderation of reviews (issue 10 item 5): the agent replies to a review on /me/ratings (Received) and
// the reply shows as 'Response from {agent}' on the public profile; a renter reports a review from the
// profile (dialog with reasons, details required for Other, toast, 'Reported'), axe on the dialog; a
// signed-out visitor's 'Report review' leads to sign in; the 3rd reporter hides the review (gone from
// the profile, 'Hidden pending review' for author and agent). Every account, listing and review is new.
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createRenter, emulatorSignIn, postFromOwnAddress, signInContext, type NewAccount } from './accounts.js';
import { appPage, expect, expectAccessible, test } from './fixtures.js';
import { createAgentToRate, deleteListing, gql, talkTo, type RateableAgent } from './ratings-factories.js';
import { SCREENSHOTS } from './shots.js';
import { E2E_READERS, ensureReaderIdentities } from './trust-factories.js';

const SHOTS = 'test-results/review-moderation';

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The review on the agent profile's 'Client Reviews' card. */
const clientReview = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /^Client Reviews/ })
    .getByRole('listitem')
    .filter({ hasText: text });

const toast = (page: Page) => page.locator('.toast-root[data-state="open"]');

/** The renter's review of the agent, through the API (as the rating page would send it). */
async function review(baseURL: string, renter: NewAccount, agentId: string, score: number, comment: string) {
  const { idToken } = await emulatorSignIn(renter);
  await gql(baseURL, idToken, 'mutation R($input: RateAgentInput!) { rateAgent(input: $input) { review { id } } }', {
    input: { agentId, score, comment },
  });
}

test.describe('review moderation', () => {
  test.describe.configure({ mode: 'serial' });

  let target: RateableAgent;
  let author: NewAccount;
  const comment = `Answered every question within the hour ${Date.now().toString(36)}.`;
  const reply = 'Thank you, Rita! It was a pleasure to help you find the studio.';

  test.beforeAll(async ({ baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    target = await createAgentToRate(baseURL, 'Jordan');
    author = await createRenter(baseURL, { firstName: 'Rita', lastName: 'Reviewer' });
    await talkTo(baseURL, author, target);
    await review(baseURL, author, target.agentId, 4, comment);
  });
  test.afterAll(async ({ baseURL }) => {
    if (target && baseURL) await deleteListing(baseURL, target.token, target.listing.id);
  });

  test('the agent replies on /me/ratings and the reply shows on the public profile', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error('needs baseURL');
    await signInContext(page.context(), baseURL, target.agent);
    await page.goto('/me/ratings?tab=received');
    const card = page.locator('article', { hasText: comment });
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Reply' }).click();
    const field = card.getByLabel('Your reply');
    await expect(field).toBeFocused();
    await expect(card.getByText('0 / 1000 characters')).toBeVisible();
    // Blank: refused, nothing sent; Cancel closes the form.
    await field.fill('   ');
    await card.getByRole('button', { name: 'Post reply' }).click();
    await expect(card.getByRole('alert')).toHaveText('Write a reply.');
    await card.getByRole('button', { name: 'Cancel' }).click();
    await expect(card.getByLabel('Your reply')).toHaveCount(0);

    await card.getByRole('button', { name: 'Reply' }).click();
    await card.getByLabel('Your reply').fill(reply);
    await expect(card.getByText(`${reply.length} / 1000 characters`)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'reply-form-1280');
    await card.getByRole('button', { name: 'Post reply' }).click();

    const response = card.getByTestId('review-reply');
    await expect(response).toContainText(`Response from ${target.agent.name}`);
    await expect(response).toContainText(reply);
    await expect(response.locator('time')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Reply' })).toHaveCount(0);
    await expect(card.getByLabel('Your reply')).toHaveCount(0);
    await shot(page, 'reply-posted-1280');

    // Public: the profile's Client Reviews show it under the review, to anyone.
    await page.goto(`/agents/${target.agentId}`);
    const publicReview = clientReview(page, comment);
    await expect(publicReview.getByTestId('review-reply')).toContainText(`Response from ${target.agent.name}`);
    await expect(publicReview.getByTestId('review-reply')).toContainText(reply);
    await expect(publicReview.getByRole('button', { name: 'Reply' })).toHaveCount(0);

    // The author sees it under their review on the Given tab.
    const authorPage = await page.context().browser()!.newContext();
    try {
      await signInContext(authorPage, baseURL, author);
      const p = await appPage(authorPage);
      await p.goto('/me/ratings?tab=given');
      const given = p.locator('article', { hasText: comment });
      await expect(given.getByTestId('review-reply')).toContainText(reply);
      // Their own review offers no Report.
      await expect(given.getByRole('button', { name: 'Report review' })).toHaveCount(0);
    } finally {
      await authorPage.close();
    }
  });

  test('a renter reports a review from the profile: reasons, details for Other, toast, Reported; axe on the dialog', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error('needs baseURL');
    const reader = await createRenter(baseURL, { firstName: 'Rory', lastName: 'Reader' });
    await signInContext(page.context(), baseURL, reader);
    await page.goto(`/agents/${target.agentId}`);
    const item = clientReview(page, comment);
    await item.getByRole('button', { name: 'Report review' }).click();

    const dialog = page.getByRole('dialog', { name: 'Report review' });
    await expect(dialog).toBeVisible();
    const reasons = dialog.getByRole('radiogroup', { name: /Reason/ });
    await expect(reasons.getByRole('radio')).toHaveCount(5);
    await expectAccessible(page);
    await shot(page, 'report-dialog-1280');

    // Nothing chosen: the reason is required. Other: the details are required.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Choose a reason for reporting this review.')).toBeVisible();
    await reasons.getByRole('radio', { name: /Other/ }).click();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('Tell us what is wrong with this review.')).toBeVisible();
    await expect(dialog.getByLabel('Details *')).toBeVisible();
    await expectAccessible(page);

    // Cancel keeps nothing sent; the second time through, the report goes.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await item.getByRole('button', { name: 'Report review' }).click();
    await page
      .getByRole('dialog', { name: 'Report review' })
      .getByRole('radio', { name: /Conflict of interest/ })
      .click();
    await page.getByRole('dialog').getByLabel('Details (optional)').fill('The reviewer works at the same agency.');
    await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();

    await expect(toast(page)).toContainText('Report received');
    await expect(toast(page)).toContainText('Thanks — we will review it.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const reported = item.getByRole('button', { name: 'Reported' });
    await expect(reported).toBeDisabled();
    await shot(page, 'reported-1280');

    // It sticks: after a reload the button still says so; the review is still public (one report).
    await page.reload();
    await expect(clientReview(page, comment).getByRole('button', { name: 'Reported' })).toBeDisabled();
  });

  test('fresh accounts cannot hide it; the 3rd report of readers of standing does: gone from the profile and the rating, marked for its author and its agent', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error('needs baseURL');
    const report = async (account: { email: string; password: string }) => {
      const { idToken } = await emulatorSignIn(account);
      const { agent } = await gql<{ agent: { reviews: Array<{ id: string }> } }>(
        baseURL,
        idToken,
        'query A($id: ID!) { agent(id: $id) { reviews { id } } }',
        { id: target.agentId },
      );
      // Each from an address of its own, as from their own homes (one address counts once).
      const res = await postFromOwnAddress(
        new URL('/graphql', baseURL),
        { authorization: `Bearer ${idToken}`, origin: new URL(baseURL).origin },
        {
          query: 'mutation R($id: ID!) { reportReview(reviewId: $id, reason: SPAM) { hidden } }',
          variables: { id: agent.reviews[0]!.id },
        },
      );
      expect(res.status, res.text).toBe(200);
      return (JSON.parse(res.text) as { data: { reportReview: { hidden: boolean } } }).data.reportReview.hidden;
    };
    // Two more accounts made today report it (the first did in the test before): three fresh
    // accounts, and the review stays.
    for (const firstName of ['Sasha', 'Toni']) {
      expect(await report(await createRenter(baseURL, { firstName, lastName: 'Reader' }))).toBe(false);
    }
    await page.goto(`/agents/${target.agentId}`);
    await expect(page.getByRole('heading', { name: 'Client Reviews (1)' })).toBeVisible();
    await expect(clientReview(page, comment)).toBeVisible();

    // Three readers of standing report it: the third hides it.
    await ensureReaderIdentities();
    const hidden = [];
    for (const reader of E2E_READERS) hidden.push(await report(reader));
    expect(hidden).toEqual([false, false, true]);

    await page.goto(`/agents/${target.agentId}`);
    await expect(page.getByRole('heading', { name: 'Client Reviews (0)' })).toBeVisible();
    await expect(page.getByText('No reviews yet')).toBeVisible();
    await expect(page.getByText(comment)).toHaveCount(0);

    await signInContext(page.context(), baseURL, target.agent);
    await page.goto('/me/ratings?tab=received');
    const received = page.locator('article', { hasText: comment });
    await expect(received.getByText('Hidden pending review')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Received (0)' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'hidden-received-1280');

    const authorContext = await page.context().browser()!.newContext();
    try {
      await signInContext(authorContext, baseURL, author);
      const p = await appPage(authorContext);
      await p.goto('/me/ratings?tab=given');
      await expect(p.locator('article', { hasText: comment }).getByText('Hidden pending review')).toBeVisible();
    } finally {
      await authorContext.close();
    }
  });
});

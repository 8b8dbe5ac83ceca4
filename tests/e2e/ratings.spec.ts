// Ratings of agents (SPEC parts 2-9, issue 10): a renter rates an agent on /rate-agent/{id} (toast,
// home, the profile's new count and rating, the 'New' badge gone), the 'Leave a Review' modal on
// /me/ratings through both steps (the pickers offer only the agents the renter talked to), an agent
// refused before any form and not invited to rate, the prompt to rate after a tour, the ratings screen with many and with no reviews, its loading
// placeholders, axe, and screenshots at desktop and phone widths. Every account, listing and
// conversation is made here through the real APIs. The forms' validation messages are component
// tests (client/src/app/routes/rate-agent.test.tsx, client/src/features/reviews/components/
// leave-review-dialog.test.tsx).
import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createRenter, emulatorSignIn, signInContext, type NewAccount } from './accounts.js';
import { DEMO_AGENT } from './auth-helpers.js';
import { QUIET_AGENT, TOURED_RENTER } from './data-factories.js';
import { ensureIdentity } from './trust-factories.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { createAgentToRate, deleteListing, gql, talkTo, type RateableAgent } from './ratings-factories.js';
import { SCREENSHOTS } from './shots.js';

const SHOTS = 'test-results/ratings-screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const toast = (page: Page) => page.locator('.toast-root[data-state="open"]');

test.describe('ratings', () => {
  test.describe.configure({ mode: 'serial' });

  let target: RateableAgent;
  test.beforeAll(async ({ baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    target = await createAgentToRate(baseURL, 'Morgan');
  });
  test.afterAll(async ({ baseURL }) => {
    if (target && baseURL) await deleteListing(baseURL, target.token, target.listing.id);
  });

  test('a renter rates an agent on the rating page: validation, toast, home, the profile updated', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error('needs baseURL');
    const renter = await createRenter(baseURL, { firstName: 'Rita', lastName: 'Rater' });
    await talkTo(baseURL, renter, target);
    await signInContext(page.context(), baseURL, renter);

    // Before: a new agent without reviews carries the 'New' badge on their listing's card.
    await page.goto(`/agents/${target.agentId}`);
    await expect(page.getByRole('heading', { name: 'Client Reviews (0)' })).toBeVisible();
    const card = page.locator(`article[data-property-id="${target.listing.id}"]`);
    await expect(card).toContainText('Agent rating: New');

    // The profile offers the rating page.
    await page.getByRole('link', { name: 'Write a review' }).click();
    await expect(page).toHaveURL(new RegExp(`/rate-agent/${target.agentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Rate Your Experience' })).toBeVisible();
    await expect(page.getByText(target.agent.name, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Verified conversation/)).toBeVisible();
    const stars = page.getByRole('radiogroup', { name: 'Overall Rating' });
    await expect(stars.getByRole('radio')).toHaveCount(5);
    await expect(page.getByLabel('Additional Comments (Optional)')).toBeVisible();

    await page.setViewportSize(DESKTOP);
    await shot(page, 'rate-agent-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'rate-agent-390');
    await page.setViewportSize(DESKTOP);

    // The form's validation ('Rating is required', at most 1000 characters) and its failure toasts are
    // component tests (client/src/app/routes/rate-agent.test.tsx).

    // The stars are a keyboard radio group: focus the first, arrow right three times → 4 stars.
    // Each key once the one before has taken effect (a busy machine may not have drawn it yet).
    await stars.getByRole('radio', { name: '1 star' }).focus();
    await page.keyboard.press('Space');
    await expect(stars.getByRole('radio', { name: '1 star' })).toBeChecked();
    for (const name of ['2 stars', '3 stars', '4 stars']) {
      await page.keyboard.press('ArrowRight', { delay: 50 });
      await expect(stars.getByRole('radio', { name })).toBeChecked();
      await expect(stars.getByRole('radio', { name })).toBeFocused();
    }
    await expect(page.getByText('4 out of 5 stars')).toBeVisible();
    await page.getByLabel('Additional Comments (Optional)').fill('   Quick answers and an honest description of the studio.   ');
    await page.getByRole('button', { name: 'Submit Rating' }).click();

    await expect(toast(page)).toContainText('Rating Submitted');
    await expect(toast(page)).toContainText('Thank you for rating this agent!');
    await expect(page).toHaveURL(/\/$/);

    // The profile: one review, 4.0, the comment trimmed, 'Verified conversation', no longer 'New'.
    await page.goto(`/agents/${target.agentId}`);
    await expect(page.getByRole('heading', { name: 'Client Reviews (1)' })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Client Reviews (1)' });
    await expect(reviews).toContainText('Quick answers and an honest description of the studio.');
    await expect(reviews).toContainText('Verified conversation');
    await expect(page.getByRole('region', { name: 'Agent' })).toContainText('1 review');
    await expect(page.getByRole('region', { name: 'Quick Stats' })).toContainText('4.0 / 5.0');
    await expect(card).toContainText('4.0');
    // The agent's 'New' (no reviews yet), not the listing's own 'New' badge (issue 14: listed under 3 days ago).
    await expect(card).not.toContainText('Agent rating: New');
    await expect(reviews.getByRole('link', { name: 'Update your review' })).toBeVisible();

    // Back on the rating page, the earlier review is prefilled and the new one will replace it.
    await page.goto(`/rate-agent/${target.agentId}`);
    await expect(
      page.getByText('You rated this agent before: this review will replace your earlier one (shown below).'),
    ).toBeVisible();
    await expect(stars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await shot(page, 'rate-agent-replace-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'rate-agent-replace-390');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Issue 58 item 10: a renter the agent never answered rates 1 star: listed 'Not verified', not counted.
    const stranger = await createRenter(baseURL, { firstName: 'Stan', lastName: 'Stranger' });
    const { idToken } = await emulatorSignIn(stranger);
    await gql(baseURL, idToken, 'mutation R($input: RateAgentInput!) { rateAgent(input: $input) { review { id } } }', {
      input: { agentId: target.agentId, score: 1, comment: 'Never met them.' },
    });
    await page.goto(`/agents/${target.agentId}`);
    await expect(page.getByRole('region', { name: 'Quick Stats' })).toContainText('4.0 / 5.0');
    await expect(page.getByRole('region', { name: 'Agent' })).toContainText('1 review');
    await expect(page.getByText('Never met them.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Client Reviews (1)' }).getByText(/^Not verified/)).toBeVisible();
    await shot(page, 'agent-not-verified-1280');
    await page.setViewportSize(PHONE);
    await shot(page, 'agent-not-verified-390');
    await page.setViewportSize(DESKTOP);
  });

  test("the 'Leave a Review' modal: only agents talked to, both steps, the list and summary refreshed, the card at once", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    if (!baseURL) throw new Error('needs baseURL');
    const renter: NewAccount = await createRenter(baseURL, { firstName: 'Mona', lastName: 'Modal' });
    await signInContext(page.context(), baseURL, renter);

    // Nobody talked to yet: the modal explains how to become able to review.
    await page.goto('/me/ratings');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Ratings & Reviews' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Given (0)' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'No reviews given yet' })).toBeVisible();
    await expect(page.getByText('Share your rental experiences to help other tenants and landlords')).toBeVisible();
    await page.getByRole('button', { name: 'Leave Your First Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    await expect(dialog).toContainText('You can review agents you have messaged');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Received (0)' }).click();
    await expect(page.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
    await expect(page.getByText("This user hasn't received any reviews yet.")).toBeVisible();

    // Talk to the agent; open the listing, then the agent's profile and the ratings screen inside the app.
    await talkTo(baseURL, renter, target);
    await page.goto(`/properties/${target.listing.slug}`);
    const listingAgent = page.getByRole('region', { name: 'Listing agent' });
    await expect(listingAgent).toContainText('4.0 (1 review)');
    await listingAgent.getByRole('link', { name: target.agent.name }).click();
    await expect(page.getByRole('heading', { name: 'Client Reviews (1)' })).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('button', { name: `Account menu for ${renter.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'My Ratings' }).click();
    await expect(page).toHaveURL(/\/me\/ratings/);

    await page.getByRole('button', { name: 'Leave a Review' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Agent' }).locator('option:checked')).toContainText(target.agent.name);
    await expect(dialog.getByRole('combobox', { name: 'Listing' }).locator('option:checked')).toContainText(target.listing.title);
    await expect(dialog.getByText('Verified conversation')).toBeVisible();
    // Continue without a score, the score labels and the comment's limit are component tests
    // (client/src/features/reviews/components/leave-review-dialog.test.tsx).
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    await dialog.getByRole('radio', { name: '5 - Excellent' }).click();
    await expect(dialog.getByText('Excellent', { exact: true })).toBeVisible();
    await page.setViewportSize(PHONE);
    await shot(page, 'modal-rating-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'modal-rating-1280');
    await expectAccessible(page);
    await continueButton.click();

    // Step 'details': optional categories and the comment, Back keeps the score.
    await expect(dialog.getByRole('group', { name: 'Rate by category (optional)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('radio', { name: '5 - Excellent' })).toBeChecked();
    await continueButton.click();
    await dialog.getByRole('radio', { name: 'Communication: 4 stars' }).click();
    await dialog.getByRole('radio', { name: 'Accuracy: 5 stars' }).click();
    await dialog.getByLabel('Comment (optional)').fill('Showed the studio twice and answered every question.');
    await shot(page, 'modal-details-1280');
    await expectAccessible(page);
    const detailRequests: string[] = [];
    page.on('request', (request) => {
      const body = request.method() === 'POST' && request.url().endsWith('/graphql') ? request.postData() : null;
      if (body?.includes('"operationName":"PropertyDetail"')) detailRequests.push(body);
    });
    await dialog.getByRole('button', { name: 'Submit Review' }).click();

    await expect(toast(page)).toContainText('Rating Submitted');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Given (1)' })).toHaveAttribute('aria-selected', 'true');
    const given = page.getByRole('tabpanel');
    await expect(given.getByRole('article')).toHaveCount(1);
    await expect(given).toContainText(target.listing.title);
    await expect(given).toContainText('5/5');
    await expect(given).toContainText('Communication:4/5');
    await expect(given).toContainText('“Showed the studio twice and answered every question.”');
    await expect(given).toContainText('Verified conversation');
    // The summary cards are the reviews received (SPEC), on this tab too: none for this renter, which
    // they say in words, not as an average of 0.0 (issue 59 item 8).
    const cards = page.getByLabel('Reviews you received');
    await expect(cards).toHaveAttribute('aria-busy', 'false');
    await expect(cards).toContainText('No ratings yet');
    await expect(cards).not.toContainText('0.0');
    await expect(cards).not.toContainText('5.0');
    await page.setViewportSize(PHONE);
    await shot(page, 'my-ratings-given-390');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'my-ratings-given-1280');
    await expectAccessible(page);

    // Back to the profile inside the app: the new count and rating (2 reviews: 4 and 5) …
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/agents/${target.agentId}`));
    await expect(page.getByRole('region', { name: 'Agent' })).toContainText('2 reviews');
    await expect(page.getByRole('region', { name: 'Quick Stats' })).toContainText('4.5 / 5.0');
    await expect(page.locator(`article[data-property-id="${target.listing.id}"]`)).toContainText('4.5');
    await expect(page.getByRole('heading', { name: 'Client Reviews (2)' })).toBeVisible();
    // … and the listing page straight from the cache (rateAgent's answer), without asking the server.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/properties/${target.listing.slug}`));
    await expect(listingAgent).toContainText('4.5 (2 reviews)');
    expect(detailRequests).toEqual([]);
  });

  test.describe('an agent', () => {
    test.use({ account: DEMO_AGENT });

    test("sees 'Rating Not Available' before any form, and the ratings they received", async ({ page }) => {
      test.setTimeout(60_000);
      // Another agent's profile offers them no review link.
      await page.goto(`/agents/${QUIET_AGENT.userId}`);
      await expect(page.getByRole('heading', { name: /^Client Reviews/ })).toBeVisible();
      await expect(page.getByRole('link', { name: /Write a review|Update your review/ })).toHaveCount(0);
      // Another agent (by their user id, which the page accepts too), with their specialties.
      await page.goto(`/rate-agent/${QUIET_AGENT.userId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Rating Not Available' })).toBeVisible();
      await expect(page.getByText(`${QUIET_AGENT.firstName} ${QUIET_AGENT.lastName}`)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Specialties' })).toContainText('Rentals');
      await expect(
        page.getByText('Agents cannot rate other agents. Only interactions between agents and renters can be rated.'),
      ).toBeVisible();
      await expect(page.getByText('Overall Rating')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Submit Rating' })).toHaveCount(0);
      await shot(page, 'rate-agent-refused-1280');

      // The screen of someone with many reviews: summary, distribution, categories, the first 3.
      await page.goto('/me/ratings');
      const receivedTab = page.getByRole('tab', { name: /^Received \(\d+\)$/ });
      await expect(receivedTab).toHaveAttribute('aria-selected', 'true');
      const total = Number((await receivedTab.textContent())?.match(/\((\d+)\)/)?.[1]);
      expect(total).toBeGreaterThan(3);
      await expect(page.getByText('Average Rating')).toBeVisible();
      await expect(page.getByText('Positive Reviews')).toBeVisible();
      await expect(page.getByText('5 stars', { exact: true })).toBeVisible();
      await expect(page.getByText('1 star', { exact: true })).toBeVisible();
      await expect(page.getByText('Category averages')).toBeVisible();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('article')).toHaveCount(3);
      await expect(panel.getByText(/^Re: /).first()).toBeVisible();
      await page.setViewportSize(PHONE);
      await shot(page, 'my-ratings-received-390');
      await page.setViewportSize(DESKTOP);
      await shot(page, 'my-ratings-received-1280');
      await page.getByRole('button', { name: `Show All ${total}` }).click();
      await expect(panel.getByRole('article')).toHaveCount(Math.min(total, 50));
      await page.getByRole('button', { name: 'Show Less' }).click();
      await expect(panel.getByRole('article')).toHaveCount(3);

      // Nothing on the screen invites an agent to rate (issue 59 item 8): no 'Leave a Review', and
      // their Given tab says why it is empty.
      await expect(page.getByRole('button', { name: 'Leave a Review' })).toHaveCount(0);
      await page.getByRole('tab', { name: /^Given/ }).click();
      await expect(
        page.getByText('Agents cannot rate other agents. Only renters rate the agents they dealt with.'),
      ).toBeVisible();
      await expect(page.getByText('Share your rental experiences to help other tenants and landlords')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Leave Your First Review' })).toHaveCount(0);
    });
  });

  test('after a tour that took place the renter is asked, once, to rate the agent (issue 59 item 8)', async ({
    page,
    baseURL,
  }) => {
    await ensureIdentity(TOURED_RENTER);
    await signInContext(page.context(), baseURL!, TOURED_RENTER);
    await page.goto(`/messages?open=${TOURED_RENTER.threadId}`);
    const name = `${QUIET_AGENT.firstName} ${QUIET_AGENT.lastName}`;
    await expect(page.getByRole('log', { name: `Messages with ${name}` })).toContainText('tomorrow at 6 works');
    const prompt = page.getByRole('complementary', { name: 'Rate your agent' });
    await expect(prompt).toContainText(`How was your experience with ${name}?`);
    await expect(prompt.getByRole('link', { name: `Rate ${name}` })).toHaveAttribute('href', /^\/rate-agent\/[0-9a-f-]{36}$/);
    await expectAccessible(page);
    // Shown once: the server was told, and it is gone on the next visit.
    await page.reload();
    await expect(page.getByRole('log', { name: `Messages with ${name}` })).toContainText('tomorrow at 6 works');
    await expect(page.getByRole('complementary', { name: 'Rate your agent' })).toHaveCount(0);
  });

  test('loading placeholders, an unknown agent, and the signed-out screen', async ({ page, baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    const renter = await createRenter(baseURL, { firstName: 'Lou', lastName: 'Loading' });
    await signInContext(page.context(), baseURL, renter);

    // Hold the review lists back: 2 placeholders on Given (3 on Received).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'MyReviews') await held;
      await route.continue();
    });
    await page.goto('/me/ratings');
    await expect(page.getByTestId('review-skeleton')).toHaveCount(2);
    await page.getByRole('tab', { name: /^Received/ }).click();
    await expect(page.getByTestId('review-skeleton')).toHaveCount(3);
    release();
    await expect(page.getByRole('heading', { name: 'No reviews yet' })).toBeVisible();
    await page.unroute('**/graphql');

    await page.goto('/rate-agent/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Agent Not Found' })).toBeVisible();
    await expect(page.getByText("The agent you're trying to rate could not be found.")).toBeVisible();
    await page.getByRole('link', { name: 'Return Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  // /me/ratings signed out: client/src/app/routes/signed-out-screens.test.tsx.
});

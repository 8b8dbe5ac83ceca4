// Private tours (issue 27 items 2, 5, 6) in two real browsers against the real server: a renter asks
// for a tour from the listing's page; the agent sees the request arrive on Tours without reloading and
// confirms a time; the renter sees it confirmed, live; the renter cancels and the agent sees that, live.
// The rules (times, turns, expiry, reminders, who may act) are the integration tests'
// (tests/integration/tour-requests.test.ts).
import { createRenter, signInContext } from './accounts.js';
import { appPage, expect, expectAccessible, test } from './fixtures.js';
import { createAgentWithListing, deleteListing } from './messaging-factories.js';

test('request → confirm seen live by both, then a cancellation seen live', async ({ browser, baseURL }) => {
  const [{ agent, token, listing }, renter] = await Promise.all([
    createAgentWithListing(baseURL!, 'Tara'),
    createRenter(baseURL!, { firstName: 'Rudy', lastName: 'Visitor' }),
  ]);
  const contexts = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })] as const;
  try {
    await signInContext(contexts[0], baseURL!, agent);
    await signInContext(contexts[1], baseURL!, renter);
    const a = await appPage(contexts[0]);
    const r = await appPage(contexts[1]);

    await a.goto('/me/tours');
    const toAnswer = a.getByRole('region', { name: 'Requests to answer' });
    await expect(toAnswer).toContainText('No tour requests are waiting for you.');

    // The renter asks from the listing's page: two times (New York time) and a note.
    await r.goto(`/properties/${listing.slug}`);
    await r.getByRole('button', { name: 'Request a tour' }).click();
    const dialog = r.getByRole('dialog', { name: 'Request a tour' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Add another time' }).click();
    const second = dialog.getByRole('group', { name: 'Time 2' });
    await second.getByLabel('Start (NY time)').fill('19:30');
    await dialog.getByLabel('Note (optional)').fill('Coming with my partner');
    await expectAccessible(r);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(r.getByText('Tour requested', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    // The agent's page hears of it without a reload, and confirms the first time.
    const card = toAnswer.getByTestId('tour-card');
    await expect(card).toContainText('Rudy V. asked for a tour.');
    await expect(card).toContainText('Note: Coming with my partner');
    await expect(card.getByRole('button', { name: /^Confirm / })).toHaveCount(2);
    await expectAccessible(a);

    await r.goto('/me/tours');
    const requested = r.getByRole('region', { name: 'Requested' });
    await expect(requested.getByTestId('tour-status')).toContainText('Waiting for Tara B. to answer');

    await card.getByRole('button', { name: /^Confirm .*6:00 PM/ }).click();
    const giving = a.getByRole('region', { name: 'Tours you give' });
    await expect(giving.getByTestId('tour-status')).toContainText('Confirmed:');
    await expect(giving.getByTestId('tour-status')).toContainText('6:00 PM – 6:30 PM');

    // The renter's page shows it confirmed, live, with its calendar file.
    const upcoming = r.getByRole('region', { name: 'Upcoming tours' });
    await expect(upcoming.getByTestId('tour-status')).toContainText('Confirmed:');
    await expect(requested).toContainText('No tour requests waiting for an answer.');
    const download = r.waitForEvent('download');
    await upcoming.getByRole('link', { name: 'Add to calendar' }).click();
    expect((await download).suggestedFilename()).toBe(`tour-${listing.slug}.ics`);
    await expectAccessible(r);

    // The renter cancels; the agent's page moves it to the past, live.
    await upcoming.getByRole('button', { name: 'Cancel tour' }).click();
    await expect(upcoming).toContainText('No confirmed tours to come.');
    await expect(giving).toContainText('No confirmed tours to come.');
    await expect(a.getByRole('region', { name: 'Past tours' }).getByTestId('tour-status')).toContainText('Cancelled by Rudy V.');

    // Each step is in their conversation.
    await r.getByRole('link', { name: 'Conversation' }).first().click();
    await expect(r.getByText('Tour request. Times that suit me (New York time):')).toBeVisible();
    await expect(r.getByText(/^Tour confirmed: /)).toBeVisible();
    await expect(r.getByText(/^Tour cancelled: /)).toBeVisible();

    // In Spanish, the same steps read in Spanish (issue 59 item 4): the app's words are kept as what they say.
    const spanish = new URL(r.url());
    spanish.searchParams.set('lang', 'es');
    await r.goto(spanish.toString());
    await expect(r.getByText('Solicitud de visita. Horarios que me convienen (hora de Nueva York):')).toBeVisible();
    await expect(r.getByText(/^Visita confirmada: .+ \(hora de Nueva York\)\.$/)).toBeVisible();
    await expect(r.getByText(/^Visita cancelada: /)).toBeVisible();
    await expect(r.getByText('Tour request. Times that suit me (New York time):')).toHaveCount(0);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await deleteListing(baseURL!, token, listing.id);
  }
});

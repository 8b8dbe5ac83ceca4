import type { APIRequestContext, Locator } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import { choose, expectCountMatches, gql, query, results } from './listings-helpers.js';
import { SCREENSHOTS } from './shots.js';

// Commute time (issue 13 item 4): the visitor says where they commute to (a station or an address);
// every card shows its minutes door to door by subway, the list can be limited to at most N minutes
// and sorted by the shortest commute. The figures are the server's.
test.use({ reducedMotion: 'reduce' });

const UNION_SQ = { stationId: '635' };

/** The server's commute minutes of the first page, by listing title, in the page's order. */
async function serverMinutes(request: APIRequestContext, filter: Record<string, unknown>, sort = 'NEWEST') {
  const data = await gql<{ properties: { edges: { node: { title: string; commuteMinutes: number | null } }[] } }>(
    request,
    'query M($filter: PropertyFilter, $sort: PropertySort, $to: CommuteDestination) { properties(filter: $filter, sort: $sort, first: 12) { edges { node { title commuteMinutes(to: $to) } } } }',
    { filter, sort, to: filter.commuteTo },
  );
  return data.properties.edges.map((e) => e.node);
}

/** What the cards say, in order: the minutes, or null for 'No subway estimate'. */
async function cardMinutes(cards: Locator): Promise<(number | null)[]> {
  return cards.evaluateAll((articles) =>
    articles.map((article) => {
      const text = article.querySelector('[data-testid="commute"]')?.textContent ?? '';
      const m = /^(\d+) min to/.exec(text);
      return m ? Number(m[1]) : null;
    }),
  );
}

test.describe('commute by subway', () => {
  test('pick a station: cards show the minutes, the limit and the sort follow, the chips remove them', async ({
    page,
    request,
  }) => {
    await page.goto('/listings');
    const { cards } = results(page);
    await expect(cards.first()).toBeVisible();
    await expect(page.getByTestId('commute')).toHaveCount(0);

    await page.getByRole('button', { name: 'Commute', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Commute' });
    const where = panel.getByRole('combobox', { name: 'Where do you commute to?' });
    await where.fill('union sq');
    const option = panel.getByRole('option', { name: /14 St-Union Sq/ });
    await expect(option).toBeVisible();
    await expect(option.getByRole('img', { name: 'L train' })).toBeVisible();
    await expectAccessible(page);
    if (SCREENSHOTS) await panel.screenshot({ path: 'test-results/commute-picker.png' });
    await where.press('ArrowDown');
    await where.press('Enter');
    await expect.poll(() => query(page).to).toBe('station:635');
    expect(query(page).toName).toBe('14 St-Union Sq');
    await expect(panel.getByText('Commuting to 14 St-Union Sq')).toBeVisible();

    // Every card says the server's figure.
    const expected = await serverMinutes(request, { commuteTo: UNION_SQ });
    await expect(cards.first().getByTestId('commute')).toBeVisible();
    await expect(cards).toHaveCount(expected.length);
    expect(await cardMinutes(cards)).toEqual(expected.map((n) => n.commuteMinutes));
    expect(expected.some((n) => n.commuteMinutes !== null)).toBe(true);

    // At most 30 minutes.
    await panel.getByRole('radio', { name: '30 min', exact: true }).click();
    await expect.poll(() => query(page).commute).toBe('30');
    await expectCountMatches(page, request, { commuteTo: UNION_SQ, commuteMaxMinutes: 30 });
    for (const minutes of await cardMinutes(cards)) expect(minutes).not.toBeNull();
    for (const minutes of await cardMinutes(cards)) expect(minutes!).toBeLessThanOrEqual(30);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Commute: 14 St-Union Sq · 30 min' })).toBeVisible();

    // Shortest commute first.
    await choose(page, 'Sort by', 'Shortest Commute');
    await expect.poll(() => query(page).sort).toBe('commute');
    const sorted = await serverMinutes(request, { commuteTo: UNION_SQ, commuteMaxMinutes: 30 }, 'COMMUTE');
    await expect(cards.first()).toContainText(sorted[0]!.title);
    const shown = (await cardMinutes(cards)) as number[];
    expect(shown).toEqual(sorted.map((n) => n.commuteMinutes));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));

    // Chips: the limit, then the destination (which takes its sort with it).
    const chips = page.getByRole('list', { name: 'Active filters' });
    await chips.getByRole('button', { name: 'Remove filter Commute: at most 30 min' }).click();
    await expect.poll(() => query(page).commute).toBeUndefined();
    await chips.getByRole('button', { name: 'Remove filter Commute to 14 St-Union Sq' }).click();
    await expect.poll(() => query(page).to).toBeUndefined();
    expect(query(page).sort).toBeUndefined();
    await expect(page.getByTestId('commute')).toHaveCount(0);
  });

  test("the listing's page says the commute of the search that led to it (issue 59 item 5)", async ({ page, request }) => {
    const [first] = await serverMinutes(request, { commuteTo: UNION_SQ }, 'COMMUTE');
    await page.goto('/listings?to=station%3A635&toName=14+St-Union+Sq&sort=commute');
    const card = results(page).cards.first();
    await expect(card).toContainText(first!.title);
    await card.getByRole('link', { name: first!.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByTestId('commute')).toHaveText(
      `${first!.commuteMinutes} min to 14 St-Union Sq by subway, door to door`,
    );
    // Opened another way, the page says nothing of a commute.
    await page.goto(new URL(page.url()).pathname);
    await expect(page.getByRole('heading', { level: 1, name: first!.title })).toBeVisible();
    await expect(page.getByTestId('commute')).toHaveCount(0);
  });

  test('pick a neighborhood as the destination; a URL with a destination sets it at start', async ({ page, request }) => {
    await page.goto('/listings');
    await page.getByRole('button', { name: 'Commute', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Commute' });
    await panel.getByRole('combobox', { name: 'Where do you commute to?' }).fill('Williamsburg');
    await panel.getByRole('option', { name: /Williamsburg, Brooklyn/ }).click();
    await expect.poll(() => query(page).toName).toBe('Williamsburg');
    expect(query(page).to).toMatch(/^40\.\d+,-73\.\d+$/);
    const [lat, lng] = query(page).to!.split(',').map(Number);
    const expected = await serverMinutes(request, { commuteTo: { lat, lng } });
    await expect(results(page).cards.first().getByTestId('commute')).toBeVisible();
    expect(await cardMinutes(results(page).cards)).toEqual(expected.map((n) => n.commuteMinutes));

    await page.goto('/listings?to=station%3A635&toName=14+St-Union+Sq&commute=45&sort=commute');
    await expect(page.getByRole('button', { name: 'Commute: 14 St-Union Sq · 45 min' })).toBeVisible();
    await expectCountMatches(page, request, { commuteTo: UNION_SQ, commuteMaxMinutes: 45 });
    await expect(page.getByRole('combobox', { name: 'Sort by' }).locator('option:checked')).toHaveText('Shortest Commute');
  });

  test('phone width: the picker and the cards fit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listings?to=station%3A635&toName=14+St-Union+Sq');
    const card = results(page).cards.first();
    await expect(card.getByTestId('commute')).toBeVisible();
    const box = (await card.getByTestId('commute').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    if (SCREENSHOTS) await card.screenshot({ path: 'test-results/commute-card-phone.png' });
    // On a phone the commute is among the filters of the full-screen sheet.
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' }).getByRole('region', { name: 'Commute' });
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByText('Commuting to 14 St-Union Sq')).toBeVisible();
    const dialog = (await panel.boundingBox())!;
    expect(dialog.x).toBeGreaterThanOrEqual(0);
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(390);
    if (SCREENSHOTS) await page.screenshot({ path: 'test-results/commute-phone.png' });
  });
});

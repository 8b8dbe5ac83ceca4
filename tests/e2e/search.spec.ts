import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.js';
import {
  cardPrices,
  choose,
  countFor,
  expectCountMatches,
  firstPage,
  gql,
  query,
  results,
  shownCount,
} from './listings-helpers.js';
import { CONCESSION } from './data-factories.js';

// Map moves jump instead of animating: the same behaviour, less software-WebGL work per filter change.
test.use({ reducedMotion: 'reduce' });

// What the filter bar writes to the URL, reads from it at start, and its chips and 'Clear all' are
// component tests (client/src/features/listings/components/filter-bar.test.tsx); what the server
// answers for each filter is the integration tests' (tests/integration/listings.test.ts). Here, one
// journey through the real page and server, and what needs them (address suggestions, loading and
// error states, the map, axe).
test.describe('the listings page: filters', () => {
  test('a URL with a filter and filters set in the bar reach the server, and the results follow; Clear all brings every listing back', async ({
    page,
    request,
  }) => {
    // The first page comes with the filter of the URL…
    await page.goto('/listings?borough=brooklyn');
    await expect(page.getByRole('heading', { level: 1, name: 'NYC Rentals' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Borough' }).locator('option:checked')).toHaveText('Brooklyn');
    const brooklyn = await expectCountMatches(page, request, { borough: 'BROOKLYN' });
    expect(brooklyn).toBeLessThan(await countFor(request, {}));
    for (const text of await results(page).cards.allTextContents()) expect(text).toContain(', Brooklyn');

    // … and the bar's controls ask the server again.
    await choose(page, 'Bedrooms', '2+');
    await expect.poll(() => query(page)).toEqual({ borough: 'brooklyn', bedrooms: '2' });
    const filter = { borough: 'BROOKLYN', minBeds: 2 };
    const matching = await expectCountMatches(page, request, filter);
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(brooklyn);

    await choose(page, 'Sort by', 'Price: Low to High');
    await expect.poll(() => query(page)).toEqual({ borough: 'brooklyn', bedrooms: '2', sort: 'price_low' });
    const lowFirst = (await firstPage(request, filter, 'PRICE_LOW')).edges.map((edge) => edge.node.price);
    await expect.poll(() => cardPrices(results(page).cards)).toEqual(lowFirst);
    expect([...lowFirst].sort((a, b) => a - b)).toEqual(lowFirst);

    // 'No fee' (issue 59 item 1), a toggle in the bar: the server is asked, every card then says 'No fee'.
    await page.getByRole('button', { name: 'No fee' }).click();
    await expect.poll(() => query(page)).toEqual({ borough: 'brooklyn', bedrooms: '2', sort: 'price_low', noFee: '1' });
    expect(await expectCountMatches(page, request, { ...filter, noFee: true })).toBeGreaterThan(0);
    expect(await countFor(request, { noFee: true })).toBeLessThan(await countFor(request, {}));
    for (const text of await results(page).cards.allTextContents()) expect(text).toContain('No fee');
    await expect(page.getByRole('button', { name: 'Remove filter No fee' })).toBeVisible();

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expectCountMatches(page, request, {});

    // Bathrooms, in More (issue 59 item 1): at least that many, from the server.
    await page.getByRole('button', { name: /^More/ }).click();
    // A click, not check(): the choice is the URL's, checked once the page has followed it.
    const twoPlus = page.getByRole('radiogroup', { name: 'Bathrooms' }).getByRole('radio', { name: '2+' });
    await twoPlus.click();
    await expect.poll(() => query(page)).toEqual({ baths: '2' });
    await expect(twoPlus).toBeChecked();
    await page.keyboard.press('Escape');
    const twoBaths = await expectCountMatches(page, request, { minBaths: 2 });
    expect(twoBaths).toBeGreaterThan(0);
    expect(twoBaths).toBeLessThan(await countFor(request, {}));
    await expect(page.getByRole('button', { name: 'Remove filter Bathrooms: 2+' })).toBeVisible();

    // An amenity, in More too: the server's listings with a doorman and two bathrooms or more.
    await page.getByRole('button', { name: /^More/ }).click();
    const doorman = page.getByRole('group', { name: 'Amenities' }).getByRole('checkbox', { name: 'Doorman' });
    await doorman.click();
    await expect.poll(() => query(page)).toEqual({ baths: '2', amenities: 'doorman' });
    await expect(doorman).toBeChecked();
    await page.keyboard.press('Escape');
    expect(await expectCountMatches(page, request, { minBaths: 2, amenities: ['DOORMAN'] })).toBeLessThan(twoBaths);
    await expect(page.getByRole('button', { name: 'Remove filter Amenities: 1' })).toBeVisible();
  });

  test('accessible homes: the filter from the URL, its chip, and the Accessibility section of a result', async ({
    page,
    request,
  }) => {
    await page.goto('/listings?access=elevator,step_free_entrance');
    const expected = await expectCountMatches(page, request, { accessibility: ['STEP_FREE_ENTRANCE', 'ELEVATOR'] });
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(await countFor(request, {}));
    await expect(page.getByRole('button', { name: 'Remove filter Elevator' })).toBeVisible();
    await results(page).cards.first().getByRole('link').first().click();
    const section = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Accessibility' }) });
    await expect(section).toContainText('Elevator');
    await expect(section).toContainText('Step-free entrance');
  });

  test('net-effective rent: the price filter on either rent from the popover, both rents on the card and the detail page', async ({
    page,
    request,
  }) => {
    const net = { minPrice: String(CONCESSION.net), maxPrice: String(CONCESSION.net) };
    await page.goto(`/listings?minPrice=${net.minPrice}&maxPrice=${net.maxPrice}`);
    // On the gross rent (the default) the listing's $3,601 is not its rent.
    await expectCountMatches(page, request, { minPrice: CONCESSION.net, maxPrice: CONCESSION.net });
    const card = results(page).cards.filter({ hasText: CONCESSION.title });
    await expect(card).toHaveCount(0);

    await page.getByRole('button', { name: /^Price: / }).click();
    await page.getByRole('radio', { name: 'Net effective' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]rent=net(&|$)/);
    await expectCountMatches(page, request, {
      minPrice: CONCESSION.net,
      maxPrice: CONCESSION.net,
      priceBasis: 'NET_EFFECTIVE',
    });
    await expect(page.getByRole('button', { name: /^Net effective: \$3,601 – \$3,601/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove filter Net effective rent' })).toBeVisible();
    await expect(card).toContainText('$4,321per month· $3,601 net effective, 2 months free on 12');

    await card.getByRole('link', { name: CONCESSION.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: CONCESSION.title })).toBeVisible();
    const pricing = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Pricing & Terms' }) });
    await expect(pricing).toContainText(`Concession2 months free on 12: ${CONCESSION.terms}`);
    await expect(pricing).toContainText('Net Effective Rent$3,601 per month');
    await expect(page.getByText('$3,601 net effective', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('address suggestions: a neighborhood by keyboard, an address by click; none for 2 characters', async ({
    page,
    request,
  }) => {
    await page.goto('/listings');
    const box = page.getByRole('combobox', { name: 'Search by address or neighborhood' });
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });

    await box.fill('As');
    await page.waitForTimeout(400);
    await expect(listbox).toBeHidden();

    await box.fill('Astor');
    await expect(listbox.getByRole('option', { name: /Astoria, Queens/ })).toBeVisible();
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', /option-0/);
    await expect(listbox.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect.poll(() => query(page)).toEqual({ borough: 'queens', neighborhood: 'Astoria' });
    await expect(box).toHaveValue('');
    await expectCountMatches(page, request, { borough: 'QUEENS', neighborhood: 'Astoria' });

    // An address of a listing: pick it from the suggestions with the mouse.
    const { properties } = await gql<{ properties: { edges: { node: { address: string } }[] } }>(
      request,
      'query { properties(first: 1) { edges { node { address } } } }',
    );
    const address = properties.edges[0]?.node.address ?? '';
    await page.getByRole('button', { name: 'Clear all' }).click();
    await box.fill(address.slice(0, 12));
    await listbox
      .getByRole('option', { name: new RegExp(escapeRegExp(address)) })
      .first()
      .click();
    await expect.poll(() => query(page)).toEqual({ search: address });
    await expect(box).toHaveValue(address);
    const count = await expectCountMatches(page, request, { search: address });
    expect(count).toBeGreaterThan(0);
  });
});

test.describe('the listings page: results', () => {
  test('Load More Properties appends the next page to the list', async ({ page }) => {
    await page.goto('/listings');
    const links = results(page).section.locator('article h2 a');
    await expect(links).toHaveCount(12);
    const firstTwelve = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    await page.getByRole('button', { name: 'Load More Properties' }).click();
    await expect(links).toHaveCount(24);
    const all = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    expect(all.slice(0, 12)).toEqual(firstTwelve);
    expect(new Set(all).size).toBe(24);
  });

  test('at phone width a listing opens at its top, and Back returns the list to where the visitor was', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listings');
    const link = () => results(page).cards.nth(7).locator('h2 a');
    await link().scrollIntoViewIfNeeded();
    await expect(page.locator('html')).toHaveAttribute('data-app', 'running');
    // The photos near it in, so nothing above it moves any more.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const title = (await link().textContent()) ?? '';
    const at = await page.evaluate(() => window.scrollY);
    const top = () => link().evaluate((element) => Math.round(element.getBoundingClientRect().top));
    const linkTop = await top();
    await link().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(link()).toHaveText(title);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(at);
    // The same card at the same place: the cards above it, drawn again out of view, keep the heights
    // they had (lib/kept-heights.ts), not their placeholders' (they were 9 and 49 px off).
    expect(await top()).toBe(linkTop);
    await expect(link()).toBeInViewport();
  });

  test('shimmer placeholders while loading, then the error state with Retry', async ({ page }) => {
    // The first page arrives rendered by the server; a new search loads in the browser.
    await page.goto('/listings');
    await expect(results(page).cards.first()).toBeVisible();
    // The search is held until the test has seen the loading state, then refused once: no race
    // between a fixed delay and how fast the test looks (the cause of this test's old flakiness).
    let release!: () => void;
    const seenLoading = new Promise<void>((resolve) => (release = resolve));
    let fail = true;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string };
      if (body.operationName !== 'SearchProperties') return route.fallback();
      if (fail) {
        fail = false;
        await seenLoading;
        return route.fulfill({ json: { errors: [{ message: 'Service unavailable' }] } });
      }
      return route.fallback();
    });
    await page.getByRole('combobox', { name: 'Borough' }).selectOption({ label: 'Manhattan' });
    await expect.poll(() => new URL(page.url()).searchParams.get('borough')).toBe('manhattan');
    await expect(page.getByRole('status').filter({ hasText: 'Loading properties…' })).toBeAttached();
    release();
    await expect(page.getByRole('alert')).toContainText('Failed to fetch listings');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(results(page).cards.first()).toBeVisible();
  });

  test('an empty result says so and offers to clear the filters', async ({ page }) => {
    await page.goto('/listings?search=zzzzqqqq-no-such-place');
    await expect(results(page).count).toHaveText('0 properties');
    await expect(page.getByRole('heading', { name: 'No properties found' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => shownCount(page)).toBeGreaterThan(300);
  });
});

test.describe('the property card', () => {
  test('shows availability, agent rating, beds and baths, agent, price and links to the listing', async ({ page, request }) => {
    await page.goto('/listings');
    const page1 = await firstPage(request);
    const cards = results(page).cards;
    await expect(cards).toHaveCount(12);
    const { properties } = await gql<{
      properties: {
        edges: {
          node: {
            id: string;
            slug: string;
            bedrooms: number;
            bathrooms: number;
            originalPrice: number | null;
            listingType: string;
            availableNow: boolean;
            agent: { displayName: string; rating: number; reviewCount: number; isNew: boolean } | null;
          };
        }[];
      };
    }>(
      request,
      'query { properties(first: 12) { edges { node { id slug bedrooms bathrooms originalPrice listingType availableNow agent { displayName rating reviewCount isNew } } } } }',
    );
    for (const [index, { node }] of properties.edges.entries()) {
      const card = cards.nth(index);
      await expect(card.locator('h2 a')).toHaveAttribute('href', `/properties/${node.slug}`);
      // A day gone by is 'Available now' (issue 59 item 5), as the server's availableNow says.
      await expect(card).toContainText(node.availableNow ? 'Available now' : /Available [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      const beds = node.bedrooms === 0 ? 'Studio' : `${node.bedrooms} ${node.bedrooms === 1 ? 'bed' : 'beds'}`;
      const baths = `${node.bathrooms} ${node.bathrooms === 1 ? 'bath' : 'baths'}`;
      await expect(card).toContainText(`${beds} · ${baths}`);
      if (node.agent) {
        await expect(card.getByRole('link', { name: `Agent: ${node.agent.displayName}` })).toBeVisible();
        await expect(card).toContainText(node.agent.isNew ? 'Agent rating: New' : `Agent rating ${node.agent.rating.toFixed(1)}`);
      }
      if (node.originalPrice !== null) await expect(card.locator('s')).toContainText('$');
      if (node.listingType === 'FOR_SALE') await expect(card).not.toContainText('per month');
      else await expect(card).toContainText('per month');
    }
    expect(page1.edges.length).toBe(12);
  });

  test('signed out, the save heart sends the visitor to /login and back here', async ({ page }) => {
    await page.goto('/listings?borough=brooklyn');
    const card = results(page).cards.first();
    const heart = card.getByRole('button', { name: /^Save / });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(heart).toBeEnabled();
    await heart.click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/listings?borough=brooklyn')}`);
  });

  test('Contact Agent starts a message about the listing on /messages', async ({ page, request }) => {
    await page.goto('/listings');
    const first = (await firstPage(request)).edges[0]?.node;
    if (!first) throw new Error('the seed has no listings');
    const card = results(page).cards.first();
    await expect(card.getByRole('heading').getByRole('link')).toHaveAttribute('href', `/properties/${first.slug}`);
    await card.getByRole('button', { name: 'Contact Agent' }).click();
    // /messages needs sign-in: the signed-out visitor is asked to sign in, with the composer of this
    // listing as the way back.
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(`/messages?compose=${first.id}`)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In');
  });
});

type MapPoints = {
  placed: number;
  unplaced: number;
  points: Array<{ lat: number; lng: number; count: number; id: string | null }>;
};

/** Every result of a search as the map asks for it. */
async function mapPoints(request: APIRequestContext, filter: Record<string, unknown>): Promise<MapPoints> {
  const data = await gql<{ propertyMapPoints: MapPoints }>(
    request,
    'query P($filter: PropertyFilter) { propertyMapPoints(filter: $filter) { placed unplaced points { lat lng count id } } }',
    { filter },
  );
  return data.propertyMapPoints;
}

/** The counts drawn on the map's markers (a listing's pin counts 1). */
function markerCounts(map: Locator): Promise<number[]> {
  return map
    .locator('.map-price-marker[data-count]')
    .evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.count)));
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The listings page searched by a small area around a listing alone at its spot, with its pin drawn. */
async function aloneOnTheMap(page: Page, request: APIRequestContext) {
  const { points } = await mapPoints(request, {});
  const alone = points.find((p) => p.id !== null);
  if (!alone?.id) throw new Error('no listing alone at its spot');
  const d = 0.002;
  const bounds = [alone.lat + d, alone.lat - d, alone.lng + d, alone.lng - d].map((n) => n.toFixed(5)).join(',');
  await page.goto(`/listings?bounds=${bounds}`);
  const map = page.getByRole('region', { name: 'Map of listings' });
  const pin = map.locator(`.map-price-marker[data-marker-id="${alone.id}"]`);
  await expect(pin).toBeVisible({ timeout: 15_000 });
  return { alone: { ...alone, id: alone.id }, map, pin };
}

test.describe('the map', () => {
  test(
    'every result on the map: clusters add up to the results and zoom in on a click; the map fits the results unless the user moved it',
    { tag: '@map' },
    async ({ page, request }) => {
      const points = await mapPoints(request, {});
      await page.goto('/listings');
      const map = page.getByRole('region', { name: 'Map of listings' });
      await expect(map.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
      await expect(map.getByText('Map unavailable')).toHaveCount(0);
      // Fitted to the results, the markers' counts add up to every result with a location.
      await expect.poll(() => markerCounts(map).then(sum)).toBe(points.placed);
      expect(points.placed + points.unplaced).toBe(await shownCount(page));

      // A click on the biggest cluster zooms in on it (a move of the app's: no 'Search this area').
      const counts = await markerCounts(map);
      const biggest = Math.max(...counts);
      expect(biggest).toBeGreaterThan(1);
      const cluster = map.locator(`.map-cluster-marker[data-count="${biggest}"]`).first();
      const name = await cluster.getAttribute('aria-label');
      await cluster.click({ force: true });
      await expect(map.getByRole('button', { name: name ?? '' })).toHaveCount(0);
      await expect.poll(() => markerCounts(map).then((c) => c.length)).toBeGreaterThan(1);
      await expect(map.getByRole('button', { name: 'Search this area' })).toHaveCount(0);

      // Once the user drags the map, a change of the filters no longer moves it.
      const box = await map.boundingBox();
      if (!box) throw new Error('map has no box');
      const x = box.x + box.width / 2;
      const y = box.y + 200;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x - 80, y - 40, { steps: 6 });
      await page.mouse.up();
      await expect(map.getByRole('button', { name: 'Search this area' })).toBeVisible();
      await choose(page, 'Borough', 'Brooklyn');
      await expect.poll(() => query(page).borough).toBe('brooklyn');
      await expectCountMatches(page, request, { borough: 'BROOKLYN' });
      await expect(map.getByRole('button', { name: 'Search this area' })).toBeVisible();

      // 'Search this area' filters by the visible bounds.
      await map.getByRole('button', { name: 'Search this area' }).click();
      await expect.poll(() => query(page).bounds ?? '').toMatch(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/);
      const [north, south, east, west] = (query(page).bounds ?? '').split(',').map(Number);
      await expect(page.getByRole('button', { name: 'Remove filter Map area' })).toBeVisible();
      const inArea = await countFor(request, { borough: 'BROOKLYN', bounds: { north, south, east, west } });
      await expect(results(page).count).toHaveText(`${inArea} ${inArea === 1 ? 'property' : 'properties'}`);
    },
  );

  test(
    "a listing's pin and its card: hovering one marks the other; the pin opens the listing",
    { tag: '@map' },
    async ({ page, request }) => {
      // A listing alone at its spot, searched by a small area around it: its pin is drawn on its own.
      const { alone, map, pin } = await aloneOnTheMap(page, request);
      const card = results(page)
        .section.locator('li')
        .filter({ has: page.locator(`a[href*="/properties/"]`) });
      const listing = await gql<{ property: { slug: string; title: string } }>(
        request,
        'query L($id: ID!) { property(id: $id) { slug title } }',
        {
          id: alone.id,
        },
      );
      const itsCard = card.filter({ hasText: listing.property.title }).first();

      await itsCard.hover();
      await expect(pin).toHaveAttribute('data-highlighted', 'true');
      await page.mouse.move(0, 0);
      await expect(pin).not.toHaveAttribute('data-highlighted', 'true');

      await pin.hover({ force: true });
      await expect(itsCard).toHaveAttribute('data-map-hovered', 'true');
      await pin.click({ force: true });
      await expect(map.getByRole('link', { name: listing.property.title })).toHaveAttribute(
        'href',
        `/properties/${listing.property.slug}`,
      );
    },
  );

  test(
    "an open popup is drawn over every pin, and the neighborhoods' names over the clusters' bubbles (issue 59 item 5)",
    { tag: '@map' },
    async ({ page, request }) => {
      // A listing alone at its spot, in a small box around it: its pin drawn on its own, among its neighbours'.
      const { map, pin } = await aloneOnTheMap(page, request);
      await map.scrollIntoViewIfNeeded();
      await pin.click({ force: true });
      const popup = page.locator('.maplibregl-popup.map-listing-popup');
      await expect(popup.getByRole('link').first()).toBeVisible();
      // Every point of the popup is the popup's: no pin drawn after it covers any part of it.
      const covered = await popup.evaluate((el) => {
        const box = el.querySelector('.maplibregl-popup-content')!.getBoundingClientRect();
        const misses: string[] = [];
        for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9])
          for (const fy of [0.1, 0.3, 0.5, 0.7, 0.9]) {
            const x = box.left + box.width * fx;
            const y = box.top + box.height * fy;
            const top = document.elementFromPoint(x, y);
            if (top && !el.contains(top)) misses.push(`${Math.round(x)},${Math.round(y)}: ${top.className}`);
          }
        return misses;
      });
      expect(covered).toEqual([]);
      // The stacking of what is drawn over the map: a cluster's bubble, then a neighborhood's name, then a price, then the popup.
      const z = await map.evaluate((el) => {
        const of = (selector: string) => {
          const found = el.querySelector(selector);
          return found ? Number(getComputedStyle(found).zIndex) : null;
        };
        return {
          cluster: of('.maplibregl-marker.map-cluster-marker'),
          name: of('.maplibregl-marker.map-area-label'),
          // The lowest of the prices (a hovered or highlighted one is raised above the others).
          price: Math.min(
            ...[...el.querySelectorAll('.maplibregl-marker.map-price-marker:not(.map-cluster-marker)')].map((m) =>
              Number(getComputedStyle(m).zIndex),
            ),
          ),
          popup: of('.maplibregl-popup'),
        };
      });
      expect(z.name).toBe(2);
      expect(z.price).toBeGreaterThan(z.name!);
      expect(z.popup).toBeGreaterThan(z.price);
      expect(z.popup).toBe(5);
      if (z.cluster !== null) expect(z.cluster).toBeLessThan(z.name!);
    },
  );

  test(
    'drawing an area: corners by click, Done searches inside it, kept in the URL with a chip that removes it',
    { tag: '@map' },
    async ({ page, request }) => {
      await page.goto('/listings');
      const map = page.getByRole('region', { name: 'Map of listings' });
      await expect(map.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
      await map.getByRole('button', { name: 'Draw area' }).click();
      await expect(map.getByText('Click the map to add corners (0 of at least 3)')).toBeVisible();
      await expect(map.getByRole('button', { name: 'Done' })).toBeDisabled();
      const box = await map.boundingBox();
      if (!box) throw new Error('map has no box');
      // The map is sticky and taller than the space left under the filter bar: stay in its visible top part.
      await page.mouse.click(box.x + box.width * 0.25, box.y + 110);
      await page.mouse.click(box.x + box.width * 0.75, box.y + 110);
      await expect(map.getByText('Click the map to add corners (2 of at least 3)')).toBeVisible();
      await page.mouse.click(box.x + box.width * 0.5, box.y + 400);
      await expect(map.getByText('3 corners: add more, or press Done')).toBeVisible();
      await map.getByRole('button', { name: 'Done' }).click();

      await expect.poll(() => query(page).area ?? '').toMatch(/^-?[\d.]+,-?[\d.]+(;-?[\d.]+,-?[\d.]+){2}$/);
      const area = (query(page).area ?? '').split(';').map((pair) => {
        const [lat, lng] = pair.split(',').map(Number);
        return { lat, lng };
      });
      const chip = page.getByRole('button', { name: 'Remove filter Drawn area' });
      await expect(chip).toBeVisible();
      const inside = await countFor(request, { area });
      expect(inside).toBeLessThan(await countFor(request, {}));
      await expect(results(page).count).toHaveText(`${inside} ${inside === 1 ? 'property' : 'properties'}`);
      // The map's counts are those of the area too.
      const points = await mapPoints(request, { area });
      await expect.poll(() => markerCounts(map).then(sum)).toBe(points.placed);

      await chip.click();
      await expect.poll(() => query(page).area).toBeUndefined();
      await expectCountMatches(page, request, {});
    },
  );

  test('without WebGL the map says Map unavailable, quietly', async ({ page }) => {
    await page.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
        if (type === 'webgl2' || type === 'webgl') return null;
        return (getContext as (this: HTMLCanvasElement, type: string, ...args: unknown[]) => RenderingContext | null).call(
          this,
          type,
          ...rest,
        );
      } as typeof HTMLCanvasElement.prototype.getContext;
    });
    const warnings: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'warning') warnings.push(msg.text());
    });
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/listings');
    const map = page.getByRole('region', { name: 'Map of listings' });
    await expect(map.getByText('Map unavailable')).toBeVisible();
    await expect(results(page).cards.first()).toBeVisible();
    expect(warnings.some((text) => text.startsWith('Map unavailable'))).toBe(true);
    // A browser that cannot draw the map is not sent its code.
    expect(scripts.some((path) => path.includes('map-view'))).toBe(true);
    expect(scripts.filter((path) => /maplibre/.test(path))).toEqual([]);
  });

  test('at phone width the Map button covers no Contact Agent, and the last card can be used', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listings');
    const { section, cards } = results(page);
    await expect(cards).toHaveCount(12);
    const mapButton = page.getByRole('button', { name: 'Map', exact: true });
    await expect(mapButton).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const mapBox = await mapButton.boundingBox();
    if (!mapBox) throw new Error('the Map button has no box');
    const contacts = section.getByRole('button', { name: 'Contact Agent' });
    await expect(contacts).toHaveCount(12);
    const boxes = await contacts.evaluateAll((elements) =>
      elements.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      }),
    );
    const overlaps = (a: typeof mapBox, b: typeof mapBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(boxes.filter((box) => overlaps(mapBox, box))).toEqual([]);
    // Nothing else sits on the first card's button either: brought into view (the card's photo and
    // badges fill most of a phone's first screen), it is what a tap at its centre reaches.
    // Polled: the layout settles while the page's photos and map script arrive on a busy machine
    // (CI once saw something else there for a moment); the message names what is on the button.
    await contacts.first().scrollIntoViewIfNeeded();
    await expect(contacts.first()).toBeInViewport();
    await expect
      .poll(() =>
        contacts.first().evaluate((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          if (hit?.closest('button') === el) return 'the button';
          const at = `at (${Math.round(r.x + r.width / 2)}, ${Math.round(r.y + r.height / 2)}) of ${innerWidth}x${innerHeight}, scrollY ${Math.round(scrollY)}`;
          return `${hit ? hit.outerHTML.slice(0, 200) : 'nothing'} ${at}`;
        }),
      )
      .toBe('the button');

    // The last card's button can be scrolled to and pressed (a real click: nothing intercepts it).
    const last = contacts.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    const lastId = await cards.last().getAttribute('data-property-id');
    await last.click();
    await expect(page).toHaveURL(`/auth?redirect=${encodeURIComponent(`/messages?compose=${lastId}`)}`);
  });

  test("at phone width, 'Filters' opens every filter full-screen: a bedroom range and a move-in date reach the server (issue 59 item 1)", async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listings');
    await expect(results(page).cards.first()).toBeVisible();
    // No row of controls to scroll sideways: they are behind one button.
    await expect(page.getByRole('combobox', { name: 'Borough' })).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    expect(await sheet.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await sheet.getByRole('combobox', { name: 'Bedrooms' }).selectOption('1');
    await sheet.getByRole('radiogroup', { name: 'Bedrooms at most' }).getByRole('radio', { name: '2' }).click();
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await sheet.getByLabel('Move in by').fill(day);
    await expect.poll(() => query(page)).toEqual({ bedrooms: '1', maxBeds: '2', moveIn: day });
    // Its footer stays on screen, over nothing it hides: the last control scrolls up above it.
    await expect(sheet.getByRole('button', { name: 'Show results' })).toBeInViewport();
    await testInfo.attach('filters-sheet-390', { body: await page.screenshot(), contentType: 'image/png' });
    await sheet.getByRole('button', { name: 'Show results' }).click();
    await expect(sheet).toBeHidden();
    const matching = await expectCountMatches(page, request, { minBeds: 1, maxBeds: 2, moveInBy: day });
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(await countFor(request, { minBeds: 1 }));
    await expect(page.getByRole('button', { name: 'Remove filter At most 2 beds' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filters/ })).toContainText('3 active');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });

  test('at phone width in Spanish and Chinese, the Filters sheet speaks the language', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [lang, button, title, show] of [
      ['es', 'Filtros', 'Filtros', 'Ver resultados'],
      ['zh', '筛选', '筛选条件', '查看结果'],
    ] as const) {
      await page.goto(`/listings?lang=${lang}`);
      await page.getByRole('button', { name: new RegExp(`^${button}`) }).click();
      const sheet = page.getByRole('dialog', { name: title });
      await expect(sheet.getByRole('button', { name: show })).toBeVisible();
      await expect(sheet.getByRole('radiogroup').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await sheet.getByRole('button', { name: show }).click();
    }
  });

  test('at phone width the list comes first and the map is behind the Map button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/listings');
    await expect(results(page).cards.first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of listings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Map of listings' })).toBeVisible();
    await expect(results(page).section).toBeHidden();
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(results(page).cards.first()).toBeVisible();
  });
});

test('the listings page is accessible, with the map, chips and the More popover open', { tag: '@map' }, async ({ page }) => {
  await page.goto('/listings?borough=manhattan&bedrooms=1');
  await expect(results(page).cards.first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of listings' }).locator('.map-price-marker').first()).toBeAttached();
  await page.getByRole('button', { name: /^More/ }).click();
  await expect(page.getByRole('radio', { name: 'Any' }).first()).toBeVisible();
  await expectAccessible(page);
});

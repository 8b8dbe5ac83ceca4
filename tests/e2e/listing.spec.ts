import type { Page } from '@playwright/test';
import { DEMO_AGENT, expectSignedIn } from './auth-helpers.js';
import { ELEVEN_PHOTOS } from './e2e-data.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { allListings, gql, type ListingSummary } from './listings-helpers.js';
import { api, createAgentWithListing, deleteListing } from './messaging-factories.js';

let listings: ListingSummary[] | undefined;

/** Every active listing of the seed (read once per worker through GraphQL). */
async function seeded(page: Page): Promise<ListingSummary[]> {
  listings ??= await allListings(page.request);
  return listings;
}

async function listingWhere(page: Page, predicate: (listing: ListingSummary) => boolean): Promise<ListingSummary> {
  const found = (await seeded(page)).find(predicate);
  if (!found) throw new Error('No seeded listing matches');
  return found;
}

test.describe('listing detail', () => {
  test('by slug and by id: title, address, tiles, pricing, amenities, features, policies and the agent', async ({ page }) => {
    const listing = await listingWhere(page, (l) => l.photos.length > 1 && l.location !== null && l.agent !== null);
    const { property } = await gql<{
      property: {
        address: string;
        price: number;
        securityDeposit: number | null;
        totalMoveInCost: number;
        agent: { displayName: string; yearsExperience: number };
      };
    }>(
      page.request,
      'query P($id: ID!) { property(id: $id) { address price securityDeposit totalMoveInCost agent { displayName yearsExperience } } }',
      { id: listing.id },
    );

    await page.goto(`/properties/${listing.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    await expect(page.getByText(property.address).first()).toBeVisible();
    const price = `$${property.price.toLocaleString('en-US')}`;
    await expect(page.getByRole('definition').filter({ hasText: price }).first()).toBeVisible();
    for (const term of ['Beds', 'Baths', 'Lease Term'])
      await expect(page.getByRole('term').filter({ hasText: term })).toBeVisible();
    for (const heading of [
      'About this property',
      'Pricing & Terms',
      'Amenities',
      'Unit Features',
      'Policies',
      'Price History',
      'Location',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const term of [
      'Security Deposit',
      'Application Fee',
      'Broker Fee',
      'Available Date',
      'Utilities Included',
      'Pets',
      'Smoking',
      'Parking',
    ]) {
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    }
    if (property.totalMoveInCost > 0) {
      await expect(page.getByRole('term').filter({ hasText: 'Total move-in cost' })).toBeVisible();
    }
    const agent = page.getByRole('complementary', { name: 'Agent and contact' });
    await expect(agent.getByRole('link', { name: property.agent.displayName })).toBeVisible();
    await expect(agent).toContainText(
      `${property.agent.yearsExperience} ${property.agent.yearsExperience === 1 ? 'year' : 'years'} of experience`,
    );
    await expect(agent.getByRole('button', { name: 'Contact Agent' })).toBeEnabled();
    await expect(page.getByRole('region', { name: `Map showing ${listing.title}` })).toBeVisible();

    await page.goto(`/listing/${listing.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
  });

  test('the gallery wraps both ways, shows 8 thumbnails and +N, and the lightbox opens and closes', async ({ page }) => {
    // A listing that really has 11 photos (tests/e2e/data-factories.ts).
    const listing = await listingWhere(page, (l) => l.slug === ELEVEN_PHOTOS.slug);
    expect(listing.photos).toHaveLength(11);
    await page.goto(`/properties/${listing.slug}`);
    const gallery = page.getByRole('region', { name: 'Photos' });
    const main = gallery.getByRole('button', { name: /Open photo \d+ of 11 full screen/ });
    await expect(main).toHaveAccessibleName('Open photo 1 of 11 full screen');
    await gallery.getByRole('button', { name: 'Previous photo' }).click();
    await expect(main).toHaveAccessibleName('Open photo 11 of 11 full screen');
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(main).toHaveAccessibleName('Open photo 1 of 11 full screen');

    const thumbnails = gallery.getByRole('list', { name: 'Thumbnails' }).getByRole('button', { name: /^Show photo/ });
    await expect(thumbnails).toHaveCount(8);
    await thumbnails.nth(4).click();
    await expect(main).toHaveAccessibleName('Open photo 5 of 11 full screen');

    // '+3' opens the lightbox at the first photo without a thumbnail.
    const more = gallery.getByRole('button', { name: 'Show 3 more photos' });
    await expect(more).toHaveText('+3');
    await more.click();
    const dialog = page.getByRole('dialog', { name: listing.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Photo 9 of 11');
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await dialog.getByRole('button', { name: 'Next photo' }).click();
    await expect(dialog).toContainText('Photo 1 of 11');
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect(dialog).toContainText('Photo 11 of 11');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The main photo opens the lightbox at the photo shown.
    await main.click();
    await expect(page.getByRole('dialog')).toContainText('Photo 11 of 11');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('a listing without photos shows No photos; one without a location shows the map preview', async ({ page }) => {
    const noPhotos = await listingWhere(page, (l) => l.photos.length === 0);
    const noLocation = await listingWhere(page, (l) => l.location === null);
    // What the server says about them, read on their own: the outcome the page must show.
    const read = (id: string) =>
      gql<{ property: { photos: { id: string }[]; location: { lat: number } | null } }>(
        page.request,
        'query P($id: ID!) { property(id: $id) { photos { id } location { lat } } }',
        { id },
      );
    expect((await read(noPhotos.id)).property.photos).toEqual([]);
    expect((await read(noLocation.id)).property.location).toBeNull();

    await page.goto(`/properties/${noPhotos.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(noPhotos.title);
    await expect(page.getByText('No photos')).toBeVisible();
    await expect(page.getByRole('button', { name: /full screen/ })).toHaveCount(0);

    await page.goto(`/properties/${noLocation.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(noLocation.title);
    await expect(page.getByText('Map preview')).toBeVisible();
    await expect(page.getByRole('region', { name: /^Map showing/ })).toHaveCount(0);

    // The search page's card says 'No photos' too.
    await page.goto(`/listings?search=${encodeURIComponent(noPhotos.title)}`);
    const card = page.locator('article').filter({ hasText: noPhotos.title }).first();
    await expect(card.getByText('No photos')).toBeVisible();
  });

  test('a visit counts one view; coming back within the half hour does not', async ({ page, baseURL }) => {
    // One view per listing per visitor per 30 minutes: a listing of this test's own, whose count
    // its agent reads (the number is the owner's).
    const own = await createAgentWithListing(baseURL!, 'Vera');
    const views = async () =>
      (
        await api<{ property: { views: number } }>(baseURL!, own.token, 'query V($id: ID!) { property(id: $id) { views } }', {
          id: own.listing.id,
        })
      ).property.views;
    try {
      expect(await views()).toBe(0);
      await page.goto(`/properties/${own.listing.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.listing.title);
      await expect.poll(views).toBe(1);
      await page.waitForTimeout(300);
      expect(await views()).toBe(1);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(own.listing.title);
      await page.waitForLoadState('networkidle');
      expect(await views()).toBe(1);
    } finally {
      await deleteListing(baseURL!, own.token, own.listing.id);
    }
  });

  test('signed out, save sends the visitor to /login; Contact Agent opens the composer for the listing', async ({ page }) => {
    const listing = await listingWhere(page, (l) => l.agent !== null);
    await page.goto(`/properties/${listing.slug}`);
    const panel = page.getByRole('complementary', { name: 'Agent and contact' });
    const heart = panel.getByRole('button', { name: `Save ${listing.title}` });
    await expect(heart).toBeEnabled();
    await heart.click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/properties/${listing.slug}`)}`);

    await page.goto(`/properties/${listing.slug}`);
    await panel.getByRole('button', { name: 'Contact Agent' }).click();
    await expect(page).toHaveURL(
      new RegExp(encodeURIComponent(`/messages?compose=${listing.id}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
  });

  test("Contact Agent says 'Opening…' while the messages screen loads", async ({ page }) => {
    const listing = await listingWhere(page, (l) => l.agent !== null);
    await page.goto(`/properties/${listing.slug}`);
    // Hold back the messages screen's code so the busy state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/messages-*.js', async (route) => {
      await held;
      await route.fallback();
    });
    const panel = page.getByRole('complementary', { name: 'Agent and contact' });
    await panel.getByRole('button', { name: 'Contact Agent' }).click();
    const busy = panel.getByRole('button', { name: 'Opening…' });
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmessages%3Fcompose%3D/);
  });

  test.describe('signed in as the demo agent', () => {
    test.use({ account: DEMO_AGENT });
    test("the listing's own agent sees a disabled 'You are the agent', everywhere the listing shows", async ({ page }) => {
      const { agents } = await gql<{
        agents: { edges: { node: { displayName: string; listings: { edges: { node: { id: string; slug: string } }[] } } }[] };
      }>(
        page.request,
        '{ agents(first: 50) { edges { node { displayName listings(first: 1) { edges { node { id slug } } } } } } }',
      );
      const own = agents.edges.find((edge) => edge.node.displayName === DEMO_AGENT.name)?.node.listings.edges[0]?.node;
      if (!own) throw new Error('the demo agent has no active listing');
      // The server's rule (Property.viewerCanManage) for this viewer, through the context's session.
      const { property } = await gql<{ property: { viewerCanManage: boolean } }>(
        page.request,
        'query P($id: ID!) { property(id: $id) { viewerCanManage } }',
        { id: own.id },
      );
      expect(property.viewerCanManage).toBe(true);

      await page.goto(`/properties/${own.slug}`);
      await expectSignedIn(page, DEMO_AGENT.name);
      const panel = page.getByRole('complementary', { name: 'Agent and contact' });
      await expect(panel.getByRole('button', { name: 'You are the agent' })).toBeDisabled();
      await expect(panel.getByRole('button', { name: 'Contact Agent' })).toHaveCount(0);

      // Someone else's listing: Contact Agent as usual.
      const other = await listingWhere(page, (l) => l.agent !== null && l.agent.displayName !== DEMO_AGENT.name);
      await page.goto(`/properties/${other.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.title);
      await expect(panel.getByRole('button', { name: 'Contact Agent' })).toBeEnabled();
      await expect(panel.getByRole('button', { name: 'You are the agent' })).toHaveCount(0);
    });
  });

  test('at phone width a Contact Agent bar stays at the bottom', async ({ page }) => {
    const listing = await listingWhere(page, (l) => l.agent !== null);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/properties/${listing.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    const bar = page.locator('div.fixed').filter({ has: page.getByRole('button', { name: 'Contact Agent' }) });
    await expect(bar).toBeVisible();
    const box = await bar.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(800);
  });

  test("'Loading…' while a listing loads; an unknown listing shows Property not found.", async ({ page }) => {
    // A page opened from the address bar arrives rendered by the server; moving to a listing from
    // the list loads it in the browser, with its loading state.
    await page.goto('/');
    const card = page.locator('article[data-property-id]').first();
    const title = await card.getByRole('heading').innerText();
    // The app has taken the page over once its controls work (the heart waits for it).
    await expect(card.getByRole('button', { name: `Save ${title}` })).toBeEnabled();
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string };
      if (body.operationName === 'PropertyDetail') await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fallback();
    });
    await card.getByRole('heading').getByRole('link').click();
    await expect(page.locator('main p[role="status"]', { hasText: 'Loading…' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.goto('/properties/no-such-listing-anywhere');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property not found.');
    await page.goto('/listing/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Property not found.');
    await expectAccessible(page);
  });
});

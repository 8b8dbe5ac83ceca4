// The create/edit listing form (/create-listing, SPEC part 2, issue 8 points 1-5 and 10) in a real
// browser against the real server: axe on the validation errors, the map pin, the step bar following
// a scroll by hand, Save Draft, a full publish with three uploaded photos (one HEIC), editing, the
// source-of-income refusal, a missing listing. The form's logic (validation messages, money inputs,
// conditional fields and the move-in total, the signed-out state, the step bar's rules, autosave
// and restore, upload progress and errors, the toasts) is tested in the components project:
// client/src/features/listing-form/*.test.tsx.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { createRenter, signInContext, type NewAccount } from './accounts.js';
import { appPage, expect, expectAccessible, test as base } from './fixtures.js';
import { SCREENSHOTS } from './shots.js';
import { E2E_ORIGIN } from './origin.js';

const HEIC_FIXTURE = path.resolve('tests/fixtures/photo.heic');

/** One fresh renter per worker, signed in for every test of the signed-in blocks. */
const test = base.extend<{ renter: NewAccount }, { freshRenter: NewAccount }>({
  freshRenter: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
    async ({}, use) => {
      await use(await createRenter(E2E_ORIGIN, { firstName: 'Lister' }));
    },
    { scope: 'worker' },
  ],
  renter: async ({ freshRenter }, use) => use(freshRenter),
});

interface GqlAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

/** A GraphQL call as the page's signed-in user (the context's session cookie; Origin as a browser sends it). */
async function gqlAs<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/graphql', { data: { query, variables }, headers: { origin } });
  const body = (await res.json()) as GqlAnswer<T>;
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

const stepCounter = (page: Page) => page.getByRole('navigation', { name: 'Listing form steps' });
const headerSaveDraft = (page: Page) => page.getByTestId('save-draft-header');

function unique(label: string) {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function isoDateIn(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The required fields, with the address picked from the suggestions (fills borough, neighborhood, pin). */
async function fillRequired(page: Page, opts: { title: string; description?: string; price?: string }) {
  await page.getByLabel('Title').fill(opts.title);
  if (opts.description) await page.getByLabel('Description').fill(opts.description);
  const address = page.getByRole('combobox', { name: 'Address' });
  await address.fill('31st');
  await page.getByRole('option', { name: /26-26 31st Street/ }).click();
  await expect(address).toHaveValue('26-26 31st Street');
  await expect(page.getByLabel('Borough')).toHaveValue('QUEENS');
  await expect(page.getByLabel('Neighborhood')).toHaveValue('Astoria');
  await page.getByLabel('Monthly rent').fill(opts.price ?? '2750');
  await page.getByLabel('Available date').fill(isoDateIn(30));
  // Who pays the broker fee is never preselected (FARE Act): the agent says it.
  await page.getByRole('group', { name: 'Who pays the broker fee?' }).getByRole('radio', { name: 'No fee' }).check();
}

async function makeJpeg(color: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

test.describe('create listing, signed in', () => {
  test.use({ account: async ({ renter }, use) => use(renter) });

  test('validates on change and on submit with the spec messages and the Validation Error toast', async ({ page }) => {
    await page.goto('/create-listing');
    await expect(headerSaveDraft(page)).toBeEnabled();

    // Money inputs take digits only.
    const rent = page.getByLabel('Monthly rent');
    await rent.pressSequentially('12a3');
    await expect(rent).toHaveValue('123');
    // On change: a rent of 0, a negative square footage.
    await rent.fill('0');
    await expect(page.getByText('Price must be greater than 0')).toBeVisible();
    await page.getByLabel('Square feet (optional)').fill('-5');
    await expect(page.getByText('Square footage must be positive')).toBeVisible();
    await page.getByLabel('Square feet (optional)').fill('650');
    await expect(page.getByText('Square footage must be positive')).toHaveCount(0);
    // Beds and baths: steps of 0.5, 1 by default.
    await expect(page.getByLabel('Bedrooms')).toHaveValue('1');
    await expect(page.getByLabel('Bathrooms')).toHaveAttribute('step', '0.5');

    // On submit: every missing field, and a toast naming the first one.
    await headerSaveDraft(page).click();
    const toast = page.getByRole('status').filter({ hasText: 'Validation Error' }).first();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Title: Title is required');
    await expect(page.getByText('Available date is required')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Choose a neighborhood' })).toBeVisible();

    await page.getByLabel('Title').fill('Fixed title');
    await expect(page.getByText('Title is required')).toHaveCount(0);
    await expectAccessible(page);
  });

  test(
    'a click on the map places the pin and fills borough and neighborhood; dragging the pin moves it',
    { tag: '@map' },
    async ({ page }) => {
      await page.goto('/create-listing');
      const map = page.getByRole('region', { name: "Map: click to place the listing's pin" });
      await expect(map.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
      await expect(page.getByText('No pin placed yet.')).toBeVisible();
      // Locator clicks wait for the map to stop moving (the page may still be scrolling) first.
      const box = await map.boundingBox();
      if (!box) throw new Error('the map has no box');
      // The map opens on midtown Manhattan; a click in its middle is in Manhattan.
      const pinText = page.getByText(/^Pin at 40\.\d{5}, -73\.\d{5}$/);
      // Right after the map loads a first click is now and then not taken (about 1 run in 6 on CI);
      // a person clicks again, and so does the test.
      await expect(async () => {
        await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
        await expect(pinText).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByLabel('Borough')).toHaveValue('MANHATTAN');
      await expect(page.getByLabel('Neighborhood')).not.toHaveValue('');
      const first = await pinText.textContent();

      const pin = page.getByRole('img', { name: 'Listing location pin' });
      await pin.hover(); // the mouse is on the pin, which is stable
      await page.mouse.down();
      const at = (await pin.boundingBox())!;
      await page.mouse.move(at.x + at.width / 2 + 60, at.y + at.height / 2 + 40, { steps: 8 });
      await page.mouse.up();
      await expect(pinText).not.toHaveText(first ?? '');
    },
  );

  test('the step bar follows a scroll by hand; Previous, clicked where it is seen, goes back from there', async ({ page }) => {
    await page.goto('/create-listing');
    await expect(stepCounter(page)).toContainText('1 of 6');

    // Scrolling by hand sets the step to the most visible section (real layout and IntersectionObserver).
    await page.locator('#amenities').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await expect(stepCounter(page)).toContainText('4 of 6');
    await expect(page).toHaveURL(/[?&]step=amenities/);

    // Clicked where it is seen: locator.click() would first 'scroll into view' the sticky bar's button,
    // which moves the page (to the next step) before the click, as no person's click does.
    const previous = page.getByRole('button', { name: 'Previous' });
    const box = await previous.boundingBox();
    if (!box) throw new Error('Previous is not on screen');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(stepCounter(page)).toContainText('3 of 6');
    await expect(page).toHaveURL(/[?&]step=policies/);
    // replaceState: no history entries were added.
    const length = await page.evaluate(() => window.history.length);
    expect(length).toBeLessThanOrEqual(2);
  });

  test('Save Draft creates a draft, and a second save updates it', async ({ page }) => {
    await page.goto('/create-listing');
    const title = unique('Draft studio');
    await fillRequired(page, { title });
    await headerSaveDraft(page).click();
    await expect(page.getByText('Draft Saved!', { exact: true })).toBeVisible();
    await expect(page.getByText('Your listing has been saved as a draft.', { exact: true })).toBeVisible();

    type Drafts = { myListings: { items: Array<{ id: string; title: string; status: string; price: number }> } };
    const query = `query($search: String) { myListings(status: DRAFT, search: $search) { items { id title status price } } }`;
    const first = await gqlAs<Drafts>(page, query, { search: title });
    expect(first.myListings.items).toHaveLength(1);
    expect(first.myListings.items[0]).toMatchObject({ title, status: 'DRAFT', price: 2750 });

    await page.getByLabel('Monthly rent').fill('2800');
    await headerSaveDraft(page).click();
    await expect(page.getByText('Draft Saved!', { exact: true })).toBeVisible();
    await expect
      .poll(async () => (await gqlAs<Drafts>(page, query, { search: title })).myListings.items.map((i) => i.price))
      .toEqual([2800]);
  });

  test('the source-of-income refusal on publish names the phrase', async ({ page }) => {
    await page.goto('/create-listing');
    await fillRequired(page, { title: unique('Quiet 1BR'), description: 'Bright and quiet. No vouchers, sorry.' });
    await stepCounter(page).getByRole('button', { name: 'Photos & Media' }).click();
    await page.getByRole('button', { name: 'Publish Listing' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Validation Error' }).first();
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Remove "No vouchers"');
    await expect(
      page.locator('#basic').getByText(/Remove "No vouchers": a listing cannot refuse rental assistance/),
    ).toBeVisible();
  });

  test('editing a listing (?propertyId=) changes its price; a second tab opened before cannot undo it silently', async ({
    page,
  }) => {
    await page.goto('/create-listing');
    const title = unique('Editable 2BR');
    const created = await gqlAs<{ createListing: { id: string } }>(
      page,
      `mutation($input: ListingInput!) { createListing(input: $input, status: DRAFT) { id } }`,
      {
        input: {
          title,
          address: '26-26 31st Street',
          borough: 'QUEENS',
          neighborhood: 'Astoria',
          propertyType: 'APARTMENT',
          listingType: 'FOR_RENT',
          bedrooms: 2,
          bathrooms: 1,
          price: 3100,
          availableDate: isoDateIn(20),
          leaseTerm: 'ONE_YEAR',
          brokerFeePayer: 'NO_FEE',
          petPolicy: 'NO_PETS',
          parking: 'STREET',
          openHouses: [{ startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }],
        },
      },
    );
    const id = created.createListing.id;

    await page.goto(`/create-listing?propertyId=${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Listing' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Monthly rent')).toHaveValue('3100');
    await expect(page.getByLabel('Bedrooms')).toHaveValue('2');
    await expect(page.getByLabel('Open house 1 starts')).not.toHaveValue('');
    // A second tab on the same listing, opened before this one saves (issue 58 item 5).
    const other = await appPage(page.context());
    await other.goto(`/create-listing?propertyId=${id}`);
    await expect(other.getByLabel('Monthly rent')).toHaveValue('3100');
    await page.getByLabel('Monthly rent').fill('3350');
    await headerSaveDraft(page).click();
    await expect(page.getByText('Draft Saved!', { exact: true })).toBeVisible();
    const after = await gqlAs<{ property: { price: number; title: string; openHouses: unknown[] } }>(
      page,
      `query($id: ID!) { property(id: $id) { price title openHouses { id } } }`,
      { id },
    );
    expect(after.property).toMatchObject({ price: 3350, title });
    expect(after.property.openHouses).toHaveLength(1);

    // The other tab changes the description only: refused, it shows the rent the first tab saved.
    await other.getByLabel(/^Description/).fill('Renovated kitchen, south light.');
    await headerSaveDraft(other).click();
    const conflict = other
      .getByRole('alert')
      .filter({ has: other.getByRole('heading', { name: 'Someone else changed this listing' }) });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole('row', { name: /Monthly rent/ })).toContainText('$3,350');
    await expect(conflict.getByRole('row', { name: /Monthly rent/ })).toContainText('$3,100');
    if (SCREENSHOTS) {
      await other.screenshot({ path: 'test-results/edit-conflict-1280.png' });
      await other.setViewportSize({ width: 390, height: 844 });
      await conflict.scrollIntoViewIfNeeded();
      await other.screenshot({ path: 'test-results/edit-conflict-390.png' });
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
    expect(
      (await gqlAs<{ property: { price: number } }>(page, `query($id: ID!) { property(id: $id) { price } }`, { id })).property
        .price,
    ).toBe(3350);
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await expect(other.getByLabel('Monthly rent')).toHaveValue('3350');
    await other.close();
  });

  test('a photo over 15 MB is shrunk in the browser and uploaded, not refused (issue 59 item 7)', async ({ page }) => {
    test.setTimeout(60_000);
    // Noise does not compress: a 3,200 × 2,400 JPEG of it at full quality is over 15 MB (a phone photo of fine detail).
    const { data, info } = await sharp({
      create: {
        width: 3200,
        height: 2400,
        channels: 3,
        background: { r: 128, g: 128, b: 128 },
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const huge = await sharp(data, { raw: info }).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    expect(huge.length).toBeGreaterThan(15 * 1024 * 1024);
    await page.goto('/create-listing?step=media');
    await page.getByTestId('photo-input').setInputFiles({ name: 'phone-photo.jpg', mimeType: 'image/jpeg', buffer: huge });
    const photo = page.getByRole('list', { name: 'Listing photos' }).getByRole('listitem');
    await expect(photo).toHaveCount(1);
    await expect(page.locator('[data-photo-status="done"]')).toHaveCount(1, { timeout: 45_000 });
    await expect(page.locator('[data-photo-status="error"]')).toHaveCount(0);
  });

  test.describe('publishing', () => {
    // The refused upload below (415) is logged by the browser as a failed resource.
    test.use({ expectedFailures: [/status of 415/] });
    test(
      'publishes a listing from empty with three photos (one HEIC), seen in search and on the manage query',
      { tag: '@map' },
      async ({ page }) => {
        test.setTimeout(60_000);
        await page.goto('/create-listing');
        const title = unique('Published sunny 1BR');
        await fillRequired(page, { title, description: 'A bright one-bedroom near the N/W trains.' });
        await page.getByLabel('Square feet (optional)').fill('640');
        await page.getByRole('radio', { name: 'Landlord' }).check();
        await page.getByLabel('Pet policy').selectOption({ label: 'Pets Allowed' });
        await page.getByRole('checkbox', { name: 'Cats' }).check();
        await page.getByRole('checkbox', { name: 'Elevator' }).check();
        await page.getByRole('checkbox', { name: 'Dishwasher' }).first().check();

        await stepCounter(page).getByRole('button', { name: 'Photos & Media' }).click();
        const red = await makeJpeg({ r: 200, g: 40, b: 40 });
        const png = await sharp({ create: { width: 500, height: 400, channels: 3, background: { r: 40, g: 160, b: 80 } } })
          .png()
          .toBuffer();
        await page.getByTestId('photo-input').setInputFiles([
          { name: 'living-room.jpg', mimeType: 'image/jpeg', buffer: red },
          { name: 'kitchen.png', mimeType: 'image/png', buffer: png },
          { name: 'photo.heic', mimeType: 'image/heic', buffer: await fs.readFile(HEIC_FIXTURE) },
        ]);
        const photos = page.getByRole('list', { name: 'Listing photos' }).getByRole('listitem');
        await expect(photos).toHaveCount(3);
        // A file that is not a photo: the server's reason on the thumbnail, then removed.
        await page
          .getByTestId('photo-input')
          .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') });
        await expect(photos).toHaveCount(4);
        const refused = page.locator('[data-photo-status="error"]');
        await expect(refused.getByRole('alert')).toContainText('Upload failed: notes.jpg');
        await expect(refused.getByRole('alert')).toContainText(/JPEG, PNG, WebP and HEIC/);
        await refused.getByRole('button', { name: /^Remove photo/ }).click();
        await expect(photos).toHaveCount(3);
        await expect(page.locator('[data-photo-status="done"]')).toHaveCount(3, { timeout: 30_000 });
        // The HEIC one becomes the cover by the keyboard-reachable button.
        const heicIndex = await photos.evaluateAll((items) =>
          items.findIndex((li) => li.querySelector('img')?.alt.includes('photo.heic')),
        );
        expect(heicIndex).toBeGreaterThanOrEqual(0);
        if (heicIndex > 0) await page.getByRole('button', { name: `Make photo ${heicIndex + 1} the cover` }).click();
        await page.getByRole('button', { name: 'Move photo 2 right' }).click();

        await page.getByLabel('Virtual tour URL (optional)').fill('https://example.com/tour');
        await page.getByRole('button', { name: 'Add open house' }).click();
        await page.getByLabel('Open house 1 starts').fill('2030-06-01T14:00');
        await page.getByLabel('Open house 1 ends').fill('2030-06-01T15:30');
        await expectAccessible(page);

        await page.getByRole('button', { name: 'Publish Listing' }).click();
        await expect(page).toHaveURL(/\/me\/listings$/);
        await expect(page.getByText('Your listing has been created successfully.', { exact: true })).toBeVisible();

        type Mine = {
          myListings: {
            items: Array<{ id: string; title: string; status: string; photos: Array<{ url: string }>; openHouses: unknown[] }>;
          };
        };
        const mine = await gqlAs<Mine>(
          page,
          `query($search: String) { myListings(status: ACTIVE, search: $search) { items { id title status photos { url } openHouses { id } } } }`,
          { search: title },
        );
        expect(mine.myListings.items).toHaveLength(1);
        const listing = mine.myListings.items[0]!;
        expect(listing.photos).toHaveLength(3);
        expect(listing.openHouses).toHaveLength(1);

        const found = await gqlAs<{ properties: { edges: Array<{ node: { id: string } }> } }>(
          page,
          `query($filter: PropertyFilter) { properties(filter: $filter, first: 5) { edges { node { id } } } }`,
          { filter: { search: title } },
        );
        expect(found.properties.edges.map((e) => e.node.id)).toContain(listing.id);

        // Where a person sees it: on the manage screen, in the search list, and as a marker on the map.
        await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
        await page.goto(`/?search=${encodeURIComponent(title)}`);
        await expect(page.locator('main').getByRole('link', { name: title }).first()).toBeVisible();
        // Its card shows the photo's blurred preview (thumbhash) while the photo loads.
        const cardPhoto = page.getByRole('img', { name: `${title}, photo 1 of 3` });
        await expect(cardPhoto).toHaveAttribute('style', /background-image: ?url\("?data:image\/png;base64,/);
        const map = page.getByRole('region', { name: 'Map of listings' });
        await expect(map.getByText('Loading map...')).toBeHidden({ timeout: 15_000 });
        await expect(map.locator(`.map-price-marker[data-marker-id="${listing.id}"]`)).toBeAttached();

        // Opened again to edit, the live listing's last step saves changes: it is published already (issue 59 item 7).
        await page.goto(`/create-listing?propertyId=${listing.id}&step=media`);
        await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Publish Listing' })).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Add photos' })).toBeEnabled();

        // The listing goes again, so the spec files after this one see only the seed's listings.
        const deleted = await gqlAs<{ deleteListing: { id: string } }>(
          page,
          'mutation($id: ID!) { deleteListing(id: $id) { id } }',
          {
            id: listing.id,
          },
        );
        expect(deleted.deleteListing.id).toBe(listing.id);

        // Local draft entries are gone after the publish: a new form is empty.
        await page.goto('/create-listing');
        await expect(page.getByLabel('Title')).toHaveValue('');
      },
    );
  });
});

// Issue 59 item 7: a form left in one browser is offered in another once its person signs in there.
base(
  'a listing form typed in one browser is offered in another, and continues from where it was',
  async ({ browser, baseURL }) => {
    if (!baseURL) throw new Error('needs baseURL');
    const agent = await createRenter(baseURL, { firstName: 'Drafty', role: 'agent' });
    const title = unique('Two browsers loft');
    const first = await browser.newContext({ baseURL });
    const second = await browser.newContext({ baseURL });
    try {
      await signInContext(first, baseURL, agent);
      const one = await appPage(first);
      await one.goto('/create-listing');
      await one.getByLabel('Title').fill(title);
      await one.getByLabel('Monthly rent').fill('3100');
      // Kept on the server a few seconds after the last keystroke.
      await expect
        .poll(
          async () => {
            const res = await one.request.post('/graphql', {
              data: { query: 'query { listingFormDraft(key: "new") { draft } }' },
              headers: { origin: new URL(one.url()).origin },
            });
            return (
              ((await res.json()) as { data?: { listingFormDraft?: { draft: string } | null } }).data?.listingFormDraft?.draft ??
              ''
            );
          },
          { timeout: 15_000 },
        )
        .toContain(title);

      await signInContext(second, baseURL, agent);
      const two = await appPage(second);
      await two.goto('/create-listing');
      const offer = two.getByRole('status').filter({ hasText: 'You have a draft of this form' });
      await expect(offer).toBeVisible();
      await expect(two.getByLabel('Title')).toHaveValue('');
      await offer.getByRole('button', { name: 'Continue it' }).click();
      await expect(two.getByLabel('Title')).toHaveValue(title);
      await expect(two.getByLabel('Monthly rent')).toHaveValue(/^3,?100$/);
      await expect(offer).toHaveCount(0);
    } finally {
      await first.close();
      await second.close();
    }
  },
);

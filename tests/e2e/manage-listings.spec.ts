// The manage screen at /me/listings (SPEC part 2, issue 8 points 7 and 10): a fresh account whose
// listings are made through the real GraphQL API (and photos through POST /api/uploads), then the
// stats, every card field, search, tabs, sorts, paging, the actions with their toasts, the empty and
// error states, axe, and a phone-width layout.
import type { Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { createRenter, emulatorSignIn, signInContext, type NewAccount } from './accounts.js';
import { expect, expectAccessible, test } from './fixtures.js';
import { choose, query } from './listings-helpers.js';
import { SCREENSHOTS } from './shots.js';
import { E2E_ADMIN, ensureAdminIdentity } from './trust-factories.js';
import { dayIn } from '../factories/listing-input.js';

/** Desktop and phone screenshots of the page as it is, with SCREENSHOTS=1 (the viewport is put back). */
async function shots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/manage-screens/${name}-${label}.png` });
  }
  if (size) await page.setViewportSize(size);
}

const DRAFTS = 11;
const TITLE = (n: number) => `Maple loft #${n}`;
const PRICE = (n: number) => 1500 + n * 125;

interface Made {
  account: NewAccount;
  token: string;
  drafts: { id: string; title: string; price: number }[];
  /** Published listings (they need a photo: null when POST /api/uploads is not there yet). */
  active: { id: string; title: string }[];
}

async function api<T>(baseURL: string, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await fetch(new URL('/graphql', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

function listingInput(n: number, overrides: Record<string, unknown> = {}) {
  return {
    title: TITLE(n),
    address: `${n} Orchard Street`,
    borough: 'MANHATTAN',
    neighborhood: 'Lower East Side',
    propertyType: 'APARTMENT',
    listingType: 'FOR_RENT',
    bedrooms: n % 3,
    bathrooms: 1,
    sqft: 500 + n * 10,
    price: PRICE(n),
    availableDate: dayIn(10),
    leaseTerm: 'ONE_YEAR',
    brokerFeePayer: n % 2 === 0 ? 'NO_FEE' : 'TENANT',
    brokerFee: n % 2 === 0 ? null : 1000,
    petPolicy: 'NO_PETS',
    parking: 'STREET',
    description: 'A bright apartment with good light, close to the subway.',
    ...overrides,
  };
}

const CREATE = `mutation C($input: ListingInput!, $status: ListingStatus) {
  createListing(input: $input, status: $status) { id title price }
}`;

/** A photo uploaded by the account, or null when the upload route is not there (404). */
async function uploadPhoto(baseURL: string, token: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 70, g: 120, b: 180 } } })
    .jpeg({ quality: 70 })
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'front.jpg');
  const res = await fetch(new URL('/api/uploads', baseURL), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, origin: new URL(baseURL).origin },
    body: form,
  });
  if (!res.ok) throw new Error(`POST /api/uploads answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

async function makeAccountWithListings(baseURL: string): Promise<Made> {
  const account = await createRenter(baseURL, { firstName: 'Morgan', lastName: 'Manager' });
  const { idToken: token } = await emulatorSignIn(account);
  const drafts: Made['drafts'] = [];
  // One at a time, so 'newest' is creation order.
  for (let n = 1; n <= DRAFTS; n++) {
    const { createListing } = await api<{ createListing: Made['drafts'][number] }>(baseURL, token, CREATE, {
      // Draft 3 refuses rental assistance, which a draft may say and a live listing may not.
      input: listingInput(n, n === 3 ? { description: 'A bright apartment. No vouchers.' } : {}),
      status: 'DRAFT',
    });
    drafts.push(createListing);
  }
  const active: Made['active'] = [];
  // Published listings show in search: a tag of this run keeps their titles apart from other runs'.
  const tag = account.uid.replace(/[^a-z]/gi, '').slice(0, 6);
  const photo = await uploadPhoto(baseURL, token);
  for (const n of [21, 22]) {
    const { createListing } = await api<{ createListing: { id: string; title: string } }>(baseURL, token, CREATE, {
      input: listingInput(n, {
        title: `Harbor view #${n} ${tag}`,
        address: `${n} Water Street`,
        photos: [{ url: photo }],
        otherFees: [
          { label: 'Move-in fee', amount: 200, frequency: 'ONE_TIME' },
          { label: 'Amenity fee', amount: 45, frequency: 'MONTHLY' },
        ],
      }),
      status: 'ACTIVE',
    });
    active.push(createListing);
  }
  return { account, token, drafts, active };
}

/** The operations named `name` the page sends from now on. */
function watchOperations(page: Page, name: string): { variables: Record<string, unknown> }[] {
  const seen: { variables: Record<string, unknown> }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string; variables?: Record<string, unknown> } | null;
    if (body?.operationName === name) seen.push({ variables: body.variables ?? {} });
  });
  return seen;
}

const cards = (page: Page) => page.getByRole('tabpanel').getByRole('article');
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const toast = (page: Page) => page.locator('.toast-root[data-state="open"]');

// The signed-out screen: client/src/app/routes/signed-out-screens.test.tsx.

test.describe.serial('an owner with listings', () => {
  let made: Made;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(60_000);
    made = await makeAccountWithListings(baseURL ?? '');
  });

  // The published listings are the newest of the site: they leave, so later spec files (search, the
  // map) see the seed's listings only.
  test.afterAll(async ({ baseURL }) => {
    if (!made) return;
    const { idToken } = await emulatorSignIn(made.account);
    const { myListings } = await api<{ myListings: { items: { id: string }[] } }>(
      baseURL ?? '',
      idToken,
      '{ myListings(pageSize: 50) { items { id } } }',
    );
    for (const { id } of myListings.items) {
      await api(baseURL ?? '', idToken, 'mutation D($id: ID!) { deleteListing(id: $id) { id } }', { id });
    }
  });

  test.beforeEach(async ({ page, baseURL }) => {
    await signInContext(page.context(), baseURL ?? '', made.account);
  });

  const total = () => DRAFTS + made.active.length;

  test('stats, the first page of cards with every field, View and Edit; axe', async ({ page }) => {
    await page.goto('/me/listings');
    await expect(page.getByRole('link', { name: 'Add New Listing' })).toHaveAttribute('href', '/create-listing');
    const stats = page.getByRole('region', { name: 'Listing stats' });
    await expect(stats.getByRole('definition').nth(0)).toHaveText(String(total()));
    await expect(stats.getByRole('term')).toHaveText(['Total Listings', 'Total Views', 'Inquiries', 'Occupancy Rate']);
    await expect(stats.getByRole('definition').nth(1)).toHaveText('0');
    await expect(stats.getByRole('definition').nth(2)).toHaveText('0');
    await expect(stats.getByRole('definition').nth(3)).toHaveText('0%');
    // What the rate measures is said (issue 59 item 2).
    await expect(stats).toContainText('Published listings now off the market');

    await expect(cards(page)).toHaveCount(9);
    await expect(page.getByText(`Showing 1–9 of ${total()} listings`)).toBeVisible();
    // Newest first: the last listing made (the second published one).
    const newest = made.active[made.active.length - 1]!;
    await expect(cards(page).first()).toHaveAttribute('data-listing-id', newest.id);

    const last = made.drafts[DRAFTS - 1]!; // n = 11: 2 beds, tenant pays the broker fee
    const c = card(page, last.title);
    await expect(c).toContainText('Draft');
    await expect(c).toContainText('$2,875 per month');
    await expect(c).toContainText('11 Orchard Street');
    await expect(c).toContainText('2 beds · 1 bath');
    await expect(c).toContainText('610 sq ft');
    await expect(c).toContainText('0 views');
    await expect(c).toContainText('0 inquiries');
    await expect(c).toContainText('0 saves');
    await expect(c).toContainText(/Created (just now|\d+ (seconds?|minutes?) ago)/);
    await expect(c.getByTestId('photo-placeholder')).toHaveText('No photos');
    await expect(c).not.toContainText('No fee');
    await expect(card(page, TITLE(10))).toContainText('No fee');
    await expect(c.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `/properties/${last.id}`);
    await expect(c.getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', `/create-listing?propertyId=${last.id}`);

    const published = card(page, made.active[0]!.title);
    await expect(published).toContainText('Active');
    await expect(published.locator('img')).toHaveJSProperty('complete', true);
    await expect(published.getByTestId('photo-placeholder')).toHaveCount(0);
  });

  test('search waits 300 ms, goes to the URL and back to page 1; the no-match state', async ({ page }) => {
    await page.goto('/me/listings?page=2');
    await expect(page.getByText(/^Showing 10–/)).toBeVisible();
    const requests = watchOperations(page, 'MyListings');
    await page.getByRole('searchbox', { name: 'Search your listings' }).pressSequentially('loft #1', { delay: 40 });
    await expect(cards(page)).toHaveCount(3); // #1, #10, #11
    expect(query(page)).toEqual({ search: 'loft #1' });
    // One request for the settled text, none for the keystrokes before it.
    expect(requests.map((r) => r.variables.search)).toEqual(['loft #1']);

    // The address matches too, whatever the case.
    await page.getByRole('searchbox', { name: 'Search your listings' }).fill('7 ORCHARD');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toHaveAccessibleName(TITLE(7));

    await page.getByRole('searchbox', { name: 'Search your listings' }).fill('no such place');
    await expect(page.getByRole('heading', { name: 'No listings found' })).toBeVisible();
    await expect(page.getByText('No listings match "no such place". Try adjusting your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(cards(page)).toHaveCount(9);
    expect(query(page)).toEqual({});
    await expect(page.getByRole('searchbox', { name: 'Search your listings' })).toHaveValue('');
  });

  test('tabs filter by status in the URL (pending is drafts); the sorts', async ({ page }) => {
    await page.goto('/me/listings?status=pending');
    await expect(page.getByRole('tab', { name: 'Drafts', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText(`Showing 1–9 of ${DRAFTS} listings`)).toBeVisible();

    await page.getByRole('tab', { name: 'Inactive', exact: true }).click();
    expect(query(page)).toEqual({ status: 'inactive' });
    await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
    await expect(page.getByText('Get started by creating your first property listing.')).toBeVisible();

    await page.getByRole('tab', { name: 'Saved', exact: true }).click();
    expect(query(page)).toEqual({ status: 'saved' });
    await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();

    await page.getByRole('tab', { name: 'Active', exact: true }).click();
    expect(query(page)).toEqual({ status: 'active' });
    await expect(cards(page)).toHaveCount(made.active.length);

    await page.getByRole('tab', { name: 'All', exact: true }).click();
    expect(query(page)).toEqual({});
    await expect(cards(page)).toHaveCount(9);

    await choose(page, 'Sort by', 'Price: Low to High');
    expect(query(page)).toEqual({ sort: 'price-asc' });
    await expect(cards(page).first()).toHaveAccessibleName(TITLE(1));
    await choose(page, 'Sort by', 'Price: High to Low');
    expect(query(page)).toEqual({ sort: 'price-desc' });
    await expect(cards(page).first()).toHaveAccessibleName(made.active[1]!.title);
    await choose(page, 'Sort by', 'Most Viewed');
    expect(query(page)).toEqual({ sort: 'views' });
    await expect(cards(page)).toHaveCount(9);
    await choose(page, 'Sort by', 'Newest');
    expect(query(page)).toEqual({});
  });

  test('paging: 9 a page, Next and Previous in the URL', async ({ page }) => {
    await page.goto('/me/listings');
    await expect(cards(page)).toHaveCount(9);
    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await pagination.getByRole('link', { name: 'Next' }).click();
    expect(query(page)).toEqual({ page: '2' });
    await expect(cards(page)).toHaveCount(total() - 9);
    await expect(page.getByText(`Showing 10–${total()} of ${total()} listings`)).toBeVisible();
    await pagination.getByRole('link', { name: 'Previous' }).click();
    expect(query(page)).toEqual({});
    await expect(cards(page)).toHaveCount(9);
  });

  test('duplicate, a refused activation with the server reason, delete with its confirmation', async ({ page }) => {
    await page.goto('/me/listings?search=loft+%233');
    await expect(cards(page)).toHaveCount(1);
    const stats = page.getByRole('region', { name: 'Listing stats' });
    await expect(stats.getByRole('definition').first()).toHaveText(String(total()));

    await page.getByRole('button', { name: `More actions for ${TITLE(3)}` }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(toast(page)).toContainText('Listing Duplicated');
    const copy = card(page, `${TITLE(3)} (copy)`);
    await expect(copy).toBeVisible();
    await expect(copy).toContainText('Draft');
    await expect(stats.getByRole('definition').first()).toHaveText(String(total() + 1));

    // A draft refusing rental assistance cannot go live: the server's reason is the toast's text.
    await page.getByRole('button', { name: `More actions for ${TITLE(3)} (copy)` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await expect(toast(page)).toContainText('Error');
    await expect(toast(page)).toContainText('Remove "No vouchers": a listing cannot refuse rental assistance');
    await expect(copy).toContainText('Draft');

    const lists = watchOperations(page, 'MyListings');
    await page.getByRole('button', { name: `More actions for ${TITLE(3)} (copy)` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this listing?' });
    await expect(dialog).toContainText(`“${TITLE(3)} (copy)” will be deleted permanently`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: `More actions for ${TITLE(3)} (copy)` })).toBeFocused();
    await expect(copy).toBeVisible();

    await page.getByRole('button', { name: `More actions for ${TITLE(3)} (copy)` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(copy).toHaveCount(0);
    await expect(toast(page)).toContainText('Listing Deleted');
    await expect(stats.getByRole('definition').first()).toHaveText(String(total()));
    await expect(cards(page)).toHaveCount(1);
    expect(lists, 'the list is not fetched again after a delete').toEqual([]);
  });

  test('deactivate and reactivate: the toasts, and the card leaves the filtered tab without a refetch', async ({ page }) => {
    const listing = made.active[0]!;
    await page.goto('/me/listings?status=active');
    await expect(cards(page)).toHaveCount(made.active.length);
    const lists = watchOperations(page, 'MyListings');

    await page.getByRole('button', { name: `More actions for ${listing.title}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    // Asked first, naming who will be told (issue 58 item 4): nobody here.
    const dialog = page.getByRole('alertdialog', { name: 'Deactivate this listing?' });
    await expect(dialog).toContainText('Nobody has an upcoming tour, an RSVP or a conversation about it.');
    await shots(page, 'deactivate-dialog');
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(card(page, listing.title)).toHaveCount(0);
    await expect(toast(page)).toContainText('Status Updated');
    await expect(toast(page)).toContainText('Listing deactivated successfully');
    await expect(cards(page)).toHaveCount(made.active.length - 1);
    expect(lists, 'no refetch of the list').toEqual([]);
    const stats = page.getByRole('region', { name: 'Listing stats' });
    await expect(stats.getByRole('definition').nth(3)).toHaveText('50%');

    await page.getByRole('tab', { name: 'Inactive', exact: true }).click();
    const inactive = card(page, listing.title);
    await expect(inactive).toContainText('Inactive');
    await page.getByRole('button', { name: `More actions for ${listing.title}` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    await expect(toast(page)).toContainText('Listing reactivated successfully');
    await expect(inactive).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
    await expect(stats.getByRole('definition').nth(3)).toHaveText('0%');
  });

  test("'No fee' on the search card and the detail page, with the other fees and who pays the broker", async ({ page }) => {
    const [tenantPays, noFee] = [made.active[0]!, made.active[1]!]; // n = 21 (tenant pays), n = 22 (no fee)
    await page.goto(`/listings?search=${encodeURIComponent(noFee.title)}`);
    const searchCard = (title: string) =>
      page.locator('article').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(searchCard(noFee.title)).toContainText('No fee');
    await page.goto(`/listings?search=${encodeURIComponent(tenantPays.title)}`);
    await expect(searchCard(tenantPays.title)).toBeVisible();
    await expect(searchCard(tenantPays.title)).not.toContainText('No fee');

    await page.goto(`/properties/${noFee.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(noFee.title);
    const pricing = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Pricing & Terms' }) });
    await expect(page.getByRole('definition').filter({ hasText: '$4,250' }).first()).toContainText('No fee');
    const row = (term: string) =>
      pricing
        .locator('dl > div')
        .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole('definition');
    await expect(row('Broker Fee')).toHaveText('No fee');
    await expect(row('Move-in fee')).toHaveText('$200 one-time');
    await expect(row('Amenity fee')).toHaveText('$45 per month');

    await page.goto(`/properties/${tenantPays.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenantPays.title);
    await expect(row('Broker Fee')).toHaveText('$1,000 (Tenant pays)');
    await expect(page.getByText('No fee')).toHaveCount(0);
  });

  test.describe('failures', () => {
    test.use({ expectedFailures: [/status of 500/] });

    test('a failed delete brings the card back with its toast; list and stats errors offer a retry', async ({ page }) => {
      let failing = true;
      await page.route('**/graphql', async (route) => {
        const body = route.request().postDataJSON() as { operationName?: string } | null;
        if (failing && ['DeleteListing', 'MyListings', 'ListingStats'].includes(body?.operationName ?? '')) {
          await route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":[{"message":"down"}]}' });
          return;
        }
        await route.fallback();
      });
      // Reached from another page, so the browser asks for the list and the numbers (a page loaded at
      // /me/listings arrives with them, rendered by the server: tests/e2e/ssr.spec.ts).
      await page.goto('/me/ratings');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Account menu for / })
        .click();
      await page.getByRole('menuitem', { name: 'Manage Listings' }).click();
      await expect(page.getByRole('heading', { name: 'Failed to fetch listings' })).toBeVisible();
      await expect(page.getByText('Failed to fetch stats')).toBeVisible();
      failing = false;
      await page.getByRole('button', { name: 'Retry' }).last().click();
      await page.getByRole('button', { name: 'Retry' }).first().click();
      await expect(cards(page)).toHaveCount(9);
      await expect(page.getByRole('region', { name: 'Listing stats' }).getByRole('definition').first()).toHaveText(
        String(total()),
      );

      failing = true;
      const first = cards(page).first();
      const title = (await first.getByRole('heading').textContent()) ?? '';
      await page.getByRole('button', { name: `More actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page)).toContainText('Failed to delete listing');
      await expect(card(page, title)).toBeVisible();
    });
  });

  // Last: the hidden listing leaves search, which the tests above read.
  test("hidden by a moderator: not 'Active', the moderator's note, and a review asked for (issue 58 item 8)", async ({
    page,
    baseURL,
  }) => {
    const listing = made.active[1]!;
    await ensureAdminIdentity();
    const { idToken } = await emulatorSignIn(E2E_ADMIN);
    await api(
      baseURL ?? '',
      idToken,
      'mutation H($id: ID!, $note: String) { moderateListing(propertyId: $id, action: HIDE, note: $note) { id } }',
      {
        id: listing.id,
        note: 'The photos show another apartment.',
      },
    );
    await page.goto('/me/listings?status=active');
    const hidden = card(page, listing.title);
    await expect(hidden).toContainText('Hidden by moderation');
    await expect(hidden).toContainText("Moderator's note: The photos show another apartment.");
    await hidden.getByRole('button', { name: `Ask for a review ${listing.title}` }).click();
    await expect(hidden.getByRole('status')).toHaveText('Review requested: a moderator will look at it');
    await hidden.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shots(page, 'hidden-listing');
  });
});

test('a new account: the empty state and zero stats; the phone layout', async ({ page, baseURL }) => {
  const account = await createRenter(baseURL ?? '', { firstName: 'Emery', lastName: 'Empty' });
  await signInContext(page.context(), baseURL ?? '', account);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/me/listings');
  await expect(page.getByRole('heading', { name: 'No listings yet' })).toBeVisible();
  await expect(page.getByText('Get started by creating your first property listing.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create Your First Listing' })).toHaveAttribute('href', '/create-listing');
  const stats = page.getByRole('region', { name: 'Listing stats' });
  await expect(stats.getByRole('definition')).toHaveText(['0', '0', '0', '0%', 'Published listings now off the market']);
  // Nothing is wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

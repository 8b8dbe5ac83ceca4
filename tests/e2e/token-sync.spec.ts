import type { APIRequestContext, Page } from '@playwright/test';
import { createRenter } from './accounts.js';
import { expectSignedIn, signIn } from './auth-helpers.js';
import { expect, test } from './fixtures.js';
import type { SyncRequest } from './token-sync-server.js';
import { E2E_TOKEN_SYNC_PORT } from './origin.js';

// The optional token sync of SPEC part 7 (docs/decisions/0027) in a real browser: the app runs with
// TOKEN_SYNC_URL pointing at the stand-in tests/e2e/token-sync-server.ts (another origin, answering
// CORS), which playwright.config.ts starts beside it.

const SYNC = `http://127.0.0.1:${E2E_TOKEN_SYNC_PORT}`;

/** What reached the stand-in since the last `answerWith`. */
async function syncRequests(request: APIRequestContext): Promise<SyncRequest[]> {
  return (await (await request.get(`${SYNC}/__control/requests`)).json()) as SyncRequest[];
}

/** Forgets what the stand-in recorded; it answers the next requests with `status`. */
async function answerWith(request: APIRequestContext, status: number) {
  expect((await request.post(`${SYNC}/__control/reset?status=${status}`)).status()).toBe(204);
}

/** The non-preflight requests, once `count` of them have arrived. */
async function synced(request: APIRequestContext, count: number): Promise<SyncRequest[]> {
  let calls: SyncRequest[] = [];
  await expect
    .poll(async () => {
      calls = (await syncRequests(request)).filter((r) => r.method !== 'OPTIONS');
      return calls.length;
    })
    .toBeGreaterThanOrEqual(count);
  return calls;
}

/** The claims of a Firebase ID token (the Auth emulator's are unsigned JWTs). */
function claims(token: string): { user_id: string; iat: number } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { user_id: string; iat: number };
}

/** Who the app says a bearer token belongs to (sent without cookies). */
async function meWithToken(request: APIRequestContext, baseURL: string, token: string) {
  const res = await request.post(new URL('/graphql', baseURL).toString(), {
    data: { query: '{ me { id } }' },
    headers: { authorization: token, 'content-type': 'application/json' },
  });
  return ((await res.json()) as { data: { me: { id: string } | null } }).data.me?.id ?? null;
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign In / Sign Up' })).toBeVisible();
}

test.describe('token sync (TOKEN_SYNC_URL)', () => {
  test.afterEach(async ({ request }) => {
    // The next tests (of any file) find the stand-in answering 204 again.
    await answerWith(request, 204);
  });

  test("sign-in POSTs the user's bearer token, sign-out sends DELETE without one", async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    // Signing out revokes every session of the user: an account of this test's own.
    const account = await createRenter(baseURL ?? '');
    await answerWith(request, 204);

    await signIn(page, account);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, account.name);
    const [post] = await synced(request, 1);
    expect(post).toMatchObject({ method: 'POST', path: '/token', origin, cookie: null });
    expect(post?.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]*$/);
    // The token is the user's own, and one the app itself accepts.
    expect(claims(post!.authorization!.slice('Bearer '.length)).user_id).toBe(account.uid);
    expect(await meWithToken(request, baseURL ?? '', post!.authorization!)).toBe(account.uid);
    // A real cross-origin call: the browser asked first whether it may send the Authorization header.
    const preflight = (await syncRequests(request)).find((r) => r.method === 'OPTIONS' && r.requestMethod === 'POST');
    expect(preflight?.requestHeaders).toContain('authorization');

    await signOut(page, account.name);
    const calls = await synced(request, 2);
    expect(calls.map((c) => c.method)).toEqual(['POST', 'DELETE']);
    expect(calls[1]).toMatchObject({ path: '/token', origin, authorization: null, cookie: null });
  });

  test('a renewed token is synced too', async ({ page, request, baseURL }) => {
    // The identity SDK renews the token when the page needs it after its hour is up: the page's clock
    // is moved on an hour, and the next screen's requests ask for a token.
    await page.clock.install();
    const account = await createRenter(baseURL ?? '');
    await answerWith(request, 204);
    await signIn(page, account);
    await expectSignedIn(page, account.name);
    const [first] = await synced(request, 1);
    // The Auth emulator stamps a token with the second it was made in (its own clock, not the page's):
    // renewed within the second of the sign-in, it would be the very same token, which the sync does
    // not send again. This was the cause of this test's occasional failure.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await page.clock.fastForward('01:01:00');
    await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Listings' }).click();
    await expect(page).toHaveURL(/\/me\/listings/);
    const calls = await synced(request, 2);
    // Moving the clock on an hour can make the SDK renew twice (its refresh timer and a request's
    // getIdToken both find the token expired); each renewal that gave a new token is synced. What
    // must hold: only POSTs, the sign-in's token first, then only new tokens of this user, none sent
    // twice and none older than the sign-in's.
    expect(calls.map((c) => c.method)).toEqual(calls.map(() => 'POST'));
    const tokens = calls.map((c) => c.authorization!.slice('Bearer '.length));
    expect(tokens[0]).toBe(first!.authorization!.slice('Bearer '.length));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (let i = 1; i < tokens.length; i += 1) {
      expect(claims(tokens[i]!).user_id).toBe(account.uid);
      expect(claims(tokens[i]!).iat).toBeGreaterThan(claims(tokens[0]!).iat);
    }
    await expectSignedIn(page, account.name);
  });

  test.describe('when the sync service fails', () => {
    // The browser itself logs the 500s of the stand-in; the app only warns.
    test.use({ expectedFailures: [new RegExp(`status of 500.*${SYNC.replace(/[.]/g, '\\.')}/token`)] });

    test('sign-in and sign-out still work, and the failure is only logged', async ({ page, request, baseURL }) => {
      const warnings: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'warning') warnings.push(msg.text());
      });
      const account = await createRenter(baseURL ?? '');
      await answerWith(request, 500);

      await signIn(page, account);
      await expect(page).toHaveURL(/\/$/);
      await expectSignedIn(page, account.name);
      await synced(request, 1);
      await expect
        .poll(() => warnings.filter((w) => w.includes('Token sync POST') && w.includes('answered 500')))
        .toHaveLength(1);
      // The server session was made as usual.
      const me = await page.request.post('/graphql', {
        data: { query: '{ me { id } }' },
        headers: { 'content-type': 'application/json', origin: new URL(baseURL ?? '').origin },
      });
      expect(((await me.json()) as { data: { me: { id: string } | null } }).data.me?.id).toBe(account.uid);

      await signOut(page, account.name);
      expect((await synced(request, 2)).map((c) => c.method)).toEqual(['POST', 'DELETE']);
      await expect
        .poll(() => warnings.filter((w) => w.includes('Token sync DELETE') && w.includes('answered 500')))
        .toHaveLength(1);
    });
  });
});

import { createRenter, freshPhone } from './accounts.js';
import { DEMO_AGENT, DEMO_RENTER, expectSignedIn, signIn, verificationCodeFor } from './auth-helpers.js';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { SCREENSHOTS } from './shots.js';

/** Desktop and phone screenshots of the page as it is, with SCREENSHOTS=1 (the viewport is put back). */
async function shots(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const [label, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/auth-screens/${name}-${label}.png` });
  }
  if (size) await page.setViewportSize(size);
}

test.describe('accounts', () => {
  test('sign up through the phone code, then land on the listings signed in', async ({ page }) => {
    const n = Date.now() % 10_000_000;
    const email = `new-${n}@example.com`;
    const phone = `+1555${String(n).padStart(7, '0')}`;
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    const form = page.getByRole('form', { name: 'Sign up' });
    await expect(form.getByLabel('Phone')).toHaveValue('+1 ');
    await expect(form.getByLabel('Phone')).toHaveAttribute('placeholder', '+1 555 123 4567');
    await expect(form.getByLabel('Renter')).toBeChecked();
    await form.getByLabel('First name').fill('Jordan');
    await form.getByLabel('Last name').fill('Rivera');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill('a-good-password');
    await form.getByLabel('Phone').fill(phone);
    await form.getByLabel('Agent/Broker').check();
    await form.getByRole('button', { name: 'Create Account & Verify Phone' }).click();

    const verify = page.getByRole('form', { name: 'Verify your phone' });
    await expect(verify.getByText('Enter the verification code sent to')).toBeVisible();
    await expect(verify.getByText(/Developer hint/)).toBeVisible();
    const button = verify.getByRole('button', { name: 'Verify & Complete' });
    await expect(button).toBeDisabled();
    await verify.getByLabel('Verification code').fill(await verificationCodeFor(page, phone));
    await button.click();

    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, 'Jordan Rivera');
    // A cookie-authenticated call carries its Origin, as the browser's own would (CSRF check).
    const me = await page.request.post('/graphql', {
      data: { query: '{ me { role email } }' },
      headers: { 'content-type': 'application/json', origin: new URL(page.url()).origin },
    });
    expect((await me.json()).data.me).toEqual({ role: 'AGENT', email });
  });

  test('a sign-up left at its code step is finished after signing in again: resend, correct number, then signed in', async ({
    page,
  }) => {
    const id = Date.now().toString(36);
    const email = `left-${id}@example.com`;
    const password = 'a-good-password';
    const phone = freshPhone();
    await page.goto('/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Lou');
    await form.getByLabel('Last name').fill('Later');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(password);
    await form.getByLabel('Phone').fill(phone);
    await form.getByRole('button', { name: 'Create Account & Verify Phone' }).click();
    await expect(
      page.getByRole('form', { name: 'Verify your phone' }).getByText('Enter the verification code sent to'),
    ).toBeVisible();

    // Left for another page: the header says the sign-up is unfinished, not signed in.
    await page.goto('/me/listings');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Account menu, sign-up not finished' })).toBeVisible();
    await expect(banner.getByText('Finish sign-up')).toBeVisible();
    await shots(page, 'unfinished-header');
    await banner.getByRole('button', { name: 'Account menu, sign-up not finished' }).click();
    await expect(page.getByRole('menuitem', { name: 'Finish Sign Up' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(banner.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // Signing in again leads back to the code step; a new code goes to the number given.
    await signIn(page, { email, password });
    await expect(page.getByRole('heading', { level: 1, name: 'Finish Sign Up' })).toBeVisible();
    const verify = page.getByRole('form', { name: 'Verify your phone' });
    await expect(verify.getByText(`Enter the verification code sent to ${phone}`)).toBeVisible();
    await expect(verify.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
    await shots(page, 'finish-sign-up');
    await expect(banner.getByRole('button', { name: 'Account menu, sign-up not finished' })).toBeVisible();

    // The number was wrong: correct it, and the code goes to the new one.
    const corrected = freshPhone();
    await verify.getByRole('button', { name: 'Change number' }).click();
    const change = page.getByRole('form', { name: 'Change your phone number' });
    await change.getByLabel('Phone').fill(corrected);
    await change.getByRole('button', { name: 'Send code' }).click();
    await expect(verify.getByText(`Enter the verification code sent to ${corrected}`)).toBeVisible();
    await verify.getByLabel('Verification code').fill(await verificationCodeFor(page, corrected));
    await verify.getByRole('button', { name: 'Verify & Complete' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, 'Lou Later');
    const me = await page.request.post('/graphql', {
      data: { query: '{ me { email phone role } }' },
      headers: { 'content-type': 'application/json', origin: new URL(page.url()).origin },
    });
    expect((await me.json()).data.me).toEqual({ email, phone: corrected, role: 'RENTER' });
  });

  test('sign up refuses a phone number that is already registered', async ({ page }) => {
    await page.goto('/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign up' });
    await form.getByLabel('First name').fill('Dup');
    await form.getByLabel('Last name').fill('Phone');
    await form.getByLabel('Email').fill(`dup-${Date.now()}@example.com`);
    await form.getByLabel('Password').fill('a-good-password');
    await form.getByLabel('Phone').fill('+1 555 555 0101'); // the demo renter's
    await form.getByRole('button', { name: 'Create Account & Verify Phone' }).click();
    await expect(form.getByText('This phone number is already registered. Please use a different number.')).toBeVisible();
    // Nothing is lost and the unfinished account is gone: another number goes on, same e-mail.
    await expect(form.getByLabel('First name')).toHaveValue('Dup');
    const n = Date.now() % 10_000_000;
    await form.getByLabel('Phone').fill(`+1556${String(n).padStart(7, '0')}`);
    await form.getByRole('button', { name: 'Create Account & Verify Phone' }).click();
    await expect(
      page.getByRole('form', { name: 'Verify your phone' }).getByText('Enter the verification code sent to'),
    ).toBeVisible();
  });

  test('sign in, see the account menu, sign out', async ({ page, baseURL }) => {
    // Signing out revokes every session of the user: an account of this test's own.
    const account = await createRenter(baseURL ?? '');
    await signIn(page, account);
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page, account.name);
    await page.getByRole('button', { name: `Account menu for ${account.name}` }).click();
    for (const item of ['Post a Listing', 'Manage Listings', 'My Ratings', 'Sign Out']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign In / Sign Up' })).toBeVisible();
    // The server session is gone too.
    const me = await page.request.post('/graphql', {
      data: { query: '{ me { id } }' },
      headers: { 'content-type': 'application/json' },
    });
    expect((await me.json()).data.me).toBeNull();
  });

  test.describe('with a provoked failure', () => {
    // The identity provider answers the wrong password with 400, which the browser logs.
    test.use({
      expectedFailures: [/status of 400.*accounts:signInWithPassword/],
    });
    test('a wrong password shows the provider message and keeps the e-mail', async ({ page }) => {
      await signIn(page, {
        email: DEMO_AGENT.email,
        password: 'not-the-password',
      });
      await expect(page.getByRole('alert').filter({ hasText: 'Incorrect e-mail or password.' })).toBeVisible();
      await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toHaveValue(DEMO_AGENT.email);
      await expect(page).toHaveURL(/\/auth$/);
    });
  });

  test.describe('a reset link', () => {
    // The link's second use is refused by the identity provider with 400, which the browser logs.
    test.use({ expectedFailures: [/status of 400.*accounts:resetPassword/] });
    test('forgot password mails a link to our own page, where a new password is chosen and the user signed in', async ({
      page,
      baseURL,
    }) => {
      if (!baseURL) throw new Error('needs baseURL');
      const account = await createRenter(baseURL, { firstName: 'Reese', lastName: 'Reset' });
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByLabel('Email').fill(account.email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('Check your email for a reset link.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'development outbox' })).toHaveAttribute('href', '/dev/outbox/');
      await shots(page, 'forgot-password-sent');

      // The e-mail, from the development outbox (what SMTP would carry).
      let mail = '';
      await expect
        .poll(async () => {
          const list = await (await page.request.get('/dev/outbox/')).text();
          const row = list.split('<tr>').find((r) => r.includes(account.email) && r.includes('Reset your NYC Rentals password'));
          const name = row ? /href="\.\/([^"]+)"/.exec(row)?.[1] : undefined;
          if (!name) return false;
          mail = (await (await page.request.get(`/dev/outbox/${name}`)).text()).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          return true;
        })
        .toBe(true);
      const link = /https?:\/\/[^\s"<]+\/reset-password\?oobCode=[\w-]+/.exec(mail)?.[0];
      expect(link, mail).toBeTruthy();
      const { pathname, search } = new URL(link as string);

      await page.goto(`${pathname}${search}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Choose a new password' });
      await expect(form.getByText(account.email)).toBeVisible();
      await form.getByLabel('New password', { exact: true }).fill('a-fresh-password');
      await form.getByLabel('Confirm new password').fill('a-fresh-passwrod');
      await form.getByRole('button', { name: 'Save new password' }).click();
      await expect(form.getByText('Passwords do not match')).toBeVisible();
      await shots(page, 'reset-password');
      await form.getByLabel('Confirm new password').fill('a-fresh-password');
      await form.getByRole('button', { name: 'Save new password' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expectSignedIn(page, account.name);

      // The link works once.
      await page.goto(`${pathname}${search}`);
      await expect(page.getByText('This reset link is not valid any more', { exact: false })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Ask for a new reset link' })).toBeVisible();
    });
  });

  test('a signed-out visitor of a protected route signs in and comes back', async ({ page }) => {
    await page.goto('/messages');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmessages$/);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(DEMO_RENTER.email);
    await form.getByLabel('Password').fill(DEMO_RENTER.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  });

  test('after signing in, a return path to another site is refused: the user lands on /', async ({ page }) => {
    // '/\evil.example' (encoded %2F%5C): browsers read it as '//evil.example', another site.
    await signIn(page, DEMO_RENTER, '/auth?redirect=%2F%5Cevil.example');
    await expect(page).toHaveURL('/');
    await expectSignedIn(page, DEMO_RENTER.name);
    await expect(page.getByRole('heading', { level: 1, name: 'NYC Rentals' })).toBeVisible();
  });
});

// /me/profile (issue 59 item 6): an agent edits the public profile with a preview and finds it on the
// public page; a renter turns off message e-mails and deletes the account, which then signs in no more.
// Accounts are made through the real sign-up; nothing the server says is faked.
import type { Page } from '@playwright/test';
import { createRenter, signInContext, type NewAccount } from './accounts.js';
import { expectSignedIn, signIn } from './auth-helpers.js';
import { expect, expectAccessible, test } from './fixtures.js';

async function openProfileFromMenu(page: Page, account: NewAccount) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: `Account menu for ${account.name}` })
    .click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(/\/me\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('an agent edits their public profile, sees the preview as they type, and finds it on their public page', async ({
  page,
  baseURL,
}) => {
  if (!baseURL) throw new Error('needs baseURL');
  const agent = await createRenter(baseURL, { firstName: 'Paloma', lastName: 'Profile', role: 'agent' });
  await signInContext(page.context(), baseURL, agent);
  await page.goto('/');
  await expectSignedIn(page, agent.name);
  await openProfileFromMenu(page, agent);

  const section = page.getByRole('region', { name: 'Your public agent profile' });
  const preview = section.getByRole('complementary', { name: 'Preview' });
  await section.getByLabel('About you').fill('Ten years finding no-fee homes in Queens.');
  await section.getByLabel('Agency').fill('Astoria Homes');
  await section.getByLabel('Specialties').fill('No-fee rentals, Pet-friendly');
  await section.getByLabel('Years of experience').fill('10');
  await expect(preview).toContainText('Ten years finding no-fee homes in Queens.');
  await expect(preview).toContainText('10 years of experience');
  await expect(preview.getByRole('listitem')).toHaveText(['No-fee rentals', 'Pet-friendly']);
  // A bad value is said beside its field, and nothing is lost.
  await section.getByLabel('Years of experience').fill('80');
  await section.getByRole('button', { name: 'Save changes' }).click();
  await expect(section.getByText('Years of experience: a whole number from 0 to 70.')).toBeVisible();
  await expect(section.getByLabel('About you')).toHaveValue('Ten years finding no-fee homes in Queens.');
  await section.getByLabel('Years of experience').fill('10');
  await section.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile saved').first()).toBeVisible();
  await expectAccessible(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await noSidewaysScroll(page), `no sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await preview.getByRole('link', { name: 'Open your public page' }).click();
  await expect(page).toHaveURL(/\/agents\//);
  await expect(page.getByText('Ten years finding no-fee homes in Queens.')).toBeVisible();
  await expect(page.getByText('Astoria Homes').first()).toBeVisible();
});

test.describe('a deleted account', () => {
  // The identity provider answers 400 for the deleted account (the browser's last look-up of it, and the
  // sign-in tried after), which the browser logs.
  test.use({ expectedFailures: [/status of 400.*accounts:(lookup|signInWithPassword)/] });

  test('a renter turns off message e-mails, then deletes the account: told what goes and what stays, signed out for good', async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('needs baseURL');
    const renter = await createRenter(baseURL, { firstName: 'Dana', lastName: 'Departing' });
    await signInContext(page.context(), baseURL, renter);
    await page.goto('/me/profile');
    await expectSignedIn(page, renter.name);
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByLabel('First name')).toHaveValue('Dana');
    await details.getByLabel('E-mail me about messages that arrive while I am away').uncheck();
    await details.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile saved').first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('E-mail me about messages that arrive while I am away')).not.toBeChecked();

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog).toContainText('your conversations');
    await expect(dialog).toContainText('reviews you wrote');
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account was deleted.').first()).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${renter.name}` })).toHaveCount(0);

    // The sign-in is gone: the form says so, and nobody is signed in.
    await signIn(page, renter);
    await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toBeVisible();
    await page.goto('/me/profile');
    await expect(page.getByText('You need to be logged in to see your profile.')).toBeVisible();
  });
});

// /me/profile (issue 59 item 6): an agent edits the public profile with a preview and finds it on the
// public page; a renter turns off message e-mails and deletes the account, which then signs in no more.
// Accounts are made through the real sign-up; nothing the server says is faked.
import type { Page } from '@playwright/test';
import { codeSentTo, createRenter, freshPhone, signInContext, type NewAccount } from './accounts.js';
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

test.describe('a new phone', () => {
  // The identity provider refuses the taken number and the wrong code with a 400 the browser logs.
  test.use({ expectedFailures: [/status of 400.*accounts:signInWithPhoneNumber/] });

  test('a renter changes their phone with a code sent to the new number: a wrong code and a taken number are said, the new one is kept', async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('needs baseURL');
    const renter = await createRenter(baseURL, { firstName: 'Phoebe', lastName: 'Phone' });
    const other = await createRenter(baseURL, { firstName: 'Otto', lastName: 'Other' });
    await signInContext(page.context(), baseURL, renter);
    await page.goto('/');
    await expectSignedIn(page, renter.name);
    await openProfileFromMenu(page, renter);
    const details = page.getByRole('region', { name: 'Your details' });
    await expect(details.getByText(renter.phone, { exact: true })).toBeVisible();

    await details.getByRole('button', { name: 'Change phone' }).click();
    const form = details.getByRole('form', { name: 'Change your phone' });
    // Bad input is said beside its field; nothing is sent.
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText('Enter a valid phone number, e.g. +1 555 123 4567')).toBeVisible();
    await expect(form.getByText('Enter your password')).toBeVisible();
    await expectAccessible(page);

    // Another account's number: the identity provider refuses it when the code is confirmed.
    await form.getByLabel('New phone number').fill(other.phone);
    await form.getByLabel('Your password').fill(renter.password);
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(form.getByText(`Enter the 6-digit code sent to ${other.phone}.`)).toBeVisible();
    await form.getByLabel('Code').fill(await codeSentTo(other.phone));
    await form.getByRole('button', { name: 'Confirm new phone' }).click();
    await expect(form.getByText('This phone number is already registered. Please use a different number.')).toBeVisible();

    // A new number: a wrong code first, then the right one.
    const phone = freshPhone();
    await form.getByRole('button', { name: 'Use another number' }).click();
    await form.getByLabel('New phone number').fill(phone);
    await form.getByLabel('Your password').fill(renter.password);
    await form.getByRole('button', { name: 'Send code' }).click();
    const code = await codeSentTo(phone);
    await form.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
    await form.getByRole('button', { name: 'Confirm new phone' }).click();
    await expect(form.getByText('That code is not right. Check it and try again.')).toBeVisible();
    await form.getByLabel('Code').fill(code);
    await form.getByRole('button', { name: 'Confirm new phone' }).click();
    await expect(page.getByText('Phone changed').first()).toBeVisible();
    await expect(details.getByText(phone, { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await noSidewaysScroll(page), `no sideways scroll at ${width}px`).toBeLessThanOrEqual(0);
    }
    // Kept by the server: the page read again shows it.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Your details' }).getByText(phone, { exact: true })).toBeVisible();
  });
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

import { expect, type Page } from '@playwright/test';
import { E2E_AUTH_PORT } from './origin.js';

export const AUTH_PORT = E2E_AUTH_PORT;
export const EMULATOR = `http://127.0.0.1:${AUTH_PORT}`;
export const PROJECT = 'demo-nyc-rentals';

export const DEMO_RENTER = { email: 'renter@demo.nycrentals.test', password: 'renter-demo-1', name: 'Riley Renter' };
export const DEMO_AGENT = { email: 'agent@demo.nycrentals.test', password: 'agent-demo-1', name: 'Avery Agent' };

/** Signs in through the Sign In tab (the flow every signed-in test starts from). */
export async function signIn(page: Page, account: { email: string; password: string }, from = '/auth') {
  await page.goto(from);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function expectSignedIn(page: Page, name: string) {
  await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}

/** The latest phone code the emulator "sent" to a number. */
export async function verificationCodeFor(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`${EMULATOR}/emulator/v1/projects/${PROJECT}/verificationCodes`);
      const body = (await res.json()) as { verificationCodes: Array<{ phoneNumber: string; code: string }> };
      code = body.verificationCodes.filter((c) => c.phoneNumber === phone).at(-1)?.code;
      return code;
    })
    .toBeTruthy();
  return code as string;
}

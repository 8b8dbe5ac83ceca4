import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const EMULATOR_PORT = Number(process.env.E2E_AUTH_PORT ?? 9399);

/**
 * Every browser test fails on a console.error or an uncaught page error. Two kinds of browser
 * network messages are not the app's errors: the Auth emulator answering 501 for endpoints it does
 * not implement (reCAPTCHA config), and failures a test provokes on purpose (`expectedFailures`).
 */
export const test = base.extend<{ consoleErrors: string[]; expectedFailures: RegExp[] }>({
  expectedFailures: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedFailures }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        const url = msg.location().url ?? '';
        if (text.startsWith('Failed to load resource')) {
          const fromEmulator = url.includes(`:${EMULATOR_PORT}/`);
          if (fromEmulator && text.includes('501')) return;
          if (expectedFailures.some((re) => re.test(`${text} ${url}`))) return;
        }
        errors.push(`${text} ${url}`.trim());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe on the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
  ).toEqual([]);
}

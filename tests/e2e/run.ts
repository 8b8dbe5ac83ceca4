import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from './browser.js';

/**
 * `npm run test:e2e` (after the build, skipped when up to date): runs Playwright when a Chromium is installed. Without one
 * it says how to install it, and fails when CI is set (locally the browser tests are skipped).
 */
const browser = chromiumPath();
if (!browser) {
  const msg = [
    'No Chromium found for the browser tests (looked at /usr/bin/chromium and $CHROMIUM_PATH).',
    "Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium",
    '(`npx playwright install` cannot download browsers on these machines.)',
  ].join('\n');
  if (process.env.CI) {
    console.error(`${msg}\nCI is set: failing.`);
    process.exit(1);
  }
  console.warn(`${msg}\nSkipping the browser tests.`);
  process.exit(0);
}
// The seeded template the workers' databases are copied from is made anew for each run
// (tests/e2e/server.ts): its rows come from this checkout's migrations, seed and factories.
const dataRoot = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
fs.rmSync(`${dataRoot}-template`, { recursive: true, force: true });
fs.rmSync(`${dataRoot}-template.lock`, { recursive: true, force: true });
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);

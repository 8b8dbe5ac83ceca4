import { spawnSync } from 'node:child_process';
import { chromiumPath } from './browser.js';
import { dropEarlierTemplate } from './template-dir.js';

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
// (tests/e2e/template.ts): its rows come from this checkout's migrations, seed and factories. `npm test`
// made this run's while the checks ran (E2E_TEMPLATE_READY=1), and it is kept.
await dropEarlierTemplate();
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);

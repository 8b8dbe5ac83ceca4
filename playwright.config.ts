import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/browser.js';

/** Workers, each with a stack of its own (tests/e2e/origin.ts); 2 suit the 2-core CI machine. */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const DATA_ROOT = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const reuse = !process.env.CI && process.env.E2E_REUSE_SERVER === '1';
const STACKS_PORT = Number(process.env.E2E_STACKS_PORT ?? 4170);

// Browser tests drive Debian's Chromium against the real server (built client, embedded PGlite).
// Each worker gets its own app, Auth emulator and token-sync stand-in, over its own copy of one
// database migrated, seeded and given the e2e factories' rows once per run (tests/e2e/server.ts);
// so tests of different workers never see each other's rows. E2E_REUSE_SERVER=1 reuses servers
// already listening (local iterations only).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: WORKERS,
  // A test that passes only on its second try is a failing test: no retries, in CI or locally.
  retries: 0,
  // Two workers share the 2-core machine with their apps and browsers: a step takes about twice as
  // long as alone (the longest journeys, two devices or sign-up by phone code, needed more than 30 s;
  // a client-side navigation to an agent's profile was once seen taking more than 10 s), so both
  // budgets are twice what one worker needed. A budget only lets a slow success pass.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    // Traces only on a retry (never in CI's green path); screenshots of a failure only.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  // WebGL (software, in Chromium's GPU process) costs about a second of CPU per listings page load
  // and is needed only where a test looks at a map: those tests are tagged @map and run with it; the
  // rest run without, and the page shows 'Map unavailable' where a map would be (docs/testing.md).
  projects: [
    {
      name: 'desktop',
      grepInvert: /@map/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--disable-3d-apis'] },
      },
    },
    { name: 'map', grep: /@map/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  // Every worker's stack, started at once (tests/e2e/stacks.ts).
  webServer: {
    command: 'tsx tests/e2e/stacks.ts',
    url: `http://127.0.0.1:${STACKS_PORT}/health`,
    timeout: 240_000,
    reuseExistingServer: reuse,
    env: { E2E_WORKERS: String(WORKERS), E2E_DATA_DIR: DATA_ROOT, E2E_STACKS_PORT: String(STACKS_PORT) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

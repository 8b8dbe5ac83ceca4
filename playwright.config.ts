import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/browser.js';
import { E2E_BASE_AUTH_PORT, E2E_BASE_PORT, E2E_BASE_TOKEN_SYNC_PORT } from './tests/e2e/origin.js';

/** Workers, each with a stack of its own (tests/e2e/origin.ts); 2 suit the 2-core CI machine. */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const DATA_ROOT = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const reuse = !process.env.CI && process.env.E2E_REUSE_SERVER === '1';

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
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    // Traces only on a retry (never in CI's green path); screenshots of a failure only.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: Array.from(
    { length: WORKERS },
    (_, i): NonNullable<PlaywrightTestConfig['webServer']> => [
      {
        command: `tsx tests/e2e/token-sync-server.ts`,
        url: `http://127.0.0.1:${E2E_BASE_TOKEN_SYNC_PORT + i}/__control/health`,
        timeout: 30_000,
        reuseExistingServer: reuse,
        env: { PORT: String(E2E_BASE_TOKEN_SYNC_PORT + i) },
      },
      {
        command: `tsx tests/e2e/server.ts`,
        url: `http://127.0.0.1:${E2E_BASE_PORT + i}/healthz`,
        timeout: 240_000,
        reuseExistingServer: reuse,
        env: {
          PORT: String(E2E_BASE_PORT + i),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${E2E_BASE_PORT + i}`,
          DATA_DIR: `${DATA_ROOT}-${i}`,
          E2E_TEMPLATE_DIR: `${DATA_ROOT}-template`,
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          DATABASE_URL: '',
          AUTH_EMULATOR_PORT: String(E2E_BASE_AUTH_PORT + i),
          FIREBASE_AUTH_EMULATOR_HOST: '',
          FIREBASE_PROJECT_ID: '',
          // The stand-in above: the token sync of SPEC part 7 is on for every browser test.
          TOKEN_SYNC_URL: `http://127.0.0.1:${E2E_BASE_TOKEN_SYNC_PORT + i}/token`,
        },
        stdout: 'pipe',
        stderr: 'pipe',
      },
    ],
  ).flat(),
});

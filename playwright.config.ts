import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/e2e/browser.js';
import { E2E_ORIGIN, E2E_PORT } from './tests/e2e/origin.js';

const PORT = E2E_PORT;
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
export const E2E_AUTH_PORT = Number(process.env.E2E_AUTH_PORT ?? 9399);
/** The token-sync stand-in (tests/e2e/token-sync-server.ts) the app's TOKEN_SYNC_URL points at. */
export const E2E_TOKEN_SYNC_PORT = Number(process.env.E2E_TOKEN_SYNC_PORT ?? 9398);

// Browser tests drive Debian's Chromium against the real server (built client, embedded PGlite in a
// throwaway DATA_DIR, made fresh by tests/e2e/server.ts: migrated, seeded, plus the e2e factories'
// rows). E2E_REUSE_SERVER=1 reuses a server already listening on E2E_PORT (local iterations only).
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL: E2E_ORIGIN,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: [
    {
      command: `tsx tests/e2e/token-sync-server.ts`,
      url: `http://127.0.0.1:${E2E_TOKEN_SYNC_PORT}/__control/health`,
      timeout: 30_000,
      reuseExistingServer: !process.env.CI && process.env.E2E_REUSE_SERVER === '1',
      env: { PORT: String(E2E_TOKEN_SYNC_PORT) },
    },
    {
      command: `tsx tests/e2e/server.ts`,
      url: `http://127.0.0.1:${PORT}/healthz`,
      timeout: 180_000,
      reuseExistingServer: !process.env.CI && process.env.E2E_REUSE_SERVER === '1',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        DATA_DIR,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        DATABASE_URL: '',
        AUTH_EMULATOR_PORT: String(E2E_AUTH_PORT),
        FIREBASE_AUTH_EMULATOR_HOST: '',
        FIREBASE_PROJECT_ID: '',
        // The stand-in above: the token sync of SPEC part 7 is on for every browser test.
        TOKEN_SYNC_URL: `http://127.0.0.1:${E2E_TOKEN_SYNC_PORT}/token`,
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});

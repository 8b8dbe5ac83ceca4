import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests sit next to the code (*.test.ts); integration tests that cross modules live in
// tests/integration. Browser tests are Playwright's (tests/e2e), not vitest's.
export default defineConfig({
  resolve: {
    alias: {
      // One graphql instance: Node (and so Pothos and Apollo) load its CommonJS entry; Vite would
      // otherwise pick the ESM one for our sources ("Cannot use GraphQLObjectType from another realm").
      graphql: 'graphql/index.js',
      '@': fileURLToPath(new URL('./client/src', import.meta.url)),
      '@common': fileURLToPath(new URL('./common', import.meta.url)),
    },
  },
  test: {
    include: ['client/**/*.test.{ts,tsx}', 'common/**/*.test.ts', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**'],
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

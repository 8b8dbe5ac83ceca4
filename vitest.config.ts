import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { catalogues } from './scripts/vite-i18n';

const alias = {
  // One graphql instance: Node (and so Pothos and Apollo) load its CommonJS entry; Vite would
  // otherwise pick the ESM one for our sources ("Cannot use GraphQLObjectType from another realm").
  graphql: 'graphql/index.js',
  '@': fileURLToPath(new URL('./client/src', import.meta.url)),
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
};

// Two projects (docs/testing.md):
// - unit: logic and integration tests in Node (*.test.ts next to the code; tests/integration for what
//   crosses modules, on PGlite and, with TEST_DATABASE_URL, PostgreSQL);
// - components: the client's React components (*.test.tsx) rendered in happy-dom with Testing
//   Library, over a mocked Apollo link.
// Browser tests are Playwright's (tests/e2e), not vitest's.
// The catalogues are loaded as a page needs them, as in development (vite.config.ts).
const define = { __CLIENT_LOCALE__: '""' };

export default defineConfig({
  resolve: { alias },
  define,
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        define,
        // The Spanish and Chinese catalogues, parsed as the build parses them.
        plugins: [catalogues()],
        test: {
          name: 'unit',
          include: ['client/**/*.test.ts', 'common/**/*.test.ts', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          exclude: ['node_modules/**', 'dist/**', 'tests/e2e/**'],
          environment: 'node',
          globalSetup: ['tests/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        define,
        plugins: [catalogues()],
        test: {
          name: 'components',
          include: ['client/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/components.ts'],
          testTimeout: 15_000,
          isolate: false,
        },
      },
    ],
  },
});

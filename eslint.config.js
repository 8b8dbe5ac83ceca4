import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** What a layer of the server may not import (docs/decisions/0041-core-and-adapters.md). */
const ADAPTERS = [
  'server/graphql/**',
  'server/http/**',
  'server/{app,rest}.ts',
  'server/modules/**/*.schema.ts',
  'server/modules/**/*.rest.ts',
];
const TRANSPORT_PACKAGES = {
  patterns: [
    {
      group: ['express', 'express-*', 'graphql', 'graphql-*', '@pothos/*', '@apollo/*', 'ws'],
      message:
        'The core and the services know no transport: this belongs in an adapter (*.schema.ts, *.rest.ts, server/graphql, server/http).',
    },
  ],
};
/**
 * The planned path (server/graphql/planned/, decision 0047) shows only its index: nothing outside the
 * folder imports its insides. Every file but the folder's own is a target (a later block's rule
 * replaces an earlier one's, so every zone list below carries this one).
 */
const PLANNED_FACE = {
  target: [
    '{client,common,prisma,scripts,tests}/**',
    '*.ts',
    'server/*.ts',
    'server/!(graphql)/**',
    'server/graphql/*.ts',
    'server/graphql/!(planned)/**',
  ],
  from: 'server/graphql/planned',
  except: ['./index.ts'],
  message: 'The planned path is used through server/graphql/planned/index.ts only.',
};
/** The rule that files in `target` may not import `from`, saying why. */
const mayNotImport = (target, from, message) => ({
  'import-x/no-restricted-paths': ['error', { zones: [{ target, from, message }, PLANNED_FACE] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      '.tmp',
      'client/src/gql',
      'server/db/generated',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/env.ts only.' },
      ],
    },
  },
  {
    // Imports resolve as TypeScript does; no cycle anywhere, client or server.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [PLANNED_FACE] }],
    },
  },
  {
    // The core (errors, the viewer, authorization) imports nothing of the server but the database.
    files: ['server/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', TRANSPORT_PACKAGES],
      ...mayNotImport(
        'server/core/**',
        ['server/modules/**', 'server/infra/**', ...ADAPTERS],
        'The core imports only itself and the database.',
      ),
    },
  },
  {
    // Services (and the rest of a module that is not an adapter) import the core, the database,
    // infrastructure and other services: never an adapter, never a transport.
    files: ['server/modules/**/*.ts', 'server/infra/**/*.ts', 'server/db/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.schema.ts', '**/*.rest.ts', '**/*-cli.ts'],
    rules: {
      'no-restricted-imports': ['error', TRANSPORT_PACKAGES],
      ...mayNotImport(
        'server/**',
        ADAPTERS,
        'A service imports only the core, the database, infrastructure and other services; adapters import services, not the reverse.',
      ),
    },
  },
  {
    // The two adapters are equal: REST does not go through GraphQL's schema, nor GraphQL through REST.
    files: ['server/modules/**/*.rest.ts'],
    rules: {
      ...mayNotImport(
        'server/**',
        ['server/graphql/**', 'server/modules/**/*.schema.ts'],
        'REST is an adapter over the services, not over the GraphQL schema.',
      ),
    },
  },
  {
    files: ['server/modules/**/*.schema.ts', 'server/graphql/**/*.ts'],
    rules: {
      ...mayNotImport(
        'server/**',
        ['server/modules/**/*.rest.ts', 'server/{rest,app}.ts'],
        'GraphQL is an adapter over the services, not over REST.',
      ),
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              message: "Icons come from '@/components/icons' (one sprite, decision 0055); add the icon there.",
            },
            {
              name: '@apollo/client/react',
              importNames: ['useQuery'],
              message:
                "useQuery comes from '@/lib/apollo/use-query' (a page rendered on the server reads its answers as they are).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/lib/apollo/use-query.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Configuration readers, tooling and tests may read their own variables.
    files: ['server/env.ts', 'scripts/**', 'tests/**', '*.config.ts', 'vite.config.ts', 'codegen.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);

import fs from 'node:fs';
import path from 'node:path';
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
 * Side effects across modules go through events inside the write (server/core/within.ts, issue 52
 * item 4): what messaging and notifications do on hearing one is wired in server/modules/effects.ts
 * alone; no other module calls them.
 */
const EFFECTS_BY_EVENTS = [
  {
    group: [
      '**/modules/messaging/index.js',
      '../messaging/index.js',
      '**/modules/notifications/index.js',
      '../notifications/index.js',
    ],
    importNames: ['writeInConversation', 'tellPeople'],
    message:
      'Say what happened inside the write instead (within(prisma, tx).happened(event), server/core/within.ts); server/modules/effects.ts wires who hears it.',
  },
];
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
/**
 * Each server module shows a face to the others (issue 52 item 4): `index.ts` (its rules and services),
 * `index.schema.ts` (what other GraphQL adapters build on) and `index.rest.ts` (what other REST adapters
 * use). A module imports another only through those; the module graph has no loop
 * (scripts/module-graph.ts, run with the lint).
 */
const SERVER_MODULES = fs
  .readdirSync(path.join(import.meta.dirname, 'server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const MODULE_FACES = SERVER_MODULES.flatMap((from) =>
  SERVER_MODULES.filter((m) => m !== from).map((m) => ({
    target: `server/modules/${m}/**`,
    from: `server/modules/${from}`,
    except: ['./index.ts', './index.schema.ts', './index.rest.ts'],
    message: `Another module is used through its face: server/modules/${from}/index.ts (or index.schema.ts, index.rest.ts for adapters).`,
  })),
);
/** The zones every file is held to, whichever block's rule applies last. */
const FACES = [PLANNED_FACE, ...MODULE_FACES];
/** The rule that files in `target` may not import `from`, saying why. */
const mayNotImport = (target, from, message) => ({
  'import-x/no-restricted-paths': ['error', { zones: [{ target, from, message }, ...FACES] }],
});

/**
 * The client's features (client/src/features/<name>/; issue 52 item 4) and how they meet. `face`: the
 * files of a feature that other features may import, its public files. They are named files, not one
 * index re-exporting them all: such an index would put every module it names into each chunk that
 * imports it, and the listings page's JavaScript has a budget (tests/e2e/budget.spec.ts). `uses`: the
 * features it may import, through their faces only. The uses form no loop (checked below), so two
 * features never import each other, directly or around a circle. Shared code (components, lib, i18n)
 * imports no feature; the app (app/, main.tsx, boot.tsx, entry-server.tsx) and tests import anything.
 */
const FEATURES = {
  auth: { face: ['use-auth.ts', 'use-viewer.ts', 'redirect.ts', 'pending-action.ts'], uses: [] },
  account: { face: [], uses: [] },
  agents: { face: [], uses: ['auth', 'listings', 'moderation', 'reviews'] },
  alerts: { face: [], uses: ['auth'] },
  compare: { face: [], uses: [] },
  favorites: { face: ['save-button.tsx'], uses: ['auth'] },
  'listing-form': { face: [], uses: ['auth', 'map'] },
  listings: { face: ['response-time.ts'], uses: ['auth', 'favorites', 'moderation', 'tours', 'transit'] },
  'manage-listings': { face: [], uses: [] },
  map: { face: ['map-view.tsx'], uses: [] },
  messaging: { face: [], uses: ['auth', 'tours'] },
  moderation: { face: ['licensed-badge.tsx', 'license-form.tsx'], uses: ['auth'] },
  reviews: { face: ['components/review-moderation.tsx'], uses: ['auth'] },
  tours: { face: ['request-tour-button.tsx', 'open-house-rsvp.tsx'], uses: ['auth'] },
  transit: { face: ['subway-bullets.tsx', 'commute-picker.tsx', 'commute-param.ts'], uses: [] },
};
const FEATURES_DIR = 'client/src/features';

/** The table must say the truth: every feature folder in it, every face file there, no loop of uses. */
function checkFeatures() {
  const root = import.meta.dirname;
  const folders = fs.readdirSync(path.join(root, FEATURES_DIR), { withFileTypes: true }).filter((e) => e.isDirectory());
  for (const { name } of folders)
    if (!FEATURES[name]) throw new Error(`eslint.config.js: add the feature ${name} to FEATURES (its face and uses).`);
  for (const [name, { face, uses }] of Object.entries(FEATURES)) {
    for (const file of face)
      if (!fs.existsSync(path.join(root, FEATURES_DIR, name, file)))
        throw new Error(`eslint.config.js: ${FEATURES_DIR}/${name}/${file}, a face file in FEATURES, does not exist.`);
    for (const used of uses)
      if (!FEATURES[used]?.face.length)
        throw new Error(`eslint.config.js: ${name} uses ${used}, which shows no face in FEATURES.`);
  }
  const visit = (name, trail) => {
    if (trail.includes(name)) throw new Error(`eslint.config.js: the features' uses loop: ${[...trail, name].join(' → ')}.`);
    for (const used of FEATURES[name].uses) visit(used, [...trail, name]);
  };
  for (const name of Object.keys(FEATURES)) visit(name, []);
}
checkFeatures();

/** Each feature imports only the faces of the features it uses; shared code imports none. */
const CLIENT_ZONES = [
  {
    target: ['client/src/components', 'client/src/lib', 'client/src/i18n'],
    from: FEATURES_DIR,
    message:
      'Shared code (components, lib, i18n) imports no feature: move what it needs out of the feature, or let the app or the feature pass it in.',
  },
  ...Object.entries(FEATURES).flatMap(([name, { uses }]) =>
    Object.keys(FEATURES)
      .filter((other) => other !== name)
      .map((other) =>
        uses.includes(other)
          ? {
              target: `${FEATURES_DIR}/${name}`,
              from: `${FEATURES_DIR}/${other}`,
              except: FEATURES[other].face.map((file) => `./${file}`),
              message: `${name} uses ${other} through its face only: ${FEATURES[other].face.join(', ')} (FEATURES in eslint.config.js).`,
            }
          : {
              target: `${FEATURES_DIR}/${name}`,
              from: `${FEATURES_DIR}/${other}`,
              message: `${name} does not use ${other} (FEATURES in eslint.config.js): add ${other} to its uses if that makes no loop, or move what both need into components/ or lib/.`,
            },
      ),
  ),
];

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
      'import-x/no-restricted-paths': ['error', { zones: FACES }],
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
    ignores: ['**/*.test.ts', '**/*.schema.ts', '**/*.rest.ts', '**/*-cli.ts', 'server/modules/effects.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...TRANSPORT_PACKAGES.patterns, ...EFFECTS_BY_EVENTS] }],
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
    // Feature boundaries (FEATURES above); tests and their helpers import anything.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'client/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...CLIENT_ZONES, ...FACES] }] },
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

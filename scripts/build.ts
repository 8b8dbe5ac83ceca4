// `npm run build`: the Prisma client, the typed GraphQL documents, then the client (dist/client) and
// its server-rendering build (dist/server). Skipped when nothing it depends on changed since the last
// build: a hash of its inputs is kept in dist/.build-hash (`--force` builds anyway). `npm start` and
// `npm run test:e2e` build through it, so a second start or test run does not rebuild.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../common/i18n/locales.js';
import { localeFile } from '../server/http/client-build.js';
import { hashInputs } from './hash-inputs.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const HASH_FILE = path.join(ROOT, 'dist/.build-hash');
/** Each language's page (decision 0057) and the server's render. */
const OUTPUTS = [...LOCALES.map((locale) => `dist/client/${localeFile('index.html', locale)}`), 'dist/server/entry-server.js'];
/** What the build reads. client/src/gql is left out: codegen makes it from schema.graphql and the documents. */
const INPUTS = [
  'client',
  'common',
  'schema.graphql',
  'prisma/schema.prisma',
  'codegen.ts',
  'vite.config.ts',
  'scripts/vite-i18n.ts',
  'server/http/precompress.ts',
  'server/http/client-build.ts',
  'tsconfig.json',
  'package-lock.json',
];
// Tests are not built; client/src/gql is made by codegen from what is hashed.
const hashOfInputs = () =>
  hashInputs(ROOT, INPUTS, { skip: ['client/src/gql', 'node_modules'], ignore: (file) => /\.test\.tsx?$/.test(file) });

function run(cmd: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const force = process.argv.includes('--force');
const current = hashOfInputs();
const built = fs.existsSync(HASH_FILE) ? fs.readFileSync(HASH_FILE, 'utf8').trim() : null;
if (!force && built === current && OUTPUTS.every((f) => fs.existsSync(path.join(ROOT, f)))) {
  console.log('build: up to date (nothing it depends on changed; `npm run build -- --force` rebuilds)');
  process.exit(0);
}

// CI keeps the last build between runs on its machine, keyed by the hash of its inputs (.ci/run sets
// BUILD_CACHE_DIR, as it keeps node_modules keyed by the lockfile): the same inputs built again give
// the same files, so they are restored instead.
const cacheDir = process.env.BUILD_CACHE_DIR;
const cached = cacheDir ? path.join(cacheDir, `dist-${current.slice(0, 32)}.tar`) : null;
if (!force && cached && fs.existsSync(cached)) {
  fs.rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
  run('tar', ['-xf', cached]);
  if (fs.existsSync(HASH_FILE) && fs.readFileSync(HASH_FILE, 'utf8').trim() === current) {
    console.log(`build: restored from ${cached} (the same inputs were built before on this machine)`);
    process.exit(0);
  }
}

const started = performance.now();
fs.rmSync(HASH_FILE, { force: true });
// `--no-generate`: the generated code is already there (scripts/checks.ts made it, and the typecheck
// reads it while this builds).
if (!process.argv.includes('--no-generate')) {
  run('npx', ['tsx', 'scripts/generate.ts']);
}
// The browser's build once per language, English first (LOCALES starts with it; it empties dist/client), each with its texts in
// its code (decision 0057); the last compresses them all.
for (const [i, locale] of LOCALES.entries())
  run('npx', ['vite', 'build'], { CLIENT_LOCALE: locale, CLIENT_PRECOMPRESS: i === LOCALES.length - 1 ? '1' : '0' });
run('npx', ['vite', 'build', '--ssr']);
fs.writeFileSync(HASH_FILE, `${current}\n`);
console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (cached && cacheDir) {
  fs.mkdirSync(cacheDir, { recursive: true });
  for (const old of fs.readdirSync(cacheDir).filter((f) => /^dist-.*\.tar$/.test(f))) fs.rmSync(path.join(cacheDir, old));
  run('tar', ['-cf', `${cached}.tmp`, 'dist']);
  fs.renameSync(`${cached}.tmp`, cached);
}

// The checks `npm test` runs before the tests: the generated code first (the Prisma client, the typed
// GraphQL documents), then the typecheck, ESLint, Prettier and the client's build side by side. Each
// is one process on one core, and the machine has two: side by side they take about as long as the
// longest two, not their sum (docs/testing.md). With `--e2e-data` (`npm test`) the browser tests'
// seeded database is made beside them. Each one's output is printed whole when it ends; the script
// fails when any of them does.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function runNow(cmd: string, args: string[]) {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run(name: string, cmd: string, args: string[]): Promise<{ name: string; ok: boolean; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      process.stdout.write(`\n== ${name}: ${ok ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s\n`);
      process.stdout.write(Buffer.concat(out));
      resolve({ name, ok, seconds });
    });
  });
}

/**
 * ESLint's and Prettier's results of files that did not change are kept in .tmp, and in CI between runs
 * on the machine too (`LINT_CACHE_DIR`, set by .ci/run like BUILD_CACHE_DIR), keyed by the lockfile.
 * ESLint's own `--cache` (by content) names files by absolute path and each CI run is a new clone, so the
 * kept copy names the project's folder by a mark that is replaced by this clone's folder when it is taken
 * up. Prettier's own cache cannot be moved that way (it keys each result by options that hold the file's
 * absolute path), so Prettier is given only the files whose content, path and configuration it has not
 * passed before (`prettierPassed`: one hash per file); with none, it is not started. Only a passing run is
 * kept, and a failing run drops its cache: a cached answer is never an error. That also keeps the one
 * rule that reads other files, `import-x/no-cycle`, exact: a new loop has a new import, in a file that
 * changed, and that file is linted again (docs/testing.md).
 */
const ROOT_MARK = '<project root>';
const LINT_CACHE_DIR = process.env.LINT_CACHE_DIR;
const ESLINT_CACHE = '.tmp/eslintcache';
const PRETTIER_PASSED = LINT_CACHE_DIR ? path.join(LINT_CACHE_DIR, 'prettier-passed.json') : '.tmp/prettier-passed.json';
const lockHash = createHash('sha256').update(fs.readFileSync('package-lock.json')).digest('hex').slice(0, 16);
const keptCopy = () => path.join(LINT_CACHE_DIR!, `eslint-${lockHash}.cache`);
function takeUpEslintCache() {
  fs.mkdirSync('.tmp', { recursive: true });
  if (!LINT_CACHE_DIR || !fs.existsSync(keptCopy())) return;
  fs.writeFileSync(ESLINT_CACHE, fs.readFileSync(keptCopy(), 'utf8').replaceAll(ROOT_MARK, process.cwd()));
}
function keepEslintCache(ok: boolean) {
  if (!ok) return fs.rmSync(ESLINT_CACHE, { force: true });
  if (!LINT_CACHE_DIR || !fs.existsSync(ESLINT_CACHE)) return;
  fs.mkdirSync(LINT_CACHE_DIR, { recursive: true });
  // Earlier lockfiles' ESLint caches go; Prettier's kept results beside them are Prettier's own to replace.
  for (const old of fs.readdirSync(LINT_CACHE_DIR)) {
    if (old.startsWith('eslint-')) fs.rmSync(path.join(LINT_CACHE_DIR, old));
  }
  fs.writeFileSync(`${keptCopy()}.tmp`, fs.readFileSync(ESLINT_CACHE, 'utf8').replaceAll(process.cwd(), ROOT_MARK));
  fs.renameSync(`${keptCopy()}.tmp`, keptCopy());
}

/**
 * The files Prettier checks (`prettier --check .`: every file git does not ignore, less .prettierignore's
 * and those it has no parser for, which `--ignore-unknown` skips), each with a hash of what decides its
 * answer: Prettier's version, its configuration and ignore files, the file's path and content.
 */
function prettierFiles(): Map<string, string> {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const config = createHash('sha256');
  config.update(JSON.parse(fs.readFileSync('node_modules/prettier/package.json', 'utf8')).version as string);
  for (const file of ['.prettierrc', '.prettierignore', '.gitignore', '.editorconfig']) {
    config.update(`\0${file}\0${fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''}`);
  }
  const base = config.digest('hex');
  const files = new Map<string, string>();
  for (const file of listed.stdout.split('\0')) {
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) continue;
    files.set(file, createHash('sha256').update(base).update(`\0${file}\0`).update(fs.readFileSync(file)).digest('hex'));
  }
  return files;
}
function prettierPassed(): Set<string> {
  try {
    return new Set(JSON.parse(fs.readFileSync(PRETTIER_PASSED, 'utf8')) as string[]);
  } catch {
    return new Set();
  }
}
async function prettier() {
  const files = prettierFiles();
  const passed = prettierPassed();
  const toCheck = [...files].filter(([, hash]) => !passed.has(hash)).map(([file]) => file);
  if (toCheck.length === 0) {
    process.stdout.write(`\n== prettier: ok, ${files.size} files passed before\n`);
    return { name: 'prettier', ok: true, seconds: 0 };
  }
  const result = await run('prettier', 'npx', ['prettier', '--check', '--ignore-unknown', ...toCheck]);
  fs.rmSync(PRETTIER_PASSED, { force: true });
  if (result.ok) {
    fs.mkdirSync(path.dirname(PRETTIER_PASSED), { recursive: true });
    fs.writeFileSync(`${PRETTIER_PASSED}.tmp`, JSON.stringify([...files.values()]));
    fs.renameSync(`${PRETTIER_PASSED}.tmp`, PRETTIER_PASSED);
  }
  return result;
}

// The generated code, made again only when what it is made from changed (scripts/generate.ts).
runNow('npx', ['tsx', 'scripts/generate.ts']);
takeUpEslintCache();
const TS_BUILD_INFO = '.tmp/tsbuildinfo';
const cached = (location: string) => ['--cache', '--cache-strategy', 'content', '--cache-location', location];
// `npm test` (--e2e-data): the browser tests' seeded database is made now, beside the checks, which
// leave the second core mostly free; the browser tests then start their stacks from it
// (tests/e2e/template.ts, E2E_TEMPLATE_READY=1 in package.json's test script).
const e2eData = process.argv.includes('--e2e-data') ? [run('e2e data', 'npx', ['tsx', 'tests/e2e/template.ts'])] : [];
const results = await Promise.all([
  // Incremental: what tsc learnt of files that did not change is kept in .tmp (and, in CI, between
  // runs on the machine: .ci/run restores and keeps it).
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', TS_BUILD_INFO]),
  run('eslint', 'npx', ['eslint', ...cached(ESLINT_CACHE), '.']).then((r) => (keepEslintCache(r.ok), r)),
  prettier(),
  run('module graph', 'npx', ['tsx', 'scripts/module-graph.ts']),
  run('build', 'npx', ['tsx', 'scripts/build.ts', '--no-generate']),
  ...e2eData,
]);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nchecks: ${results.map((r) => `${r.name} ${r.seconds.toFixed(0)} s`).join(', ')}`);

// The checks `npm test` runs before the tests: the generated code first (the Prisma client, the typed
// GraphQL documents), then the typecheck, ESLint, Prettier and the client's build side by side. Each
// is one process on one core, and the machine has two: side by side they take about as long as the
// longest two, not their sum (docs/testing.md). Each one's output is printed whole when it ends; the
// script fails when any of them does.
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
 * ESLint's and Prettier's results of files that did not change are kept (their `--cache`, keyed by each
 * file's content and the tool's configuration) in .tmp, and in CI between runs on the machine
 * (`LINT_CACHE_DIR`, set by .ci/run like BUILD_CACHE_DIR), keyed by the lockfile. Their caches name
 * files by absolute path and each CI run is a new clone, so the kept copy names the project's folder
 * by a mark that is replaced by this clone's folder when it is taken up. Only a tool's passing run is
 * kept, and a failing ESLint run drops its cache: a cached answer is never an error. That also keeps
 * the one rule that reads other files, `import-x/no-cycle`, exact: a new loop has a new import, in a
 * file that changed, and that file is linted again (docs/testing.md).
 */
const ROOT_MARK = '<project root>';
const LINT_CACHE_DIR = process.env.LINT_CACHE_DIR;
const lockHash = createHash('sha256').update(fs.readFileSync('package-lock.json')).digest('hex').slice(0, 16);
const lintCaches = { eslint: '.tmp/eslintcache', prettier: '.tmp/prettiercache' } as const;
const keptCopy = (tool: keyof typeof lintCaches) => path.join(LINT_CACHE_DIR!, `${tool}-${lockHash}.cache`);
function takeUpLintCaches() {
  fs.mkdirSync('.tmp', { recursive: true });
  if (!LINT_CACHE_DIR) return;
  for (const tool of Object.keys(lintCaches) as (keyof typeof lintCaches)[]) {
    if (!fs.existsSync(keptCopy(tool))) continue;
    fs.writeFileSync(lintCaches[tool], fs.readFileSync(keptCopy(tool), 'utf8').replaceAll(ROOT_MARK, process.cwd()));
  }
}
function keepLintCache(tool: keyof typeof lintCaches, ok: boolean) {
  if (!ok) {
    if (tool === 'eslint') fs.rmSync(lintCaches.eslint, { force: true });
    return;
  }
  if (!LINT_CACHE_DIR || !fs.existsSync(lintCaches[tool])) return;
  fs.mkdirSync(LINT_CACHE_DIR, { recursive: true });
  for (const old of fs.readdirSync(LINT_CACHE_DIR).filter((f) => f.startsWith(`${tool}-`)))
    fs.rmSync(path.join(LINT_CACHE_DIR, old));
  const text = fs.readFileSync(lintCaches[tool], 'utf8').replaceAll(process.cwd(), ROOT_MARK);
  fs.writeFileSync(`${keptCopy(tool)}.tmp`, text);
  fs.renameSync(`${keptCopy(tool)}.tmp`, keptCopy(tool));
}

// The generated code, made again only when what it is made from changed (scripts/generate.ts).
runNow('npx', ['tsx', 'scripts/generate.ts']);
takeUpLintCaches();
const TS_BUILD_INFO = '.tmp/tsbuildinfo';
const cached = (tool: keyof typeof lintCaches) => [
  '--cache',
  '--cache-strategy',
  'content',
  '--cache-location',
  lintCaches[tool],
];
const results = await Promise.all([
  // Incremental: what tsc learnt of files that did not change is kept in .tmp (and, in CI, between
  // runs on the machine: .ci/run restores and keeps it).
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', TS_BUILD_INFO]),
  run('eslint', 'npx', ['eslint', ...cached('eslint'), '.']).then((r) => (keepLintCache('eslint', r.ok), r)),
  run('prettier', 'npx', ['prettier', '--check', ...cached('prettier'), '.']).then((r) => (keepLintCache('prettier', r.ok), r)),
  run('module graph', 'npx', ['tsx', 'scripts/module-graph.ts']),
  run('build', 'npx', ['tsx', 'scripts/build.ts', '--no-generate']),
]);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nchecks: ${results.map((r) => `${r.name} ${r.seconds.toFixed(0)} s`).join(', ')}`);

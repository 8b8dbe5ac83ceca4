// The checks `npm test` runs before the tests: the generated code first (the Prisma client, the typed
// GraphQL documents), then the typecheck, ESLint, Prettier and the client's build side by side. Each
// is one process on one core, and the machine has two: side by side they take about as long as the
// longest two, not their sum (docs/testing.md). Each one's output is printed whole when it ends; the
// script fails when any of them does.
import { spawn, spawnSync } from 'node:child_process';

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

// The generated code, made again only when what it is made from changed (scripts/generate.ts).
runNow('npx', ['tsx', 'scripts/generate.ts']);
const TS_BUILD_INFO = '.tmp/tsbuildinfo';
const results = await Promise.all([
  // Incremental: what tsc learnt of files that did not change is kept in .tmp (and, in CI, between
  // runs on the machine: .ci/run restores and keeps it).
  run('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', TS_BUILD_INFO]),
  run('eslint', 'npx', ['eslint', '.']),
  run('prettier', 'npx', ['prettier', '--check', '.']),
  run('module graph', 'npx', ['tsx', 'scripts/module-graph.ts']),
  run('build', 'npx', ['tsx', 'scripts/build.ts', '--no-generate']),
]);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
if (failed.length) {
  console.error(`\nchecks failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nchecks: ${results.map((r) => `${r.name} ${r.seconds.toFixed(0)} s`).join(', ')}`);

// `npm test`: the checks (scripts/checks.ts), vitest (both projects), then the browser tests
// (`npm run test:e2e`). The browser tests' stacks (tests/e2e/stacks.ts: the seeded template database,
// then every worker's app) start as soon as the checks have built the client, while vitest runs: their
// half a minute of start-up no longer comes before the first browser test (docs/testing.md). Their
// output goes to .tmp/e2e-stacks.log; Playwright is told they are up (E2E_STACKS_STARTED) and uses them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { chromiumPath } from '../tests/e2e/browser.js';

const STACKS_PORT = Number(process.env.E2E_STACKS_PORT ?? 4170);
const LOG = '.tmp/e2e-stacks.log';

function run(cmd: string, args: string[], env: Record<string, string> = {}): number {
  return spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
}

let stacks: ChildProcess | undefined;
let stacksExit: number | null | undefined;
function stopStacks() {
  if (stacks?.pid && stacksExit === undefined) {
    try {
      process.kill(-stacks.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
process.on('exit', stopStacks);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopStacks();
    process.exit(130);
  });

async function stacksUp(timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && stacksExit === undefined) {
    const ok = await fetch(`http://127.0.0.1:${STACKS_PORT}/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

let status = run('npx', ['tsx', 'scripts/checks.ts']);
if (status !== 0) process.exit(status);

const browser = chromiumPath();
if (browser) {
  fs.mkdirSync('.tmp', { recursive: true });
  const log = fs.openSync(LOG, 'w');
  // Its own process group, so that stopping it stops every app, emulator and stand-in it started.
  stacks = spawn('npx', ['tsx', 'tests/e2e/stacks.ts'], { stdio: ['ignore', log, log], detached: true, env: process.env });
  stacks.on('exit', (code) => (stacksExit = code));
}

status = run('npx', ['vitest', 'run']);
if (status === 0 && browser) {
  if (!(await stacksUp(240_000))) {
    console.error(
      `The browser tests' stacks did not come up; their output (${LOG}):\n${fs.readFileSync(LOG, 'utf8').slice(-5_000)}`,
    );
    status = 1;
  } else status = run('npm', ['run', 'test:e2e'], { E2E_STACKS_STARTED: '1' });
} else if (status === 0) status = run('npm', ['run', 'test:e2e']);
stopStacks();
process.exit(status);

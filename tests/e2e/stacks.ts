// The browser tests' servers (playwright.config.ts starts this as its one webServer): for each
// Playwright worker i, a token-sync stand-in and the app (tests/e2e/server.ts) on its own ports
// (tests/e2e/origin.ts), all started at once — Playwright starts its webServers one after another.
// Answers GET /health on E2E_STACKS_PORT once every app answers /healthz; stops them all when
// stopped. Each child's output goes to this process's (Playwright shows it prefixed [WebServer]).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { dropEarlierTemplate } from './template-dir.js';
import { E2E_BASE_AUTH_PORT, E2E_BASE_PORT, E2E_BASE_TOKEN_SYNC_PORT } from './origin.js';

const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const DATA_ROOT = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
const CONTROL_PORT = Number(process.env.E2E_STACKS_PORT ?? 4170);

// Every run seeds its template anew, also when Playwright is run by hand (tests/e2e/run.ts does the
// same for `npm run test:e2e`): a template of an earlier run holds rows of the seed as it was then.
// `npm test` made this run's while the checks ran (E2E_TEMPLATE_READY=1), and it is kept.
await dropEarlierTemplate(DATA_ROOT);

const children: ChildProcess[] = [];
function start(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${script} (${env.PORT}) exited: ${signal ?? code}; stopping every stack`);
    stop(1);
  });
  children.push(child);
}

let stopping = false;
function stop(code: number) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1_000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

for (let i = 0; i < WORKERS; i++) {
  start('tests/e2e/token-sync-server.ts', { PORT: String(E2E_BASE_TOKEN_SYNC_PORT + i) });
  // A temporary folder of its own: the Auth emulator (firebase-tools) keeps a locator file per
  // project in os.tmpdir() and removes it on exit; stacks do not share it.
  const tmp = path.resolve(`${DATA_ROOT}-tmp-${i}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.mkdirSync(tmp, { recursive: true });
  start('tests/e2e/server.ts', {
    TMPDIR: tmp,
    PORT: String(E2E_BASE_PORT + i),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${E2E_BASE_PORT + i}`,
    DATA_DIR: `${DATA_ROOT}-${i}`,
    E2E_TEMPLATE_DIR: `${DATA_ROOT}-template`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DATABASE_URL: '',
    AUTH_EMULATOR_PORT: String(E2E_BASE_AUTH_PORT + i),
    FIREBASE_AUTH_EMULATOR_HOST: '',
    FIREBASE_PROJECT_ID: '',
    // The stand-in above: the token sync of SPEC part 7 is on for every browser test.
    TOKEN_SYNC_URL: `http://127.0.0.1:${E2E_BASE_TOKEN_SYNC_PORT + i}/token`,
  });
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

const urls = Array.from({ length: WORKERS }, (_, i) => [
  `http://127.0.0.1:${E2E_BASE_PORT + i}/healthz`,
  `http://127.0.0.1:${E2E_BASE_TOKEN_SYNC_PORT + i}/__control/health`,
]).flat();
const started = performance.now();
for (;;) {
  const up = await Promise.all(urls.map(healthy));
  if (up.every(Boolean)) break;
  await new Promise((r) => setTimeout(r, 250));
}
console.log(`${WORKERS} e2e stacks up in ${Math.round(performance.now() - started)} ms`);
http
  .createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'))
  .listen(CONTROL_PORT, '127.0.0.1');

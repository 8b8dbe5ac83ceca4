import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../setup/free-port.js';

const root = path.resolve(import.meta.dirname, '../..');
function run(env: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx CLI: the CLI relays signals to a child process and, on
  // a loaded machine, SIGKILLs it when the child does not confirm within 30 ms (exit 143).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exit, output: () => out };
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'process-test-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('stops at start with a readable list of bad variables', async () => {
    const p = run({ PORT: 'eighty', DATABASE_URL: 'mysql://nope', LOG_LEVEL: 'info' });
    expect(await p.exit).toBe(2);
    expect(p.output()).toMatch(/Invalid configuration:\n\s+- PORT: .*\n\s+- DATABASE_URL: must be a postgres/);
  });

  it('refuses production with the Auth emulator', async () => {
    const p = run({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '', FIREBASE_PROJECT_ID: '' });
    expect(await p.exit).toBe(2);
    expect(p.output()).toMatch(/NODE_ENV=production with the Firebase Auth emulator is refused/);
  });

  // One start serves both checks (a start costs about 10 s: the server and its own Auth emulator).
  it("`npm start`'s chain under npm migrates and serves; SIGTERM to npm, with a browser's keep-alive connection open, shuts the server and its own Auth emulator down cleanly and frees both ports (issue 58 item 13e)", async () => {
    // The start script as package.json has it, its build step left out (the client build is not
    // this test's business): npm runs it in a shell, as `npm start` does, and forwards SIGTERM to it.
    const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } };
    const [build, serve] = pkg.scripts.start.split(' && ');
    expect(build).toBe('tsx scripts/build.ts');
    // The shell gives way to the server (exec): a signal npm forwards reaches the server itself.
    expect(serve).toMatch(/^exec node .*server\/main\.ts$/);
    const [port, emulatorPort] = [await freePort(), await freePort()];
    const npm = spawn('npm', ['exec', '--yes', '--call', `true && ${serve}`], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_ON_EMPTY: 'false',
        LOG_LEVEL: 'info',
        // Not 'test': Apollo Server installs its own signal handlers outside tests, which once made
        // every shutdown wait for the safety timer.
        NODE_ENV: 'development',
        // With Redis (CI), its connections are closed too.
        REDIS_URL: process.env.REDIS_TEST_URL ?? '',
        FIREBASE_PROJECT_ID: '',
        FIREBASE_AUTH_EMULATOR_HOST: '',
        AUTH_EMULATOR_PORT: String(emulatorPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    const exit = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const free = (p: number) =>
      new Promise<boolean>((resolve) => {
        const probe = http.createServer();
        probe.once('error', () => resolve(false));
        probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(true)));
      });
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status ?? 0, {
          timeout: 90_000,
          interval: 500,
        })
        .toBe(200)
        .catch((err: unknown) => {
          throw new Error(`the server did not answer /healthz:\n${out.slice(-3_000)}`, { cause: err });
        });
      // Migrated on its own (SEED_ON_EMPTY=false: the schema only), and in emulator mode it listens on
      // loopback only (its tokens are unsigned).
      expect(out).toMatch(/migrations applied/);
      expect(out).toMatch(/"listening":"127\.0\.0\.1:/);
      expect(await free(port)).toBe(false);
      expect(await free(emulatorPort)).toBe(false);
      // A keep-alive connection, idle, as a browser leaves it.
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
      expect(status).toBe(200);
      npm.kill('SIGTERM');
      await exit;
      // The server shut down in order (it stops the emulator), and both ports are free again: a clean
      // exit ('bye'), not the 15-second safety timer ('shutdown took too long', exit 1).
      await expect.poll(() => free(port), { timeout: 20_000, interval: 200 }).toBe(true);
      await expect.poll(() => free(emulatorPort), { timeout: 20_000, interval: 200 }).toBe(true);
      await expect.poll(() => out, { timeout: 5_000 }).toMatch(/bye/);
      expect(out).toMatch(/shutting down/);
      expect(out).not.toMatch(/took too long/);
    } finally {
      agent.destroy();
      npm.kill('SIGKILL');
    }
  }, 150_000);
});

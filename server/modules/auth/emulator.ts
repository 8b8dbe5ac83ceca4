import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The Firebase Auth emulator (firebase-tools, pure Node, no Java), started by the server when no
 * Firebase project is configured. Accounts persist across restarts under DATA_DIR/firebase-auth
 * (imported at start, exported on a clean exit).
 */
export const EMULATOR_PROJECT_ID = 'demo-nyc-rentals';

export interface RunningEmulator {
  host: string; // host:port
  stop(): Promise<void>;
}

/** A loopback port free right now (the system's choice). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function isEmulatorUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) });
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return Boolean(body.authEmulator?.ready);
  } catch {
    return false;
  }
}

export async function startAuthEmulator(opts: {
  port: number;
  dataDir: string;
  log: Logger;
  persist?: boolean;
}): Promise<RunningEmulator> {
  const host = `127.0.0.1:${opts.port}`;
  if (await isEmulatorUp(host)) {
    opts.log.info({ host }, 'reusing the Firebase Auth emulator already running');
    return { host, stop: async () => {} };
  }
  const dir = path.join(opts.dataDir, 'firebase-auth');
  const exportDir = path.join(dir, 'export');
  await fs.mkdir(dir, { recursive: true });
  const config = path.join(dir, 'firebase.json');
  // The CLI's hub and logging servers get ports of their own: 'port: 0' means its defaults (4400 and
  // 4500), which two emulators started at once both took, and the second failed ('An unexpected
  // error has occurred'), e.g. the browser tests' stacks or a test run beside `npm start`.
  const [hubPort, loggingPort] = [await freeLoopbackPort(), await freeLoopbackPort()];
  await fs.writeFile(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        ui: { enabled: false },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
      },
    }),
  );
  const require = createRequire(import.meta.url);
  const cli = path.join(path.dirname(require.resolve('firebase-tools/package.json')), 'lib/bin/firebase.js');
  const persist = opts.persist ?? true;
  const hasExport =
    persist &&
    (await fs.stat(path.join(exportDir, 'firebase-export-metadata.json')).then(
      () => true,
      () => false,
    ));
  const args = [
    cli,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    EMULATOR_PROJECT_ID,
    '--config',
    config,
    ...(hasExport ? ['--import', exportDir] : []),
    ...(persist ? ['--export-on-exit', exportDir] : []),
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The child inherits the environment (PATH, HOME) plus switches that keep the CLI offline.
    // eslint-disable-next-line no-restricted-properties
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true', CI: 'true' },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + 90_000;
  while (!(await isEmulatorUp(host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  opts.log.info({ host, imported: hasExport }, 'Firebase Auth emulator ready');
  return {
    host,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode !== null) return;
      child.kill('SIGINT'); // exports accounts, then exits
      // The export of accounts takes well under a second; a shutdown never waits on it for long.
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/**
 * The Firebase Auth emulator (firebase-tools, pure Node, no Java), started by the server when no
 * Firebase project is configured. It runs in a child process (emulator-host.ts: the emulator's
 * server without the firebase CLI, under a second to start). Accounts persist across restarts under
 * DATA_DIR/firebase-auth/export (imported at start, exported on a clean exit).
 */
export const EMULATOR_PROJECT_ID = 'demo-nyc-rentals';

export interface RunningEmulator {
  host: string; // host:port
  stop(): Promise<void>;
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
  const persist = opts.persist ?? true;
  if (persist) await fs.mkdir(exportDir, { recursive: true });
  const hasExport =
    persist &&
    (await fs.stat(path.join(exportDir, 'firebase-export-metadata.json')).then(
      () => true,
      () => false,
    ));
  const hostScript = fileURLToPath(new URL('./emulator-host.ts', import.meta.url));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', hostScript, String(opts.port), EMULATOR_PROJECT_ID, ...(persist ? [exportDir] : [])],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<boolean>((resolve) => {
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
      if (/^ready$/m.test(output)) resolve(true);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', () => resolve(false));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const started = await ready;
  clearTimeout(timer);
  if (!started) {
    process.removeListener('exit', killOnExit);
    throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
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

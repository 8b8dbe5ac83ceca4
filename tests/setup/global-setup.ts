import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../server/modules/auth/emulator.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** One Firebase Auth emulator for the whole vitest run (about 9 s to start), on a free port. */
export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'auth-emulator-'));
  const emulator = await startAuthEmulator({ port: await freePort(), dataDir, log: pino({ level: 'silent' }), persist: false });
  project.provide('authEmulatorHost', emulator.host);
  return async () => {
    await emulator.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startAuthEmulator } from '../../server/modules/auth/emulator.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorHost: string;
  }
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

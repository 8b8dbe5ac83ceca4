import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { EMULATOR_PROJECT_ID, startAuthEmulator } from '../../server/modules/auth/emulator.js';
import { freePort } from '../setup/free-port.js';

// The embedded Auth emulator runs the emulator's server without the firebase CLI
// (server/modules/auth/emulator-host.ts): its accounts survive a restart (export on stop, import on
// start, in the CLI's layout), and it does not outlive the process that started it.
const log = pino({ level: 'silent' });
const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const accounts = (host: string) => `http://${host}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}/accounts`;

async function up(host: string): Promise<boolean> {
  return fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_000) }).then(
    (r) => r.ok,
    () => false,
  );
}

describe('the embedded Auth emulator', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
  });

  it('keeps its accounts across a restart', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'emulator-'));
    dirs.push(dataDir);
    const port = await freePort();
    const first = await startAuthEmulator({ port, dataDir, log });
    const signUp = await fetch(`${accounts(first.host)}`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ email: 'kept@example.com', password: 'kept-pass-1', displayName: 'Kept Person' }),
    });
    expect(signUp.status).toBe(200);
    await first.stop();
    expect(await up(first.host)).toBe(false);
    const exported = await fs.readFile(path.join(dataDir, 'firebase-auth/export/auth_export/accounts.json'), 'utf8');
    expect(exported).toContain('kept@example.com');

    const second = await startAuthEmulator({ port, dataDir, log });
    try {
      // Signing in with the password set before the restart works.
      const res = await fetch(`http://${second.host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com', password: 'kept-pass-1', returnSecureToken: true }),
      });
      const body = (await res.json()) as { email?: string; idToken?: string };
      expect(res.status).toBe(200);
      expect(body.email).toBe('kept@example.com');
      expect(body.idToken).toBeTruthy();
    } finally {
      await second.stop();
    }
  });

  it('stops when the process that started it goes away', async () => {
    const port = await freePort();
    const host = `127.0.0.1:${port}`;
    const script = fileURLToPath(new URL('../../server/modules/auth/emulator-host.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', script, String(port), EMULATOR_PROJECT_ID], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()));
    expect(await up(host)).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // What a parent's death looks like to the child: its stdin closes.
    child.stdin.end();
    await exited;
    expect(await up(host)).toBe(false);
  });
});

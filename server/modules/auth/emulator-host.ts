/**
 * The Firebase Auth emulator's own server (firebase-tools' `lib/emulator/auth`), run without the
 * firebase CLI: the CLI took 7–11 s to start (it loads every command, a hub and a logging server);
 * this takes under a second. The import and export use the emulator's own REST endpoints and the
 * CLI's export layout (`firebase-export-metadata.json`, `auth_export/accounts.json`, `config.json`),
 * so data exported by either is read by both.
 *
 * Run by emulator.ts as a child process: `emulator-host.ts PORT PROJECT_ID [EXPORT_DIR]`. Prints
 * `ready` once it serves and has imported; on SIGINT or SIGTERM, or when its stdin closes (the parent
 * has gone), it exports (with EXPORT_DIR), then exits.
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

interface AuthEmulatorServer {
  createApp(projectId: string): Promise<{ listen(port: number, host: string): import('node:http').Server }>;
}

const [portArg, projectId, exportDir] = process.argv.slice(2);
const port = Number(portArg);
if (!Number.isInteger(port) || !projectId) {
  console.error('usage: emulator-host.ts PORT PROJECT_ID [EXPORT_DIR]');
  process.exit(2);
}
const base = `http://127.0.0.1:${port}`;
const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const accountsPath = `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts`;
const configPath = `/emulator/v1/projects/${projectId}/config`;

const require = createRequire(import.meta.url);
const { version } = require('firebase-tools/package.json') as { version: string };
const serverModule = require.resolve('firebase-tools/lib/emulator/auth/server.js');
// The emulator validates requests against its OpenAPI spec with exegesis, which compiled every
// validator (Ajv) before serving: 9–10 s of CPU. Exegesis can compile each one on first use
// (`lazyCompileValidationSchemas`); firebase-tools does not ask for it, so its middleware factory is
// wrapped to (the same module instance firebase-tools' server loads). Start: about 0.8 s.
const exegesisExpress = createRequire(serverModule)('exegesis-express') as {
  middleware: (spec: unknown, options: Record<string, unknown>) => Promise<unknown>;
};
const middleware = exegesisExpress.middleware;
exegesisExpress.middleware = (spec, options) => middleware(spec, { ...options, lazyCompileValidationSchemas: true });
const { createApp } = require(serverModule) as AuthEmulatorServer;

async function call(method: string, url: string, body?: string): Promise<string> {
  const res = await fetch(`${base}${url}`, { method, headers: owner, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return text;
}

async function importData(dir: string) {
  const authDir = path.join(dir, 'auth_export');
  const read = (name: string) => fs.readFile(path.join(authDir, name), 'utf8').catch(() => null);
  const config = await read('config.json');
  if (config) await call('PATCH', configPath, config);
  const accounts = await read('accounts.json');
  if (accounts) {
    const parsed = JSON.parse(accounts) as { users?: unknown[] };
    if (parsed.users?.length) await call('POST', `${accountsPath}:batchCreate`, accounts);
  }
}

async function exportData(dir: string) {
  const authDir = path.join(dir, 'auth_export');
  await fs.mkdir(authDir, { recursive: true });
  const accounts = await call('GET', `${accountsPath}:batchGet?maxResults=-1`);
  const config = await call('GET', configPath);
  await fs.writeFile(path.join(authDir, 'accounts.json'), accounts);
  await fs.writeFile(path.join(authDir, 'config.json'), config);
  await fs.writeFile(
    path.join(dir, 'firebase-export-metadata.json'),
    JSON.stringify({ version, auth: { version, path: 'auth_export' } }, null, 2),
  );
}

const app = await createApp(projectId);
const server = app.listen(port, '127.0.0.1');
await new Promise<void>((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});
if (exportDir) await importData(exportDir);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  let code = 0;
  try {
    if (exportDir) await exportData(exportDir);
  } catch (err) {
    console.error('export failed:', err);
    code = 1;
  }
  server.closeAllConnections();
  server.close(() => process.exit(code));
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
// The parent's end of stdin closes when it exits, even when killed: do not outlive it.
process.stdin.on('end', () => void stop());
process.stdin.resume();
console.log('ready');

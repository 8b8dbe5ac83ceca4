import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * PGlite's files are opened by one process at a time (issue 24 item 4): two processes writing one
 * data directory lose each other's writes. Whoever opens them holds `DATA_DIR/pglite.lock`, which
 * names its process and, once it serves the database, the loopback port of its wire protocol. The
 * commands (partner keys, admin grants, seeds) connect through that port while the app runs, and open
 * the files themselves only when nothing holds them. See docs/decisions/0038-one-pglite-owner.md.
 */

export const PGLITE_LOCK = 'pglite.lock';

/** Who holds the files: the app, or a command that opened them itself. */
export type PgliteHolderKind = 'app' | 'command';

export interface PgliteHolder {
  pid: number;
  kind: PgliteHolderKind;
  /** The wire protocol's loopback port, once the holder serves the database. */
  port: number | null;
  since: string;
}

export class PgliteInUse extends Error {
  constructor(readonly holder: PgliteHolder) {
    super(
      `The database in DATA_DIR is in use by ${holder.kind === 'app' ? 'the app' : 'a command'} (process ${holder.pid}). ` +
        'Stop it first, or use a DATA_DIR of your own.',
    );
    this.name = 'PgliteInUse';
  }
}

function lockPath(dataDir: string) {
  return path.join(dataDir, PGLITE_LOCK);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // it exists, under another user
  }
}

/** Whether something accepts connections on this loopback port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

async function readHolder(dataDir: string): Promise<PgliteHolder | null> {
  let text: string;
  try {
    text = await fs.readFile(lockPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const parsed = JSON.parse(text) as Partial<PgliteHolder>;
    if (typeof parsed.pid === 'number' && (parsed.kind === 'app' || parsed.kind === 'command')) {
      return {
        pid: parsed.pid,
        kind: parsed.kind,
        port: typeof parsed.port === 'number' ? parsed.port : null,
        since: String(parsed.since ?? ''),
      };
    }
  } catch {
    // being written this moment, or left halfway by a writer that died: see `liveHolder`
  }
  return { pid: 0, kind: 'command', port: null, since: '' };
}

/** A lock file without a readable holder that is younger than this is being written: not stale. */
const WRITING_MS = 5_000;

/** The holder, when one is alive (a lock left by a process that ended is stale). */
async function liveHolder(dataDir: string): Promise<PgliteHolder | null> {
  const holder = await readHolder(dataDir);
  if (holder && holder.pid <= 0) {
    const stat = await fs.stat(lockPath(dataDir)).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs < WRITING_MS) return { ...holder, port: null };
  }
  if (!holder || holder.pid <= 0 || !alive(holder.pid)) return null;
  // A process that took over the number of a dead holder does not serve its port.
  if (holder.port !== null && !(await listening(holder.port))) return null;
  return holder;
}

/** The running holder that serves the database on a port (the app), or null when none does. */
export async function servingHolder(dataDir: string): Promise<(PgliteHolder & { port: number }) | null> {
  const holder = await liveHolder(dataDir);
  return holder && holder.port !== null ? { ...holder, port: holder.port } : null;
}

export interface PgliteLock {
  /** Says which port the holder serves the database on. */
  publish(port: number): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the lock of `dataDir`, or throws PgliteInUse. A command's hold is short (one grant, one key):
 * the app waits up to `waitForCommandMs` for it to end before giving up.
 */
export async function acquirePgliteLock(
  dataDir: string,
  kind: PgliteHolderKind,
  opts: { waitForCommandMs?: number } = {},
): Promise<PgliteLock> {
  await fs.mkdir(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  const deadline = Date.now() + (opts.waitForCommandMs ?? (kind === 'app' ? 30_000 : 0));
  const mine: PgliteHolder = { pid: process.pid, kind, port: null, since: new Date().toISOString() };
  for (;;) {
    try {
      await fs.writeFile(file, JSON.stringify(mine), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = await liveHolder(dataDir);
    if (!holder) {
      // Stale: its process is gone. Whoever removes it first takes it (the others see EEXIST again).
      await fs.rm(file, { force: true });
      continue;
    }
    if ((holder.kind === 'command' || holder.pid <= 0) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    throw new PgliteInUse(holder);
  }
  let released = false;
  return {
    async publish(port) {
      mine.port = port;
      // Written whole, then renamed over the lock: a reader never sees half of it.
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(tmp, JSON.stringify(mine));
      await fs.rename(tmp, file);
    },
    async release() {
      if (released) return;
      released = true;
      const holder = await readHolder(dataDir);
      if (holder?.pid === process.pid) await fs.rm(file, { force: true });
    },
  };
}

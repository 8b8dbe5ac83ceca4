// The Playwright webServer of one worker (playwright.config.ts): its own copy of the seeded e2e
// database, then the server itself exactly as `npm run serve` starts it. The database is made once
// per run as a template (removed, migrated, seeded, plus the e2e factories' rows; photos included)
// and copied for each worker, since seeding takes longer than copying. The embedded PGlite lives in
// the server's process, so the rows are written before the server opens the database.
import fs from 'node:fs/promises';
import path from 'node:path';
import { createDatabase } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { seed } from '../../server/db/seed/index.js';
import { createLocalStorage } from '../../server/modules/uploads/storage.js';
import { runE2eFactories } from './data-factories.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('tests/e2e/server.ts needs DATA_DIR (playwright.config.ts sets it)');
const templateDir = process.env.E2E_TEMPLATE_DIR ?? `${dataDir}-template`;
const READY = path.join(templateDir, '.ready');
const LOCK = `${templateDir}.lock`;

const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

/** Seeds the template once per run: the first server to get the lock makes it, the others wait. */
async function ensureTemplate(): Promise<void> {
  for (;;) {
    if (await exists(READY)) return;
    try {
      await fs.mkdir(LOCK);
    } catch {
      // Another worker's server is making it (a lock older than 5 minutes was left by a killed run).
      const stat = await fs.stat(LOCK).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > 5 * 60_000) await fs.rm(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (await exists(READY)) return;
      const started = performance.now();
      await fs.rm(templateDir, { recursive: true, force: true });
      const db = await createDatabase({ dataDir: templateDir });
      try {
        await applyMigrations(db.adapterFactory);
        await seed(db.prisma, createLocalStorage(path.join(templateDir, 'uploads')));
        await runE2eFactories(db.prisma);
      } finally {
        await db.close();
      }
      await fs.writeFile(READY, new Date().toISOString());
      console.log(`e2e template database ready in ${Math.round(performance.now() - started)} ms`);
      return;
    } finally {
      await fs.rm(LOCK, { recursive: true, force: true });
    }
  }
}

// A fresh template per run: tests/e2e/stacks.ts (Playwright's web server, which starts every worker's
// stack) removes it before it starts them.
await ensureTemplate();
await fs.rm(dataDir, { recursive: true, force: true });
await fs.cp(templateDir, dataDir, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });

// server/main.ts runs on import: env → the same database (not empty, so no seeding) → listen.
await import('../../server/main.js');

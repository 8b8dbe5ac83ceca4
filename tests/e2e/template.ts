// The browser tests' seeded database (tests/e2e/server.ts copies it for each worker's stack): made once
// per run as a template (migrated, seeded, plus the e2e factories' rows; photos included), since
// seeding takes longer than copying. Its rows come from this checkout's migrations, seed and factories,
// and the seed's dates are relative to the time it was made, so every run makes it anew.
//
// `npm test` makes it while the checks run, when the second core is mostly free (scripts/checks.ts
// `--e2e-data`, which runs this file), and then tells the browser tests it is this run's
// (`E2E_TEMPLATE_READY=1`); otherwise the browser tests remove it and the first stack makes it.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../../server/db/client.js';
import { applyMigrations } from '../../server/db/migrate.js';
import { seed } from '../../server/db/seed/index.js';
import { createLocalStorage } from '../../server/modules/uploads/storage.js';
import { runE2eFactories } from './data-factories.js';
import { E2E_DATA_ROOT, exists, removeTemplate, templateDirOf } from './template-dir.js';

/** Makes the template unless it is there: the first process to get the lock makes it, the others wait. */
export async function ensureTemplate(templateDir: string): Promise<void> {
  const ready = path.join(templateDir, '.ready');
  const lock = `${templateDir}.lock`;
  for (;;) {
    if (await exists(ready)) return;
    try {
      await fs.mkdir(lock, { recursive: false });
    } catch {
      // Another process is making it (a lock older than 5 minutes was left by a killed run).
      const stat = await fs.stat(lock).catch(() => null);
      if (stat && Date.now() - stat.mtimeMs > 5 * 60_000) await fs.rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      if (await exists(ready)) return;
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
      await fs.writeFile(ready, new Date().toISOString());
      console.log(`e2e template database ready in ${Math.round(performance.now() - started)} ms`);
      return;
    } finally {
      await fs.rm(lock, { recursive: true, force: true });
    }
  }
}

// `tsx tests/e2e/template.ts`: a fresh template for this run.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await fs.mkdir(path.dirname(templateDirOf(E2E_DATA_ROOT)), { recursive: true });
  await removeTemplate();
  await ensureTemplate(templateDirOf(E2E_DATA_ROOT));
}

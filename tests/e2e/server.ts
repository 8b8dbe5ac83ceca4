// The Playwright webServer: a fresh database (removed, migrated, seeded, plus the e2e factories'
// rows), then the server itself exactly as `npm run serve` starts it. The embedded PGlite lives in
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

const started = performance.now();
await fs.rm(dataDir, { recursive: true, force: true });
const db = await createDatabase({ dataDir });
try {
  await applyMigrations(db.adapterFactory);
  await seed(db.prisma, createLocalStorage(path.join(dataDir, 'uploads')));
  await runE2eFactories(db.prisma);
} finally {
  await db.close();
}
console.log(`e2e database ready in ${Math.round(performance.now() - started)} ms`);

// server/main.ts runs on import: env → the same database (not empty, so no seeding) → listen.
await import('../../server/main.js');

// The Playwright webServer of one worker (playwright.config.ts): its own copy of the seeded e2e
// database, then the server itself exactly as `npm run serve` starts it. The database is made once
// per run as a template (removed, migrated, seeded, plus the e2e factories' rows; photos included)
// and copied for each worker, since seeding takes longer than copying. The embedded PGlite lives in
// the server's process, so the rows are written before the server opens the database.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensureTemplate } from './template.js';
import { templateDirOf } from './template-dir.js';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('tests/e2e/server.ts needs DATA_DIR (playwright.config.ts sets it)');
const templateDir = process.env.E2E_TEMPLATE_DIR ?? templateDirOf(dataDir);

// A fresh template per run: tests/e2e/stacks.ts (Playwright's web server, which starts every worker's
// stack) removes an earlier run's before it starts them (tests/e2e/template-dir.ts).
await ensureTemplate(templateDir);
await fs.rm(dataDir, { recursive: true, force: true });
await fs.cp(templateDir, dataDir, { recursive: true, filter: (src) => path.basename(src) !== '.ready' });

// server/main.ts runs on import: env → the same database (not empty, so no seeding) → listen.
await import('../../server/main.js');

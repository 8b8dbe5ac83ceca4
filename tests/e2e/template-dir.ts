// Where the browser tests' seeded template lives, and whether an earlier run's is dropped: files only,
// so the test runner and the stacks' launcher do not load the database to ask (tests/e2e/template.ts
// makes it).
import fs from 'node:fs/promises';
import path from 'node:path';

export const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

/** Where the workers' databases and their template live (E2E_DATA_DIR, by default .tmp/e2e-data). */
export const E2E_DATA_ROOT = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
export const templateDirOf = (dataRoot: string) => `${dataRoot}-template`;

/**
 * Removes a template an earlier run left, unless this run made it already (E2E_TEMPLATE_READY=1, set
 * by `npm test` after the checks made it).
 */
export async function dropEarlierTemplate(dataRoot = E2E_DATA_ROOT): Promise<void> {
  if (process.env.E2E_TEMPLATE_READY === '1' && (await exists(path.join(templateDirOf(dataRoot), '.ready')))) return;
  await removeTemplate(dataRoot);
}

/** Removes the template and a lock a killed run may have left. */
export async function removeTemplate(dataRoot = E2E_DATA_ROOT): Promise<void> {
  await fs.rm(templateDirOf(dataRoot), { recursive: true, force: true });
  await fs.rm(`${templateDirOf(dataRoot)}.lock`, { recursive: true, force: true });
}

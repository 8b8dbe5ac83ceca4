import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A hash of files and folders (folders whole, in name order, but for `skip` and what `ignore` says),
 * of their paths relative to `root` and their bytes: what the build and the generated code are made
 * from (scripts/build.ts, scripts/generate.ts).
 */
export function hashInputs(
  root: string,
  inputs: readonly string[],
  { skip = [], ignore = () => false }: { skip?: readonly string[]; ignore?: (file: string) => boolean } = {},
): string {
  const hash = createHash('sha256');
  const skipped = new Set(skip.map((p) => path.join(root, p)));
  const visit = (abs: string) => {
    if (skipped.has(abs)) return;
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.join(abs, name));
      return;
    }
    if (ignore(abs)) return;
    hash.update(path.relative(root, abs)).update('\0').update(fs.readFileSync(abs)).update('\0');
  };
  for (const input of inputs) visit(path.join(root, input));
  return hash.digest('hex');
}

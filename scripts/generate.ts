// The generated code: the Prisma client (server/db/generated, from prisma/schema.prisma) and the typed
// GraphQL documents (client/src/gql, from schema.graphql and the documents under client/src). Each is
// made again only when what it is made from changed: a hash of its inputs is kept beside its output
// (`--force` makes both anyway). `npm install` (postinstall), `npm run build` and `npm test`'s checks
// run it, so the second of them does not spend its time making the same files again.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hashInputs } from './hash-inputs.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

interface Generator {
  name: string;
  /** Files and folders it reads (folders whole, but for `skip`). */
  inputs: string[];
  skip?: string[];
  /** Where its output goes; the hash is kept there. */
  output: string;
  command: string[];
}

const GENERATORS: Generator[] = [
  {
    name: 'Prisma client',
    inputs: ['prisma/schema.prisma', 'prisma.config.ts', 'package-lock.json'],
    output: 'server/db/generated',
    command: ['npm', 'run', '-s', 'prisma:generate'],
  },
  {
    name: 'typed GraphQL documents',
    inputs: ['schema.graphql', 'codegen.ts', 'client/src', 'package-lock.json'],
    skip: ['client/src/gql'],
    output: 'client/src/gql',
    command: ['npm', 'run', '-s', 'codegen'],
  },
];

const hashOf = (g: Generator) => hashInputs(ROOT, g.inputs, { skip: g.skip });

for (const g of GENERATORS) {
  const stamp = path.join(ROOT, g.output, '.inputs-hash');
  const current = hashOf(g);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8').trim() === current) {
    console.log(`generate: ${g.name}: up to date`);
    continue;
  }
  fs.rmSync(stamp, { force: true });
  const result = spawnSync(g.command[0]!, g.command.slice(1), { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(stamp, `${current}\n`);
}

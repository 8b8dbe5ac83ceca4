import fs from 'node:fs/promises';
import path from 'node:path';
import { printSchemaSdl } from './schema.js';

/** `npm run schema:emit`: writes schema.graphql from the Pothos schema. */
const out = path.resolve(import.meta.dirname, '../../schema.graphql');
await fs.writeFile(out, printSchemaSdl());
console.log(`Wrote ${path.relative(process.cwd(), out)}`);

import fs from 'node:fs/promises';
import path from 'node:path';
import { printSchemaSdl } from './schema.js';
import { listingFormFragmentSource } from '../../common/listing-fields.js';
import { declaredFiltersFragmentSource } from '../../common/search-filters.js';

/** `npm run schema:emit`: writes schema.graphql from the Pothos schema. */
const out = path.resolve(import.meta.dirname, '../../schema.graphql');
await fs.writeFile(out, printSchemaSdl());
console.log(`Wrote ${path.relative(process.cwd(), out)}`);

// The client's fragment of the declared listing fields (common/listing-fields.ts), for `npm run codegen`.
const fragment = path.resolve(import.meta.dirname, '../../client/src/features/listing-form/listing-fields.generated.ts');
await fs.writeFile(fragment, listingFormFragmentSource());
console.log(`Wrote ${path.relative(process.cwd(), fragment)}`);

// The client's fragment of a saved search's declared filters (common/search-filters.ts).
const filters = path.resolve(import.meta.dirname, '../../client/src/features/alerts/declared-filters.generated.ts');
await fs.writeFile(filters, declaredFiltersFragmentSource());
console.log(`Wrote ${path.relative(process.cwd(), filters)}`);

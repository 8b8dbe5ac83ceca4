import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printSchemaSdl } from '../../server/graphql/schema.js';
import { listingFormFragmentSource } from '../../common/listing-fields.js';

describe('schema.graphql', () => {
  it('is the Pothos schema as printed now (run `npm run schema:emit` after changing it)', async () => {
    const committed = await fs.readFile(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    expect(committed).toBe(printSchemaSdl());
  });

  it("the listing form's fragment of the declared fields is current (`npm run schema:emit` writes it)", async () => {
    const file = path.resolve(import.meta.dirname, '../../client/src/features/listing-form/listing-fields.generated.ts');
    expect(await fs.readFile(file, 'utf8')).toBe(listingFormFragmentSource());
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printSchemaSdl } from '../../server/graphql/schema.js';

describe('schema.graphql', () => {
  it('is the Pothos schema as printed now (run `npm run schema:emit` after changing it)', async () => {
    const committed = await fs.readFile(path.resolve(import.meta.dirname, '../../schema.graphql'), 'utf8');
    expect(committed).toBe(printSchemaSdl());
  });
});

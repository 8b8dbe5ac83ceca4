import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffMigrationsToSchema, readMigrations } from '../../server/db/migrate.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

describe.each(backends)('migrations on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.close());

  it('records every migration folder in _prisma_migrations', async () => {
    const list = await readMigrations();
    const rows = await db.prisma.$queryRaw<Array<{ migration_name: string; finished_at: Date | null }>>`
      SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name`;
    expect(rows.map((r) => r.migration_name)).toEqual(list.migrationDirectories.map((d) => d.path));
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
  });

  it('leaves nothing between prisma/migrations and schema.prisma (no migration is missing)', async () => {
    expect(await diffMigrationsToSchema(db.adapterFactory)).toBe('');
  });

  it('gives the schema engine one session of its own (its advisory lock is released where it was taken, and another instance can migrate beside the app)', async () => {
    const adapter = await db.adapterFactory.connect();
    try {
      // Four statements at once: through a pool of several connections they would run on several.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          adapter.queryRaw({ sql: 'SELECT pg_backend_pid() AS pid, pg_sleep(0.05)::text AS slept', args: [], argTypes: [] }),
        ),
      );
      expect(new Set(answers.map((a) => String(a.rows[0]![0]))).size).toBe(1);
    } finally {
      await adapter.dispose();
    }
  });

  it('installs pg_trgm and its trigram indexes for the text search', async () => {
    const ext = await db.prisma.$queryRaw<Array<{ extname: string }>>`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`;
    expect(ext).toHaveLength(1);
    const idx = await db.prisma.$queryRaw<Array<{ indexname: string }>>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'Property' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname`;
    expect(idx.map((i) => i.indexname)).toEqual([
      'Property_address_trgm_idx',
      'Property_neighborhood_trgm_idx',
      'Property_title_trgm_idx',
    ]);
  });
});

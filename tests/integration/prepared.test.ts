import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prisma } from '../../server/db/generated/prisma/client.js';
import { PREPARED_LIMIT, rawRunner } from '../../server/db/prepared.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// The hot path's statement runner (server/db/prepared.ts): counted like Prisma's statements,
// prepared from a text's second use, values sent as PostgreSQL reads them, bounded.

describe.each(backends)('prepared hot-path statements on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('is there for the app client, counts its statements, and prepares a text from its second use on', async () => {
    const run = rawRunner(db.prisma)!;
    expect(run).toBeTypeOf('function');
    const probe = Prisma.sql`SELECT ${'prepared-probe'}::text AS probe, 1 AS prepared_probe_marker`;
    db.queries.length = 0;
    const prepared = async () =>
      (
        await run<{ name: string }>(
          Prisma.sql`SELECT name FROM pg_prepared_statements WHERE statement LIKE ${'%prepared_probe_marker%'} AND statement NOT LIKE ${'%pg_prepared_statements%'}`,
        )
      ).map((r) => r.name);
    expect(await run(probe)).toEqual([{ probe: 'prepared-probe', prepared_probe_marker: 1 }]);
    expect(db.queries.filter((q) => q.includes('prepared_probe_marker'))).toHaveLength(1);
    // Sequential statements reuse the pool's last idle connection, where the name would be.
    expect(await prepared()).toEqual([]);
    await run(probe);
    await run(probe);
    const names = await prepared();
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^hot_/);
  });

  it('sends a Date as the UTC instant it is, whatever the process time zone', async () => {
    const run = rawRunner(db.prisma)!;
    const tz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const at = new Date('2026-01-02T03:04:05.678Z');
      const [row] = await run<{ same: boolean }>(
        Prisma.sql`SELECT (${at}::timestamp(3) = '2026-01-02 03:04:05.678'::timestamp(3)) AS same`,
      );
      expect(row!.same).toBe(true);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
  });

  it('prepares at most PREPARED_LIMIT texts; the rest run unnamed and still answer', async () => {
    const run = rawRunner(db.prisma)!;
    for (let i = 0; i < PREPARED_LIMIT + 5; i++) {
      const sql = Prisma.sql`SELECT ${i}::int AS i, ${Prisma.raw(`'limit-probe-${i}'`)}::text AS label`;
      await run(sql);
      expect(await run(sql)).toEqual([{ i, label: `limit-probe-${i}` }]);
    }
    const [row] = await run<{ n: number }>(
      Prisma.sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'hot_%'`,
    );
    expect(row!.n).toBeLessThanOrEqual(PREPARED_LIMIT);
    expect(row!.n).toBeGreaterThan(0);
  });
});

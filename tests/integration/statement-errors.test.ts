import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../../server/core/errors.js';
import { createUser } from '../factories/index.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// A statement the database refuses (a unique violation, a bad cast, a NUL in a value) leaves its
// connection usable: the app keeps it (server/db/client.ts) instead of reconnecting, and on PGlite's
// single connection the next statement, whoever sent it, answers as if nothing had happened.

const pid = async (db: TestDatabase) =>
  ((await db.prisma.$queryRawUnsafe('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>)[0]!.pid;

describe.each(backends)('statement errors on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuse the statement as the client input it is and keep the connection for the next one', async () => {
    const user = await createUser(db.prisma);
    const failing: Array<[string, () => Promise<unknown>, string | null]> = [
      ['a NUL in a filter', () => db.prisma.user.findFirst({ where: { firstName: 'a\u0000b' } }), 'BAD_USER_INPUT'],
      [
        'a NUL in an update',
        () => db.prisma.user.update({ where: { id: user.id }, data: { lastName: 'x\u0000' } }),
        'BAD_USER_INPUT',
      ],
      ['a NUL in a list', () => db.prisma.user.findMany({ where: { id: { in: [user.id, '\u0000'] } } }), 'BAD_USER_INPUT'],
      ['a NUL escaped in JSON', () => db.prisma.$queryRawUnsafe('SELECT $1::jsonb AS j', '{"k":"v\\u0000"}'), null],
      [
        'a unique violation',
        () => db.prisma.user.create({ data: { id: `${user.id}-2`, email: user.email, firstName: 'A', lastName: 'B' } }),
        'CONFLICT',
      ],
      ['a division by zero', () => db.prisma.$queryRawUnsafe('SELECT 1 / $1::int AS x', 0), null],
    ];
    for (const [what, attempt, code] of failing) {
      const before = await pid(db);
      const err = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, what).not.toBeNull();
      if (code) expect(toAppError(err)?.code, what).toBe(code);
      // The very next statement answers, on the same connection.
      expect((await db.prisma.user.findUnique({ where: { id: user.id } }))?.lastName, what).toBe(user.lastName);
      if (backend === 'postgres') expect(await pid(db), what).toBe(before);
    }
  });

  it.runIf(backend === 'postgres')('drop a connection that broke and answer the next statement on a new one', async () => {
    const before = await pid(db);
    const err = await db.prisma.$queryRawUnsafe('SELECT pg_terminate_backend(pg_backend_pid())').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(await pid(db)).not.toBe(before);
  });
});

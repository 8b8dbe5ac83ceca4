import type { PrismaClient } from '../../server/db/client.js';

/**
 * A fingerprint of every application table: its row count and an md5 over its rows in a stable
 * order. Two snapshots taken around a refused call must be equal (no row changed). Tables that only
 * record reads (listing views) or presence (User.lastSeenAt) can be left out by the caller.
 */
export type TableSnapshot = Record<string, { rows: number; md5: string | null }>;

/** The application's tables (Prisma's migrations table is not one of them). */
export async function applicationTables(prisma: PrismaClient): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name NOT LIKE '\\_prisma%'
      ORDER BY table_name`,
  );
  return rows.map((r) => r.name);
}

export interface SnapshotOptions {
  exclude?: string[];
  /** Columns left out of the fingerprint, as "Table.column". */
  ignoreColumns?: string[];
}

/** One SELECT giving every kept table's row count and md5 (the tables and columns are read now). */
async function fingerprintQuery(prisma: PrismaClient, opts: SnapshotOptions): Promise<string | null> {
  const exclude = new Set(opts.exclude ?? []);
  const ignore = new Set(opts.ignoreColumns ?? []);
  const parts: string[] = [];
  for (const table of await applicationTables(prisma)) {
    if (exclude.has(table)) continue;
    const columns = await prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
      table,
    );
    const kept = columns.map((c) => c.name).filter((c) => !ignore.has(`${table}.${c}`));
    const row = `ROW(${kept.map((c) => `t."${c}"`).join(', ')})::text`;
    parts.push(
      `SELECT '${table}' AS name, count(*)::int AS rows, md5(string_agg(${row}, '|' ORDER BY ${row})) AS md5 FROM "${table}" t`,
    );
  }
  return parts.length ? parts.join('\nUNION ALL\n') : null;
}

async function runFingerprint(prisma: PrismaClient, sql: string | null): Promise<TableSnapshot> {
  const snapshot: TableSnapshot = {};
  if (!sql) return snapshot;
  const rows = await prisma.$queryRawUnsafe<{ name: string; rows: number; md5: string | null }[]>(sql);
  for (const r of rows.sort((a, b) => a.name.localeCompare(b.name))) snapshot[r.name] = { rows: r.rows, md5: r.md5 };
  return snapshot;
}

export async function snapshotTables(prisma: PrismaClient, opts: SnapshotOptions = {}): Promise<TableSnapshot> {
  return runFingerprint(prisma, await fingerprintQuery(prisma, opts));
}

/**
 * `snapshotTables` for many snapshots of one database: the tables and their columns are read once,
 * on the first call, and each snapshot is then a single statement.
 */
export function tableSnapshotter(prisma: PrismaClient, opts: SnapshotOptions = {}): () => Promise<TableSnapshot> {
  let sql: Promise<string | null> | undefined;
  return async () => runFingerprint(prisma, await (sql ??= fingerprintQuery(prisma, opts)));
}

/** The tables whose fingerprint differs between two snapshots (empty when nothing changed). */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => JSON.stringify(before[n]) !== JSON.stringify(after[n])).sort();
}

/**
 * Attempts that must change nothing, checked one after the other: each runs, then fails (naming it)
 * when any table changed since the previous attempt. One snapshot per attempt (each is the next
 * one's 'before'), taken however the attempt ended, so a change is never blamed on the next attempt.
 * `reset` starts a new sequence (a test's first attempt takes its own 'before').
 */
export function unchangedSequence(snapshot: () => Promise<TableSnapshot>) {
  let last: TableSnapshot | null = null;
  return {
    reset() {
      last = null;
    },
    async check(name: string, attempt: () => Promise<void>): Promise<{ before: TableSnapshot; after: TableSnapshot }> {
      last ??= await snapshot();
      const before = last;
      try {
        await attempt();
      } finally {
        last = await snapshot();
      }
      return { before, after: last };
    },
  };
}

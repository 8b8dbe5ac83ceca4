import { createHash } from 'node:crypto';
import type pg from 'pg';
import { Prisma } from './generated/prisma/client.js';

/**
 * The hot read path's own statement runner (docs/decisions/0034-prepared-hot-path.md): ONE statement
 * straight on the app's `pg` pool, as a named prepared statement once its text has come back.
 *
 * The search page's statement is a few kilobytes of SQL (the JSON of every card field and relation):
 * PostgreSQL spent more time parsing and analysing its text than running it, on every request, and
 * Prisma's raw-query path added its own argument and result conversions on top. A statement sent here
 * is parsed once per connection (`pg` keeps the names a connection has prepared) and its result is
 * what `pg` decodes (a `json` column is parsed once, by `JSON.parse`).
 *
 * Bounded: a text is prepared from its second use on, and at most PREPARED_LIMIT distinct texts are
 * ever prepared per process (each takes memory in every PostgreSQL connection that ran it); any other
 * text runs as an unnamed statement, as Prisma would send it. Every connection plans each execution
 * with its own values (`plan_cache_mode = force_custom_plan`, client.ts), so a prepared statement
 * never falls back to a generic plan chosen without them.
 */

/** A statement's text and values (a Prisma.Sql, or a text made once with new values). */
export type RawRunner = <T>(sql: Pick<Prisma.Sql, 'text' | 'values'>) => Promise<T[]>;

export const PREPARED_LIMIT = 200;
const SEEN_LIMIT = 2_000;

const runners = new WeakMap<object, RawRunner>();

/** The runner made for this PrismaClient by createDatabase, if any (a transaction client has none). */
export function rawRunner(prisma: object): RawRunner | null {
  return runners.get(prisma) ?? null;
}

/** A statement's value as `pg` should send it: a Date in UTC (pg would write the local offset). */
function param(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Prisma.Decimal.isDecimal(value)) return (value as Prisma.Decimal).toString();
  if (Array.isArray(value)) return value.map(param);
  return value;
}

export function registerRawRunner(prisma: object, pool: pg.Pool, onQuery?: (sql: string) => void): void {
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    const uses = (seen.get(text) ?? 0) + 1;
    seen.delete(text);
    if (uses >= 2 && names.size < PREPARED_LIMIT) {
      const name = `hot_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
      return name;
    }
    seen.set(text, uses);
    if (seen.size > SEEN_LIMIT) seen.delete(seen.keys().next().value!);
    return undefined;
  };
  runners.set(prisma, async <T>(sql: Pick<Prisma.Sql, 'text' | 'values'>) => {
    const text = sql.text;
    onQuery?.(text);
    const name = nameOf(text);
    const result = await pool.query({ ...(name ? { name } : {}), text, values: sql.values.map(param) });
    return result.rows as T[];
  });
}

/**
 * A count read as one prepared statement on the runner where the client has one (PostgreSQL), else by
 * `fallback` (Prisma's `count` of the same rows; PGlite in process). `sql` names its count `n`
 * (`SELECT count(*)::int AS n …`). For the counts every signed-in page asks for (the header's badges):
 * Prisma's count cost four times the statement's CPU (0.15–0.24 ms against 0.05, measured on 28 Nov).
 */
export async function countRows(
  prisma: object,
  sql: Pick<Prisma.Sql, 'text' | 'values'>,
  fallback: () => Promise<number>,
): Promise<number> {
  const run = rawRunner(prisma);
  if (!run) return fallback();
  const [row] = await run<{ n: number }>(sql);
  return row?.n ?? 0;
}

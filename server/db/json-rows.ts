import { Prisma } from './generated/prisma/client.js';
import { getDatamodel } from './generated/pothos-types.js';

/**
 * A Prisma `select` / `include` read in ONE hand-written statement (docs/decisions/0022-fast-graphql.md).
 *
 * `rowJsonSql(model, alias, query)` turns the query a Pothos resolver built (`queryFromInfo`) into SQL
 * that makes one JSON value per row of `alias`, with its related rows nested as Prisma nests them
 * (a to-one relation as a row or null, a to-many one as an array of rows), and `decode` turns that JSON
 * back into what Prisma would have returned: Dates, Decimals, the same keys. A row is a positional
 * `json` array (its values in the order of the selection; `decode` puts the keys back): `json`, not
 * `jsonb`, and no key names, because building and printing the JSON was most of PostgreSQL's work for
 * a search page (docs/decisions/0034-prepared-hot-path.md). So a page of rows, their
 * relations and a count can be one statement, and the GraphQL fields that read Prisma rows (and the
 * Pothos relation fields, which read the nested keys) work unchanged.
 *
 * The subset Prisma's relation queries take that it understands: `select` / `include` to any depth,
 * and on a relation `where` (equality with a string, number or boolean), `orderBy` (one or more
 * scalar fields) and a `take` (a negative one with an `orderBy`), and `_count: { select: { <to-many relation>: true } }`.
 * Anything else (`_count: true` or with a `where`, `distinct`, filters with operators, cursors…) throws
 * `UnsupportedQuery`, and the caller reads through Prisma instead.
 */

export class UnsupportedQuery extends Error {}

interface FieldInfo {
  name: string;
  kind: string;
  type: string;
  isList: boolean;
  isId: boolean;
  relationName?: string;
  relationFromFields?: string[];
}

const MODELS = getDatamodel().datamodel.models as unknown as Record<string, { fields: FieldInfo[] }>;

type QueryArgs = {
  select?: Record<string, unknown>;
  include?: Record<string, unknown>;
  where?: Record<string, unknown>;
  orderBy?: unknown;
  take?: unknown;
};

const ident = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new UnsupportedQuery(`name ${name}`);
  return Prisma.raw(`"${name}"`);
};

function modelFields(model: string): FieldInfo[] {
  const m = MODELS[model];
  if (!m) throw new UnsupportedQuery(`model ${model}`);
  return m.fields;
}

function idField(model: string): string {
  const id = modelFields(model).find((f) => f.isId);
  if (!id) throw new UnsupportedQuery(`no single id on ${model}`);
  return id.name;
}

/** `child.col = parent.col` for a relation field of `model`. */
function joinSql(model: string, field: FieldInfo, parent: string, child: string): Prisma.Sql {
  const from = field.relationFromFields ?? [];
  if (from.length === 1) {
    return Prisma.sql`${Prisma.raw(child)}.${ident(idField(field.type))} = ${Prisma.raw(parent)}.${ident(from[0]!)}`;
  }
  if (from.length > 1) throw new UnsupportedQuery('compound foreign key');
  const back = modelFields(field.type).find(
    (f) => f.kind === 'object' && f.relationName === field.relationName && (f.relationFromFields?.length ?? 0) > 0,
  );
  if (!back || back.relationFromFields!.length !== 1) throw new UnsupportedQuery(`relation ${field.name}`);
  return Prisma.sql`${Prisma.raw(child)}.${ident(back.relationFromFields![0]!)} = ${Prisma.raw(parent)}.${ident(idField(model))}`;
}

type Decoder = (value: unknown) => unknown;

function scalarDecoder(field: FieldInfo): Decoder | null {
  if (field.isList) return null;
  if (field.type === 'DateTime') {
    return (v) => {
      if (v === null || v === undefined) return null;
      const s = String(v);
      // timestamp(3) without a zone is UTC; a date alone parses as UTC midnight.
      return new Date(s.length > 10 && !/(Z|[+-]\d\d:?\d\d)$/.test(s) ? `${s}Z` : s);
    };
  }
  if (field.type === 'Decimal') return (v) => (v === null || v === undefined ? null : new Prisma.Decimal(v as number | string));
  if (field.type === 'BigInt' || field.type === 'Bytes') throw new UnsupportedQuery(field.type);
  return null;
}

export interface RowJson {
  /** SQL of one JSON value (`json`) per row of the alias it was made for. */
  sql: Prisma.Sql;
  /** The JSON of one row → the object Prisma would have returned. */
  decode: (json: unknown) => Record<string, unknown>;
}

interface Counter {
  n: number;
}

/** The (json) SQL of a to-one or to-many relation of a row of `parent`. */
function relationSql(model: string, field: FieldInfo, parent: string, args: QueryArgs, counter: Counter): RowJson {
  const child = `j${++counter.n}`;
  const inner = objectSql(field.type, child, args, counter);
  const table = ident(field.type);
  const conditions = [joinSql(model, field, parent, child)];
  for (const [key, value] of Object.entries(args.where ?? {})) {
    const f = modelFields(field.type).find((x) => x.name === key && x.kind !== 'object');
    if (!f || !['string', 'number', 'boolean'].includes(typeof value)) throw new UnsupportedQuery(`where ${key}`);
    conditions.push(Prisma.sql`${Prisma.raw(child)}.${ident(key)} = ${value}`);
  }
  const where = Prisma.join(conditions, ' AND ');
  if (!field.isList) {
    if (args.orderBy !== undefined || args.take !== undefined) throw new UnsupportedQuery('to-one order');
    return {
      sql: Prisma.sql`(SELECT ${inner.sql} FROM ${table} ${Prisma.raw(child)} WHERE ${where} LIMIT 1)`,
      decode: (v) => (v === null || v === undefined ? (null as never) : inner.decode(v)),
    };
  }
  const orders = (Array.isArray(args.orderBy) ? args.orderBy : args.orderBy === undefined ? [] : [args.orderBy]).map((o) => {
    const entries = Object.entries(o as Record<string, unknown>);
    const [key, dir] = entries[0] ?? [];
    const f = modelFields(field.type).find((x) => x.name === key && x.kind !== 'object');
    if (entries.length !== 1 || !f || (dir !== 'asc' && dir !== 'desc')) throw new UnsupportedQuery('orderBy');
    return { key: key!, dir: Prisma.raw(dir === 'asc' ? 'ASC' : 'DESC') };
  });
  const take = args.take;
  if (take !== undefined && !(Number.isInteger(take) && take !== 0)) throw new UnsupportedQuery('take');
  // A negative take is Prisma's 'the last n in this order': the first n in the reverse order, kept in
  // this one. Without an order there is no 'last'.
  const last = typeof take === 'number' && take < 0;
  if (last && !orders.length) throw new UnsupportedQuery('take');
  const decodeList = (v: unknown) => (Array.isArray(v) ? v.map((x) => inner.decode(x)) : []);
  const reverse = (dir: Prisma.Sql) => Prisma.raw(dir.sql === 'ASC' ? 'DESC' : 'ASC');
  const order = orders.length
    ? Prisma.sql` ORDER BY ${Prisma.join(
        orders.map((o) => Prisma.sql`${Prisma.raw(child)}.${ident(o.key)} ${last ? reverse(o.dir) : o.dir}`),
        ', ',
      )}`
    : Prisma.empty;
  if (take === undefined) {
    return {
      sql: Prisma.sql`(SELECT COALESCE(json_agg(${inner.sql}${order}), '[]'::json) FROM ${table} ${Prisma.raw(child)} WHERE ${where})`,
      decode: decodeList as never,
    };
  }
  // A limited list: the first `take` rows in order, aggregated in that order.
  const keys = orders.map((o, i) => Prisma.sql`${Prisma.raw(child)}.${ident(o.key)} AS ${Prisma.raw(`k${i}`)}`);
  const aggOrder = orders.length
    ? Prisma.sql` ORDER BY ${Prisma.join(
        orders.map((o, i) => Prisma.sql`${Prisma.raw(`s.k${i}`)} ${o.dir}`),
        ', ',
      )}`
    : Prisma.empty;
  return {
    sql: Prisma.sql`(SELECT COALESCE(json_agg(s.j${aggOrder}), '[]'::json) FROM (SELECT ${inner.sql} AS j${
      keys.length ? Prisma.sql`, ${Prisma.join(keys, ', ')}` : Prisma.empty
    } FROM ${table} ${Prisma.raw(child)} WHERE ${where}${order} LIMIT ${Math.abs(take as number)}) s)`,
    decode: decodeList as never,
  };
}

/**
 * Prisma's `_count: { select: { favorites: true, … } }`: each named to-many relation's rows of this one,
 * as `{ favorites: n, … }`. `_count: true` (every relation) and a count with a `where` are refused.
 */
function countsSql(model: string, parent: string, value: unknown, counter: Counter): Prisma.Sql {
  const select = (value as { select?: unknown } | null)?.select;
  if (
    typeof value !== 'object' ||
    value === null ||
    Object.keys(value).length !== 1 ||
    typeof select !== 'object' ||
    select === null
  ) {
    throw new UnsupportedQuery('_count');
  }
  const fields = modelFields(model);
  const counts: Prisma.Sql[] = [];
  for (const [name, wanted] of Object.entries(select)) {
    if (!wanted) continue;
    const f = fields.find((x) => x.name === name && x.kind === 'object' && x.isList);
    if (!f || wanted !== true) throw new UnsupportedQuery(`_count ${name}`);
    const child = `j${++counter.n}`;
    counts.push(
      // The key is the datamodel's relation name (found above), an identifier.
      Prisma.sql`${Prisma.raw(`'${name}'`)}, (SELECT count(*)::int FROM ${ident(f.type)} ${Prisma.raw(child)} WHERE ${joinSql(model, f, parent, child)})`,
    );
  }
  if (counts.length === 0) throw new UnsupportedQuery('_count');
  return Prisma.sql`json_build_object(${Prisma.join(counts, ', ')})`;
}

/** json_build_array takes at most 100 arguments: longer rows are an array of chunks, flattened by decode. */
const VALUES_PER_CALL = 90;

function objectSql(model: string, alias: string, args: QueryArgs, counter: Counter): RowJson {
  for (const key of Object.keys(args)) {
    if (!['select', 'include', 'where', 'orderBy', 'take'].includes(key)) throw new UnsupportedQuery(key);
  }
  if (args.select && args.include) throw new UnsupportedQuery('select and include');
  const fields = modelFields(model);
  const wanted: Array<{ name: string; sql: Prisma.Sql; decode: Decoder | null }> = [];
  const relation = (name: string, value: unknown) => {
    const f = fields.find((x) => x.name === name && x.kind === 'object');
    if (!f) throw new UnsupportedQuery(`field ${name}`);
    const made = relationSql(model, f, alias, value === true ? {} : (value as QueryArgs), counter);
    wanted.push({ name, sql: made.sql, decode: made.decode });
  };
  const relationCounts = (value: unknown) => {
    wanted.push({ name: '_count', sql: countsSql(model, alias, value, counter), decode: null });
  };
  if (args.select) {
    for (const [name, value] of Object.entries(args.select)) {
      if (!value) continue;
      if (name === '_count') {
        relationCounts(value);
        continue;
      }
      const f = fields.find((x) => x.name === name);
      if (!f) throw new UnsupportedQuery(`field ${name}`);
      if (f.kind === 'object') relation(name, value);
      else if (value === true)
        wanted.push({ name, sql: Prisma.sql`${Prisma.raw(alias)}.${ident(name)}`, decode: scalarDecoder(f) });
      else throw new UnsupportedQuery(`select ${name}`);
    }
  } else {
    for (const f of fields) {
      if (f.kind !== 'object')
        wanted.push({ name: f.name, sql: Prisma.sql`${Prisma.raw(alias)}.${ident(f.name)}`, decode: scalarDecoder(f) });
    }
    for (const [name, value] of Object.entries(args.include ?? {})) {
      if (!value) continue;
      if (name === '_count') relationCounts(value);
      else relation(name, value);
    }
  }
  if (wanted.length === 0) throw new UnsupportedQuery('empty selection');
  const chunks: Prisma.Sql[] = [];
  for (let i = 0; i < wanted.length; i += VALUES_PER_CALL) {
    chunks.push(
      Prisma.sql`json_build_array(${Prisma.join(
        wanted.slice(i, i + VALUES_PER_CALL).map((w) => w.sql),
        ', ',
      )})`,
    );
  }
  const chunked = chunks.length > 1;
  return {
    sql: chunked ? Prisma.sql`json_build_array(${Prisma.join(chunks, ', ')})` : chunks[0]!,
    decode: rowDecoder(
      wanted.map((w) => w.name),
      wanted.map((w) => w.decode),
      chunked ? VALUES_PER_CALL : 0,
    ),
  };
}

/**
 * `values → { name: value, … }` as one object literal made once per shape (`new Function`): objects
 * built key by key with 60 keys fall into V8's slow dictionary mode, which was a tenth of a REST search
 * page's CPU. Names are the datamodel's identifiers (checked by `ident`), quoted with JSON.stringify.
 */
function rowDecoder(
  names: string[],
  decoders: Array<Decoder | null>,
  chunkSize: number,
): (json: unknown) => Record<string, unknown> {
  const value = (i: number) => (chunkSize ? `v[${Math.floor(i / chunkSize)}][${i % chunkSize}]` : `v[${i}]`);
  const body = names
    .map((name, i) => {
      ident(name);
      return `${JSON.stringify(name)}: ${decoders[i] ? `d[${i}](${value(i)})` : value(i)}`;
    })
    .join(',\n');
  const make = new Function('d', `return function decodeRow(v) {\nreturn {\n${body}\n};\n};`) as (
    d: Array<Decoder | null>,
  ) => (json: unknown) => Record<string, unknown>;
  return make(decoders);
}

/** Shapes seen recently (a query's include is the same for every request of one client operation). */
const MADE_LIMIT = 500;
const made = new Map<string, RowJson | UnsupportedQuery>();
/** The same, by a frozen query object (kept by the planned path as long as it keeps the query). */
const madeFor = new WeakMap<object, Map<string, RowJson | UnsupportedQuery>>();

/**
 * The JSON-per-row SQL of `query` (a Prisma select/include) over rows of `model` aliased `alias`.
 * Remembered by the query's shape and values (the viewer's id in a favorites `where` is a value):
 * building it was about 4% of a search page's CPU (the load bench's profile), and the Sql and the
 * decoder are immutable, so one is shared by every request with that shape.
 */
export function rowJsonSql(model: string, alias: string, query: QueryArgs): RowJson {
  // A frozen query (the planned path keeps each root field's query frozen: server/graphql/planned/)
  // cannot change: remembered by the object itself, without printing its shape on every request.
  const frozen = Object.isFrozen(query) ? query : null;
  const target = `${model}\u0000${alias}`;
  const known = frozen ? madeFor.get(frozen)?.get(target) : undefined;
  if (known) {
    if (known instanceof UnsupportedQuery) throw known;
    return known;
  }
  let shape: string;
  try {
    shape = JSON.stringify(query);
  } catch {
    return objectSql(model, alias, query, { n: 0 }); // a value JSON cannot hold (BigInt): not remembered
  }
  const key = `${target}\u0000${shape}`;
  let found = made.get(key);
  if (found) {
    made.delete(key); // most recently used last
  } else {
    try {
      found = objectSql(model, alias, query, { n: 0 });
    } catch (err) {
      if (!(err instanceof UnsupportedQuery)) throw err;
      found = err;
    }
    if (made.size >= MADE_LIMIT) made.delete(made.keys().next().value!);
  }
  made.set(key, found);
  if (frozen) {
    let mine = madeFor.get(frozen);
    if (!mine) madeFor.set(frozen, (mine = new Map()));
    mine.set(target, found);
  }
  if (found instanceof UnsupportedQuery) throw found;
  return found;
}

type Statement = Pick<Prisma.Sql, 'text' | 'values'>;
const rowStatements = new WeakMap<RowJson, Map<string, Statement>>();

/**
 * The one row of `model` (its table) whose `column` is `key` (`cast` to the column's type, e.g.
 * 'uuid'), read as `rowJsonSql(model, alias, query)`: the statement, its text made once per row JSON
 * and column so that a request only puts its key in (the last value; the runner prepares it from its
 * second use, prepared.ts), and the decoder of its `row`. Null when json-rows cannot read `query`.
 */
export function oneRowRead(
  model: string,
  alias: string,
  query: QueryArgs,
  column: string,
  key: string,
  cast = '',
): { statement: Statement; decode: RowJson['decode'] } | null {
  let json: RowJson;
  try {
    json = rowJsonSql(model, alias, query);
  } catch (err) {
    if (err instanceof UnsupportedQuery) return null;
    throw err;
  }
  let made = rowStatements.get(json);
  if (!made) rowStatements.set(json, (made = new Map()));
  const slot = `${column}\u0000${cast}`;
  let statement = made.get(slot);
  if (!statement) {
    if (cast && !/^[a-z]+$/.test(cast)) throw new UnsupportedQuery(`cast ${cast}`);
    const typed = cast ? Prisma.sql`${key}::${Prisma.raw(cast)}` : Prisma.sql`${key}`;
    const sql = Prisma.sql`SELECT ${json.sql} AS row FROM ${ident(model)} ${ident(alias)} WHERE ${ident(alias)}.${ident(column)} = ${typed} LIMIT 1`;
    statement = { text: sql.text, values: sql.values };
    made.set(slot, statement);
  }
  return { statement: { text: statement.text, values: [...statement.values.slice(0, -1), key] }, decode: json.decode };
}

import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQuery,
  SqlQueryable,
  SqlResultSet,
} from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';
import pg from 'pg';
import { splitSqlScript } from './sql-script.js';

/**
 * Migrations through Prisma's own schema engine compiled to WASM (no binary download):
 * `diff` (migrations folder → datamodel) writes new migrations, `applyMigrations` applies them and
 * records them in `_prisma_migrations`. See DESIGN.md part 5 and docs/decisions/0003-wasm-migrations.md.
 */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');
export const SCHEMA_PATH = path.resolve(import.meta.dirname, '../../prisma/schema.prisma');

const noFilters = { externalTables: [], externalEnums: [] };
let wasmReady: Promise<void> | undefined;

/**
 * The engine's schema description reads catalog columns of PostgreSQL's internal one-byte type
 * `"char"` (oid 18, e.g. pg_constraint.contype), which @prisma/adapter-pg 7.10 refuses as an
 * unsupported type. While a migration query runs, such columns are parsed as text and then reported
 * to the engine as `Character`, which is what it expects. Queries are serialised so the columns seen
 * belong to the query in flight. See docs/decisions/0003-wasm-migrations.md.
 */
type PgField = { dataTypeID: number };
const charColumns = { active: 0, last: [] as number[] };
function patchPgResult() {
  const proto = (pg as unknown as { Result: { prototype: { addFields(f: PgField[]): void; __charAware?: boolean } } }).Result
    .prototype;
  if (proto.__charAware) return;
  const addFields = proto.addFields;
  proto.addFields = function (fields) {
    if (charColumns.active > 0) {
      charColumns.last = [];
      fields.forEach((f, i) => {
        if (f.dataTypeID === 18) {
          f.dataTypeID = 25;
          charColumns.last.push(i);
        }
      });
    }
    addFields.call(this, fields);
  };
  proto.__charAware = true;
}

function charAwareQueryable<T extends SqlQueryable>(inner: T, lock: { tail: Promise<unknown> }): T {
  const queryRaw = async (query: SqlQuery): Promise<SqlResultSet> => {
    const run = lock.tail.then(async () => {
      charColumns.active++;
      charColumns.last = [];
      try {
        const result = await inner.queryRaw(query);
        for (const i of charColumns.last) result.columnTypes[i] = ColumnTypeEnum.Character;
        return result;
      } finally {
        charColumns.active--;
      }
    });
    lock.tail = run.catch(() => undefined);
    return run;
  };
  // The pg adapter's `executeScript` splits a script at every ';', inside a function's body too
  // (a trigger's PL/pgSQL): the script is split here by SQL's own rules and run statement by statement.
  const executeScript = async (script: string): Promise<void> => {
    for (const sql of splitSqlScript(script)) await queryRaw({ sql, args: [], argTypes: [] });
  };
  return new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'queryRaw') return queryRaw;
      if (prop === 'executeScript') return executeScript;
      if (prop === 'startTransaction') {
        return async (...args: unknown[]) => {
          const tx = await (target as unknown as SqlDriverAdapter).startTransaction(...(args as []));
          return charAwareQueryable(tx, lock);
        };
      }
      const value = Reflect.get(target, prop, receiver) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Wraps the factory for the engine and keeps every connection it opens, to close them after. */
function charAware(factory: SqlMigrationAwareDriverAdapterFactory) {
  patchPgResult();
  const lock = { tail: Promise.resolve() as Promise<unknown> };
  const opened: SqlDriverAdapter[] = [];
  const track = (adapter: SqlDriverAdapter) => {
    opened.push(adapter);
    return charAwareQueryable(adapter, lock);
  };
  const wrapped: SqlMigrationAwareDriverAdapterFactory = {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => track(await factory.connect()),
    connectToShadowDb: async () => track(await factory.connectToShadowDb()),
  };
  return {
    factory: wrapped,
    async disposeAll() {
      for (const a of opened.splice(0)) await a.dispose().catch(() => undefined);
    },
  };
}

/** The package's main entry imports a .wasm file; instantiate it ourselves so plain node, tsx and vitest run it. */
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(await fs.readFile(wasmPath), {
      './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    (bg as unknown as { __wbg_set_wasm(w: unknown): void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmReady;
}

async function withEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: (msg: string) => void,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const datamodel = await fs.readFile(SCHEMA_PATH, 'utf8');
  const adapters = charAware(adapterFactory);
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[SCHEMA_PATH, datamodel]] },
    (msg: string) => log(msg),
    bindMigrationAwareSqlAdapterFactory(adapters.factory),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
    // The engine does not close the connections it opened; PGlite serves one at a time.
    await adapters.disposeAll();
  }
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationList> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: await fs
          .readFile(path.join(dir, name, 'migration.sql'), 'utf8')
          .then((value) => ({ tag: 'ok' as const, value }))
          .catch((e: Error) => ({ tag: 'error' as const, value: e.message })),
      },
    })),
  );
  const lockPath = path.join(dir, 'migration_lock.toml');
  const lockContent = await fs.readFile(lockPath, 'utf8').catch(() => null);
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: lockContent },
    shadowDbInitScript: '',
    migrationDirectories,
  };
}

/** Applies pending migrations; returns the names applied now. */
export async function applyMigrations(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: (msg: string) => void = () => {},
): Promise<string[]> {
  const migrationsList = await readMigrations();
  if (migrationsList.migrationDirectories.length === 0) throw new Error(`No migrations found in ${MIGRATIONS_DIR}`);
  return withEngine(adapterFactory, log, async (engine) => {
    const out = await engine.applyMigrations({ migrationsList, filters: noFilters });
    return out.appliedMigrationNames;
  });
}

/** SQL that brings the migrations folder up to the datamodel; empty when they already match. */
export async function diffMigrationsToSchema(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  log: (msg: string) => void = () => {},
): Promise<string> {
  const migrationsList = await readMigrations();
  const datamodel = await fs.readFile(SCHEMA_PATH, 'utf8');
  return withEngine(adapterFactory, log, async (engine) => {
    const from =
      migrationsList.migrationDirectories.length > 0
        ? { tag: 'migrations' as const, ...migrationsList }
        : { tag: 'empty' as const };
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [{ path: SCHEMA_PATH, content: datamodel }] },
      script: true,
      exitCode: null,
      filters: noFilters,
    });
    const sql = (result.stdout ?? '').trim();
    return sql === '' || sql === '-- This is an empty migration.' ? '' : `${sql}\n`;
  });
}

/** Writes `prisma/migrations/<timestamp>_<name>/migration.sql`; returns its folder, or null if nothing changed. */
export async function createMigration(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  name: string,
  log: (msg: string) => void = () => {},
): Promise<string | null> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error('Migration name must be snake_case: letters, digits and _');
  const sql = await diffMigrationsToSchema(adapterFactory, log);
  if (!sql) return null;
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${name}`);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'migration.sql'), sql);
  const lock = path.join(MIGRATIONS_DIR, 'migration_lock.toml');
  await fs
    .access(lock)
    .catch(() =>
      fs.writeFile(
        lock,
        '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
      ),
    );
  return dir;
}

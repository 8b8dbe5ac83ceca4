import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { splitSqlScript } from './sql-script.js';

describe('splitSqlScript', () => {
  it('splits at semicolons outside strings, identifiers, comments and dollar-quoted bodies', () => {
    expect(
      splitSqlScript(
        `SELECT 'a;b', "x;y"; -- c;\nSELECT 1; /* x; */ SELECT $t$ ; $t$; CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql;`,
      ),
    ).toEqual([
      `SELECT 'a;b', "x;y"`,
      '-- c;\nSELECT 1',
      '/* x; */ SELECT $t$ ; $t$',
      'CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END; $$ LANGUAGE plpgsql',
    ]);
    expect(splitSqlScript("SELECT 'it''s; fine'; ;  \n")).toEqual(["SELECT 'it''s; fine'"]);
  });

  it('keeps the change feed trigger’s function whole', () => {
    const dir = 'prisma/migrations';
    const name = fs.readdirSync(dir).find((d) => d.endsWith('_listing_changes'))!;
    const parts = splitSqlScript(fs.readFileSync(`${dir}/${name}/migration.sql`, 'utf8'));
    const fn = parts.find((p) => p.includes('CREATE FUNCTION'));
    expect(fn).toMatch(/\$\$;?$/m);
    expect(fn).toContain('RETURN NULL;\nEND;\n$$');
    expect(parts.filter((p) => p.includes('CREATE TRIGGER'))).toHaveLength(1);
  });
});

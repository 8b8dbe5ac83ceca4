import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The newcomer's docs stay true (issue 52 item 6): docs/decisions/README.md indexes every decision with
// the status its file states, and the paths docs/features.md and docs/read-paths.md name exist.
const ROOT = path.resolve(import.meta.dirname, '../..');
const DECISIONS = path.join(ROOT, 'docs/decisions');

const decisionFiles = () =>
  fs
    .readdirSync(DECISIONS)
    .filter((f) => /^\d{4}-.+\.md$/.test(f))
    .sort();

/** `[0010](0010-identity.md)` → `0010`; spaces folded; no trailing period. */
const plain = (text: string) =>
  text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/\.$/, '')
    .trim();

/** The index's rows: the file each links to, and its status cell. */
function indexRows(): Array<{ file: string; status: string }> {
  const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
  const rows: Array<{ file: string; status: string }> = [];
  for (const line of index.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const link = /^\[\d{4}\]\((\d{4}-[^)]+\.md)\)$/.exec(cells[1] ?? '');
    if (link) rows.push({ file: link[1]!, status: plain(cells[3] ?? '') });
  }
  return rows;
}

/** The `Status:` line near the top of a decision file. */
function statusOf(file: string): string | null {
  const head = fs.readFileSync(path.join(DECISIONS, file), 'utf8').split('\n').slice(0, 10);
  const line = head.find((l) => l.startsWith('Status: '));
  return line ? plain(line.slice('Status: '.length)) : null;
}

const STATUS = /^(accepted|superseded (?:in part )?by (\d{4}(?:, \d{4})*))$/;

/** Backticked repository paths in a doc: `server/…`, `client/…`; `docs/decisions/0044` names decision 0044. */
function namedPaths(doc: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  const names = [...text.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return [...new Set(names.filter((n) => /^(client|server|common|tests|docs|scripts|prisma)\//.test(n) && !/[*<>{}]/.test(n)))];
}

function exists(name: string): boolean {
  const decision = /^docs\/decisions\/(\d{4})$/.exec(name);
  if (decision) return decisionFiles().some((f) => f.startsWith(`${decision[1]}-`));
  return fs.existsSync(path.join(ROOT, name));
}

describe('docs/decisions/README.md', () => {
  it('has one row for every decision file, and none for a file that does not exist', () => {
    const rows = indexRows().map((r) => r.file);
    expect(rows).toEqual(decisionFiles());
  });

  it("gives each decision the status its file's Status line states", () => {
    const differ = indexRows()
      .map(({ file, status }) => ({ file, index: status, stated: statusOf(file) }))
      .filter((r) => r.index !== r.stated);
    expect(differ).toEqual([]);
  });

  it('says accepted, or superseded (in part) by later decisions that exist', () => {
    const numbers = new Set(decisionFiles().map((f) => f.slice(0, 4)));
    for (const { file, status } of indexRows()) {
      const m = STATUS.exec(status);
      expect(m, `${file}: '${status}'`).not.toBeNull();
      for (const n of m![2]?.split(', ') ?? []) {
        expect(numbers.has(n), `${file} names ${n}`).toBe(true);
        expect(n > file.slice(0, 4), `${file} is superseded by an earlier ${n}`).toBe(true);
      }
    }
  });
});

describe.each(['docs/features.md', 'docs/read-paths.md'])('%s', (doc) => {
  it('names only paths that exist', () => {
    const named = namedPaths(doc);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((n) => !exists(n))).toEqual([]);
  });
});

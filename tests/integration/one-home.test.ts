import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each rule lives in one place (issue 25 item 2; docs/decisions/0043-each-rule-once.md): these
// spellings of a rule may appear in their home only. A new query that writes the rule out again
// instead of importing it fails here.
const ROOT = path.resolve(import.meta.dirname, '../..');

function serverFiles(dir = path.join(ROOT, 'server')): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'generated' || entry.name === 'seed') continue;
      out.push(...serverFiles(abs));
    } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(abs);
  }
  return out;
}

const RULES: Array<{ rule: string; home: string; exports: string; spellings: RegExp[] }> = [
  {
    rule: 'who may see a listing (public: active and not hidden)',
    home: 'server/modules/listings/visibility.ts',
    exports: 'export const PUBLIC_LISTING',
    spellings: [
      /status:\s*'ACTIVE',\s*hiddenAt:\s*null/,
      /"status"\s*=\s*'ACTIVE'\s+AND\s+(\w+\.)?"hiddenAt"/,
      /\b[po]\."hiddenAt"\s+IS\s+NULL/,
      /status\s*[!=]==\s*'ACTIVE'\s*(\|\||&&)\s*!?\s*\w+\.hiddenAt/,
    ],
  },
  {
    rule: 'which reviews show and count (not hidden)',
    home: 'server/modules/agents/review-visibility.ts',
    exports: 'export const VISIBLE_REVIEW',
    spellings: [/where:\s*\{\s*hiddenAt:\s*null\s*\}/, /\br\."hiddenAt"\s+IS\s+NULL/],
  },
  {
    rule: 'rate limits (one table)',
    home: 'server/infra/rate-limits.ts',
    exports: 'export const RATE_LIMITS',
    spellings: [/from 'rate-limiter-flexible'/, /from 'express-rate-limit'/, /durationSeconds:\s*\d/],
  },
  {
    rule: "a client address's network (IPv6 by its /64)",
    home: 'server/core/address.ts',
    exports: 'export function networkOf',
    spellings: [/function expandIpv6/, /isIP\(/],
  },
];

describe('each rule has one home', () => {
  const files = serverFiles().map((abs) => ({ rel: path.relative(ROOT, abs), text: fs.readFileSync(abs, 'utf8') }));

  it('finds the server files', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const { rule, home, exports, spellings } of RULES) {
    it(`spells out ${rule} only in ${home}`, () => {
      expect(files.find((f) => f.rel === home)?.text).toContain(exports);
      const elsewhere = files
        .filter((f) => f.rel !== home)
        .flatMap((f) => spellings.filter((re) => re.test(f.text)).map((re) => `${f.rel}: ${re}`));
      expect(elsewhere).toEqual([]);
    });
  }
});

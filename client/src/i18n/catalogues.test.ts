// The catalogues cannot rot (issue 29 item 5): every message the code declares is in the Spanish and
// Chinese catalogues, in one part and the same part in both, no catalogue keeps one the code no longer
// declares, and each translation takes the same arguments, of the same kinds, as its English text.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { PARTS, SERVER_PARTS } from './catalogues';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The English texts the code declares, by id (`formatjs extract`, as a translator would get them). */
function declared(): Record<string, string> {
  const out = execFileSync(
    path.join(ROOT, 'node_modules/.bin/formatjs'),
    [
      'extract',
      'client/src/**/*.{ts,tsx}',
      'common/**/*.ts',
      'server/**/*.ts',
      '--ignore',
      '**/*.d.ts',
      '--ignore',
      'server/db/generated/**',
      '--ignore',
      '**/*.test.ts',
      '--ignore',
      'client/src/gql/**',
      '--format',
      'simple',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(out) as Record<string, string>;
}

/** Texts that are the same in English: proper names, and words the language borrows. */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  es: [
    'option.borough.BROOKLYN',
    'option.borough.MANHATTAN',
    'option.borough.QUEENS',
    'option.borough.STATEN_ISLAND',
    'option.propertyType.LOFT',
    'option.propertyTypeFilter.loft',
    'option.utility.GAS',
    'option.utility.INTERNET',
    'filters.minutes',
    'detail.minutes',
    'listingForm.fieldIssue',
    'reviewCard.subscore',
    'map.markerName',
    'searchSummary.type.LOFT',
    'searchFilters.minBathsOption',
  ],
  zh: ['searchFilters.minBathsOption'],
};

const DIR = path.join(ROOT, 'client/src/i18n');

/** A language's catalogue by part (`es/listings.json`). */
const parts = (locale: string) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(DIR, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(fs.readFileSync(path.join(DIR, locale, file), 'utf8')) as Record<string, string>,
      ]),
  );

/** Where each message is: its part, by id. */
const partOf = (locale: string) =>
  Object.fromEntries(Object.entries(parts(locale)).flatMap(([part, texts]) => Object.keys(texts).map((id) => [id, part])));

const catalogue = (locale: string): Record<string, string> => Object.assign({}, ...Object.values(parts(locale)));

/** A message's arguments and their kinds ('count:plural', 'name:argument'), sorted. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): string[] {
  for (const el of elements) {
    if (el.type === TYPE.argument) into.add(`${el.value}:argument`);
    else if (el.type === TYPE.number) into.add(`${el.value}:number`);
    else if (el.type === TYPE.date || el.type === TYPE.time) into.add(`${el.value}:date`);
    else if (el.type === TYPE.plural || el.type === TYPE.select) {
      into.add(`${el.value}:${el.type === TYPE.plural ? 'plural' : 'select'}`);
      for (const option of Object.values(el.options)) argumentsOf(option.value, into);
    } else if (el.type === TYPE.tag) argumentsOf(el.children, into);
  }
  return [...into].sort();
}

describe('the catalogues', () => {
  const english = declared();

  it('the code declares messages, each id once with one text', () => {
    expect(Object.keys(english).length).toBeGreaterThan(10);
  });

  it('has the parts the app loads, and each language a message in the same part, once', () => {
    expect(Object.keys(parts('es')).sort()).toEqual([...PARTS, ...SERVER_PARTS].sort());
    expect(Object.keys(parts('zh')).sort()).toEqual([...PARTS, ...SERVER_PARTS].sort());
    for (const locale of ['es', 'zh']) {
      const count = Object.values(parts(locale)).reduce((n, texts) => n + Object.keys(texts).length, 0);
      expect(count, `${locale}: a message in two parts`).toBe(Object.keys(catalogue(locale)).length);
    }
    const es = partOf('es');
    const zh = partOf('zh');
    expect(Object.keys(es).filter((id) => es[id] !== zh[id])).toEqual([]);
  });

  for (const locale of ['es', 'zh']) {
    describe(locale, () => {
      const translated = catalogue(locale);

      it('has every message the code declares, and none it does not', () => {
        const missing = Object.keys(english).filter((id) => !(id in translated));
        const unused = Object.keys(translated).filter((id) => !(id in english));
        expect({ missing, unused }).toEqual({ missing: [], unused: [] });
      });

      it('translates each message with the same arguments as its English text', () => {
        const differ = Object.keys(english)
          .filter((id) => id in translated)
          .filter((id) => argumentsOf(parse(english[id]!)).join() !== argumentsOf(parse(translated[id]!)).join());
        expect(differ).toEqual([]);
      });

      it('leaves no message in English (but names that are the same in it)', () => {
        const same = Object.keys(english).filter((id) => translated[id]?.trim() === english[id]?.trim());
        expect(same.sort()).toEqual([...(SAME_AS_ENGLISH[locale] ?? [])].sort());
      });
    });
  }
});

import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue, PARTS } from '@/i18n/catalogues';
import { createIntl, setPageIntl } from '@common/i18n/messages';
import { lineName } from './subway-bullets';

const L = { bullet: 'L', accessibleName: 'L train', kind: 'TRAIN' } as const;
const SHUTTLE = { bullet: 'S', accessibleName: 'S 42 St Shuttle', kind: 'SHUTTLE' } as const;
const SIR = { bullet: 'SIR', accessibleName: 'Staten Island Railway', kind: 'RAILWAY' } as const;

describe("a subway line's name in the page's language (issue 29 item 4)", () => {
  afterEach(() => setPageIntl(createIntl('en', {})));

  it("names a train by its bullet in the page's language; a shuttle and the railway by their official names", async () => {
    expect([L, SHUTTLE, SIR].map(lineName)).toEqual(['L train', 'S 42 St Shuttle', 'Staten Island Railway']);
    setPageIntl(createIntl('es', await loadCatalogue('es', PARTS)));
    expect([L, SHUTTLE, SIR].map(lineName)).toEqual(['tren L', 'S 42 St Shuttle', 'Staten Island Railway']);
    setPageIntl(createIntl('zh', await loadCatalogue('zh', PARTS)));
    expect(lineName({ ...L, bullet: '6', accessibleName: '6 train' })).toBe('6 线');
  });
});

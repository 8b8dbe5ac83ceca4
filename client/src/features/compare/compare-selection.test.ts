import { describe, expect, it } from 'vitest';
import { comparePath, MAX_COMPARE, parseCompareParam } from './compare-selection';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const D = '44444444-4444-4444-8444-444444444444';

describe('the listings picked for comparing', () => {
  it('keeps listing ids only, each once, at most 3', () => {
    expect(MAX_COMPARE).toBe(3);
    expect(parseCompareParam(`${A},${A.toUpperCase()},not-an-id,${B}`)).toEqual([A, B]);
    expect(parseCompareParam(`${A},${B},${C},${D}`)).toEqual([A, B, C]);
    expect(parseCompareParam(null)).toEqual([]);
    expect(comparePath([A, B])).toBe(`/compare?ids=${A},${B}`);
  });
});

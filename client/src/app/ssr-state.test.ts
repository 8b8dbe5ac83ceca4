import { describe, expect, it } from 'vitest';
import { serializeServerState } from './ssr-state';

describe('serializeServerState', () => {
  it('never lets the data close the script element or start a comment, and reads back the same', () => {
    const state = { answers: { 'PropertyDetail {"id":"1"}': { title: '</script><script>alert(1)</script><!-- \u2028\u2029' } } };
    const text = serializeServerState(state);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(state);
  });
});

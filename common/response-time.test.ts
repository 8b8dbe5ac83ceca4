import { describe, expect, it } from 'vitest';
import { responseTimeLabel } from './response-time.js';

describe('how fast an agent answers, in words', () => {
  it('says within an hour, a few hours, a day or a few days; nothing without a figure', () => {
    expect(responseTimeLabel(12)).toBe('Usually responds within an hour');
    expect(responseTimeLabel(60)).toBe('Usually responds within an hour');
    expect(responseTimeLabel(61)).toBe('Usually responds within a few hours');
    expect(responseTimeLabel(180)).toBe('Usually responds within a few hours');
    expect(responseTimeLabel(600)).toBe('Usually responds within a day');
    expect(responseTimeLabel(1441)).toBe('Usually responds within a few days');
    expect(responseTimeLabel(null)).toBeNull();
  });
});

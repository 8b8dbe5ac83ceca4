import { describe, expect, it } from 'vitest';
import { dayKey, dayLabel, formatListDate, formatTime, groupByDay } from './dates';

const NY = 'America/New_York';
// Wednesday, March 11, 2026, 10:00 in New York (14:00 UTC, daylight time).
const now = new Date('2026-03-11T14:00:00Z');

describe('dayKey', () => {
  it('is the calendar day in the given zone', () => {
    // 02:30 UTC on the 11th is still the 10th in New York.
    expect(dayKey('2026-03-11T02:30:00Z', NY)).toBe('2026-03-10');
    expect(dayKey('2026-03-11T02:30:00Z', 'UTC')).toBe('2026-03-11');
  });
});

describe('dayLabel', () => {
  it('says Today, Yesterday, a weekday within a week, then the date', () => {
    expect(dayLabel('2026-03-11', now, NY)).toBe('Today');
    expect(dayLabel('2026-03-10', now, NY)).toBe('Yesterday');
    expect(dayLabel('2026-03-06', now, NY)).toBe('Friday');
    expect(dayLabel('2026-03-04', now, NY)).toBe('March 4');
    expect(dayLabel('2025-12-24', now, NY)).toBe('December 24, 2025');
  });
});

describe('groupByDay', () => {
  it('groups consecutive messages by local day, in order', () => {
    const messages = [
      { id: 'a', createdAt: '2026-03-09T15:00:00Z' },
      { id: 'b', createdAt: '2026-03-10T03:59:00Z' }, // 23:59 on the 9th in New York
      { id: 'c', createdAt: '2026-03-10T04:01:00Z' }, // 00:01 on the 10th
      { id: 'd', createdAt: '2026-03-11T13:00:00Z' },
      { id: 'e', createdAt: '2026-03-11T13:30:00Z' },
    ];
    const groups = groupByDay(messages, now, NY);
    expect(groups.map((g) => [g.key, g.label, g.items.map((m) => m.id)])).toEqual([
      ['2026-03-09', 'Monday', ['a', 'b']],
      ['2026-03-10', 'Yesterday', ['c']],
      ['2026-03-11', 'Today', ['d', 'e']],
    ]);
  });

  it('gives no groups for no messages', () => {
    expect(groupByDay([], now, NY)).toEqual([]);
  });
});

describe('times', () => {
  it('formats a message time in the zone', () => {
    expect(formatTime('2026-03-11T13:05:00Z', NY)).toBe('9:05 AM');
  });

  it('formats a list date by how long ago it is', () => {
    expect(formatListDate('2026-03-11T13:05:00Z', now, NY)).toBe('9:05 AM');
    expect(formatListDate('2026-03-10T13:05:00Z', now, NY)).toBe('Yesterday');
    expect(formatListDate('2026-03-07T13:05:00Z', now, NY)).toBe('Sat');
    expect(formatListDate('2026-02-01T13:05:00Z', now, NY)).toBe('Feb 1');
    expect(formatListDate('2025-02-01T13:05:00Z', now, NY)).toBe('Feb 1, 2025');
  });
});

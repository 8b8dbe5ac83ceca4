import { describe, expect, it } from 'vitest';
import {
  answerDeadline,
  formatOpenHouseTime,
  newYorkLocalInput,
  newYorkWallTime,
  parseNewYorkTime,
  placesLeftLabel,
} from './tours.js';

// New York time whatever the machine's zone (issue 27 item 3), across both daylight-saving changes of
// the year: 14 March 2027 (02:00 EST becomes 03:00 EDT) and 1 November 2026 (02:00 EDT becomes 01:00 EST).

const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('New York time', () => {
  it('reads a wall time in winter and in summer', () => {
    expect(iso(newYorkWallTime('2026-12-05T14:00'))).toBe('2026-12-05T19:00:00.000Z');
    expect(iso(newYorkWallTime('2027-07-04T09:30'))).toBe('2027-07-04T13:30:00.000Z');
  });

  it('on the spring change day: before, the skipped hour (taken an hour on) and after', () => {
    expect(iso(newYorkWallTime('2027-03-14T01:30'))).toBe('2027-03-14T06:30:00.000Z');
    expect(iso(newYorkWallTime('2027-03-14T02:30'))).toBe('2027-03-14T07:30:00.000Z');
    expect(iso(newYorkWallTime('2027-03-14T03:30'))).toBe('2027-03-14T07:30:00.000Z');
    expect(iso(newYorkWallTime('2027-03-14T14:00'))).toBe('2027-03-14T18:00:00.000Z');
  });

  it('on the autumn change day: the repeated hour is its first (EDT), then standard time', () => {
    expect(iso(newYorkWallTime('2026-11-01T00:30'))).toBe('2026-11-01T04:30:00.000Z');
    expect(iso(newYorkWallTime('2026-11-01T01:30'))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(newYorkWallTime('2026-11-01T02:30'))).toBe('2026-11-01T07:30:00.000Z');
    expect(iso(newYorkWallTime('2026-11-01T14:00'))).toBe('2026-11-01T19:00:00.000Z');
  });

  it('writes an instant back as the wall time it is in New York, both sides of each change', () => {
    expect(newYorkLocalInput('2026-11-01T05:30:00Z')).toBe('2026-11-01T01:30');
    expect(newYorkLocalInput('2026-11-01T06:30:00Z')).toBe('2026-11-01T01:30');
    expect(newYorkLocalInput('2027-03-14T06:59:00Z')).toBe('2027-03-14T01:59');
    expect(newYorkLocalInput('2027-03-14T07:00:00Z')).toBe('2027-03-14T03:00');
    expect(newYorkLocalInput(new Date('2026-12-05T19:00:00Z'))).toBe('2026-12-05T14:00');
    expect(newYorkLocalInput('')).toBe('');
    expect(newYorkLocalInput('not a date')).toBe('');
    for (const wall of ['2026-12-05T14:00', '2027-07-04T09:30', '2026-11-01T14:00']) {
      expect(newYorkLocalInput(newYorkWallTime(wall))).toBe(wall);
    }
  });

  it('refuses what is not a time, and keeps an instant that says its zone', () => {
    expect(newYorkWallTime('2026-02-30T10:00')).toBeNull();
    expect(newYorkWallTime('2026-12-05 14:00')).toBeNull();
    expect(iso(parseNewYorkTime('2026-12-05T19:00:00.000Z'))).toBe('2026-12-05T19:00:00.000Z');
    expect(iso(parseNewYorkTime('2026-12-05T14:00:00-05:00'))).toBe('2026-12-05T19:00:00.000Z');
    expect(iso(parseNewYorkTime('2026-12-05T14:00'))).toBe('2026-12-05T19:00:00.000Z');
    expect(parseNewYorkTime('soon')).toBeNull();
  });

  it('shows a time in New York with its weekday', () => {
    expect(formatOpenHouseTime('2026-11-01T05:30:00Z')).toBe('Sun, Nov 1, 1:30 AM');
    expect(formatOpenHouseTime('2026-11-01T06:30:00Z')).toBe('Sun, Nov 1, 1:30 AM');
    expect(formatOpenHouseTime('2026-12-05T19:00:00Z')).toBe('Sat, Dec 5, 2:00 PM');
  });

  it("says the places left: 'N places left', '1 place left', 'Full', nothing without a limit", () => {
    expect(placesLeftLabel(3)).toBe('3 places left');
    expect(placesLeftLabel(1)).toBe('1 place left');
    expect(placesLeftLabel(0)).toBe('Full');
    expect(placesLeftLabel(null)).toBeNull();
  });
});

describe('the answer deadline of a tour request (issue 59 item 3)', () => {
  const now = Date.parse('2026-12-06T15:00:00Z');
  const at = (hours: number) => ({ startsAt: new Date(now + hours * 3_600_000) });

  it('is 24 hours when every time offered is later than that', () => {
    expect(answerDeadline([at(50), at(26)], now)).toEqual(new Date(now + 24 * 3_600_000));
  });

  it('is the start of the first time offered when that comes sooner', () => {
    expect(answerDeadline([at(30), at(3), at(10)], now)).toEqual(at(3).startsAt);
    expect(answerDeadline([at(24)], now)).toEqual(at(24).startsAt);
  });
});

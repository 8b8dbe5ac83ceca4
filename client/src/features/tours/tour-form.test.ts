// The tour forms' times (issue 27 item 3): a New York date and time make the same instant whatever the
// browser's zone, across both daylight-saving changes; the form refuses what the server would.
import { describe, expect, it } from 'vitest';
import { tourRequestForm, windowInput } from './tour-form';

describe('tour form', () => {
  it('turns a New York date, time and length into instants, on both sides of the daylight-saving changes', () => {
    // 8 March 2026 (EST to EDT at 2 AM) and 1 November 2026 (EDT to EST at 2 AM).
    expect(windowInput({ date: '2026-03-07', time: '10:00', minutes: 30 })).toEqual({
      startsAt: '2026-03-07T15:00:00.000Z',
      endsAt: '2026-03-07T15:30:00.000Z',
    });
    expect(windowInput({ date: '2026-03-08', time: '10:00', minutes: 60 })).toEqual({
      startsAt: '2026-03-08T14:00:00.000Z',
      endsAt: '2026-03-08T15:00:00.000Z',
    });
    expect(windowInput({ date: '2026-11-01', time: '10:00', minutes: 45 })).toEqual({
      startsAt: '2026-11-01T15:00:00.000Z',
      endsAt: '2026-11-01T15:45:00.000Z',
    });
    expect(windowInput({ date: '2026-10-31', time: '10:00', minutes: 90 })).toEqual({
      startsAt: '2026-10-31T14:00:00.000Z',
      endsAt: '2026-10-31T15:30:00.000Z',
    });
  });

  it('refuses a time less than an hour ahead, the same time twice, and a missing date', () => {
    const soon = new Date(Date.now() + 10 * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const ny = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(soon);
    const part = (t: string) => ny.find((p) => p.type === t)!.value;
    const now = {
      date: `${part('year')}-${part('month')}-${part('day')}`,
      time: `${part('hour')}:${pad(Number(part('minute')))}`,
      minutes: 30,
    };
    const issues = (v: unknown) => tourRequestForm.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ windows: [now], note: '' })).toContain('Choose a time at least an hour from now');
    const later = { date: '2099-01-01', time: '10:00', minutes: 30 };
    expect(issues({ windows: [later], note: '' })).toContain('Choose a date within the next 60 days');
    const ok = { ...now, date: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10), time: '18:00' };
    expect(issues({ windows: [ok], note: '' })).toEqual([]);
    expect(issues({ windows: [ok, ok], note: '' })).toEqual(['Each time must differ']);
    expect(issues({ windows: [{ ...ok, date: '' }], note: '' })).toEqual(['Choose a date']);
  });
});

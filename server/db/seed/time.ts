// Date helpers for the seed. Times of day are New York local time.

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export function daysAfter(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/** Midnight UTC of the calendar day (UTC) of `date` shifted by `days`: a value for a `@db.Date` column. */
export function dateOnly(date: Date, days = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
}

const nyFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The UTC offset of New York at an instant, in minutes (−240 in summer, −300 in winter). */
export function newYorkOffsetMinutes(at: Date): number {
  const parts = Object.fromEntries(nyFormat.formatToParts(at).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/** The New York calendar date (y, m, d) of an instant. */
export function newYorkDate(at: Date): { year: number; month: number; day: number; weekday: number } {
  const local = new Date(at.getTime() + newYorkOffsetMinutes(at) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth(), day: local.getUTCDate(), weekday: local.getUTCDay() };
}

/** The instant of a New York wall-clock time. */
export function newYorkTime(year: number, month: number, day: number, hour: number, minute = 0): Date {
  const guess = new Date(Date.UTC(year, month, day, hour, minute));
  const offset = newYorkOffsetMinutes(new Date(guess.getTime() - newYorkOffsetMinutes(guess) * 60_000));
  return new Date(guess.getTime() - offset * 60_000);
}

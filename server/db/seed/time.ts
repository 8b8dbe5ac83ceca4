// Date helpers for the seed. Times of day are New York local time.
import { newYorkInstant, newYorkParts } from '../../../common/tours.js';

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

/** The New York calendar date (y, m from 0, d) of an instant. */
export function newYorkDate(at: Date): { year: number; month: number; day: number; weekday: number } {
  const { year, month, day } = newYorkParts(at);
  return { year, month: month - 1, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** The instant of a New York wall-clock time (month from 0), as open houses read one (common/tours.ts). */
export function newYorkTime(year: number, month: number, day: number, hour: number, minute = 0): Date {
  return newYorkInstant({ year, month: month + 1, day, hour, minute, second: 0 });
}

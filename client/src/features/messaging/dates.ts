// Dates of the conversation screens, in the viewer's own time zone (a chat is read as local time).
// Every function takes the zone and "now" as arguments so it can be tested anywhere. Days and times are
// written in the page's language (issue 29: common/i18n/dates.ts).
import { dateFormat } from '@common/i18n/dates';
import { defineMessages, formatMessage } from '@common/i18n/messages';

const messages = defineMessages({
  today: { id: 'messages.today', defaultMessage: 'Today' },
  yesterday: { id: 'messages.yesterday', defaultMessage: 'Yesterday' },
});

const DAY_MS = 24 * 60 * 60 * 1000;

const keyFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as 'YYYY-MM-DD'. */
export function dayKey(instant: Date | string, timeZone?: string): string {
  const zone = timeZone ?? '';
  let format = keyFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    keyFormats.set(zone, format);
  }
  return format.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** Whole days from day `from` to day `to` (both 'YYYY-MM-DD'). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `name` names the options (common/i18n/dates.ts keeps one format by name and language). */
function formatDay(key: string, name: string, options: Intl.DateTimeFormatOptions): string {
  // The key is a calendar day: format it in UTC so no zone moves it.
  return dateFormat(`messaging-${name}`, { ...options, timeZone: 'UTC' }).format(new Date(`${key}T12:00:00Z`));
}

/** A day separator: 'Today', 'Yesterday', a weekday within the last week, else 'March 3' (with the year when not this year). */
export function dayLabel(key: string, now: Date = new Date(), timeZone?: string): string {
  const today = dayKey(now, timeZone);
  const ago = daysBetween(key, today);
  if (ago === 0) return formatMessage(messages.today);
  if (ago === 1) return formatMessage(messages.yesterday);
  if (ago > 1 && ago < 7) return formatDay(key, 'weekday', { weekday: 'long' });
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return sameYear
    ? formatDay(key, 'day', { month: 'long', day: 'numeric' })
    : formatDay(key, 'day-year', { month: 'long', day: 'numeric', year: 'numeric' });
}

export interface DayGroup<T> {
  /** 'YYYY-MM-DD' in the viewer's zone. */
  key: string;
  label: string;
  items: T[];
}

/** Consecutive messages grouped by their local day, in the order given (oldest first). */
export function groupByDay<T extends { createdAt: string }>(
  items: readonly T[],
  now: Date = new Date(),
  timeZone?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const key = dayKey(item.createdAt, timeZone);
    const last = groups.at(-1);
    if (last && last.key === key) last.items.push(item);
    else groups.push({ key, label: dayLabel(key, now, timeZone), items: [item] });
  }
  return groups;
}

/** A message's time: '3:05 PM'. */
export function formatTime(instant: string, timeZone?: string): string {
  return dateFormat(`messaging-time:${timeZone ?? ''}`, { hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(instant),
  );
}

/** The full date and time, for a tooltip or screen readers: 'Monday, March 3, 2026 at 3:05 PM'. */
export function formatDateTime(instant: string, timeZone?: string): string {
  return dateFormat(`messaging-date-time:${timeZone ?? ''}`, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
    new Date(instant),
  );
}

/** The date of a conversation's last message in the list: '3:05 PM' today, 'Yesterday', 'Mon', 'Mar 3', 'Mar 3, 2025'. */
export function formatListDate(instant: string, now: Date = new Date(), timeZone?: string): string {
  const key = dayKey(instant, timeZone);
  const today = dayKey(now, timeZone);
  const ago = daysBetween(key, today);
  if (ago <= 0) return formatTime(instant, timeZone);
  if (ago === 1) return formatMessage(messages.yesterday);
  if (ago < 7) return formatDay(key, 'weekday-short', { weekday: 'short' });
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return sameYear
    ? formatDay(key, 'day-short', { month: 'short', day: 'numeric' })
    : formatDay(key, 'day-year-short', { month: 'short', day: 'numeric', year: 'numeric' });
}

// Open houses and tours (issue 27) happen in New York: their times are written and shown in New
// York time (America/New_York), whatever the browser's zone or the server's, in the page's language
// (issue 29: 'Sat, Dec 6, 2:00 PM', 'sáb, 6 dic, 14:00', '12月6日周六 14:00'; the server's own texts
// are in English).
import { dateFormat } from './i18n/dates.js';
import { defineMessages, formatMessage } from './i18n/messages.js';

const messages = defineMessages({
  full: { id: 'openHouse.full', defaultMessage: 'Full' },
  placesLeft: {
    id: 'openHouse.placesLeft',
    defaultMessage: '{count, plural, one {# place left} other {# places left}}',
  },
});

export const NEW_YORK = 'America/New_York';

/** A wall-clock date and time without a zone, as a datetime-local input gives it: 'YYYY-MM-DDTHH:mm'. */
const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: NEW_YORK,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export interface WallClock {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The New York wall clock of an instant. */
export function newYorkParts(at: Date | number): WallClock {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

const HOUR = 60 * 60 * 1000;
const sameWall = (a: WallClock, b: WallClock) =>
  a.year === b.year &&
  a.month === b.month &&
  a.day === b.day &&
  a.hour === b.hour &&
  a.minute === b.minute &&
  a.second === b.second;

/**
 * The instant of a New York wall-clock time, whatever the machine's own zone. New York is 5 hours
 * behind UTC in winter (EST) and 4 in summer (EDT): the instant is the reading whose New York wall
 * time is the one asked for. Across the daylight-saving changes: a time the autumn change repeats
 * (01:30) is its first occurrence (EDT); a time the spring change skips (02:30) is read in standard
 * time, which is an hour on in daylight time (03:30 EDT), the time it names in practice.
 *
 * (`@date-fns/tz` was tried first: its TZDate resolves the repeated hour by the machine's own zone,
 * EDT on a UTC machine and EST in Los Angeles, which is what this must not depend on.)
 */
export function newYorkInstant(wall: WallClock): Date {
  const base = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const readings = [4 * HOUR, 5 * HOUR].map((offset) => base + offset).filter((t) => sameWall(newYorkParts(t), wall));
  return new Date(readings.length ? Math.min(...readings) : base + 5 * HOUR);
}

/** A New York wall time ('2026-12-05T14:00') as the instant it names (`newYorkInstant`), or null when it is not one. */
export function newYorkWallTime(local: string): Date | null {
  const m = LOCAL_RE.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  // A day that does not exist ('2026-02-30') rolls over: refused.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return newYorkInstant({ year, month, day, hour, minute, second });
}

/** An instant as a datetime-local value in New York time ('2026-12-05T14:00'); '' when not an instant. */
export function newYorkLocalInput(at: Date | string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(t)) return '';
  const w = newYorkParts(t);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * An open house's or a tour's time as a client sends it: a New York wall time (a datetime-local
 * value), or an instant with its zone (ISO 8601). Null when it is neither.
 */
export function parseNewYorkTime(value: string): Date | null {
  if (LOCAL_RE.test(value.trim())) return newYorkWallTime(value);
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : new Date(t);
}

/** 'Sat, Dec 6, 2:00 PM' in New York time (in the page's language). */
export function formatOpenHouseTime(at: Date | string): string {
  return dateFormat('ny-open-house', {
    timeZone: NEW_YORK,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(typeof at === 'string' ? new Date(at) : at);
}

/** '2:00 PM' in New York time (in the page's language). */
export function formatNewYorkClock(at: Date | string): string {
  return dateFormat('ny-clock', { timeZone: NEW_YORK, hour: 'numeric', minute: '2-digit' }).format(
    typeof at === 'string' ? new Date(at) : at,
  );
}

/** 'N places left' / '1 place left' / 'Full'; null without a limit. */
export function placesLeftLabel(placesLeft: number | null): string | null {
  if (placesLeft === null) return null;
  if (placesLeft <= 0) return formatMessage(messages.full);
  return formatMessage(messages.placesLeft, { count: placesLeft });
}

/** The rules of a private tour request (issue 27 item 2): the server's checks and the form's. */
export const TOUR_RULES = {
  maxWindows: 3,
  minMinutes: 15,
  maxMinutes: 4 * 60,
  /** A window starts at least this long after it is proposed. */
  minLeadMinutes: 60,
  maxDaysAhead: 60,
  /** Unanswered this long after its last step, a request expires. */
  answerHours: 24,
  noteMax: 500,
  reasonMax: 300,
} as const;

/**
 * When a tour request, or another time proposed instead, must be answered (issue 59 item 3): within
 * `answerHours`, and never after the first time it offers has begun, so no one is told to answer by a
 * time when the tour they would confirm is already under way.
 */
export function answerDeadline(windows: readonly { startsAt: Date }[], now = Date.now()): Date {
  const earliest = Math.min(...windows.map((w) => w.startsAt.getTime()));
  return new Date(Math.min(now + TOUR_RULES.answerHours * 3_600_000, earliest));
}

/** How long a proposed tour lasts, as the forms offer it (minutes). */
export const TOUR_LENGTHS = [30, 45, 60, 90] as const;

/** 'Thu, Dec 3, 6:00 PM – 6:30 PM' in New York time. */
export function formatTourWindow(w: { startsAt: Date | string; endsAt: Date | string }): string {
  return `${formatOpenHouseTime(w.startsAt)} – ${formatNewYorkClock(w.endsAt)}`;
}

/**
 * A window from a date ('2026-12-05') and a start time ('14:00') in New York and a length in minutes,
 * as instants; null when the date or the time is not one.
 */
export function newYorkWindow(date: string, time: string, minutes: number): { startsAt: Date; endsAt: Date } | null {
  const startsAt = newYorkWallTime(`${date}T${time}`);
  if (!startsAt) return null;
  return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
}

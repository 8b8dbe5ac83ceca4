// Open houses and tours (issue 27) happen in New York: their times are written and shown in New
// York time (America/New_York), whatever the browser's zone or the server's.
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

/** The New York wall time of an instant: 'YYYY-MM-DDTHH:mm:ss'. */
function newYorkWall(t: number): string {
  const p = Object.fromEntries(wallClock.formatToParts(new Date(t)).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

const HOUR = 60 * 60 * 1000;

/**
 * A New York wall time ('2026-12-05T14:00') as the instant it names (a Date), or null when it is not
 * one, whatever the machine's own zone. New York is 5 hours behind UTC in winter (EST) and 4 in
 * summer (EDT): the instant is the reading whose New York wall time is the one asked for. Across the
 * daylight-saving changes: a time the autumn change repeats (01:30) is its first occurrence (EDT); a
 * time the spring change skips (02:30) is read in standard time, which is an hour on in daylight
 * time (03:30 EDT), the time it names in practice.
 *
 * (`@date-fns/tz` was tried first: its TZDate resolves the repeated hour by the machine's own zone,
 * EDT on a UTC machine and EST in Los Angeles, which is what this must not depend on.)
 */
export function newYorkWallTime(local: string): Date | null {
  const m = LOCAL_RE.exec(local.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  if (h > 23 || mi > 59 || s > 59) return null;
  const base = Date.UTC(y, mo - 1, d, h, mi, s);
  const day = new Date(base);
  // A day that does not exist ('2026-02-30') rolls over: refused.
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  const wanted = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}`;
  const readings = [4 * HOUR, 5 * HOUR].map((offset) => base + offset).filter((t) => newYorkWall(t) === wanted);
  return new Date(readings.length ? Math.min(...readings) : base + 5 * HOUR);
}

/** An instant as a datetime-local value in New York time ('2026-12-05T14:00'); '' when not an instant. */
export function newYorkLocalInput(at: Date | string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const t = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(t)) return '';
  return newYorkWall(t).slice(0, 16);
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

const openHouseTime = new Intl.DateTimeFormat('en-US', {
  timeZone: NEW_YORK,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Sat, Dec 6, 2:00 PM' in New York time. */
export function formatOpenHouseTime(at: Date | string): string {
  return openHouseTime.format(typeof at === 'string' ? new Date(at) : at);
}

/** 'N places left' / '1 place left' / 'Full'; null without a limit. */
export function placesLeftLabel(placesLeft: number | null): string | null {
  if (placesLeft === null) return null;
  if (placesLeft <= 0) return 'Full';
  return placesLeft === 1 ? '1 place left' : `${placesLeft} places left`;
}

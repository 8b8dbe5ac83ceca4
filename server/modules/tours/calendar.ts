import { createEvent } from 'ics';

/**
 * A visit as an iCalendar file (RFC 5545, one VEVENT), for the calendar links and the e-mails of open
 * houses and tours (issue 27 item 3). Times are written in UTC (`…Z`): every calendar shows them in
 * its own zone, which is New York for the people who come.
 */
export interface CalendarVisit {
  /** Stable across updates of the same visit (a calendar replaces the event it already has). */
  uid: string;
  title: string;
  description?: string | null;
  location: string;
  url: string;
  startsAt: Date;
  endsAt: Date;
  cancelled?: boolean;
}

const utc = (d: Date): [number, number, number, number, number] => [
  d.getUTCFullYear(),
  d.getUTCMonth() + 1,
  d.getUTCDate(),
  d.getUTCHours(),
  d.getUTCMinutes(),
];

export function calendarFile(visit: CalendarVisit): string {
  const made = event(visit, true);
  // The library refuses some working addresses (a one-digit port, in tests): the event goes without its link.
  const { error, value } = made.error && /\burl\b/.test(made.error.message) ? event(visit, false) : made;
  if (error || !value) throw new Error(`the calendar event could not be written: ${error?.message ?? 'no value'}`);
  return value;
}

function event(visit: CalendarVisit, withUrl: boolean) {
  return createEvent({
    uid: visit.uid,
    productId: 'nycrentals/visits',
    title: visit.title,
    description: visit.description ?? undefined,
    location: visit.location,
    ...(withUrl ? { url: visit.url } : {}),
    start: utc(visit.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(visit.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: visit.cancelled ? 'CANCELLED' : 'CONFIRMED',
    method: visit.cancelled ? 'CANCEL' : 'PUBLISH',
  });
}

/**
 * The listing page a calendar event links to, on the configured public URL (`env.publicUrl`): a
 * request's Host header is the caller's to choose (issue 58 item 13b).
 */
export function listingPageUrl(publicUrl: string, slug: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/properties/${encodeURIComponent(slug)}`;
}

/** A listing's address as a calendar's location. */
export function visitLocation(p: { address: string; unit: string | null; neighborhood: string }): string {
  return `${p.address}${p.unit ? `, ${p.unit}` : ''}, ${p.neighborhood}, New York`;
}

export const visitAddressSelect = { title: true, slug: true, address: true, unit: true, neighborhood: true } as const;

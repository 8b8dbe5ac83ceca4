// Open houses and tours (issue 27) happen in New York: their times are written and shown in New
// York time (America/New_York), whatever the browser's zone.

export const NEW_YORK = 'America/New_York';

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

import { useSyncExternalStore } from 'react';

/**
 * The zone a page rendered on the server shows its times in (it does not know the visitor's): New
 * York's, the city the app serves.
 */
export const SERVER_TIME_ZONE = 'America/New_York';

let browserZone: string | undefined;
const zoneOfTheBrowser = () => (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
const unchanging = () => () => undefined;

/**
 * The viewer's own time zone, to show a time as local time. A page the server rendered is taken over
 * with the server's zone (so the HTML matches), then drawn again at once in the browser's when it
 * differs (React does that for a store whose server value differs).
 */
export function useTimeZone(): string {
  return useSyncExternalStore(unchanging, zoneOfTheBrowser, () => SERVER_TIME_ZONE);
}

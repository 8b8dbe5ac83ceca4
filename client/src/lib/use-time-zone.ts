import { useBrowserValue } from './use-in-browser';

/**
 * The zone a page rendered on the server shows its times in (it does not know the visitor's): New
 * York's, the city the app serves.
 */
export const SERVER_TIME_ZONE = 'America/New_York';

let browserZone: string | undefined;
const zoneOfTheBrowser = () => (browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The viewer's own time zone, to show a time as local time: New York's while a server-rendered page
 * is taken over (so the HTML matches), then the browser's when it differs.
 */
export function useTimeZone(): string {
  return useBrowserValue(zoneOfTheBrowser, SERVER_TIME_ZONE);
}

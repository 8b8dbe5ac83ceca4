/**
 * 'Available now' (issue 59 item 5): a listing's available day (YYYY-MM-DD) is today or gone by in New
 * York; a listing available since last spring is available now. One rule for the server's
 * `Property.availableNow` and the cards (a module this small, for the listings page's first script).
 */
export const isAvailableNow = (availableDate: string, now = new Date()) => availableDate.slice(0, 10) <= newYorkDay(now);

/** One formatter for every call: `toLocaleDateString` with options makes a new one each time (a CPU profile's hot spot on REST's list). */
const NEW_YORK_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' });

/** The day it is in New York (YYYY-MM-DD). */
export const newYorkDay = (now = new Date()) => NEW_YORK_DAY.format(now);

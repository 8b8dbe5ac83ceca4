/** What other modules may use of the transit module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { NO_COMMUTE, commuteContext, commuteMinutesOf, commuteMinutesSql } from './commute-search.js';
export type { CommuteContext } from './commute-search.js';
export { nearbyStationsFor, storedNearbyStations } from './nearby.js';

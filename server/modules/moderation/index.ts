/** What other modules may use of the moderation module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { agentRefusal, flagRefusingMessage, refusalWarning } from './message-flags.service.js';
export { TRUST_MESSAGES, parse } from './moderation.service.js';
export type { TrustDeps } from './moderation.service.js';
export { countingReports, reportAddressKey, reportCountsToHide } from './report-standing.js';

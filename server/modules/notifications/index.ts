/** What other modules may use of the notifications module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { announceNotifications, insertNotifications, notify } from './notifications.service.js';
export type { NotificationInput } from './notifications.service.js';

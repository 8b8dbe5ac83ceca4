/** What other modules may use of the notifications module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { tellPeople } from './notifications.service.js';

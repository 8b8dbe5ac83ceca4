/** What other modules may use of the mail module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { escapeHtml } from './mailer.js';
export type { MailMessage, Mailer } from './mailer.js';
export { mailTexts } from './texts.js';

/** What other modules may use of the uploads module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export type { Storage } from './storage.js';
export { tooManyPhotosMessage } from './uploads.service.js';

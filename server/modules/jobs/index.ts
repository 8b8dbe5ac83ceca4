/** What other modules may use of the jobs module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export type { JobQueue } from './queue.js';

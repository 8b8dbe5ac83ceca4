/** What other modules' GraphQL adapters may build on of the moderation module's schema. Nothing outside the module imports its other files (eslint.config.js). */
export { trustDeps } from './moderation.schema.js';

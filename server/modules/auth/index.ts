/** What other modules may use of the auth module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { providerUnavailableMessage } from './identity.js';
export type { IdentityProvider } from './identity.js';

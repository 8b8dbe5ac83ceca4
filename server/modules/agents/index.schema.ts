/** What other modules' GraphQL adapters may build on of the agents module's schema. Nothing outside the module imports its other files (eslint.config.js). */
export { AgentRef } from './agents.schema.js';

/** What other modules may use of the agents module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { agentKeyWhere } from './agents.service.js';
export { countedReviewSql, interactionSql, visibleReviewSql } from './review-visibility.js';

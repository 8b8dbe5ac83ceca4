/** What other modules may use of the messaging module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export { answeringUser, retryOnNewThread, sendMessageSchema, sharedRead, writeInConversation } from './messaging.service.js';

/** What other modules may use of the messaging module: its rules and services. Nothing outside the module imports its other files (eslint.config.js). */
export {
  announceMessage,
  answeringUser,
  postInConversation,
  postInThread,
  retryOnNewThread,
  sendMessageSchema,
  sharedRead,
} from './messaging.service.js';

// Texts more than one messaging component shows (issue 29): declared once, in part `messages`
// (client/src/i18n/<language>/messages.json).
import { defineMessages } from '@common/i18n/messages';

export const sharedMessages = defineMessages({
  newMessage: { id: 'messages.newMessage', defaultMessage: 'New Message' },
  sendFailed: { id: 'messages.sendFailed', defaultMessage: 'Could not send your message. Please try again.' },
  active: { id: 'messages.active', defaultMessage: 'Active' },
  retry: { id: 'messages.retry', defaultMessage: 'Retry' },
});

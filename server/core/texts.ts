/**
 * What several modules answer a request with (issue 29 item 4): messages in the request's language
 * (server/core/locale.ts), made when they are said. A module's own texts are declared in it.
 */
import { defineMessages, formatMessage, type MessageValues } from '../../common/i18n/messages.js';

const texts = defineMessages({
  signIn: { id: 'server.auth.signIn', defaultMessage: 'You must sign in to do that.' },
  finishAccount: { id: 'server.auth.finishAccount', defaultMessage: 'Finish creating your account first.' },
  accountDeleted: { id: 'server.auth.accountDeleted', defaultMessage: 'This account was deleted.' },
  listingNotFound: { id: 'server.listing.notFound', defaultMessage: 'That listing does not exist.' },
  invalidCursor: { id: 'server.paging.invalidCursor', defaultMessage: 'Invalid cursor: start again from the first page' },
  tooManyRequests: { id: 'server.limit.tooManyRequests', defaultMessage: 'Too many requests. Please wait a minute.' },
  tooManyAttempts: { id: 'server.limit.tooManyAttempts', defaultMessage: 'Too many attempts. Please wait a minute.' },
  sendingMessages: {
    id: 'server.limit.sendingMessages',
    defaultMessage:
      'You are sending messages too quickly. Please wait {seconds, plural, other {{seconds} seconds}} and try again.',
  },
  messageYourself: { id: 'server.message.yourself', defaultMessage: 'You cannot message yourself.' },
  tourNotFound: { id: 'server.tour.notFound', defaultMessage: 'That tour request does not exist.' },
  openHouseNotFound: { id: 'server.openHouse.notFound', defaultMessage: 'That open house does not exist.' },
});

export type SharedText = keyof typeof texts;

/** One of the shared texts, in the request's language. */
export function say(text: SharedText, values?: MessageValues): string {
  return formatMessage(texts[text], values);
}

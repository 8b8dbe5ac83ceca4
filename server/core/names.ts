import { DELETED_ACCOUNT_NAME } from '../../common/account.js';
import { defineMessages, formatMessage } from '../../common/i18n/messages.js';

const messages = defineMessages({
  formerMember: { id: 'server.account.formerMember', defaultMessage: 'Former member' },
});

/**
 * A person's name as others are shown it: a deleted account's (issue 59 item 6), kept as
 * DELETED_ACCOUNT_NAME, is 'Former member' in the reader's language (one phrase, no last name).
 */
export function shownName(person: { firstName: string; lastName: string }): { firstName: string; lastName: string } {
  if (person.firstName === DELETED_ACCOUNT_NAME.firstName && person.lastName === DELETED_ACCOUNT_NAME.lastName) {
    return { firstName: formatMessage(messages.formerMember), lastName: '' };
  }
  return { firstName: person.firstName, lastName: person.lastName };
}

/** Display name of a person: first plus last name, else the part of the e-mail before the at sign. */
export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  const { firstName, lastName } = shownName(user);
  const name = `${firstName} ${lastName}`.trim();
  return name || user.email.split('@')[0] || 'Agent';
}

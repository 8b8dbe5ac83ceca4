/**
 * What the server writes to one person (e-mails, notifications) is in that person's language: their
 * account's `locale` (null: English), set around the composition with `inLocale` (server/core/locale.ts).
 * The texts several of them share; each module declares its own beside them (part `mail` of the
 * catalogues, ids `mail.<area>.<name>`). A listing's text, a person's words and names stay as written.
 */
import { defineMessages } from '../../../common/i18n/messages.js';

export const mailTexts = defineMessages({
  hiName: { id: 'mail.common.hiName', defaultMessage: 'Hi {name},' },
  hi: { id: 'mail.common.hi', defaultMessage: 'Hi,' },
  /** A visit's time, as New York's clock says it ('Sat, Dec 6, 2:00 PM – 3:00 PM'). */
  newYorkTime: { id: 'mail.common.newYorkTime', defaultMessage: '{time} (New York time)' },
  address: { id: 'mail.common.address', defaultMessage: 'Address: {address}' },
  note: { id: 'mail.common.note', defaultMessage: 'Note: {note}' },
});

import { defineMessages, formatMessage, type MessageValues } from '../../../common/i18n/messages.js';

/**
 * What tour requests and open-house RSVPs answer a request with when they refuse it (issue 29 item
 * 4): in the request's language (server/core/locale.ts), made when it is said. What they write to
 * someone (a conversation's step, a notification) is the mail part's (server/modules/mail/texts.ts).
 */
const messages = defineMessages({
  startRequired: { id: 'server.tour.startRequired', defaultMessage: 'Start is required' },
  endRequired: { id: 'server.tour.endRequired', defaultMessage: 'End is required' },
  startNotTime: { id: 'server.tour.startNotTime', defaultMessage: 'Start is not a date and time' },
  endNotTime: { id: 'server.tour.endNotTime', defaultMessage: 'End is not a date and time' },
  tooShort: { id: 'server.tour.tooShort', defaultMessage: 'A tour lasts at least {minutes} minutes' },
  tooLong: { id: 'server.tour.tooLong', defaultMessage: 'A tour lasts at most {hours} hours' },
  tooSoon: { id: 'server.tour.tooSoon', defaultMessage: 'Choose a time at least an hour from now' },
  tooFar: { id: 'server.tour.tooFar', defaultMessage: 'Choose a time within the next {days} days' },
  noteTooLong: { id: 'server.tour.noteTooLong', defaultMessage: 'Note must be at most {max} characters' },
  reasonTooLong: { id: 'server.tour.reasonTooLong', defaultMessage: 'Reason must be at most {max} characters' },
  noTime: { id: 'server.tour.noTime', defaultMessage: 'Propose at least one time' },
  tooManyTimes: { id: 'server.tour.tooManyTimes', defaultMessage: 'Propose at most {max} times' },
  sameTime: { id: 'server.tour.sameTime', defaultMessage: 'Each time must differ' },
  requestingTooQuickly: {
    id: 'server.tour.requestingTooQuickly',
    defaultMessage: 'You are requesting tours too quickly. Please try again in {minutes, plural, other {{minutes} minutes}}.',
  },
  answeringTooQuickly: {
    id: 'server.tour.answeringTooQuickly',
    defaultMessage: 'You are answering tours too quickly. Please try again in {minutes, plural, other {{minutes} minutes}}.',
  },
  ownListing: { id: 'server.tour.ownListing', defaultMessage: 'You manage this listing: you cannot request a tour of it.' },
  alreadyRequested: {
    id: 'server.tour.alreadyRequested',
    defaultMessage: 'You already have a tour request for this home: see it in Tours.',
  },
  cannotConfirm: { id: 'server.tour.cannotConfirm', defaultMessage: 'This tour request cannot be confirmed now.' },
  cannotPropose: { id: 'server.tour.cannotPropose', defaultMessage: 'This tour request cannot be given another time now.' },
  cannotDecline: { id: 'server.tour.cannotDecline', defaultMessage: 'This tour request cannot be declined now.' },
  cannotCancel: { id: 'server.tour.cannotCancel', defaultMessage: 'This tour request cannot be cancelled now.' },
  chooseProposedTime: { id: 'server.tour.chooseProposedTime', defaultMessage: 'Choose one of the proposed times.' },
  timePassed: { id: 'server.tour.timePassed', defaultMessage: 'That time has passed: propose another one.' },
  openHouseFull: { id: 'server.openHouse.full', defaultMessage: 'This open house is full' },
  openHouseOwnListing: {
    id: 'server.openHouse.ownListing',
    defaultMessage: 'You manage this listing: you cannot RSVP to its open house.',
  },
  openHouseOver: { id: 'server.openHouse.over', defaultMessage: 'This open house is over.' },
  answeringOpenHousesTooQuickly: {
    id: 'server.openHouse.answeringTooQuickly',
    defaultMessage:
      'You are answering open houses too quickly. Please try again in {minutes, plural, other {{minutes} minutes}}.',
  },
  rsvpNotFound: { id: 'server.openHouse.rsvpNotFound', defaultMessage: 'That RSVP does not exist.' },
  agentAnswers: {
    id: 'server.openHouse.agentAnswers',
    defaultMessage: "The listing's agent answers its renters: ask them to write.",
  },
});

export type TourRefusal = keyof typeof messages;

/** A refusal of the tours module, in the request's language. */
export function refusal(name: TourRefusal, values?: MessageValues): string {
  return formatMessage(messages[name], values);
}

import { handleWithin, handlesWithin } from '../core/within.js';
import { writeInConversation } from './messaging/index.js';
import { tellPeople } from './notifications/index.js';

/**
 * The one place that says which module hears which event inside a write (core/within.ts, issue 52
 * item 4): a writer names what happened; messaging writes the conversation's message, notifications
 * tell people by the bell, in the writer's transaction. Run once per process by the app (server/app.ts)
 * and by the tests' databases; a writer whose event nobody hears fails loudly.
 */
export function wireEffects(): void {
  if (handlesWithin('tour.stepTaken')) return;
  handleWithin('tour.stepTaken', (scope, event) => writeInConversation(scope, event.conversation, event.message));
  handleWithin('tour.stepTaken', (scope, event, answered) => tellPeople(scope, event.tell, answered));
  handleWithin('openHouse.attendeeMessaged', (scope, event) => writeInConversation(scope, event.conversation, event.message));
  handleWithin('listing.visitsWithdrawn', (scope, event) => writeInConversation(scope, event.conversation, event.message));
  handleWithin('listing.visitsWithdrawn', (scope, event, answered) => tellPeople(scope, event.tell, answered));
  handleWithin('openHouse.placesGiven', (scope, event, answered) => tellPeople(scope, event.tell, answered));
  handleWithin('visit.remindersDue', (scope, event, answered) => tellPeople(scope, event.tell, answered));
  handleWithin('search.matched', (scope, event, answered) => tellPeople(scope, event.tell, answered));
  handleWithin('account.decided', (scope, event, answered) => tellPeople(scope, event.tell, answered));
}

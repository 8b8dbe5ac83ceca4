import type { PrismaClient } from '../../db/generated/prisma/client.js';
import type { DomainEvent, WithdrawnPerson } from '../../core/events.js';
import { inLocale } from '../../core/locale.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { renderMessageEvent, textLine, type MessageEvent } from '../../../common/message-events.js';
import { upcomingTourWhere } from '../listings/index.js';
import { within } from '../../core/within.js';

/**
 * A listing deleted or deactivated with people attached (issue 58 item 4): nobody is left without a
 * word. Before the write, the listing service reads who is concerned (`withdrawnPeopleOf`: each renter
 * with a conversation, an upcoming tour or a place at an open house to come) and announces
 * `listing.withdrawn` with them. This module hears it (tour-jobs.ts) and, for each renter: cancels their
 * requested and confirmed tours to come (CANCELLED by the agent's side, with the reason, so they stay on
 * /me/tours) and their RSVPs, posts one message from the listing's side in their conversation about it
 * (made when there is none), writes a bell notification, and queues an e-mail, all in the renter's
 * language. Past tours are not touched. A deleted listing's tours and conversations stay (their
 * `propertyId` becomes null) with the listing's title kept on them.
 */

// In the renter's language; the listing's title as written. The conversation's message is
// common/message-events.ts' (shown in each reader's language); the notification and e-mail are these.
export const withdrawalMessages = defineMessages({
  removedTitle: { id: 'mail.withdrawn.removedTitle', defaultMessage: 'Listing removed: {title}' },
  unavailableTitle: { id: 'mail.withdrawn.unavailableTitle', defaultMessage: 'No longer available: {title}' },
  yourTours: { id: 'mail.withdrawn.yourTours', defaultMessage: 'Your tours: {url}' },
  conversation: { id: 'mail.withdrawn.conversation', defaultMessage: 'The conversation: {url}' },
});

type Withdrawn = Extract<DomainEvent, { type: 'listing.withdrawn' }>;

/**
 * What one renter is told: the conversation's message as what it says (`event`), and its texts
 * (message, notification, e-mail) in the language around the call.
 */
export function withdrawalTexts(how: Withdrawn['how'], title: string, person: Pick<WithdrawnPerson, 'tours' | 'openHouses'>) {
  const removed = how === 'DELETED';
  const [head, ...rest]: MessageEvent['lines'] = [
    textLine(removed ? 'listingRemoved' : 'listingUnavailable', { title }),
    ...person.tours.map((t) =>
      t.confirmed && t.startsAt && t.endsAt
        ? textLine('withdrawnTourCancelled', { when: { window: { startsAt: t.startsAt, endsAt: t.endsAt } } })
        : textLine('withdrawnRequestCancelled'),
    ),
    ...person.openHouses.map((o) => textLine('withdrawnOpenHouseCancelled', { when: { window: o } })),
  ];
  const event: MessageEvent = { lines: [head!, ...rest] };
  return {
    event,
    headline: renderMessageEvent({ lines: [head!] })!,
    lines: rest.map((line) => renderMessageEvent({ lines: [line] })!),
    message: renderMessageEvent(event)!,
    title: formatMessage(removed ? withdrawalMessages.removedTitle : withdrawalMessages.unavailableTitle, { title }).slice(
      0,
      200,
    ),
  };
}

/** The e-mail each renter is sent once their visits are cancelled (tour-jobs.ts composes and sends it). */
export interface WithdrawnMailJob {
  kind: 'withdrawn';
  userId: string;
  threadId: string;
  how: Withdrawn['how'];
  title: string;
  tours: WithdrawnPerson['tours'];
  openHouses: WithdrawnPerson['openHouses'];
}

/**
 * Cancels the visits of a withdrawn listing's people and tells each of them (one transaction per
 * renter). Answers the e-mails to send. Tours already over, cancelled or answered since are left as
 * they are; a renter is still told of the listing.
 */
export async function withdrawListingVisits(deps: { prisma: PrismaClient }, event: Withdrawn): Promise<WithdrawnMailJob[]> {
  const { prisma } = deps;
  const now = new Date();
  const deleted = event.how === 'DELETED';
  const locales = new Map(
    (
      await prisma.user.findMany({
        where: { id: { in: event.people.map((p) => p.renterId) } },
        select: { id: true, locale: true },
      })
    ).map((u) => [u.id, u.locale]),
  );
  // A deleted listing's row is gone: its conversations are made without it.
  const listing = deleted ? null : await prisma.property.findUnique({ where: { id: event.listingId }, select: { id: true } });
  const jobs: WithdrawnMailJob[] = [];
  for (const person of event.people) {
    if (!locales.has(person.renterId)) continue;
    const texts = inLocale(locales.get(person.renterId), () => withdrawalTexts(event.how, event.title, person));
    const done = await prisma.$transaction(async (tx) => {
      const tourIds = person.tours.map((t) => t.id);
      if (tourIds.length)
        await tx.tourRequest.updateMany({
          where: { id: { in: tourIds }, ...upcomingTourWhere(now) },
          data: {
            status: 'CANCELLED',
            cancelledBy: 'AGENT',
            cancelReason: deleted ? 'LISTING_REMOVED' : 'LISTING_UNAVAILABLE',
            ...(deleted ? { listingTitle: event.title } : {}),
          },
        });
      // Cancelling an RSVP deletes it (a deleted listing's are gone with its open houses).
      if (person.openHouses.length)
        await tx.openHouseRsvp.deleteMany({
          where: { userId: person.renterId, openHouseId: { in: person.openHouses.map((o) => o.id) } },
        });
      // One message from the listing's side in the renter's conversation about it (else a new one), and the bell.
      const effects = within(prisma, tx);
      const { threadId } = await effects.happened({
        type: 'listing.visitsWithdrawn',
        conversation: {
          threadId: person.threadId,
          propertyId: listing?.id ?? null,
          renterId: person.renterId,
          agentUserId: event.agentUserId,
          listingTitle: event.title,
          countsAsInquiry: false,
        },
        message: { from: 'AGENT', writtenTo: person.renterId, content: texts.message, event: texts.event },
        tell: [
          {
            userId: person.renterId,
            kind: 'TOUR_UPDATE',
            texts: { title: texts.title, body: texts.lines.join(' ') || null },
            url: (answered) => (person.tours.length ? '/me/tours' : `/messages?open=${answered.threadId}`),
            propertyId: listing?.id ?? null,
          },
        ],
      });
      return { effects, threadId: threadId! };
    });
    done.effects.published();
    jobs.push({
      kind: 'withdrawn',
      userId: person.renterId,
      threadId: done.threadId,
      how: event.how,
      title: event.title,
      tours: person.tours,
      openHouses: person.openHouses,
    });
  }
  return jobs;
}

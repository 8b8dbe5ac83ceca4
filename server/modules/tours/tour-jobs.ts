import { Prisma } from '../../db/generated/prisma/client.js';
import type { PrismaClient } from '../../db/client.js';
import { eventsOf, type DomainEvent, type TourStep } from '../../core/events.js';
import type { Logger } from '../../logger.js';
import type { JobQueue } from '../jobs/index.js';
import type { Mailer, MailMessage } from '../mail/index.js';
import { within, type Telling } from '../../core/within.js';
import { formatOpenHouseTime } from '../../../common/tours.js';
import { calendarFile, visitAddressSelect, visitLocation } from './calendar.js';
import { expireTourRequests, formatTourWindow } from './tour-requests.service.js';
import {
  withdrawalMessages,
  withdrawalTexts,
  withdrawListingVisits,
  type WithdrawnMailJob,
} from './listing-withdrawal.service.js';
import { defineMessages, formatMessage, type MessageDescriptor } from '../../../common/i18n/messages.js';
import { inLocale } from '../../core/locale.js';
import { mailTexts } from '../mail/index.js';

// The visits' e-mails and reminders, in each recipient's language (server/modules/mail/texts.ts), their
// times on New York's clock in that language; the listing's title, names and notes as written.
const messages = defineMessages({
  requested: {
    id: 'mail.tour.requested',
    defaultMessage: '{name} would like a private tour of {title}. Times that suit them (New York time):',
  },
  confirmOne: {
    id: 'mail.tour.confirmOne',
    defaultMessage: 'Confirm one, propose another time or decline within 24 hours: {url}',
  },
  proposed: { id: 'mail.tour.proposed', defaultMessage: '{name} proposed another time for your tour of {title}:' },
  confirmIt: { id: 'mail.tour.confirmIt', defaultMessage: 'Confirm it within 24 hours: {url}' },
  confirmed: { id: 'mail.tour.confirmed', defaultMessage: 'Your tour of {title} is confirmed: {when} (New York time).' },
  calendarAttached: { id: 'mail.tour.calendarAttached', defaultMessage: 'The calendar event is attached.' },
  declined: { id: 'mail.tour.declined', defaultMessage: '{name} declined your tour request for {title}.' },
  reason: { id: 'mail.tour.reason', defaultMessage: 'Reason: {reason}' },
  cancelledTour: {
    id: 'mail.tour.cancelledTour',
    defaultMessage: 'The tour of {title} on {when} (New York time) is cancelled.',
  },
  cancelledRequest: { id: 'mail.tour.cancelledRequest', defaultMessage: 'The tour request for {title} is cancelled.' },
  expired: {
    id: 'mail.tour.expired',
    defaultMessage: 'The tour request for {title} expired: it was not answered within 24 hours.',
  },
  reminderTomorrow: {
    id: 'mail.tour.reminderTomorrow',
    defaultMessage: 'A reminder: the tour of {title} is tomorrow, {when} (New York time).',
  },
  reminderSoon: {
    id: 'mail.tour.reminderSoon',
    defaultMessage: 'A reminder: the tour of {title} is in 2 hours, {when} (New York time).',
  },
  theListing: { id: 'mail.tour.theListing', defaultMessage: 'The listing: {url}' },
  yourTours: { id: 'mail.tour.yourTours', defaultMessage: 'Your tours: {url}' },
  calendarTitle: { id: 'mail.tour.calendarTitle', defaultMessage: 'Tour: {title}' },
  calendarDescription: { id: 'mail.tour.calendarDescription', defaultMessage: 'Private tour of {title}' },
  // The subjects: '<headline>: <the listing's title>'.
  subjectRequested: { id: 'mail.tour.subjectRequested', defaultMessage: 'Tour request: {title}' },
  subjectProposed: { id: 'mail.tour.subjectProposed', defaultMessage: 'A new time for your tour: {title}' },
  subjectConfirmed: { id: 'mail.tour.subjectConfirmed', defaultMessage: 'Tour confirmed: {title}' },
  subjectDeclined: { id: 'mail.tour.subjectDeclined', defaultMessage: 'Tour request declined: {title}' },
  subjectCancelled: { id: 'mail.tour.subjectCancelled', defaultMessage: 'Tour cancelled: {title}' },
  subjectExpired: { id: 'mail.tour.subjectExpired', defaultMessage: 'Tour request expired: {title}' },
  subjectTomorrow: { id: 'mail.tour.subjectTomorrow', defaultMessage: 'Your tour is tomorrow: {title}' },
  subjectSoon: { id: 'mail.tour.subjectSoon', defaultMessage: 'Your tour is in 2 hours: {title}' },
  // Open houses
  openHouseTomorrow: {
    id: 'mail.openHouse.reminderTomorrow',
    defaultMessage: 'A reminder: the open house of {title} is tomorrow, {when} (New York time).',
  },
  openHouseSoon: {
    id: 'mail.openHouse.reminderSoon',
    defaultMessage: 'A reminder: the open house of {title} is in 2 hours, {when} (New York time).',
  },
  openHouseGoing: {
    id: 'mail.openHouse.going',
    defaultMessage: 'You are going to the open house of {title}: {when} (New York time).',
  },
  openHouseSubjectTomorrow: { id: 'mail.openHouse.subjectTomorrow', defaultMessage: 'Tomorrow: open house of {title}' },
  openHouseSubjectSoon: { id: 'mail.openHouse.subjectSoon', defaultMessage: 'In 2 hours: open house of {title}' },
  openHouseSubjectGoing: { id: 'mail.openHouse.subjectGoing', defaultMessage: "You're going: open house of {title}" },
  openHouseCancel: {
    id: 'mail.openHouse.cancel',
    defaultMessage: 'The calendar event is attached. Cannot come? Cancel your RSVP to free your place for someone else:',
  },
  openHouseCalendarTitle: { id: 'mail.openHouse.calendarTitle', defaultMessage: 'Open house: {title}' },
  // The bell's reminders
  tourTomorrow: { id: 'mail.tour.notifyTomorrow', defaultMessage: 'Your tour is tomorrow' },
  tourSoon: { id: 'mail.tour.notifySoon', defaultMessage: 'Your tour is in 2 hours' },
  openHouseNotifyTomorrow: { id: 'mail.openHouse.notifyTomorrow', defaultMessage: 'Your open house is tomorrow' },
  openHouseNotifySoon: { id: 'mail.openHouse.notifySoon', defaultMessage: 'Your open house is in 2 hours' },
});

/**
 * The background half of open houses and tours (issue 27 items 2–4), on the app's job queue (pg-boss
 * on PostgreSQL, in process on PGlite):
 * - e-mails: each step of a tour request reaches the other side, and a place at an open house (an
 *   RSVP, or the waitlist moving up) reaches the renter, with the visit's calendar file when it is on;
 *   they are queued by the events the services announce (server/core/events.ts), on the instance that
 *   wrote them;
 * - reminders 24 hours and 2 hours before a confirmed tour or an open house one is going to: a bell
 *   notification and an e-mail, each taken by one conditional UPDATE, so it goes once across instances,
 *   and never after a cancellation (the row is no longer CONFIRMED, or the RSVP is gone);
 * - expiry of tour requests unanswered for 24 hours.
 */

export const TOUR_JOBS = {
  mail: 'tours-mail',
  reminders: 'tours-reminders',
  expire: 'tours-expire',
} as const;

export type TourMailJob =
  | { kind: 'tour'; tourId: string; step: TourStep; to: 'RENTER' | 'AGENT' | 'BOTH' }
  | { kind: 'openHouse'; openHouseId: string; userId: string; reminder?: 24 | 2 }
  | WithdrawnMailJob;

export interface TourJobDeps {
  prisma: PrismaClient;
  mailer: Mailer;
  log: Logger;
  /** Origin of the web app (links in e-mails). */
  publicUrl: string;
}

/** The mail jobs an event calls for. */
export function mailJobsOf(event: DomainEvent): TourMailJob[] {
  if (event.type === 'tour.changed') return [{ kind: 'tour', tourId: event.tourId, step: event.step, to: event.to }];
  if (event.type === 'openHouse.rsvpChanged')
    return (event.nowGoing ?? []).map((userId) => ({ kind: 'openHouse' as const, openHouseId: event.openHouseId, userId }));
  return [];
}

const queues = new WeakMap<object, { queue: JobQueue; log: Logger }>();
const listening = new WeakSet<object>();

function listenForVisits(prisma: PrismaClient): void {
  if (listening.has(prisma)) return;
  listening.add(prisma);
  eventsOf(prisma).subscribe((event, { local }) => {
    const q = local ? queues.get(prisma) : undefined;
    if (!q) return;
    for (const job of mailJobsOf(event))
      q.queue.send(TOUR_JOBS.mail, job).catch((err: unknown) => q.log.error({ err, job }, 'tour e-mail not queued'));
    // A listing deleted or deactivated with people attached: their visits are cancelled and each is told (issue 58 item 4).
    if (event.type === 'listing.withdrawn')
      withdrawListingVisits({ prisma }, event)
        .then((jobs) => Promise.all(jobs.map((job) => q.queue.send(TOUR_JOBS.mail, job))))
        .catch((err: unknown) =>
          q.log.error({ err, listingId: event.listingId }, 'the visits of a withdrawn listing not cancelled'),
        );
  });
}

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
const SUBJECTS: Record<TourStep, MessageDescriptor> = {
  REQUESTED: messages.subjectRequested,
  PROPOSED: messages.subjectProposed,
  CONFIRMED: messages.subjectConfirmed,
  DECLINED: messages.subjectDeclined,
  CANCELLED: messages.subjectCancelled,
  EXPIRED: messages.subjectExpired,
  REMINDER_24H: messages.subjectTomorrow,
  REMINDER_2H: messages.subjectSoon,
};

/** The e-mails of one tour step (one per side told). */
export async function tourMails(deps: TourJobDeps, job: Extract<TourMailJob, { kind: 'tour' }>): Promise<MailMessage[]> {
  const tour = await deps.prisma.tourRequest.findUnique({
    where: { id: job.tourId },
    select: {
      id: true,
      status: true,
      note: true,
      startsAt: true,
      endsAt: true,
      declineReason: true,
      renter: { select: { email: true, firstName: true, lastName: true, locale: true } },
      agent: { select: { email: true, firstName: true, lastName: true, locale: true } },
      property: { select: visitAddressSelect },
      windows: { orderBy: { startsAt: 'asc' }, select: { startsAt: true, endsAt: true, proposedBy: true } },
    },
  });
  // A deleted listing's tours were cancelled and their renters told at once (listing-withdrawal.service.ts).
  const property = tour?.property;
  if (!tour || !property) return [];
  const base = origin(deps.publicUrl);
  const listingUrl = `${base}/properties/${property.slug}`;
  const confirmedAt = tour.startsAt && tour.endsAt ? { startsAt: tour.startsAt, endsAt: tour.endsAt } : null;
  // The calendar file goes with a confirmed tour, its reminders, and its cancellation (which removes it).
  const withCalendar = confirmedAt && ['CONFIRMED', 'REMINDER_24H', 'REMINDER_2H', 'CANCELLED'].includes(job.step);
  const sides = job.to === 'BOTH' ? (['RENTER', 'AGENT'] as const) : [job.to];
  return sides.map((side) => {
    const me = side === 'RENTER' ? tour.renter : tour.agent;
    const other = side === 'RENTER' ? tour.agent : tour.renter;
    // Each side's e-mail, its calendar event and its times in that side's language.
    return inLocale(me.locale, () => {
      const ics = withCalendar
        ? calendarFile({
            uid: `tour-${tour.id}@nycrentals`,
            title: formatMessage(messages.calendarTitle, { title: property.title }),
            description: [formatMessage(messages.calendarDescription, { title: property.title }), listingUrl].join('\n'),
            location: visitLocation(property),
            url: listingUrl,
            ...confirmedAt,
            cancelled: job.step === 'CANCELLED',
          })
        : null;
      const proposed = tour.windows.filter((w) => w.proposedBy !== side);
      const lines = [formatMessage(mailTexts.hiName, { name: me.firstName }), ''];
      const name = `${other.firstName} ${other.lastName.slice(0, 1)}.`;
      const title = property.title;
      const address = formatMessage(mailTexts.address, { address: visitLocation(property) });
      switch (job.step) {
        case 'REQUESTED':
          lines.push(formatMessage(messages.requested, { name, title }));
          lines.push(...proposed.map((w) => `- ${formatTourWindow(w)}`));
          if (tour.note) lines.push('', formatMessage(mailTexts.note, { note: tour.note }));
          lines.push('', formatMessage(messages.confirmOne, { url: `${base}/me/tours` }));
          break;
        case 'PROPOSED':
          lines.push(formatMessage(messages.proposed, { name, title }));
          lines.push(...proposed.map((w) => `- ${formatMessage(mailTexts.newYorkTime, { time: formatTourWindow(w) })}`));
          lines.push('', formatMessage(messages.confirmIt, { url: `${base}/me/tours` }));
          break;
        case 'CONFIRMED':
          lines.push(formatMessage(messages.confirmed, { title, when: formatTourWindow(confirmedAt!) }));
          lines.push(address, '', formatMessage(messages.calendarAttached));
          break;
        case 'DECLINED':
          lines.push(formatMessage(messages.declined, { name, title }));
          if (tour.declineReason) lines.push(formatMessage(messages.reason, { reason: tour.declineReason }));
          break;
        case 'CANCELLED':
          lines.push(
            confirmedAt
              ? formatMessage(messages.cancelledTour, { title, when: formatTourWindow(confirmedAt) })
              : formatMessage(messages.cancelledRequest, { title }),
          );
          break;
        case 'EXPIRED':
          lines.push(formatMessage(messages.expired, { title }));
          break;
        case 'REMINDER_24H':
        case 'REMINDER_2H':
          lines.push(
            formatMessage(job.step === 'REMINDER_24H' ? messages.reminderTomorrow : messages.reminderSoon, {
              title,
              when: formatTourWindow(confirmedAt!),
            }),
            address,
          );
          break;
      }
      lines.push(
        '',
        formatMessage(messages.theListing, { url: listingUrl }),
        formatMessage(messages.yourTours, { url: `${base}/me/tours` }),
        '— NYC Rentals',
        '',
      );
      return {
        to: me.email,
        subject: formatMessage(SUBJECTS[job.step], { title }).slice(0, 200),
        text: lines.join('\n'),
        attachments: ics ? [{ filename: 'tour.ics', content: ics, contentType: 'text/calendar; charset=utf-8' }] : undefined,
      };
    });
  });
}

/** The e-mail of a place at an open house (going, or a reminder), with its calendar file. */
export async function openHouseMail(
  deps: TourJobDeps,
  job: Extract<TourMailJob, { kind: 'openHouse' }>,
): Promise<MailMessage | null> {
  const rsvp = await deps.prisma.openHouseRsvp.findUnique({
    where: { openHouseId_userId: { openHouseId: job.openHouseId, userId: job.userId } },
    select: {
      status: true,
      user: { select: { email: true, firstName: true, locale: true } },
      openHouse: { select: { id: true, startsAt: true, endsAt: true, note: true, property: { select: visitAddressSelect } } },
    },
  });
  // Cancelled since, or still waiting: nothing to say.
  if (!rsvp || rsvp.status !== 'GOING') return null;
  const { openHouse } = rsvp;
  const base = origin(deps.publicUrl);
  const listingUrl = `${base}/properties/${openHouse.property.slug}`;
  const title = openHouse.property.title;
  return inLocale(rsvp.user.locale, () => {
    const when = formatTourWindow(openHouse);
    const headline = job.reminder
      ? formatMessage(job.reminder === 24 ? messages.openHouseTomorrow : messages.openHouseSoon, { title, when })
      : formatMessage(messages.openHouseGoing, { title, when });
    const subject = job.reminder
      ? job.reminder === 24
        ? messages.openHouseSubjectTomorrow
        : messages.openHouseSubjectSoon
      : messages.openHouseSubjectGoing;
    return {
      to: rsvp.user.email,
      subject: formatMessage(subject, { title }).slice(0, 200),
      text: [
        formatMessage(mailTexts.hiName, { name: rsvp.user.firstName }),
        '',
        headline,
        formatMessage(mailTexts.address, { address: visitLocation(openHouse.property) }),
        openHouse.note ? formatMessage(mailTexts.note, { note: openHouse.note }) : '',
        '',
        formatMessage(messages.openHouseCancel),
        listingUrl,
        '— NYC Rentals',
        '',
      ].join('\n'),
      attachments: [
        {
          filename: 'open-house.ics',
          contentType: 'text/calendar; charset=utf-8',
          content: calendarFile({
            uid: `open-house-${openHouse.id}@nycrentals`,
            title: formatMessage(messages.openHouseCalendarTitle, { title }),
            description: [openHouse.note, listingUrl].filter(Boolean).join('\n'),
            location: visitLocation(openHouse.property),
            url: listingUrl,
            startsAt: openHouse.startsAt,
            endsAt: openHouse.endsAt,
          }),
        },
      ],
    };
  });
}

const REMINDERS = [
  { hours: 24, column: 'reminded24At', step: 'REMINDER_24H' },
  { hours: 2, column: 'reminded2At', step: 'REMINDER_2H' },
] as const;

/**
 * Sends the reminders that are due: 24 hours before (until 2 hours before) and 2 hours before a
 * confirmed tour or an open house one is going to. A visit arranged after a reminder's moment does not
 * get that reminder. Each reminder is claimed by one UPDATE … RETURNING (its column was empty), so two
 * instances running this at once send it once. Answers how many reminders went.
 */
export async function sendDueReminders(deps: TourJobDeps & { queue?: JobQueue }, now = new Date()): Promise<number> {
  let sent = 0;
  for (const r of REMINDERS) {
    const column = Prisma.raw(`"${r.column}"`);
    const until = new Date(now.getTime() + r.hours * 3_600_000);
    // The 24-hour reminder stops 2 hours before: the 2-hour one takes over.
    const notBefore = r.hours === 24 ? new Date(now.getTime() + 2 * 3_600_000) : now;
    const tours = await deps.prisma.$transaction(async (tx) => {
      // With each side's language, for its notification.
      const claimed = await tx.$queryRaw<
        Array<{
          id: string;
          renterId: string;
          agentUserId: string;
          propertyId: string;
          renterLocale: string | null;
          agentLocale: string | null;
        }>
      >`
        UPDATE "TourRequest" t SET ${column} = ${now}
         WHERE t."status" = 'CONFIRMED' AND t.${column} IS NULL
           AND t."startsAt" > ${notBefore} AND t."startsAt" <= ${until}
           AND t."confirmedAt" <= t."startsAt" - make_interval(hours => ${r.hours})
        RETURNING t."id", t."renterId", t."agentUserId", t."propertyId",
          (SELECT u."locale" FROM "User" u WHERE u."id" = t."renterId") AS "renterLocale",
          (SELECT u."locale" FROM "User" u WHERE u."id" = t."agentUserId") AS "agentLocale"`;
      const effects = within(deps.prisma, tx);
      await effects.happened({
        type: 'visit.remindersDue',
        tell: claimed.flatMap((t) =>
          (
            [
              [t.renterId, t.renterLocale],
              [t.agentUserId, t.agentLocale],
            ] as const
          ).map(
            ([userId, locale]): Telling => ({
              userId,
              kind: 'TOUR_REMINDER',
              texts: { title: inLocale(locale, () => formatMessage(r.hours === 24 ? messages.tourTomorrow : messages.tourSoon)) },
              url: '/me/tours',
              propertyId: t.propertyId,
            }),
          ),
        ),
      });
      return { claimed, effects };
    });
    const rsvps = await deps.prisma.$transaction(async (tx) => {
      const claimed = await tx.$queryRaw<
        Array<{ openHouseId: string; userId: string; propertyId: string; startsAt: Date; locale: string | null }>
      >`
        UPDATE "OpenHouseRsvp" r SET ${column} = ${now}
          FROM "OpenHouse" o
         WHERE o."id" = r."openHouseId" AND r."status" = 'GOING' AND r.${column} IS NULL
           AND o."startsAt" > ${notBefore} AND o."startsAt" <= ${until}
           AND r."createdAt" <= o."startsAt" - make_interval(hours => ${r.hours})
        RETURNING r."openHouseId", r."userId", o."propertyId", o."startsAt",
          (SELECT u."locale" FROM "User" u WHERE u."id" = r."userId") AS "locale"`;
      const effects = within(deps.prisma, tx);
      await effects.happened({
        type: 'visit.remindersDue',
        tell: claimed.map(
          (c): Telling => ({
            userId: c.userId,
            kind: 'TOUR_REMINDER',
            texts: inLocale(c.locale, () => ({
              title: formatMessage(r.hours === 24 ? messages.openHouseNotifyTomorrow : messages.openHouseNotifySoon),
              body: formatMessage(mailTexts.newYorkTime, { time: formatOpenHouseTime(c.startsAt) }),
            })),
            propertyId: c.propertyId,
            url: '/me/tours',
          }),
        ),
      });
      return { claimed, effects };
    });
    tours.effects.published();
    rsvps.effects.published();
    const jobs: TourMailJob[] = [
      ...tours.claimed.map((t) => ({ kind: 'tour' as const, tourId: t.id, step: r.step, to: 'BOTH' as const })),
      ...rsvps.claimed.map((c) => ({
        kind: 'openHouse' as const,
        openHouseId: c.openHouseId,
        userId: c.userId,
        reminder: r.hours,
      })),
    ];
    for (const job of jobs) {
      if (deps.queue) await deps.queue.send(TOUR_JOBS.mail, job);
      else await runTourMail(deps, job);
    }
    sent += tours.claimed.length + rsvps.claimed.length;
  }
  return sent;
}

/** The e-mail of a renter whose visits a listing's withdrawal cancelled (issue 58 item 4), in their language. */
export async function withdrawnMail(deps: TourJobDeps, job: WithdrawnMailJob): Promise<MailMessage | null> {
  const user = await deps.prisma.user.findUnique({
    where: { id: job.userId },
    select: { email: true, firstName: true, locale: true },
  });
  if (!user) return null;
  const base = origin(deps.publicUrl);
  return inLocale(user.locale, () => {
    const texts = withdrawalTexts(job.how, job.title, job);
    return {
      to: user.email,
      subject: texts.title,
      text: [
        formatMessage(mailTexts.hiName, { name: user.firstName }),
        '',
        texts.headline,
        ...texts.lines,
        '',
        formatMessage(withdrawalMessages.conversation, { url: `${base}/messages?open=${encodeURIComponent(job.threadId)}` }),
        ...(job.tours.length ? [formatMessage(withdrawalMessages.yourTours, { url: `${base}/me/tours` })] : []),
        '— NYC Rentals',
        '',
      ].join('\n'),
    };
  });
}

/** The mail job. */
export async function runTourMail(deps: TourJobDeps, job: TourMailJob): Promise<number> {
  const mails =
    job.kind === 'tour'
      ? await tourMails(deps, job)
      : [await (job.kind === 'withdrawn' ? withdrawnMail(deps, job) : openHouseMail(deps, job))].filter((m) => m !== null);
  for (const mail of mails) await deps.mailer.send(mail);
  return mails.length;
}

/** Registers the jobs and the listener that queues the e-mails. Call before `queue.start()`. */
export function registerTourJobs(deps: TourJobDeps & { queue: JobQueue }): { stop(): void } {
  const { queue, log, prisma } = deps;
  queue.work<TourMailJob>(TOUR_JOBS.mail, async (job) => {
    await runTourMail(deps, job);
  });
  queue.work(TOUR_JOBS.reminders, async () => {
    const sent = await sendDueReminders(deps);
    if (sent > 0) log.info({ sent }, 'tour and open-house reminders sent');
  });
  queue.work(TOUR_JOBS.expire, async () => {
    const expired = await expireTourRequests({ prisma });
    if (expired > 0) log.info({ expired }, 'tour requests expired');
  });
  queue.schedule(TOUR_JOBS.reminders, { cron: '* * * * *', everyMs: 60_000 });
  queue.schedule(TOUR_JOBS.expire, { cron: '*/5 * * * *', everyMs: 5 * 60_000 });
  const entry = { queue, log };
  queues.set(prisma, entry);
  listenForVisits(prisma);
  return {
    stop() {
      if (queues.get(prisma) === entry) queues.delete(prisma);
    },
  };
}

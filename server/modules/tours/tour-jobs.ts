import { Prisma } from '../../db/generated/prisma/client.js';
import type { PrismaClient } from '../../db/client.js';
import { eventsOf, type DomainEvent, type TourStep } from '../../core/events.js';
import type { Logger } from '../../logger.js';
import type { JobQueue } from '../jobs/queue.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { announceNotifications, insertNotifications, type NotificationInput } from '../notifications/notifications.service.js';
import { formatOpenHouseTime } from '../../../common/tours.js';
import { calendarFile, visitAddressSelect, visitLocation } from './calendar.js';
import { expireTourRequests, formatTourWindow } from './tour-requests.service.js';

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
  | { kind: 'openHouse'; openHouseId: string; userId: string; reminder?: 24 | 2 };

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

function listenForVisits(prisma: object): void {
  if (listening.has(prisma)) return;
  listening.add(prisma);
  eventsOf(prisma).subscribe((event, { local }) => {
    const q = local ? queues.get(prisma) : undefined;
    if (!q) return;
    for (const job of mailJobsOf(event))
      q.queue.send(TOUR_JOBS.mail, job).catch((err: unknown) => q.log.error({ err, job }, 'tour e-mail not queued'));
  });
}

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '');
const HEADLINES: Record<TourStep, string> = {
  REQUESTED: 'Tour request',
  PROPOSED: 'A new time for your tour',
  CONFIRMED: 'Tour confirmed',
  DECLINED: 'Tour request declined',
  CANCELLED: 'Tour cancelled',
  EXPIRED: 'Tour request expired',
  REMINDER_24H: 'Your tour is tomorrow',
  REMINDER_2H: 'Your tour is in 2 hours',
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
      renter: { select: { email: true, firstName: true, lastName: true } },
      agent: { select: { email: true, firstName: true, lastName: true } },
      property: { select: visitAddressSelect },
      windows: { orderBy: { startsAt: 'asc' }, select: { startsAt: true, endsAt: true, proposedBy: true } },
    },
  });
  if (!tour) return [];
  const base = origin(deps.publicUrl);
  const listingUrl = `${base}/properties/${tour.property.slug}`;
  const confirmedAt = tour.startsAt && tour.endsAt ? { startsAt: tour.startsAt, endsAt: tour.endsAt } : null;
  // The calendar file goes with a confirmed tour, its reminders, and its cancellation (which removes it).
  const withCalendar = confirmedAt && ['CONFIRMED', 'REMINDER_24H', 'REMINDER_2H', 'CANCELLED'].includes(job.step);
  const ics = withCalendar
    ? calendarFile({
        uid: `tour-${tour.id}@nycrentals`,
        title: `Tour: ${tour.property.title}`,
        description: [`Private tour of ${tour.property.title}`, listingUrl].join('\n'),
        location: visitLocation(tour.property),
        url: listingUrl,
        ...confirmedAt,
        cancelled: job.step === 'CANCELLED',
      })
    : null;
  const sides = job.to === 'BOTH' ? (['RENTER', 'AGENT'] as const) : [job.to];
  return sides.map((side) => {
    const me = side === 'RENTER' ? tour.renter : tour.agent;
    const other = side === 'RENTER' ? tour.agent : tour.renter;
    const proposed = tour.windows.filter((w) => w.proposedBy !== side);
    const lines = [`Hi ${me.firstName},`, ''];
    const name = `${other.firstName} ${other.lastName.slice(0, 1)}.`;
    switch (job.step) {
      case 'REQUESTED':
        lines.push(`${name} would like a private tour of ${tour.property.title}. Times that suit them (New York time):`);
        lines.push(...proposed.map((w) => `- ${formatTourWindow(w)}`));
        if (tour.note) lines.push('', `Note: ${tour.note}`);
        lines.push('', `Confirm one, propose another time or decline within 24 hours: ${base}/me/tours`);
        break;
      case 'PROPOSED':
        lines.push(`${name} proposed another time for your tour of ${tour.property.title}:`);
        lines.push(...proposed.map((w) => `- ${formatTourWindow(w)} (New York time)`));
        lines.push('', `Confirm it within 24 hours: ${base}/me/tours`);
        break;
      case 'CONFIRMED':
        lines.push(`Your tour of ${tour.property.title} is confirmed: ${formatTourWindow(confirmedAt!)} (New York time).`);
        lines.push(`Address: ${visitLocation(tour.property)}`, '', 'The calendar event is attached.');
        break;
      case 'DECLINED':
        lines.push(`${name} declined your tour request for ${tour.property.title}.`);
        if (tour.declineReason) lines.push(`Reason: ${tour.declineReason}`);
        break;
      case 'CANCELLED':
        lines.push(
          confirmedAt
            ? `The tour of ${tour.property.title} on ${formatTourWindow(confirmedAt)} (New York time) is cancelled.`
            : `The tour request for ${tour.property.title} is cancelled.`,
        );
        break;
      case 'EXPIRED':
        lines.push(`The tour request for ${tour.property.title} expired: it was not answered within 24 hours.`);
        break;
      case 'REMINDER_24H':
      case 'REMINDER_2H':
        lines.push(
          `A reminder: the tour of ${tour.property.title} is ${job.step === 'REMINDER_24H' ? 'tomorrow' : 'in 2 hours'}, ${formatTourWindow(confirmedAt!)} (New York time).`,
          `Address: ${visitLocation(tour.property)}`,
        );
        break;
    }
    lines.push('', `The listing: ${listingUrl}`, `Your tours: ${base}/me/tours`, '— NYC Rentals', '');
    return {
      to: me.email,
      subject: `${HEADLINES[job.step]}: ${tour.property.title}`.slice(0, 200),
      text: lines.join('\n'),
      attachments: ics ? [{ filename: 'tour.ics', content: ics, contentType: 'text/calendar; charset=utf-8' }] : undefined,
    };
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
      user: { select: { email: true, firstName: true } },
      openHouse: { select: { id: true, startsAt: true, endsAt: true, note: true, property: { select: visitAddressSelect } } },
    },
  });
  // Cancelled since, or still waiting: nothing to say.
  if (!rsvp || rsvp.status !== 'GOING') return null;
  const { openHouse } = rsvp;
  const base = origin(deps.publicUrl);
  const listingUrl = `${base}/properties/${openHouse.property.slug}`;
  const when = formatTourWindow(openHouse);
  const headline = job.reminder
    ? `A reminder: the open house of ${openHouse.property.title} is ${job.reminder === 24 ? 'tomorrow' : 'in 2 hours'}, ${when} (New York time).`
    : `You are going to the open house of ${openHouse.property.title}: ${when} (New York time).`;
  return {
    to: rsvp.user.email,
    subject:
      `${job.reminder ? (job.reminder === 24 ? 'Tomorrow' : 'In 2 hours') : "You're going"}: open house of ${openHouse.property.title}`.slice(
        0,
        200,
      ),
    text: [
      `Hi ${rsvp.user.firstName},`,
      '',
      headline,
      `Address: ${visitLocation(openHouse.property)}`,
      openHouse.note ? `Note: ${openHouse.note}` : '',
      '',
      'The calendar event is attached. Cannot come? Cancel your RSVP to free your place for someone else:',
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
          title: `Open house: ${openHouse.property.title}`,
          description: [openHouse.note, listingUrl].filter(Boolean).join('\n'),
          location: visitLocation(openHouse.property),
          url: listingUrl,
          startsAt: openHouse.startsAt,
          endsAt: openHouse.endsAt,
        }),
      },
    ],
  };
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
      const claimed = await tx.$queryRaw<Array<{ id: string; renterId: string; agentUserId: string; propertyId: string }>>`
        UPDATE "TourRequest" SET ${column} = ${now}
         WHERE "status" = 'CONFIRMED' AND ${column} IS NULL
           AND "startsAt" > ${notBefore} AND "startsAt" <= ${until}
           AND "confirmedAt" <= "startsAt" - make_interval(hours => ${r.hours})
        RETURNING "id", "renterId", "agentUserId", "propertyId"`;
      const made = await insertNotifications(
        tx,
        claimed.flatMap((t) =>
          [t.renterId, t.agentUserId].map(
            (userId): NotificationInput => ({
              userId,
              kind: 'TOUR_REMINDER',
              title: r.hours === 24 ? 'Your tour is tomorrow' : 'Your tour is in 2 hours',
              url: '/me/tours',
              propertyId: t.propertyId,
            }),
          ),
        ),
      );
      return { claimed, made };
    });
    const rsvps = await deps.prisma.$transaction(async (tx) => {
      const claimed = await tx.$queryRaw<Array<{ openHouseId: string; userId: string; propertyId: string; startsAt: Date }>>`
        UPDATE "OpenHouseRsvp" r SET ${column} = ${now}
          FROM "OpenHouse" o
         WHERE o."id" = r."openHouseId" AND r."status" = 'GOING' AND r.${column} IS NULL
           AND o."startsAt" > ${notBefore} AND o."startsAt" <= ${until}
           AND r."createdAt" <= o."startsAt" - make_interval(hours => ${r.hours})
        RETURNING r."openHouseId", r."userId", o."propertyId", o."startsAt"`;
      const made = await insertNotifications(
        tx,
        claimed.map((c) => ({
          userId: c.userId,
          kind: 'TOUR_REMINDER' as const,
          title: r.hours === 24 ? 'Your open house is tomorrow' : 'Your open house is in 2 hours',
          body: `${formatOpenHouseTime(c.startsAt)} (New York time)`,
          propertyId: c.propertyId,
          url: '/me/tours',
        })),
      );
      return { claimed, made };
    });
    announceNotifications(deps.prisma, [...tours.made, ...rsvps.made]);
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

/** The mail job. */
export async function runTourMail(deps: TourJobDeps, job: TourMailJob): Promise<number> {
  const mails = job.kind === 'tour' ? await tourMails(deps, job) : [await openHouseMail(deps, job)].filter((m) => m !== null);
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

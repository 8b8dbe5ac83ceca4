import { z } from 'zod';
import type { Prisma, PrismaClient, TourSide, TourStatus } from '../../db/generated/prisma/client.js';
import { AppError, fromZod } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { refusal } from './refusals.js';
import { requireUser, requireViewer } from '../../core/authz.js';
import type { Viewer } from '../../core/viewer.js';
import type { TourStep } from '../../core/events.js';
import { within, type WithinEvent } from '../../core/within.js';
import type { RateLimit, RateLimits } from '../../infra/rate-limits.js';
import { isUuid } from '../../core/ids.js';
import { canManageListing, isPublicListing, listingAccessSelect } from '../listings/index.js';
import { renderMessageEvent, textLine, type MessageEvent } from '../../../common/message-events.js';
import { answeringUser, retryOnNewThread } from '../messaging/index.js';
import { answerDeadline, formatTourWindow, parseNewYorkTime, TOUR_RULES } from '../../../common/tours.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import { mailTexts } from '../mail/index.js';

// A step's message in the conversation and its notifications, written to the other side (each
// notification to its recipient) in that person's language (server/modules/mail/texts.ts); the
// listing's title, names, notes and reasons as written.
const stepMessages = defineMessages({
  requestedTitle: { id: 'mail.tourStep.requestedTitle', defaultMessage: 'Tour request: {title}' },
  requestedBody: {
    id: 'mail.tourStep.requestedBody',
    defaultMessage: '{name} proposed {count, plural, one {a time} other {# times}}: {times}',
  },
  confirmedTitle: { id: 'mail.tourStep.confirmedTitle', defaultMessage: 'Tour confirmed: {title}' },
  proposedTitle: { id: 'mail.tourStep.proposedTitle', defaultMessage: 'A new time for your tour of {title}' },
  proposedBody: { id: 'mail.tourStep.proposedBody', defaultMessage: '{when} (New York time): confirm it in Tours' },
  declinedTitle: { id: 'mail.tourStep.declinedTitle', defaultMessage: 'Tour request declined: {title}' },
  cancelledTitle: { id: 'mail.tourStep.cancelledTitle', defaultMessage: 'Tour cancelled: {title}' },
  expiredTitle: { id: 'mail.tourStep.expiredTitle', defaultMessage: 'Tour request expired: {title}' },
  expiredBody: { id: 'mail.tourStep.expiredBody', defaultMessage: 'It was not answered within {hours} hours.' },
});

/**
 * Private tour requests (issue 27 item 2, docs/decisions/0051-open-houses-and-tours.md).
 *
 * A renter proposes up to 3 time windows of a public listing, with a note. The listing's agent (its
 * owner when it has none) confirms one, proposes another time, or declines; the renter takes or
 * leaves a proposed time. Either side may cancel before the tour. A request unanswered 24 hours after
 * its last step expires. Every step is a message of the renter's conversation about the listing (so
 * it reaches the other side live, like any message), a bell notification of the other side, and an
 * e-mail (tours-mail.ts, which hears the `tour.changed` event).
 *
 * The steps of one request are taken one at a time: each locks the request's row first; a new
 * request locks the conversation's row, so one renter has one open request per listing.
 */

export { TOUR_RULES };

const MINUTE = 60_000;
const OPEN: TourStatus[] = ['REQUESTED', 'PROPOSED'];

const instant = (what: 'start' | 'end') =>
  z
    .string({ error: () => refusal(what === 'start' ? 'startRequired' : 'endRequired') })
    .max(40)
    .transform((s, ctx) => {
      const at = parseNewYorkTime(s);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: refusal(what === 'start' ? 'startNotTime' : 'endNotTime') });
        return z.NEVER;
      }
      return at;
    });

export const tourWindowSchema = z
  .object({ startsAt: instant('start'), endsAt: instant('end') })
  .strict()
  .superRefine((w, ctx) => {
    // A time already refused (too long to read, or not a time) is not checked further.
    if (!(w.startsAt instanceof Date) || !(w.endsAt instanceof Date)) return;
    const minutes = (w.endsAt.getTime() - w.startsAt.getTime()) / MINUTE;
    if (minutes < TOUR_RULES.minMinutes)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: refusal('tooShort', { minutes: TOUR_RULES.minMinutes }) });
    else if (minutes > TOUR_RULES.maxMinutes)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: refusal('tooLong', { hours: TOUR_RULES.maxMinutes / 60 }) });
    const lead = (w.startsAt.getTime() - Date.now()) / MINUTE;
    if (lead < TOUR_RULES.minLeadMinutes) ctx.addIssue({ code: 'custom', path: ['startsAt'], message: refusal('tooSoon') });
    else if (lead > TOUR_RULES.maxDaysAhead * 24 * 60)
      ctx.addIssue({
        code: 'custom',
        path: ['startsAt'],
        message: refusal('tooFar', { days: TOUR_RULES.maxDaysAhead }),
      });
  });

const optionalText = (max: number, tooLong: 'noteTooLong' | 'reasonTooLong') =>
  z
    .string()
    .max(max * 2)
    .transform((s) => s.replace(/\r\n?/g, '\n').trim())
    .refine((s) => s.length <= max, { error: () => refusal(tooLong, { max }) })
    .nullish()
    .transform((s) => s || null);

export const requestTourSchema = z
  .object({
    listingId: z.string().trim().min(1).max(200),
    windows: z
      .array(tourWindowSchema)
      .min(1, { error: () => refusal('noTime') })
      .max(TOUR_RULES.maxWindows, { error: () => refusal('tooManyTimes', { max: TOUR_RULES.maxWindows }) }),
    note: optionalText(TOUR_RULES.noteMax, 'noteTooLong'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.windows.forEach((w, i) => {
      if (!(w.startsAt instanceof Date)) return;
      if (seen.has(w.startsAt.getTime()))
        ctx.addIssue({ code: 'custom', path: ['windows', i, 'startsAt'], message: refusal('sameTime') });
      seen.add(w.startsAt.getTime());
    });
  });

export const declineTourSchema = z.object({ reason: optionalText(TOUR_RULES.reasonMax, 'reasonTooLong') }).strict();

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

/** Over the limit: RATE_LIMITED, `tooQuickly` saying so (with the minutes to wait). */
async function limit(rate: RateLimit, key: string, tooQuickly: 'requestingTooQuickly' | 'answeringTooQuickly') {
  const r = await rate.take(key);
  if (!r.allowed) {
    throw new AppError('RATE_LIMITED', refusal(tooQuickly, { minutes: Math.ceil(r.retryAfterSeconds / 60) }), {
      retryAfterSeconds: r.retryAfterSeconds,
    });
  }
}

const notFound = () => new AppError('NOT_FOUND', say('tourNotFound'));

export { formatTourWindow };

/** Which side of a tour request the user is on (null: neither). */
export function tourSideOf(tour: { renterId: string; agentUserId: string }, uid: string): TourSide | null {
  if (tour.agentUserId === uid) return 'AGENT';
  if (tour.renterId === uid) return 'RENTER';
  return null;
}

export interface TourActions {
  /** Confirm one of the other side's windows. */
  confirm: boolean;
  /** Propose another time (the agent). */
  propose: boolean;
  /** Decline the request (the agent). */
  decline: boolean;
  cancel: boolean;
}

/** What the user may do with a tour request now: the one rule the service, GraphQL and the pages share. */
export function tourActions(
  tour: { renterId: string; agentUserId: string; status: TourStatus; startsAt: Date | null; expiresAt: Date },
  uid: string,
  now = Date.now(),
): TourActions {
  const side = tourSideOf(tour, uid);
  const open = OPEN.includes(tour.status) && tour.expiresAt.getTime() > now;
  const upcoming = tour.status === 'CONFIRMED' && (tour.startsAt?.getTime() ?? 0) > now;
  return {
    confirm: open && ((side === 'AGENT' && tour.status === 'REQUESTED') || (side === 'RENTER' && tour.status === 'PROPOSED')),
    propose: open && side === 'AGENT',
    decline: open && side === 'AGENT',
    cancel: side !== null && (open || upcoming),
  };
}

/** A user's tour requests: on one side, open (to answer or be answered), to come (confirmed), or over. */
export function myToursWhere(uid: string, side: TourSide, state: 'OPEN' | 'UPCOMING' | 'PAST'): Prisma.TourRequestWhereInput {
  const now = new Date();
  const who = side === 'AGENT' ? { agentUserId: uid } : { renterId: uid };
  if (state === 'OPEN') return { ...who, status: { in: OPEN }, expiresAt: { gt: now } };
  if (state === 'UPCOMING') return { ...who, status: 'CONFIRMED', startsAt: { gt: now } };
  return {
    ...who,
    OR: [
      { status: { in: ['DECLINED', 'EXPIRED', 'CANCELLED'] } },
      { status: 'CONFIRMED', startsAt: { lte: now } },
      { status: { in: OPEN }, expiresAt: { lte: now } },
    ],
  };
}

/** The order of each list: open ones by when they expire, those to come soonest first, past ones newest first. */
export function myToursOrderBy(state: 'OPEN' | 'UPCOMING' | 'PAST'): Prisma.TourRequestOrderByWithRelationInput[] {
  if (state === 'OPEN') return [{ expiresAt: 'asc' }, { id: 'asc' }];
  if (state === 'UPCOMING') return [{ startsAt: 'asc' }, { id: 'asc' }];
  return [{ updatedAt: 'desc' }, { id: 'asc' }];
}

type Tx = Prisma.TransactionClient;

const tourFacts = {
  id: true,
  status: true,
  renterId: true,
  agentUserId: true,
  propertyId: true,
  threadId: true,
  startsAt: true,
  endsAt: true,
  expiresAt: true,
  listingTitle: true,
  property: { select: { title: true, slug: true } },
} as const;

/** A tour's listing title: the listing's, or the one kept when it was deleted (issue 58 item 4). */
const titleOf = (tour: { property: { title: string } | null; listingTitle: string | null }) =>
  tour.property?.title ?? tour.listingTitle ?? '';

/** Locks the tour request's row and reads it; NOT_FOUND unless the user takes part. */
async function lockTour(tx: Tx, id: string, uid: string) {
  if (!isUuid(id)) throw notFound();
  await tx.$queryRaw`SELECT 1 FROM "TourRequest" WHERE "id" = ${id}::uuid FOR UPDATE`;
  const tour = await tx.tourRequest.findUnique({ where: { id }, select: tourFacts });
  if (!tour || !tourSideOf(tour, uid)) throw notFound();
  return tour;
}

type Deps = { prisma: PrismaClient; limits: RateLimits };

/** One step: a message of the actor in the conversation, a notification of the other side, then the event. */
type Parties = { propertyId: string | null; renterId: string; agentUserId: string; threadId?: string };
type StepTexts = { title: string; body?: string | null };
/**
 * `message` is what the step writes in the conversation (shown in each reader's language); `texts`, its
 * notification, is made in the language of whom it is written to (`inLocale`).
 */
type Step = { by: TourSide; kind: TourStep; message: MessageEvent; texts: () => StepTexts; tellBoth?: boolean };

/**
 * A step's event inside its write (core/within.ts): its message in the renter's conversation about
 * the listing, from the side that acted, stored in the language of the other side (whom it is written
 * to; each reader sees it in theirs); a notification of the other side (or both), in each one's language.
 * A deleted listing's tour (issue 58 item 4) is written in its own conversation, which stays.
 */
function stepEvent(parties: Parties, step: Step): WithinEvent {
  const other = step.by === 'AGENT' ? parties.renterId : parties.agentUserId;
  return {
    type: 'tour.stepTaken',
    conversation: {
      threadId: parties.threadId ?? null,
      propertyId: parties.propertyId,
      renterId: parties.renterId,
      agentUserId: parties.agentUserId,
      countsAsInquiry: true,
    },
    message: {
      from: step.by === 'AGENT' ? parties.agentUserId : parties.renterId,
      writtenTo: other,
      content: () => renderMessageEvent(step.message)!,
      event: step.message,
    },
    tell: (step.tellBoth ? [parties.renterId, parties.agentUserId] : [other]).map((userId) => ({
      userId,
      kind: 'TOUR_UPDATE' as const,
      texts: () => {
        const { title, body } = step.texts();
        return { title: title.slice(0, 200), body: body ?? null };
      },
      url: '/me/tours',
      propertyId: parties.propertyId,
    })),
  };
}

/** What the bus hears once a step is committed (the e-mails follow it: tour-jobs.ts). */
function stepChanged(tour: Parties & { id: string }, step: Step) {
  return {
    type: 'tour.changed',
    tourId: tour.id,
    renterId: tour.renterId,
    agentUserId: tour.agentUserId,
    step: step.kind,
    to: step.tellBoth ? 'BOTH' : step.by === 'AGENT' ? 'RENTER' : 'AGENT',
  } as const;
}

/** One step of an existing request, in its transaction; answers what announces it all once committed. */
async function takeStep(deps: { prisma: PrismaClient }, tx: Tx, tour: Parties & { id: string }, step: Step) {
  const effects = within(deps.prisma, tx);
  await effects.happened(stepEvent(tour, step));
  effects.afterCommit(stepChanged(tour, step));
  return () => effects.published();
}

/** A renter asks for a private tour of a public listing, proposing up to 3 windows. */
export async function requestTour(deps: Deps, viewer: Viewer | null, input: unknown): Promise<{ id: string }> {
  const user = await requireUser(deps.prisma, viewer);
  const data = parse(requestTourSchema, input);
  const listing = isUuid(data.listingId)
    ? await deps.prisma.property.findUnique({
        where: { id: data.listingId },
        select: { ...listingAccessSelect, id: true, title: true },
      })
    : null;
  if (!listing || !isPublicListing(listing)) throw new AppError('NOT_FOUND', say('listingNotFound'));
  if (canManageListing({ uid: user.id }, listing)) throw new AppError('FORBIDDEN', refusal('ownListing'));
  await limit(deps.limits.tourRequest, user.id, 'requestingTooQuickly');
  const agentUserId = answeringUser(listing);
  const windows = [...data.windows].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

  // Only a request that is made counts toward the limit (issue 58 item 13d): its point is taken
  // first (a burst cannot pass the limit), and given back when the request is refused after all.
  const made = retryOnNewThread(() =>
    deps.prisma.$transaction(async (tx) => {
      // One open request per renter and listing: requests of the same conversation are made one at a time.
      const thread = await tx.thread.findUnique({
        where: { propertyId_renterId: { propertyId: listing.id, renterId: user.id } },
        select: { id: true },
      });
      if (thread) await tx.$queryRaw`SELECT 1 FROM "Thread" WHERE "id" = ${thread.id}::uuid FOR UPDATE`;
      const open = await tx.tourRequest.findFirst({
        where: {
          propertyId: listing.id,
          renterId: user.id,
          OR: [
            { status: { in: OPEN }, expiresAt: { gt: new Date() } },
            { status: 'CONFIRMED', startsAt: { gt: new Date() } },
          ],
        },
        select: { id: true },
      });
      if (open) throw new AppError('CONFLICT', refusal('alreadyRequested'));
      const step: Step = {
        by: 'RENTER',
        kind: 'REQUESTED',
        message: {
          lines: [
            textLine('tourRequested'),
            ...windows.map((window) => ({ window })),
            ...(data.note ? [textLine('note', { note: data.note })] : []),
          ],
        },
        texts: () => ({
          title: formatMessage(stepMessages.requestedTitle, { title: listing.title }),
          body: formatMessage(stepMessages.requestedBody, {
            name: user.firstName,
            count: windows.length,
            times: windows.map(formatTourWindow).join('; '),
          }),
        }),
      };
      const parties = { propertyId: listing.id, renterId: user.id, agentUserId };
      const effects = within(deps.prisma, tx);
      const { threadId } = await effects.happened(stepEvent(parties, step));
      const tour = await tx.tourRequest.create({
        data: {
          ...parties,
          threadId: threadId!,
          note: data.note,
          expiresAt: answerDeadline(windows),
          windows: { create: windows.map((w) => ({ startsAt: w.startsAt, endsAt: w.endsAt, proposedBy: 'RENTER' as const })) },
        },
        select: { id: true },
      });
      effects.afterCommit(stepChanged({ ...parties, id: tour.id }, step));
      return { id: tour.id, announce: () => effects.published() };
    }),
  );
  const { id, announce } = await made.catch(async (err: unknown) => {
    await deps.limits.tourRequest.giveBack(user.id).catch(() => undefined);
    throw err;
  });
  announce();
  return { id };
}

/** Runs one answer of a tour request (locked), then announces it. */
async function answer(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  act: (tx: Tx, tour: Awaited<ReturnType<typeof lockTour>>, side: TourSide, actions: TourActions) => Promise<() => void>,
): Promise<{ id: string }> {
  const v = requireViewer(viewer);
  await limit(deps.limits.tourAnswer, v.uid, 'answeringTooQuickly');
  const announce = await deps.prisma.$transaction(async (tx) => {
    const tour = await lockTour(tx, String(id), v.uid);
    return act(tx, tour, tourSideOf(tour, v.uid)!, tourActions(tour, v.uid));
  });
  announce();
  return { id: String(id) };
}

const notNow = (what: 'cannotConfirm' | 'cannotPropose' | 'cannotDecline' | 'cannotCancel') =>
  new AppError('CONFLICT', refusal(what));

/** The side to answer picks one of the other side's windows. */
export function confirmTour(deps: Deps, viewer: Viewer | null, id: string, windowId: string) {
  return answer(deps, viewer, id, async (tx, tour, side, can) => {
    if (!can.confirm) throw notNow('cannotConfirm');
    const window = isUuid(String(windowId))
      ? await tx.tourWindow.findFirst({
          where: { id: String(windowId), requestId: tour.id, proposedBy: side === 'AGENT' ? 'RENTER' : 'AGENT' },
          select: { startsAt: true, endsAt: true },
        })
      : null;
    if (!window) throw new AppError('BAD_USER_INPUT', refusal('chooseProposedTime'));
    if (window.startsAt.getTime() <= Date.now()) throw new AppError('BAD_USER_INPUT', refusal('timePassed'));
    await tx.tourRequest.update({
      where: { id: tour.id },
      data: { status: 'CONFIRMED', startsAt: window.startsAt, endsAt: window.endsAt, confirmedAt: new Date() },
    });
    return takeStep(deps, tx, tour, {
      by: side,
      kind: 'CONFIRMED',
      message: { lines: [textLine('tourConfirmed', { when: { window } })] },
      texts: () => {
        const when = formatTourWindow(window);
        return {
          title: formatMessage(stepMessages.confirmedTitle, { title: titleOf(tour) }),
          body: formatMessage(mailTexts.newYorkTime, { time: when }),
        };
      },
    });
  });
}

/** The agent proposes another time instead of the renter's; the renter is to answer within 24 hours, and before it begins. */
export function proposeTourTime(deps: Deps, viewer: Viewer | null, id: string, input: unknown) {
  const window = parse(tourWindowSchema, input);
  return answer(deps, viewer, id, async (tx, tour, side, can) => {
    if (!can.propose || side !== 'AGENT') throw notNow('cannotPropose');
    await tx.tourWindow.deleteMany({ where: { requestId: tour.id, proposedBy: 'AGENT' } });
    await tx.tourWindow.create({
      data: { requestId: tour.id, startsAt: window.startsAt, endsAt: window.endsAt, proposedBy: 'AGENT' },
    });
    await tx.tourRequest.update({
      where: { id: tour.id },
      data: { status: 'PROPOSED', expiresAt: answerDeadline([window]) },
    });
    return takeStep(deps, tx, tour, {
      by: 'AGENT',
      kind: 'PROPOSED',
      message: { lines: [textLine('tourProposed', { when: { window } })] },
      texts: () => {
        const when = formatTourWindow(window);
        return {
          title: formatMessage(stepMessages.proposedTitle, { title: titleOf(tour) }),
          body: formatMessage(stepMessages.proposedBody, { when }),
        };
      },
    });
  });
}

/** The agent declines the request, with an optional reason. */
export function declineTour(deps: Deps, viewer: Viewer | null, id: string, input: unknown) {
  const { reason } = parse(declineTourSchema, input ?? {});
  return answer(deps, viewer, id, async (tx, tour, side, can) => {
    if (!can.decline || side !== 'AGENT') throw notNow('cannotDecline');
    await tx.tourRequest.update({ where: { id: tour.id }, data: { status: 'DECLINED', declineReason: reason } });
    return takeStep(deps, tx, tour, {
      by: 'AGENT',
      kind: 'DECLINED',
      message: { lines: [textLine('tourDeclined'), ...(reason ? [{ written: reason }] : [])], separator: ' ' },
      texts: () => ({
        title: formatMessage(stepMessages.declinedTitle, { title: titleOf(tour) }),
        body: reason,
      }),
    });
  });
}

/** Either side cancels a request or a confirmed tour before it starts. */
export function cancelTour(deps: Deps, viewer: Viewer | null, id: string) {
  return answer(deps, viewer, id, async (tx, tour, side, can) => {
    if (!can.cancel) throw notNow('cannotCancel');
    await tx.tourRequest.update({ where: { id: tour.id }, data: { status: 'CANCELLED', cancelledBy: side } });
    const confirmed = tour.status === 'CONFIRMED' && tour.startsAt && tour.endsAt;
    return takeStep(deps, tx, tour, {
      by: side,
      kind: 'CANCELLED',
      message: {
        lines: [
          confirmed
            ? textLine('tourCancelled', { when: { window: { startsAt: tour.startsAt!, endsAt: tour.endsAt! } } })
            : textLine('requestCancelled'),
        ],
      },
      texts: () => {
        const when = confirmed ? formatTourWindow({ startsAt: tour.startsAt!, endsAt: tour.endsAt! }) : null;
        return {
          title: formatMessage(stepMessages.cancelledTitle, { title: titleOf(tour) }),
          body: when === null ? null : formatMessage(mailTexts.newYorkTime, { time: when }),
        };
      },
    });
  });
}

/**
 * Expires the requests unanswered 24 hours after their last step (a job every few minutes). Each is
 * taken by one conditional UPDATE, so two instances running it at once expire it once. The step is a
 * message of the side that waited, and both sides are told.
 */
export async function expireTourRequests(deps: { prisma: PrismaClient }, now = new Date()): Promise<number> {
  const due = await deps.prisma.tourRequest.findMany({
    where: { status: { in: OPEN }, expiresAt: { lte: now } },
    select: { id: true },
    take: 200,
  });
  let expired = 0;
  for (const { id } of due) {
    const announce = await deps.prisma.$transaction(async (tx) => {
      // Locked, then read again: a second instance waits here and finds it expired already.
      const [row] = await tx.$queryRaw<Array<{ status: TourStatus; expiresAt: Date }>>`
        SELECT "status", "expiresAt" FROM "TourRequest" WHERE "id" = ${id}::uuid FOR UPDATE`;
      if (!row || !OPEN.includes(row.status) || row.expiresAt > now) return null;
      await tx.tourRequest.update({ where: { id }, data: { status: 'EXPIRED' } });
      const tour = await tx.tourRequest.findUniqueOrThrow({ where: { id }, select: tourFacts });
      // The side that waited for an answer: the renter for a request, the agent for a time they proposed.
      const waited: TourSide = row.status === 'PROPOSED' ? 'AGENT' : 'RENTER';
      return takeStep(deps, tx, tour, {
        by: waited,
        kind: 'EXPIRED',
        message: { lines: [textLine('requestExpired', { hours: TOUR_RULES.answerHours })] },
        texts: () => ({
          title: formatMessage(stepMessages.expiredTitle, { title: titleOf(tour) }),
          body: formatMessage(stepMessages.expiredBody, { hours: TOUR_RULES.answerHours }),
        }),
        tellBoth: true,
      });
    });
    if (announce) {
      announce();
      expired++;
    }
  }
  return expired;
}

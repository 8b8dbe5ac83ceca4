import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, invalidInputMessage } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { labels } from '../../../common/i18n/labels.js';
import { defineMessages, formatMessage } from '../../../common/i18n/messages.js';
import type { RateLimit } from '../../infra/rate-limits.js';
import type { Logger } from '../../logger.js';
import { listingReportReasonLabels, listingReportSchema, type ListingReportReason } from '../../../common/trust.js';
import { requireAdmin, requireUser, requireViewer } from '../../core/authz.js';
import { countingReports, reportAddressKey, reportCountsToHide } from './report-standing.js';
import { listingKeyWhere } from '../listings/index.js';
import { canManageListing, isPublicListing } from '../listings/index.js';
import { eventsOf } from '../../core/events.js';
import { audit } from '../../core/audit.js';
import type { Mailer } from '../mail/index.js';
import { happenedNow, type Telling } from '../../core/within.js';
import { inLocale } from '../../core/locale.js';

// What the owner is told (a notification, an e-mail), in the owner's language (server/modules/mail/texts.ts).
const mailMessages = defineMessages({
  visibleTitle: { id: 'mail.moderation.visibleTitle', defaultMessage: 'Your listing is visible again: {title}' },
  visibleBody: { id: 'mail.moderation.visibleBody', defaultMessage: 'Our moderators reviewed it and it is back in search.' },
  hiddenTitle: { id: 'mail.moderation.hiddenTitle', defaultMessage: 'Your listing is hidden: {title}' },
  hiddenReported: {
    id: 'mail.moderation.hiddenReported',
    defaultMessage: 'It was reported by several people and is hidden from search until a moderator reviews it.',
  },
  hiddenByModerator: { id: 'mail.moderation.hiddenByModerator', defaultMessage: 'A moderator hid it from search.' },
  reportedAs: { id: 'mail.moderation.reportedAs', defaultMessage: 'Reported as: {reasons}.' },
  moderatorNote: { id: 'mail.moderation.moderatorNote', defaultMessage: "Moderator's note: {note}" },
  hello: { id: 'mail.moderation.hello', defaultMessage: 'Hello {name},' },
  yourListing: { id: 'mail.moderation.yourListing', defaultMessage: 'Your listing: {url}' },
  stillEditable: {
    id: 'mail.moderation.stillEditable',
    defaultMessage: 'You can still see and edit it while it is hidden.',
  },
});

/**
 * Trust and safety (issue 14 items 4 and 5; docs/decisions/0033-trust.md), one rule set for GraphQL
 * (and any REST shim later):
 *
 * - Anyone signed in (with an account) may report a public listing they do not manage, once, at most
 *   20 reports an hour. The 3rd open report that counts (established reporters, one per network
 *   address: report-standing.ts) hides it (`hiddenReason` REPORTED) in the same transaction, under
 *   the listing row's lock, exactly once; the other reports reach the admins' queue only.
 * - Admins (role ADMIN, read from the database) see the queue of reported or hidden listings and decide:
 *   dismiss (reports resolved, visible), hide (MODERATOR) or reinstate (visible). The owner hears of a
 *   hide or a reinstatement by notification, and of a hide by e-mail too.
 * - Every action writes an AuditLog row in the same transaction as the change.
 */

export const LISTING_REPORTS_TO_HIDE = 3;
export const HIDDEN_REPORTED = 'REPORTED';
export const HIDDEN_MODERATOR = 'MODERATOR';

// In the request's language (server/core/locale.ts).
const messages = defineMessages({
  cannotReportOwn: { id: 'server.trust.cannotReportOwn', defaultMessage: 'You cannot report your own listing.' },
  alreadyReported: { id: 'server.trust.alreadyReported', defaultMessage: 'You have already reported this listing.' },
  agentNotFound: { id: 'server.trust.agentNotFound', defaultMessage: 'Agent not found.' },
  noLicense: { id: 'server.trust.noLicense', defaultMessage: 'This agent has not entered a license number.' },
  onlyAgents: { id: 'server.trust.onlyAgents', defaultMessage: 'Only agents have a license number.' },
  reportingTooQuickly: {
    id: 'server.trust.reportingTooQuickly',
    defaultMessage:
      'You are reporting listings too quickly. Please wait {minutes, plural, other {{minutes} minutes}} and try again.',
  },
  noteTooLong: { id: 'server.trust.noteTooLong', defaultMessage: 'Note must be at most {max} characters' },
  notHidden: { id: 'server.trust.notHidden', defaultMessage: 'This listing is not hidden: there is nothing to review.' },
  onlyOwnReview: { id: 'server.trust.onlyOwnReview', defaultMessage: 'Only who manages a listing can ask for its review.' },
});

/** The refusals of trust and safety, each in the language of the request when it is read. */
export const TRUST_MESSAGES = labels({
  listingNotFound: () => say('listingNotFound'),
  cannotReportOwn: messages.cannotReportOwn,
  alreadyReported: messages.alreadyReported,
  agentNotFound: messages.agentNotFound,
  noLicense: messages.noLicense,
  onlyAgents: messages.onlyAgents,
});

export interface TrustDeps {
  prisma: PrismaClient;
  limits?: { listingReport: RateLimit };
  mail?: { mailer: Mailer; publicUrl: string };
  log?: Logger;
}

/** A zod result's data, or BAD_USER_INPUT with the first issue's message (the trust forms show it as is). */
export function parse<T>(
  r: { success: true; data: T } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } },
): T {
  if (r.success) return r.data;
  const issues = r.error.issues;
  throw new AppError('BAD_USER_INPUT', issues[0]?.message ?? invalidInputMessage(), {
    fields: issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
  });
}

// ---------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------

export interface ListingReportResult {
  propertyId: string;
  /** This report hid the listing (the 3rd distinct reporter). */
  hiddenNow: boolean;
}

export async function reportListing(
  deps: TrustDeps,
  viewer: Viewer | null | undefined,
  listingKey: unknown,
  input: unknown,
  from: { ip?: string | null } = {},
): Promise<ListingReportResult> {
  const v = requireViewer(viewer);
  const data = parse(listingReportSchema.safeParse(input ?? {}));
  const byKey = typeof listingKey === 'string' ? listingKeyWhere(listingKey) : null;
  const [account, listing] = await Promise.all([
    deps.prisma.user.findUnique({ where: { id: v.uid }, select: { id: true } }),
    byKey
      ? deps.prisma.property.findFirst({
          where: byKey,
          select: { id: true, status: true, hiddenAt: true, ownerId: true, agent: { select: { userId: true } } },
        })
      : null,
  ]);
  if (!account) throw new AppError('UNAUTHENTICATED', say('finishAccount'));
  if (!listing) throw new AppError('NOT_FOUND', TRUST_MESSAGES.listingNotFound);
  if (canManageListing(v, listing)) throw new AppError('FORBIDDEN', TRUST_MESSAGES.cannotReportOwn);
  if (!isPublicListing(listing)) throw new AppError('NOT_FOUND', TRUST_MESSAGES.listingNotFound);
  const already = await deps.prisma.listingReport.findUnique({
    where: { propertyId_reporterId: { propertyId: listing.id, reporterId: account.id } },
    select: { id: true },
  });
  if (already) throw new AppError('CONFLICT', TRUST_MESSAGES.alreadyReported);
  if (deps.limits) {
    const r = await deps.limits.listingReport.take(account.id);
    if (!r.allowed)
      throw new AppError(
        'RATE_LIMITED',
        formatMessage(messages.reportingTooQuickly, { minutes: Math.ceil(r.retryAfterSeconds / 60) }),
        { retryAfterSeconds: r.retryAfterSeconds },
      );
  }

  const countsToHide = await reportCountsToHide(deps.prisma, account.id);
  const addressKey = reportAddressKey(from.ip);

  let result: ListingReportResult;
  try {
    result = await deps.prisma.$transaction(async (tx) => {
      // The listing row's lock: concurrent reporters count and hide one after another.
      await tx.$queryRaw`SELECT 1 FROM "Property" p WHERE p."id" = ${listing.id}::uuid FOR NO KEY UPDATE OF p`;
      const report = await tx.listingReport.create({
        data: {
          propertyId: listing.id,
          reporterId: account.id,
          reason: data.reason,
          details: data.details,
          countsToHide,
          addressKey,
        },
        select: { id: true },
      });
      await audit(tx, {
        actorId: account.id,
        action: 'LISTING_REPORTED',
        targetType: 'Property',
        targetId: listing.id,
        details: { reportId: report.id, reason: data.reason },
      });
      const current = await tx.property.findUniqueOrThrow({ where: { id: listing.id }, select: { hiddenAt: true } });
      if (current.hiddenAt) return { propertyId: listing.id, hiddenNow: false };
      // Open reports that count (established reporters, one per address: report-standing.ts).
      const open = countingReports(
        await tx.listingReport.findMany({
          where: { propertyId: listing.id, resolvedAt: null, countsToHide: true },
          select: { id: true, addressKey: true },
        }),
      );
      if (open < LISTING_REPORTS_TO_HIDE) return { propertyId: listing.id, hiddenNow: false };
      await tx.property.update({
        where: { id: listing.id },
        data: { hiddenAt: new Date(), hiddenReason: HIDDEN_REPORTED },
        select: { id: true },
      });
      await audit(tx, {
        actorId: null,
        action: 'LISTING_AUTO_HIDDEN',
        targetType: 'Property',
        targetId: listing.id,
        details: { openReports: open },
      });
      return { propertyId: listing.id, hiddenNow: true };
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002')
      throw new AppError('CONFLICT', TRUST_MESSAGES.alreadyReported);
    throw err;
  }
  if (result.hiddenNow) {
    eventsOf(deps.prisma).publish({ type: 'listing.changed', listingId: result.propertyId, wasPublic: true, isPublic: false });
    await tellOwner(deps, result.propertyId, 'HIDDEN_REPORTED');
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------
// The owner hears of decisions
// ---------------------------------------------------------------------------------------------------

type Decision = 'HIDDEN_REPORTED' | 'HIDDEN' | 'REINSTATED';

async function tellOwner(deps: TrustDeps, propertyId: string, what: Decision, note?: string | null) {
  try {
    const p = await deps.prisma.property.findUnique({
      where: { id: propertyId },
      select: {
        id: true,
        slug: true,
        title: true,
        ownerId: true,
        owner: { select: { email: true, firstName: true, locale: true } },
        reports: { select: { reason: true } },
      },
    });
    if (!p) return;
    const url = `/properties/${p.slug}`;
    // In the owner's language: the reasons' names too; the listing's title and the note as written.
    const item = inLocale(p.owner.locale, (): Omit<Telling, 'texts'> & { title: string; body: string } => {
      if (what === 'REINSTATED') {
        return {
          userId: p.ownerId,
          kind: 'LISTING_REINSTATED',
          title: formatMessage(mailMessages.visibleTitle, { title: p.title }),
          body: formatMessage(mailMessages.visibleBody),
          url,
          propertyId: p.id,
        };
      }
      const reasons = [...new Set(p.reports.map((r) => listingReportReasonLabels[r.reason as ListingReportReason]))];
      const why = reasons.length ? formatMessage(mailMessages.reportedAs, { reasons: reasons.join(', ') }) : '';
      const body =
        what === 'HIDDEN_REPORTED'
          ? `${formatMessage(mailMessages.hiddenReported)} ${why}`
          : `${formatMessage(mailMessages.hiddenByModerator)} ${why}${note ? ` ${formatMessage(mailMessages.moderatorNote, { note })}` : ''}`;
      return {
        userId: p.ownerId,
        kind: 'LISTING_HIDDEN',
        title: formatMessage(mailMessages.hiddenTitle, { title: p.title }),
        body: body.trim(),
        url,
        propertyId: p.id,
      };
    });
    const { title, body, ...told } = item;
    await happenedNow(deps.prisma, { type: 'account.decided', tell: [{ ...told, texts: { title, body } }] });
    if (what !== 'REINSTATED' && deps.mail) {
      const { mailer, publicUrl } = deps.mail;
      await mailer.send(
        inLocale(p.owner.locale, () => ({
          to: p.owner.email,
          subject: item.title,
          text: `${formatMessage(mailMessages.hello, { name: p.owner.firstName })}\n\n${item.body}\n\n${formatMessage(mailMessages.yourListing, { url: `${publicUrl}${url}` })}\n\n${formatMessage(mailMessages.stillEditable)}\n`,
        })),
      );
    }
  } catch (err) {
    // The decision is committed; telling the owner is best effort.
    deps.log?.warn({ err, propertyId }, 'telling the owner of a moderation decision failed');
  }
}

// ---------------------------------------------------------------------------------------------------
// The admins' queue and decisions
// ---------------------------------------------------------------------------------------------------

export const MODERATION_QUEUE_MAX = PAGE_LIMITS.moderationQueue.max;

/** Reports listed per listing in the queue (the count says how many are open). */
const REPORTS_SHOWN = PAGE_LIMITS.moderationReports.max;

/**
 * Listings awaiting a decision (open reports, or hidden automatically at the 3rd report) first, then
 * those a moderator hid (to reinstate), each newest first; most open reports first within the page.
 * Two statements: the waiting ones, then hidden ones to fill the page, so decided cases can never
 * push a waiting one out of the queue.
 */
export async function moderationQueue(deps: TrustDeps, viewer: Viewer | null | undefined) {
  await requireAdmin(deps.prisma, viewer);
  const select = {
    id: true,
    slug: true,
    title: true,
    status: true,
    hiddenAt: true,
    hiddenReason: true,
    hiddenNote: true,
    reviewRequestedAt: true,
    owner: { select: { id: true, firstName: true, lastName: true, email: true } },
    reports: {
      orderBy: [{ resolvedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }, { id: 'desc' }],
      take: REPORTS_SHOWN,
      select: {
        id: true,
        reason: true,
        details: true,
        createdAt: true,
        resolvedAt: true,
        reporter: { select: { firstName: true, lastName: true } },
      },
    },
    _count: { select: { reports: { where: { resolvedAt: null } } } },
  } satisfies Prisma.PropertySelect;
  const waiting = await deps.prisma.property.findMany({
    where: {
      OR: [
        { reports: { some: { resolvedAt: null } } },
        { hiddenReason: 'REPORTED', hiddenAt: { not: null } },
        // The owner asked for a review of a hide (issue 58 item 8).
        { reviewRequestedAt: { not: null }, hiddenAt: { not: null } },
      ],
    },
    select,
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: MODERATION_QUEUE_MAX,
  });
  const decided =
    waiting.length < MODERATION_QUEUE_MAX
      ? await deps.prisma.property.findMany({
          where: {
            hiddenAt: { not: null },
            id: { notIn: waiting.map((w) => w.id) },
            NOT: { reports: { some: { resolvedAt: null } } },
          },
          select,
          orderBy: [{ hiddenAt: 'desc' }, { id: 'asc' }],
          take: MODERATION_QUEUE_MAX - waiting.length,
        })
      : [];
  const rows = [...waiting, ...decided];
  return rows
    .map((r) => {
      const open = r.reports.filter((x) => x.resolvedAt === null);
      const openReportCount = r._count.reports;
      return {
        propertyId: r.id,
        slug: r.slug,
        title: r.title,
        status: r.status,
        hiddenAt: r.hiddenAt,
        hiddenReason: r.hiddenReason,
        hiddenNote: r.hiddenNote,
        reviewRequestedAt: r.hiddenAt ? r.reviewRequestedAt : null,
        ownerName: `${r.owner.firstName} ${r.owner.lastName}`.trim(),
        ownerEmail: r.owner.email,
        openReportCount,
        reports: (open.length ? open : r.reports).map((x) => ({
          id: x.id,
          reason: x.reason,
          details: x.details,
          createdAt: x.createdAt,
          resolved: x.resolvedAt !== null,
          reporterName: `${x.reporter.firstName} ${x.reporter.lastName.slice(0, 1)}.`.trim(),
        })),
      };
    })
    .sort(
      (a, b) =>
        Number(b.reviewRequestedAt !== null) - Number(a.reviewRequestedAt !== null) || b.openReportCount - a.openReportCount,
    );
}
export type ModerationCase = Awaited<ReturnType<typeof moderationQueue>>[number];

export const MODERATION_ACTIONS = ['DISMISS', 'HIDE', 'REINSTATE'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
const NOTE_MAX = 500;

/**
 * An admin's decision on a listing: DISMISS (open reports resolved, visible), HIDE (hidden by a
 * moderator, reports resolved) or REINSTATE (visible, reports resolved). Audited in the same transaction.
 */
export async function moderateListing(
  deps: TrustDeps,
  viewer: Viewer | null | undefined,
  propertyId: unknown,
  action: unknown,
  note?: unknown,
): Promise<{ propertyId: string }> {
  const admin = await requireAdmin(deps.prisma, viewer);
  if (!MODERATION_ACTIONS.includes(action as ModerationAction))
    throw new AppError('BAD_USER_INPUT', 'action must be DISMISS, HIDE or REINSTATE');
  const text = typeof note === 'string' ? note.replace(/\0/g, '').trim() : '';
  if (text.length > NOTE_MAX) throw new AppError('BAD_USER_INPUT', formatMessage(messages.noteTooLong, { max: NOTE_MAX }));
  const byKey = typeof propertyId === 'string' ? listingKeyWhere(propertyId) : null;
  const found = byKey ? await deps.prisma.property.findFirst({ where: byKey, select: { id: true, status: true } }) : null;
  if (!found) throw new AppError('NOT_FOUND', TRUST_MESSAGES.listingNotFound);
  const id = found.id;

  const outcome = await deps.prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Property" p WHERE p."id" = ${id}::uuid FOR NO KEY UPDATE OF p`;
    const before = await tx.property.findUniqueOrThrow({ where: { id }, select: { hiddenAt: true, hiddenReason: true } });
    const now = new Date();
    const resolved = await tx.listingReport.updateMany({
      where: { propertyId: id, resolvedAt: null },
      data: { resolvedAt: now },
    });
    const hide = action === 'HIDE';
    await tx.property.update({
      where: { id },
      // The note is shown to the owner beside the hide (issue 58 item 8); any decision answers a review request.
      data: hide
        ? { hiddenAt: before.hiddenAt ?? now, hiddenReason: HIDDEN_MODERATOR, hiddenNote: text || null, reviewRequestedAt: null }
        : { hiddenAt: null, hiddenReason: null, hiddenNote: null, reviewRequestedAt: null },
      select: { id: true },
    });
    await audit(tx, {
      actorId: admin.id,
      action: action === 'DISMISS' ? 'REPORTS_DISMISSED' : hide ? 'LISTING_HIDDEN' : 'LISTING_REINSTATED',
      targetType: 'Property',
      targetId: id,
      details: { reportsResolved: resolved.count, wasHidden: before.hiddenAt !== null, ...(text ? { note: text } : {}) },
    });
    return { wasHidden: before.hiddenAt !== null, wasModerator: before.hiddenReason === HIDDEN_MODERATOR, hidden: hide };
  });
  if (outcome.wasHidden !== outcome.hidden) {
    const hiddenAt = (hidden: boolean) => (hidden ? new Date() : null);
    eventsOf(deps.prisma).publish({
      type: 'listing.changed',
      listingId: id,
      wasPublic: isPublicListing({ status: found.status, hiddenAt: hiddenAt(outcome.wasHidden) }),
      isPublic: isPublicListing({ status: found.status, hiddenAt: hiddenAt(outcome.hidden) }),
    });
  }
  if (action === 'HIDE' && !outcome.wasModerator) await tellOwner(deps, id, 'HIDDEN', text || null);
  if (action !== 'HIDE' && outcome.wasHidden) await tellOwner(deps, id, 'REINSTATED');
  return { propertyId: id };
}

/**
 * The owner (or agent) of a hidden listing asks the moderators to review the hide (issue 58 item 8):
 * it goes to the top of their queue at /admin/moderation until one decides (which clears the request).
 * Asking again while a request waits changes nothing. Audited.
 */
export async function requestListingReview(
  deps: TrustDeps,
  viewer: Viewer | null | undefined,
  listingKey: unknown,
): Promise<{ propertyId: string }> {
  const user = await requireUser(deps.prisma, viewer);
  const v = { uid: user.id };
  const byKey = typeof listingKey === 'string' ? listingKeyWhere(listingKey) : null;
  const listing = byKey
    ? await deps.prisma.property.findFirst({
        where: byKey,
        select: { id: true, status: true, hiddenAt: true, ownerId: true, agent: { select: { userId: true } } },
      })
    : null;
  if (!listing) throw new AppError('NOT_FOUND', TRUST_MESSAGES.listingNotFound);
  if (!canManageListing(v, listing)) {
    // Someone else's hidden listing does not exist for the viewer.
    if (!isPublicListing(listing)) throw new AppError('NOT_FOUND', TRUST_MESSAGES.listingNotFound);
    throw new AppError('FORBIDDEN', formatMessage(messages.onlyOwnReview));
  }
  if (!listing.hiddenAt) throw new AppError('CONFLICT', formatMessage(messages.notHidden));
  await deps.prisma.$transaction(async (tx) => {
    const asked = await tx.property.updateMany({
      where: { id: listing.id, hiddenAt: { not: null }, reviewRequestedAt: null },
      data: { reviewRequestedAt: new Date() },
    });
    if (asked.count > 0)
      await audit(tx, { actorId: v.uid, action: 'LISTING_REVIEW_REQUESTED', targetType: 'Property', targetId: listing.id });
  });
  return { propertyId: listing.id };
}

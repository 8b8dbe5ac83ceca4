import { builder } from '../../graphql/builder.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { inProcessRateLimits } from '../../infra/rate-limits.js';
import { LISTING_REPORT_DETAILS_MAX } from '../../../common/trust.js';
import { canManageListing, listingAccessSelect } from '../listings/index.js';
import {
  LISTING_REPORTS_TO_HIDE,
  moderateListing,
  moderationQueue,
  reportListing,
  requestListingReview,
  type ModerationCase,
} from './moderation.service.js';

/**
 * Trust and safety over GraphQL (issue 14 items 4 and 5): reports of listings, the admins' queue and
 * decisions. Rules live in moderation.service.ts.
 */

export function trustDeps(ctx: GraphQLContext) {
  return {
    prisma: ctx.prisma,
    limits: ctx.limits ?? inProcessRateLimits(ctx.log),
    mail: ctx.mail,
    log: ctx.log,
  };
}

export const ListingReportReasonEnum = builder.enumType('ListingReportReason', {
  description: 'Why a listing is reported.',
  values: {
    SCAM_FRAUD: { description: 'Scam or fraud.' },
    WRONG_INFORMATION: { description: 'Wrong information.' },
    ALREADY_RENTED: { description: 'Already rented.' },
    DISCRIMINATORY: { description: 'Discriminatory.' },
    OTHER: { description: 'Something else: `details` required.' },
  } as const,
});

export const ModerationActionEnum = builder.enumType('ModerationAction', {
  values: {
    DISMISS: { description: 'Resolve the open reports; the listing is visible.' },
    HIDE: { description: 'Hide the listing from every public read; the owner is told why.' },
    REINSTATE: { description: 'Make the listing visible again; the owner is told.' },
  } as const,
});

builder.prismaObjectFields('Property', (t) => ({
  hidden: t.boolean({
    description: 'Hidden by moderation: only its owner and its agent see it (with a notice).',
    select: { hiddenAt: true },
    resolve: (p) => p.hiddenAt !== null,
  }),
  hiddenReason: t.string({
    nullable: true,
    description: "Why it is hidden: 'REPORTED' (automatic, pending review) or 'MODERATOR'.",
    select: { hiddenReason: true, hiddenAt: true },
    resolve: (p) => (p.hiddenAt ? p.hiddenReason : null),
  }),
  hiddenNote: t.string({
    nullable: true,
    description: "The moderator's note with a hide (issue 58 item 8): to the listing's managers only.",
    select: { ...listingAccessSelect, hiddenNote: true },
    resolve: (p, _args, ctx) => (p.hiddenAt && canManageListing(ctx.viewer, p) ? p.hiddenNote : null),
  }),
  reviewRequestedAt: t.field({
    type: 'DateTime',
    nullable: true,
    description: 'When its managers asked the moderators to review the hide (null: not asked, or not hidden).',
    select: { ...listingAccessSelect, reviewRequestedAt: true },
    resolve: (p, _args, ctx) => (p.hiddenAt && canManageListing(ctx.viewer, p) ? p.reviewRequestedAt : null),
  }),
  viewerHasReported: t.boolean({
    description: 'The signed-in viewer has reported this listing.',
    select: (_args, ctx) =>
      ctx.viewer ? { reports: { where: { reporterId: ctx.viewer.uid }, select: { id: true }, take: 1 } } : { id: true },
    resolve: (p) => ((p as { reports?: unknown[] }).reports?.length ?? 0) > 0,
  }),
}));

const ModerationReportRef = builder.objectRef<ModerationCase['reports'][number]>('ModerationReport').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    reason: t.field({ type: ListingReportReasonEnum, resolve: (r) => r.reason }),
    details: t.exposeString('details', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    resolved: t.exposeBoolean('resolved'),
    reporterName: t.exposeString('reporterName'),
  }),
});

const ModerationCaseRef = builder.objectRef<ModerationCase>('ModerationCase').implement({
  description: 'A reported or hidden listing in the admins\u2019 queue, with its reports.',
  fields: (t) => ({
    id: t.id({ resolve: (c) => `moderation:${c.propertyId}` }),
    propertyId: t.exposeID('propertyId'),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    hidden: t.boolean({ resolve: (c) => c.hiddenAt !== null }),
    hiddenAt: t.expose('hiddenAt', { type: 'DateTime', nullable: true }),
    hiddenReason: t.exposeString('hiddenReason', { nullable: true }),
    hiddenNote: t.exposeString('hiddenNote', { nullable: true, description: "The moderator's note with the hide." }),
    reviewRequestedAt: t.expose('reviewRequestedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the owner asked for a review of the hide (waiting for a decision).',
    }),
    ownerName: t.exposeString('ownerName'),
    ownerEmail: t.exposeString('ownerEmail'),
    openReportCount: t.exposeInt('openReportCount'),
    reports: t.field({ type: [ModerationReportRef], resolve: (c) => c.reports }),
  }),
});

const ReportListingPayloadRef = builder.objectRef<{ propertyId: string; hiddenNow: boolean }>('ReportListingPayload').implement({
  fields: (t) => ({
    propertyId: t.exposeID('propertyId'),
    hiddenNow: t.exposeBoolean('hiddenNow', {
      description: `This report was the ${LISTING_REPORTS_TO_HIDE}rd that counts (established reporters, one per address): the listing is hidden pending review.`,
    }),
  }),
});

builder.queryFields((t) => ({
  moderationQueue: t.field({
    type: [ModerationCaseRef],
    description: 'Admins only: listings with open reports or hidden, most reported first. Errors: UNAUTHENTICATED, FORBIDDEN.',
    resolve: (_root, _args, ctx) => moderationQueue(trustDeps(ctx), ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  reportListing: t.field({
    type: ReportListingPayloadRef,
    description:
      `Reports a listing (signed in, not its owner or agent, once per user; a comment of at most ${LISTING_REPORT_DETAILS_MAX} ` +
      `characters, required for OTHER; 20 an hour). The ${LISTING_REPORTS_TO_HIDE}rd report that counts (established accounts, one per address) hides it until an admin decides. ` +
      'Errors: UNAUTHENTICATED, NOT_FOUND, FORBIDDEN (own listing), BAD_USER_INPUT, CONFLICT (already reported), RATE_LIMITED.',
    args: {
      propertyId: t.arg.id({ required: true, description: 'The listing id or slug.' }),
      reason: t.arg({ type: ListingReportReasonEnum, required: true }),
      details: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      reportListing(
        trustDeps(ctx),
        ctx.viewer,
        String(args.propertyId),
        { reason: args.reason, details: args.details },
        { ip: ctx.visitor?.ip ?? null },
      ),
  }),
  requestListingReview: t.prismaField({
    type: 'Property',
    description:
      "The owner or agent of a hidden listing asks the moderators to review the hide: it waits at the top of their queue until one decides (asking again changes nothing). Errors: UNAUTHENTICATED, NOT_FOUND, FORBIDDEN (someone else's listing), CONFLICT (not hidden).",
    args: { propertyId: t.arg.id({ required: true, description: 'The listing id or slug.' }) },
    resolve: async (query, _root, args, ctx) => {
      const { propertyId } = await requestListingReview(trustDeps(ctx), ctx.viewer, String(args.propertyId));
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id: propertyId } });
    },
  }),
  moderateListing: t.prismaField({
    type: 'Property',
    description:
      'Admins only: dismiss the reports, hide the listing, or reinstate it (audited; the owner is told). Errors: UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, BAD_USER_INPUT.',
    args: {
      propertyId: t.arg.id({ required: true }),
      action: t.arg({ type: ModerationActionEnum, required: true }),
      note: t.arg.string({ required: false, description: 'Told to the owner with a hide (at most 500 characters).' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const { propertyId } = await moderateListing(trustDeps(ctx), ctx.viewer, String(args.propertyId), args.action, args.note);
      return ctx.prisma.property.findUniqueOrThrow({ ...query, where: { id: propertyId } });
    },
  }),
}));

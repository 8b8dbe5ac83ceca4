import { PAGE_LIMITS } from '../../../common/page-limits.js';
import { Prisma, type PrismaClient } from '../../db/generated/prisma/client.js';
import type { Viewer } from '../../core/viewer.js';
import { AppError, invalidInputMessage } from '../../core/errors.js';
import { say } from '../../core/texts.js';
import { defineMessages, formatMessage, type MessageDescriptor } from '../../../common/i18n/messages.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { agentKeyWhere } from '../agents/index.js';
import { requireViewer } from '../../core/authz.js';
import { listingKeyWhere } from '../listings/index.js';
import { REVIEW_RULES, reviewInputSchema, type ReviewInput, type Subscore } from './review-input.js';
import { decodeTimeCursor, encodeTimeCursor } from '../../core/cursor.js';
import { countedReviewSql, interactionSql, visibleReviewSql } from '../agents/index.js';
import { eventsOf } from '../../core/events.js';
import type { Logger } from 'pino';

/**
 * Ratings of agents by renters (SPEC parts 2-9, issue 10): one rule set for GraphQL and REST.
 *
 * - Who may rate: a signed-in renter with a completed account; agents cannot rate agents and nobody
 *   rates themself (`ratingEligibility`, also shown before the form through `Agent.viewerRating`).
 * - One review per author and agent (issue 58 item 10): a second submission replaces the first (its
 *   score, subscores, comment and listing; the agent's reply to the earlier text goes; moderation stays).
 * - Verified: a real interaction between the author and the agent (review-visibility.ts
 *   `interactionSql`: the agent answered them in a conversation, or confirmed a tour of theirs). It is
 *   stored on the review, set when the review is written and, for a review written before, when the
 *   interaction happens (`listenForInteractions`, on the domain events). Only verified reviews count.
 * - The agent's rating (the average score, 2 decimals) and review count are recomputed from the
 *   counted reviews with one aggregate in the same transaction, under the agent row's lock: exact
 *   under concurrent submissions (docs/decisions/0019-reviews.md); reading them is reading two
 *   columns of the agent's row.
 */

export interface ReviewsDeps {
  prisma: PrismaClient;
  limits: RateLimits;
}

// The words of ratings' refusals (SPEC's), in the request's language (server/core/locale.ts).
const messages = defineMessages({
  agentNotFound: { id: 'server.review.agentNotFound', defaultMessage: 'Agent Not Found' },
  ratingNotAvailable: { id: 'server.review.ratingNotAvailable', defaultMessage: 'Rating Not Available' },
  signInRequired: { id: 'server.review.signInRequired', defaultMessage: 'Sign In Required' },
  agentsCannotRate: {
    id: 'server.review.agentsCannotRate',
    defaultMessage: 'Agents cannot rate other agents. Only interactions between agents and renters can be rated.',
  },
  cannotRateSelf: { id: 'server.review.cannotRateSelf', defaultMessage: 'You cannot rate yourself.' },
  signInToRate: { id: 'server.review.signInToRate', defaultMessage: 'You must sign in to rate an agent.' },
  notAgentsListing: {
    id: 'server.review.notAgentsListing',
    defaultMessage: "That listing is not one of this agent's listings.",
  },
  submittingTooQuickly: {
    id: 'server.review.submittingTooQuickly',
    defaultMessage:
      'You are submitting reviews too quickly. Please wait {minutes, plural, other {{minutes} minutes}} and try again.',
  },
});

const agentNotFound = () => formatMessage(messages.agentNotFound);
/** Why an agent cannot rate: SPEC's words. */
export const agentsCannotRate = (): string => formatMessage(messages.agentsCannotRate);

export const REVIEWS_PAGE_DEFAULT = PAGE_LIMITS.reviews.default;
export const REVIEWS_PAGE_MAX = PAGE_LIMITS.reviews.max;
/** Conversations read for the 'Leave a Review' pickers (most recent first). */
export const RATEABLE_THREADS_MAX = 200;

// --- who may rate --------------------------------------------------------------------------------------

export type RatingRefusal = 'SIGN_IN_REQUIRED' | 'ACCOUNT_INCOMPLETE' | 'OWN_PROFILE' | 'AGENTS_CANNOT_RATE';

/** The facts about the viewer the rule reads: their user row (null when sign-up was never completed). */
export interface RaterAccount {
  id: string;
  role: 'RENTER' | 'AGENT' | 'ADMIN';
  agent: { id: string } | null;
}

export type Eligibility =
  | { allowed: true; reason: null; title: null; message: null }
  | { allowed: false; reason: RatingRefusal; title: string; message: string };

const refuse = (reason: RatingRefusal, message: string, title: MessageDescriptor = messages.ratingNotAvailable): Eligibility => ({
  allowed: false,
  reason,
  title: formatMessage(title),
  message,
});

/** Whether `account` may rate `agent`, and if not, why (with the words the page shows). */
export function ratingEligibility(
  viewer: Viewer | null | undefined,
  account: RaterAccount | null,
  agent: { userId: string },
): Eligibility {
  if (!viewer) return refuse('SIGN_IN_REQUIRED', formatMessage(messages.signInToRate), messages.signInRequired);
  if (!account) return refuse('ACCOUNT_INCOMPLETE', say('finishAccount'), messages.signInRequired);
  if (agent.userId === account.id) return refuse('OWN_PROFILE', formatMessage(messages.cannotRateSelf));
  if (account.role === 'AGENT' || account.agent) return refuse('AGENTS_CANNOT_RATE', agentsCannotRate());
  return { allowed: true, reason: null, title: null, message: null };
}

function refusalError(e: Eligibility & { allowed: false }): AppError {
  const code = e.reason === 'SIGN_IN_REQUIRED' || e.reason === 'ACCOUNT_INCOMPLETE' ? 'UNAUTHENTICATED' : 'FORBIDDEN';
  return new AppError(code, e.message, { reason: e.reason });
}

const accountSelect = { id: true, role: true, agent: { select: { id: true } } } as const;

export function loadRaterAccount(prisma: PrismaClient, uid: string): Promise<RaterAccount | null> {
  return prisma.user.findUnique({ where: { id: uid }, select: accountSelect });
}

const accounts = new WeakMap<object, Promise<RaterAccount | null>>();

/** The viewer's account, read at most once per request (`memo` is the request's context object). */
export function memoRaterAccount(memo: object, prisma: PrismaClient, viewer: Viewer | null | undefined) {
  if (!viewer) return Promise.resolve(null);
  let account = accounts.get(memo);
  if (!account) {
    account = loadRaterAccount(prisma, viewer.uid);
    accounts.set(memo, account);
  }
  return account;
}

// --- input ---------------------------------------------------------------------------------------------

/** Parses review input with the spec's messages as they are (no field prefix), every issue in `fields`. */
export function parseReviewInput(input: unknown): ReviewInput {
  const r = reviewInputSchema.safeParse(input ?? {});
  if (!r.success) {
    const issues = r.error.issues;
    throw new AppError('BAD_USER_INPUT', issues[0]?.message ?? invalidInputMessage(), {
      fields: issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    });
  }
  return r.data;
}

// --- writing -------------------------------------------------------------------------------------------

export interface SubmittedReview {
  reviewId: string;
  agentId: string;
  authorId: string;
  /** False when the author's earlier review of this agent was replaced. */
  created: boolean;
  verified: boolean;
}

/** Which listing the review is about: the agent's own, or one the author talked to the agent about. */
async function resolveListing(prisma: PrismaClient, key: string, agent: { id: string; userId: string }, authorId: string) {
  const where = listingKeyWhere(key);
  const listing = where
    ? await prisma.property.findFirst({
        where,
        select: {
          id: true,
          status: true,
          agentId: true,
          ownerId: true,
          threads: { where: { renterId: authorId, agentUserId: agent.userId }, select: { id: true }, take: 1 },
        },
      })
    : null;
  const talkedAbout = (listing?.threads.length ?? 0) > 0;
  if (!listing || (listing.status === 'DRAFT' && !talkedAbout)) throw new AppError('NOT_FOUND', say('listingNotFound'));
  const agentsOwn = listing.agentId === agent.id || (listing.agentId === null && listing.ownerId === agent.userId);
  if (!agentsOwn && !talkedAbout) {
    const message = formatMessage(messages.notAgentsListing);
    throw new AppError('BAD_USER_INPUT', message, { fields: [{ path: 'propertyId', message }] });
  }
  return listing.id;
}

async function limitSubmissions(limits: RateLimits, uid: string) {
  const r = await limits.reviewSubmit.take(uid);
  if (!r.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      formatMessage(messages.submittingTooQuickly, { minutes: Math.ceil(r.retryAfterSeconds / 60) }),
      { retryAfterSeconds: r.retryAfterSeconds },
    );
  }
}

/**
 * The agent's rating and review count from their counted reviews (visible and verified: hidden ones,
 * reported by 3 users, and unverified ones do not count): one aggregate, written in the statement that
 * reads it. Run inside the transaction that changed a review, after locking the agent row.
 */
export function recomputeAgentRating(tx: Prisma.TransactionClient, agentId: string) {
  return tx.$executeRaw`
    UPDATE "Agent" AS a
       SET "rating" = s.avg, "reviewCount" = s.cnt
      FROM (SELECT COALESCE(ROUND(AVG(r."score")::numeric, 2), 0) AS avg, COUNT(*)::int AS cnt
              FROM "Review" r
             WHERE r."agentId" = ${agentId}::uuid AND ${countedReviewSql()}) AS s
     WHERE a."id" = ${agentId}::uuid`;
}

/**
 * Writes the viewer's review of an agent (about a listing, or none): creates it, or replaces their
 * earlier one of the same agent, and recomputes the agent's rating and count in the same
 * transaction. Refusals: UNAUTHENTICATED, BAD_USER_INPUT (the spec's messages), NOT_FOUND
 * ('Agent Not Found'), FORBIDDEN (agents rating agents, self-ratings), RATE_LIMITED.
 */
export async function submitReview(
  deps: ReviewsDeps,
  viewer: Viewer | null | undefined,
  input: unknown,
): Promise<SubmittedReview> {
  const { prisma } = deps;
  const v = requireViewer(viewer);
  const data = parseReviewInput(input);
  const agentWhere = agentKeyWhere(data.agentId);
  const [account, agent] = await Promise.all([
    loadRaterAccount(prisma, v.uid),
    agentWhere ? prisma.agent.findFirst({ where: agentWhere, select: { id: true, userId: true } }) : null,
  ]);
  if (!account) throw new AppError('UNAUTHENTICATED', say('finishAccount'));
  if (!agent) throw new AppError('NOT_FOUND', agentNotFound());
  const eligibility = ratingEligibility(v, account, agent);
  if (!eligibility.allowed) throw refusalError(eligibility);
  const propertyId = data.propertyId ? await resolveListing(prisma, data.propertyId, agent, account.id) : null;
  await limitSubmissions(deps.limits, account.id);

  const submitted = await prisma.$transaction(async (tx) => {
    // The agent row's lock serializes every review write for this agent: the one-review rule below
    // and the aggregate both read what the previous writer committed (READ COMMITTED re-reads per
    // statement). NO KEY UPDATE: rows referencing the agent (listings) are not blocked.
    const locked = await tx.$queryRaw<Array<{ verified: boolean }>>`
      SELECT ${interactionSql(Prisma.sql`${account.id}`, Prisma.sql`a."userId"`)} AS verified
        FROM "Agent" a
       WHERE a."id" = ${agent.id}::uuid
         FOR NO KEY UPDATE OF a`;
    if (!locked[0]) throw new AppError('NOT_FOUND', agentNotFound());
    const verified = locked[0].verified;
    const existing = await tx.review.findUnique({
      where: { authorId_agentId: { authorId: account.id, agentId: agent.id } },
      select: { id: true },
    });
    const fields = {
      score: data.score,
      communication: data.communication,
      reliability: data.reliability,
      cleanliness: data.cleanliness,
      accuracy: data.accuracy,
      comment: data.comment,
      verified,
    };
    // Replacing: the earlier review's text and listing go, and with them the agent's reply to it
    // (the agent may answer the new one); a moderator's or the reporters' hiding stays.
    const review = existing
      ? await tx.review.update({
          where: { id: existing.id },
          data: { ...fields, propertyId, reply: null, repliedAt: null },
          select: { id: true },
        })
      : await tx.review.create({
          data: { ...fields, agentId: agent.id, authorId: account.id, propertyId },
          select: { id: true },
        });
    await recomputeAgentRating(tx, agent.id);
    // Rated: the conversations' one-time 'rate this agent' prompt has done its job (issue 59 item 8:
    // it kept appearing after an unverified rating).
    await tx.thread.updateMany({
      where: { renterId: account.id, agentUserId: agent.userId, userRatingPromptSent: false },
      data: { userRatingPromptSent: true, userRatingPromptAt: new Date() },
    });
    return { reviewId: review.id, agentId: agent.id, authorId: account.id, created: !existing, verified };
  });
  eventsOf(prisma).publish({ type: 'review.written', agentId: submitted.agentId, reviewId: submitted.reviewId });
  return submitted;
}

// --- verifying later ----------------------------------------------------------------------------------

/**
 * Marks the renter's review of the agent (the user `agentUserId`) verified when a real interaction
 * between them now exists, and recomputes the agent's rating in the same transaction, under the agent
 * row's lock as a review write. Answers the review made verified, if any. Idempotent.
 */
export async function verifyReviewAfterInteraction(
  prisma: PrismaClient,
  renterId: string,
  agentUserId: string,
): Promise<{ reviewId: string; agentId: string } | null> {
  // Most messages and tours concern no review: one cheap read before any lock.
  const pending = await prisma.review.findFirst({
    where: { authorId: renterId, verified: false, agent: { is: { userId: agentUserId } } },
    select: { id: true, agentId: true },
  });
  if (!pending) return null;
  const changed = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM "Agent" a WHERE a."id" = ${pending.agentId}::uuid FOR NO KEY UPDATE OF a`;
    const n = await tx.$executeRaw`
      UPDATE "Review" r SET "verified" = TRUE
       WHERE r."id" = ${pending.id}::uuid AND NOT r."verified"
         AND ${interactionSql(Prisma.sql`${renterId}`, Prisma.sql`${agentUserId}`)}`;
    if (n > 0) await recomputeAgentRating(tx, pending.agentId);
    return n > 0;
  });
  if (!changed) return null;
  eventsOf(prisma).publish({ type: 'review.written', agentId: pending.agentId, reviewId: pending.id });
  return { reviewId: pending.id, agentId: pending.agentId };
}

const listening = new WeakSet<object>();

/**
 * Listens to the core's events for the interactions that verify a review written before them: the
 * agent's first reply in a conversation (`message.sent` with `firstReply`) and a confirmed tour
 * (`tour.changed`, CONFIRMED). On the instance that published them.
 */
export function listenForInteractions(prisma: PrismaClient, log: Pick<Logger, 'warn'>): void {
  if (listening.has(prisma)) return;
  listening.add(prisma);
  eventsOf(prisma).subscribe((event, { local }) => {
    if (!local) return;
    const answered = event.type === 'message.sent' && event.firstReply;
    const toured = event.type === 'tour.changed' && event.step === 'CONFIRMED';
    if (!answered && !toured) return;
    verifyReviewAfterInteraction(prisma, event.renterId, event.agentUserId).catch((err: unknown) =>
      log.warn({ err }, 'verifying a review after an interaction failed'),
    );
  });
}

// --- reading -------------------------------------------------------------------------------------------

export type ReviewRole = 'RECEIVED' | 'GIVEN';

/** RECEIVED: reviews of the viewer as an agent; GIVEN: reviews the viewer wrote. Nobody else's. */
export function reviewRoleWhere(uid: string, role: ReviewRole): Prisma.ReviewWhereInput {
  return role === 'GIVEN' ? { authorId: uid } : { agent: { is: { userId: uid } } };
}

/** The cursor after a review (newest first by createdAt, id: server/core/cursor.ts). */
export function encodeReviewCursor(row: { id: string; createdAt: Date }): string {
  return encodeTimeCursor('reviews', { at: row.createdAt, id: row.id });
}

export function clampReviewsPage(first: number | null | undefined, def = REVIEWS_PAGE_DEFAULT): number {
  if (first == null) return def;
  if (!Number.isInteger(first) || first < 1 || first > REVIEWS_PAGE_MAX)
    throw new AppError('BAD_USER_INPUT', `first must be between 1 and ${REVIEWS_PAGE_MAX}`);
  return first;
}

export interface ReviewsPage<R> {
  rows: R[];
  hasNextPage: boolean;
  count(): Promise<number>;
}

/** A Prisma `select` or `include` (from Pothos' queryFromInfo); the keyset columns are added to a select. */
export type ReviewQuery = { select?: Prisma.ReviewSelect; include?: Prisma.ReviewInclude };

/**
 * One page of the viewer's received or given reviews, newest first (keyset over createdAt, id), each
 * loaded with `query`: one SQL statement. `count` runs only when asked for.
 */
export async function reviewsPage<R extends { id: string; createdAt: Date }>(
  prisma: PrismaClient,
  viewer: Viewer | null | undefined,
  role: ReviewRole,
  args: { first?: number | null; after?: string | null },
  query: ReviewQuery,
): Promise<ReviewsPage<R>> {
  const v = requireViewer(viewer);
  const first = clampReviewsPage(args.first);
  const where = reviewRoleWhere(v.uid, role);
  const cursor = args.after ? decodeTimeCursor('reviews', args.after) : null;
  const keyset: Prisma.ReviewWhereInput | null = cursor
    ? { OR: [{ createdAt: { lt: cursor.at } }, { createdAt: cursor.at, id: { lt: cursor.id } }] }
    : null;
  const shape: ReviewQuery = query.select
    ? { select: { ...query.select, id: true, createdAt: true } }
    : query.include
      ? { include: query.include }
      : {};
  const rows = (await prisma.review.findMany({
    where: keyset ? { AND: [where, keyset] } : where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: first + 1,
    ...(shape as object),
  })) as unknown as R[];
  const hasNextPage = rows.length > first;
  return { rows: hasNextPage ? rows.slice(0, first) : rows, hasNextPage, count: () => prisma.review.count({ where }) };
}

export interface ScoreCount {
  score: number;
  count: number;
  /** Share of all reviews, rounded to a whole percent (the bar's width). */
  percent: number;
}

export interface RatingsSummary {
  /** `${role}:${uid}`: one cache entry per person and tab. */
  id: string;
  role: ReviewRole;
  /** Average score, 2 decimals (0 without reviews): the same figure as Agent.rating for RECEIVED. */
  averageScore: number;
  totalReviews: number;
  /** Reviews scoring 4 or more, and their share rounded to a whole percent (0 without reviews). */
  positiveCount: number;
  positivePercent: number;
  verifiedCount: number;
  /** Counts per score, 5 down to 1. */
  distribution: ScoreCount[];
  /** Average of each category over the reviews that rated it (null when none did), 2 decimals. */
  categoryAverages: Record<Subscore, number | null>;
}

interface SummaryRow {
  total: number;
  average: number;
  positive: number;
  verified: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  communication: number | null;
  reliability: number | null;
  cleanliness: number | null;
  accuracy: number | null;
}

const percentOf = (n: number, total: number) => (total > 0 ? Math.round((100 * n) / total) : 0);

/**
 * The ratings screen's summary of the viewer's received or given reviews: ONE SQL statement. Hidden
 * reviews (pending moderation) are listed to their author and agent but counted nowhere; received
 * reviews count as the agent's rating does (verified ones only), given ones all count to their author.
 */
export async function ratingsSummary(
  prisma: PrismaClient,
  viewer: Viewer | null | undefined,
  role: ReviewRole,
): Promise<RatingsSummary> {
  const v = requireViewer(viewer);
  const where =
    role === 'GIVEN'
      ? Prisma.sql`r."authorId" = ${v.uid}`
      : Prisma.sql`r."agentId" = (SELECT a."id" FROM "Agent" a WHERE a."userId" = ${v.uid})`;
  const avg = (column: string) => Prisma.raw(`ROUND(AVG(r."${column}")::numeric, 2)::float8`);
  const [row] = await prisma.$queryRaw<SummaryRow[]>`
    SELECT COUNT(*)::int AS total,
           COALESCE(${avg('score')}, 0) AS average,
           (COUNT(*) FILTER (WHERE r."score" >= ${REVIEW_RULES.positiveFrom}))::int AS positive,
           (COUNT(*) FILTER (WHERE r."verified"))::int AS verified,
           (COUNT(*) FILTER (WHERE r."score" = 1))::int AS s1,
           (COUNT(*) FILTER (WHERE r."score" = 2))::int AS s2,
           (COUNT(*) FILTER (WHERE r."score" = 3))::int AS s3,
           (COUNT(*) FILTER (WHERE r."score" = 4))::int AS s4,
           (COUNT(*) FILTER (WHERE r."score" = 5))::int AS s5,
           ${avg('communication')} AS communication,
           ${avg('reliability')} AS reliability,
           ${avg('cleanliness')} AS cleanliness,
           ${avg('accuracy')} AS accuracy
      FROM "Review" r
     WHERE ${where} AND ${role === 'GIVEN' ? visibleReviewSql() : countedReviewSql()}`;
  const s = row!;
  const total = Number(s.total);
  const counts: Record<number, number> = { 1: s.s1, 2: s.s2, 3: s.s3, 4: s.s4, 5: s.s5 };
  const num = (x: number | null) => (x === null ? null : Number(x));
  return {
    id: `${role}:${v.uid}`,
    role,
    averageScore: Number(s.average),
    totalReviews: total,
    positiveCount: Number(s.positive),
    positivePercent: percentOf(Number(s.positive), total),
    verifiedCount: Number(s.verified),
    distribution: [5, 4, 3, 2, 1].map((score) => ({
      score,
      count: Number(counts[score]),
      percent: percentOf(Number(counts[score]), total),
    })),
    categoryAverages: {
      communication: num(s.communication),
      reliability: num(s.reliability),
      cleanliness: num(s.cleanliness),
      accuracy: num(s.accuracy),
    },
  };
}

// --- the 'Leave a Review' pickers ------------------------------------------------------------------------

export interface RateableAgent<A, P> {
  agent: A;
  lastContactAt: Date;
  listings: P[];
}

/**
 * The agents the viewer has talked to (conversations they started as renter, with someone who has an
 * agent profile), most recent first, each with the listings those conversations were about: one SQL
 * statement, `agentQuery` and `propertyQuery` selecting what the caller shows. Empty for agents, who
 * cannot rate.
 */
export async function rateableAgents<A, P>(
  prisma: PrismaClient,
  viewer: Viewer | null | undefined,
  account: RaterAccount | null,
  agentQuery: Prisma.AgentDefaultArgs,
  propertyQuery: Prisma.PropertyDefaultArgs,
): Promise<Array<RateableAgent<A, P>>> {
  const v = requireViewer(viewer);
  if (!account || account.role === 'AGENT' || account.agent) return [];
  const threads = (await prisma.thread.findMany({
    where: { renterId: v.uid, agentUserId: { not: v.uid }, agent: { is: { agent: { isNot: null } } } },
    orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
    take: RATEABLE_THREADS_MAX,
    select: {
      agentUserId: true,
      lastMessageAt: true,
      propertyId: true,
      property: propertyQuery,
      agent: { select: { agent: agentQuery } },
    },
  })) as unknown as Array<{
    agentUserId: string;
    lastMessageAt: Date;
    propertyId: string | null;
    property: (P & { id: string }) | null;
    agent: { agent: A | null };
  }>;
  const byAgent = new Map<string, RateableAgent<A, P> & { seen: Set<string> }>();
  for (const t of threads) {
    if (!t.agent.agent) continue;
    let entry = byAgent.get(t.agentUserId);
    if (!entry) {
      entry = { agent: t.agent.agent, lastContactAt: t.lastMessageAt, listings: [], seen: new Set() };
      byAgent.set(t.agentUserId, entry);
    }
    if (t.property && t.propertyId && !entry.seen.has(t.propertyId)) {
      entry.seen.add(t.propertyId);
      entry.listings.push(t.property);
    }
  }
  return [...byAgent.values()].map(({ seen: _seen, ...entry }) => entry);
}

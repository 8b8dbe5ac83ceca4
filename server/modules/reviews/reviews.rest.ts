import express, { type ErrorRequestHandler } from 'express';
import { z } from 'zod';
import type { Prisma, PrismaClient } from '../../db/generated/prisma/client.js';
import { AppError, fromZod, toAppError } from '../../core/errors.js';
import type { RateLimits } from '../../infra/rate-limits.js';
import { requireViewer } from '../../core/authz.js';
import { noStore } from '../listings/index.rest.js';
import { replyToReview, reportReview } from './review-moderation.js';
import { encodeReviewCursor, REVIEWS_PAGE_MAX, reviewsPage, submitReview, type ReviewRole } from './reviews.service.js';
import { jsonBody } from '../../http/locale.js';

/**
 * The ratings shims of SPEC part 7 (issue 10), thin handlers over the reviews service; sign-in required.
 *
 * - GET /api/reviews `?targetUserId=&role=received|given&limit=&cursor=` → `{ items, nextCursor }`, newest
 *   first, each item in the ratings screen's shape of SPEC part 3. `targetUserId` may only name the
 *   viewer (an agent's reviews are public on their profile, GET /api/agents/{id}).
 * - POST /api/reviews `{ agentId, rating, comment, propertyId?, communication?, reliability?, cleanliness?,
 *   accuracy? }` → the review (201 when new, 200 when it replaced the author's earlier review of that
 *   agent), with the agent's new rating and review count (verified reviews only; `verified` says whether
 *   this one counts).
 *
 * - POST /api/reviews/{id}/reply `{ reply }` → the review with the agent's reply (the agent reviewed only, once).
 * - POST /api/reviews/{id}/report `{ reason, details? }` → 201 `{ reviewId, hidden }` (review-moderation.ts).
 *
 * Hidden reviews (reported by 3 users) come with `hidden: true` on the viewer's own lists.
 *
 * Failures answer `{ error, code }` with the mapped status; a 429 carries Retry-After. Reviewers are
 * shown by name and photo only, never by e-mail or phone.
 */

const person = { select: { firstName: true, lastName: true, photoUrl: true } } as const;

export const restReviewSelect = {
  id: true,
  agentId: true,
  propertyId: true,
  score: true,
  communication: true,
  reliability: true,
  cleanliness: true,
  accuracy: true,
  comment: true,
  verified: true,
  createdAt: true,
  updatedAt: true,
  reply: true,
  repliedAt: true,
  hiddenAt: true,
  property: { select: { title: true } },
  author: person,
  agent: { select: { id: true, rating: true, reviewCount: true, user: person } },
} as const satisfies Prisma.ReviewSelect;

type RestReviewRow = Prisma.ReviewGetPayload<{ select: typeof restReviewSelect }>;
type Person = { firstName: string; lastName: string; photoUrl: string | null };

const personOut = (p: Person) => ({ avatar: p.photoUrl, first_name: p.firstName, last_name: p.lastName });

/** SPEC part 3's review as the ratings screen reads it, plus the verified mark and the agent rated. */
export function toRestReview(r: RestReviewRow) {
  return {
    id: r.id,
    score: r.score,
    subscores: {
      communication: r.communication,
      reliability: r.reliability,
      cleanliness: r.cleanliness,
      accuracy: r.accuracy,
    },
    comment: r.comment,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    listing_title: r.property?.title ?? null,
    property_id: r.propertyId,
    rater_user: personOut(r.author),
    verified: r.verified,
    hidden: r.hiddenAt !== null,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    agent: {
      id: r.agent.id,
      ...personOut(r.agent.user),
      rating: Number(r.agent.rating),
      review_count: r.agent.reviewCount,
    },
  };
}

const listQuery = z.object({
  role: z.enum(['received', 'given'], { error: "role must be 'received' or 'given'" }),
  targetUserId: z.string().trim().min(1).max(128).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'limit must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(REVIEWS_PAGE_MAX, `limit must be at most ${REVIEWS_PAGE_MAX}`))
    .optional(),
  cursor: z.string().min(1).max(500).optional(),
});

const optionalScore = z.unknown().optional();
const postBody = z.object({
  agentId: z.unknown(),
  rating: optionalScore,
  score: optionalScore,
  comment: z.unknown().optional(),
  propertyId: z.unknown().optional(),
  communication: optionalScore,
  reliability: optionalScore,
  cleanliness: optionalScore,
  accuracy: optionalScore,
  subscores: z
    .object({ communication: optionalScore, reliability: optionalScore, cleanliness: optionalScore, accuracy: optionalScore })
    .partial()
    .nullish(),
});

/** A rate-limited answer tells when to try again; the shared error handler writes the body. */
const retryAfterHeader: ErrorRequestHandler = (err, _req, res, next) => {
  const retry = toAppError(err)?.details?.retryAfterSeconds;
  if (typeof retry === 'number') res.set('Retry-After', String(retry));
  next(err);
};

export function reviewRoutes(deps: { prisma: PrismaClient; limits: RateLimits }): express.Router {
  const { prisma } = deps;
  const router = express.Router();

  router.get('/reviews', noStore, async (req, res) => {
    const viewer = requireViewer(req.viewer);
    const parsed = listQuery.safeParse(req.query);
    if (!parsed.success) throw fromZod(parsed.error);
    const q = parsed.data;
    if (q.targetUserId !== undefined && q.targetUserId !== viewer.uid)
      throw new AppError(
        'FORBIDDEN',
        "You can only read your own ratings here; an agent's reviews are on their profile (GET /api/agents/{id}).",
      );
    const page = await reviewsPage<RestReviewRow>(
      prisma,
      viewer,
      q.role.toUpperCase() as ReviewRole,
      { first: q.limit ?? REVIEWS_PAGE_MAX, after: q.cursor ?? null },
      { select: restReviewSelect },
    );
    const last = page.rows.at(-1);
    res.json({ items: page.rows.map(toRestReview), nextCursor: page.hasNextPage && last ? encodeReviewCursor(last) : null });
  });

  router.post('/reviews', noStore, jsonBody({ limit: '16kb' }), async (req, res) => {
    requireViewer(req.viewer);
    const parsed = postBody.safeParse(req.body ?? {});
    if (!parsed.success) throw new AppError('BAD_USER_INPUT', 'Send a JSON object: { agentId, rating, comment, propertyId? }');
    const b = parsed.data;
    const sub = b.subscores ?? {};
    const result = await submitReview(deps, req.viewer, {
      agentId: b.agentId,
      score: b.rating ?? b.score,
      communication: b.communication ?? sub.communication,
      reliability: b.reliability ?? sub.reliability,
      cleanliness: b.cleanliness ?? sub.cleanliness,
      accuracy: b.accuracy ?? sub.accuracy,
      comment: b.comment,
      propertyId: b.propertyId,
    });
    const review = await prisma.review.findUniqueOrThrow({ where: { id: result.reviewId }, select: restReviewSelect });
    res.status(result.created ? 201 : 200).json({ ...toRestReview(review), created: result.created });
  });

  router.post('/reviews/:id/reply', noStore, jsonBody({ limit: '16kb' }), async (req, res) => {
    requireViewer(req.viewer);
    const body = (req.body ?? {}) as { reply?: unknown };
    const { reviewId } = await replyToReview(deps, req.viewer, req.params.id, { reply: body.reply });
    const review = await prisma.review.findUniqueOrThrow({ where: { id: reviewId }, select: restReviewSelect });
    res.json(toRestReview(review));
  });

  router.post('/reviews/:id/report', noStore, jsonBody({ limit: '16kb' }), async (req, res) => {
    requireViewer(req.viewer);
    const body = (req.body ?? {}) as { reason?: unknown; details?: unknown };
    const result = await reportReview(
      deps,
      req.viewer,
      req.params.id,
      { reason: body.reason, details: body.details },
      { ip: req.ip ?? null },
    );
    res.status(201).json({ reviewId: result.reviewId, hidden: result.hidden });
  });

  router.use('/reviews', retryAfterHeader);
  return router;
}

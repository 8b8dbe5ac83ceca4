// Reviews, favorites, threads and messages of the seed.

import type { Prisma } from '../generated/prisma/client.js';
import type { SeedListing } from './listings.js';
import type { AgentProfile, RenterProfile } from './people.js';
import { Rng, uuidFrom } from './random.js';
import { bedroomsShort, conversation, inNeighborhood, reviewComment } from './text.js';
import { DAY_MS, HOUR_MS } from './time.js';

/** Total reviews aimed at (at least 300). */
export const REVIEW_TARGET = 330;
/** Reviews written by the demo renter. */
export const DEMO_RENTER_REVIEWS = 8;

const SCORE_MIX = {
  good: [
    [5, 60],
    [4, 28],
    [3, 7],
    [2, 3],
    [1, 2],
  ],
  average: [
    [5, 40],
    [4, 32],
    [3, 15],
    [2, 8],
    [1, 5],
  ],
  poor: [
    [5, 15],
    [4, 20],
    [3, 25],
    [2, 20],
    [1, 20],
  ],
} as const satisfies Record<AgentProfile['quality'], readonly (readonly [number, number])[]>;

function clampScore(v: number): number {
  return Math.max(1, Math.min(5, v));
}

/** A moment between `from` and `to`, skewed towards `to` (recent activity is denser). */
function recentBetween(rng: Rng, from: Date, to: Date): Date {
  const span = Math.max(0, to.getTime() - from.getTime());
  return new Date(to.getTime() - span * rng.next() ** 1.7);
}

export function buildReviews(
  seed: string,
  now: Date,
  agents: readonly AgentProfile[],
  renters: readonly RenterProfile[],
  listings: readonly SeedListing[],
): Prisma.ReviewCreateManyInput[] {
  const rng = Rng.derive(seed, 'reviews');
  const ids = Rng.derive(seed, 'ids:reviews');
  const reviewed = agents.filter((a) => !a.isNew);
  const regular = renters.filter((r) => !r.isDemo);
  const demoRenter = renters.find((r) => r.isDemo);
  const weights = reviewed.map((a) => a.weight * rng.float(0.6, 1.4));
  const sum = weights.reduce((a, b) => a + b, 0);
  const quota = weights.map((w) => Math.max(3, Math.round((REVIEW_TARGET * w) / sum)));
  const listingsOf = new Map<string, SeedListing[]>();
  for (const l of listings) {
    if (l.status === 'DRAFT') continue;
    const list = listingsOf.get(l.agent.agentId) ?? [];
    list.push(l);
    listingsOf.set(l.agent.agentId, list);
  }

  // Which agents the demo renter reviewed (never the demo agent, so that flow stays open).
  const demoTargets = new Set(
    rng.sample(
      reviewed.filter((a) => !a.isDemo).map((a) => a.agentId),
      demoRenter ? DEMO_RENTER_REVIEWS : 0,
    ),
  );

  const rows: Prisma.ReviewCreateManyInput[] = [];
  reviewed.forEach((agent, i) => {
    const perAuthor = new Map<string, number>();
    const authors: RenterProfile[] = [];
    if (demoRenter && demoTargets.has(agent.agentId)) authors.push(demoRenter);
    while (authors.length < quota[i]!) {
      const author = rng.pick(regular);
      // One review per author and agent (issue 58 item 10).
      const n = perAuthor.get(author.userId) ?? 0;
      if (n >= 1) {
        if (perAuthor.size === regular.length) break;
        continue;
      }
      perAuthor.set(author.userId, n + 1);
      authors.push(author);
    }
    const ownListings = listingsOf.get(agent.agentId) ?? [];
    for (const author of authors) {
      const score = rng.weighted(SCORE_MIX[agent.quality]);
      const property = ownListings.length > 0 && rng.chance(0.6) ? rng.pick(ownListings) : null;
      const earliest = new Date(
        Math.max(agent.createdAt.getTime(), author.createdAt.getTime(), property?.createdAt.getTime() ?? 0) + DAY_MS,
      );
      const createdAt = recentBetween(
        rng,
        earliest < now ? earliest : new Date(now.getTime() - 2 * HOUR_MS),
        new Date(now.getTime() - HOUR_MS),
      );
      const sub = () =>
        clampScore(
          score +
            rng.weighted([
              [-1, 20],
              [0, 60],
              [1, 20],
            ] as const),
        );
      const withSubscores = rng.chance(0.85);
      const skip = withSubscores && rng.chance(0.15) ? rng.int(0, 3) : -1;
      const subscore = (k: number) => (withSubscores && k !== skip ? sub() : null);
      const row: Prisma.ReviewCreateManyInput = {
        id: uuidFrom(ids),
        agentId: agent.agentId,
        authorId: author.userId,
        propertyId: property?.id ?? null,
        score,
        communication: subscore(0),
        reliability: subscore(1),
        cleanliness: subscore(2),
        accuracy: subscore(3),
        comment: rng.chance(0.9)
          ? reviewComment(rng, score, agent.firstName, property?.neighborhood.name ?? agent.areas[0]?.name ?? 'the city')
          : null,
        isSample: false,
        verified: false,
        createdAt,
        updatedAt: createdAt,
      };
      rows.push(row);
    }
  });
  return rows;
}

/** Every this-many reviews by a regular renter, one is left without an interaction: 'Not verified'. */
export const UNVERIFIED_EVERY = 12;

/**
 * The conversations behind the seed's reviews (issue 58 item 10): a review counts only after a real
 * interaction with the agent, so for each reviewed pair that has none yet, a short conversation (the
 * renter asks, the agent answers) about the review's listing (else one of the agent's), before the
 * review. One review in UNVERIFIED_EVERY by a regular renter is left without, so the demo shows
 * 'Not verified' reviews that do not count. Appends to `data` in place.
 */
export function addReviewConversations(
  seed: string,
  now: Date,
  reviews: readonly Prisma.ReviewCreateManyInput[],
  renters: readonly RenterProfile[],
  listings: readonly SeedListing[],
  data: ThreadsData,
): void {
  const rng = Rng.derive(seed, 'review-conversations');
  const ids = Rng.derive(seed, 'ids:review-conversations');
  const renterOf = new Map(renters.map((r) => [r.userId, r]));
  const listingsOf = new Map<string, SeedListing[]>();
  for (const l of listings) {
    if (l.status === 'DRAFT') continue;
    listingsOf.set(l.agent.agentId, [...(listingsOf.get(l.agent.agentId) ?? []), l]);
  }
  const byId = new Map(listings.map((l) => [l.id, l]));
  const taken = new Set(data.threads.map((t) => `${t.propertyId}|${t.renterId}`));
  const answered = answeredPairs(data);
  reviews.forEach((review, i) => {
    const renter = renterOf.get(review.authorId);
    const own = listingsOf.get(review.agentId) ?? [];
    const agentUserId = own[0]?.agent.userId;
    if (!renter || !agentUserId || answered.has(`${renter.userId}|${agentUserId}`)) return;
    if (!renter.isDemo && i % UNVERIFIED_EVERY === UNVERIFIED_EVERY - 1) return;
    const about = review.propertyId ? byId.get(review.propertyId) : undefined;
    const listing = [about, ...own].find((l) => l && !taken.has(`${l.id}|${renter.userId}`));
    if (!listing) return;
    taken.add(`${listing.id}|${renter.userId}`);
    answered.add(`${renter.userId}|${agentUserId}`);
    const reviewedAt = new Date(review.createdAt!).getTime();
    const start = new Date(
      Math.min(now.getTime() - 3 * HOUR_MS, Math.max(listing.createdAt.getTime() + HOUR_MS, reviewedAt - 20 * HOUR_MS)),
    );
    const replyAt = new Date(Math.min(now.getTime() - 60_000, start.getTime() + rng.int(20, 180) * 60_000));
    const threadId = uuidFrom(ids);
    const script = conversation(
      rng,
      {
        renterFirst: renter.firstName,
        agentFirst: listing.agent.firstName,
        street: listing.street,
        shortTitle: `${listing.bedrooms === 0 ? 'studio' : bedroomsShort(listing.bedrooms)} in ${inNeighborhood(listing.neighborhood.name)}`,
        availableText: 'now',
        petsAllowed: listing.petsAllowed,
      },
      2,
    );
    script.forEach((m, k) =>
      data.messages.push({
        id: uuidFrom(ids),
        threadId,
        senderId: m.from === 'renter' ? renter.userId : agentUserId,
        subject: m.subject,
        content: m.content,
        isRead: true,
        createdAt: k === 0 ? start : replyAt,
      }),
    );
    data.threads.push({
      id: threadId,
      propertyId: listing.id,
      renterId: renter.userId,
      agentUserId,
      status: 'OPEN',
      firstContactAt: start,
      agentFirstResponseAt: replyAt,
      lastMessageAt: replyAt,
      renterReadAt: replyAt,
      agentReadAt: start,
      renterEmailedAt: replyAt,
      agentEmailedAt: replyAt,
      // Rated already: no 'rate this agent' prompt.
      userRatingPromptSent: true,
      userRatingPromptAt: replyAt,
      createdAt: start,
    });
  });
}

/** `renterId|agentUserId` of the conversations in which the agent sent a message. */
function answeredPairs(data: ThreadsData): Set<string> {
  const threads = new Map(data.threads.map((t) => [t.id, t]));
  const pairs = new Set<string>();
  for (const m of data.messages) {
    const t = threads.get(m.threadId);
    if (t && m.senderId === t.agentUserId) pairs.add(`${t.renterId}|${t.agentUserId}`);
  }
  return pairs;
}

/**
 * Verified: the agent sent the author a message in a conversation with them (the service's rule,
 * review-visibility.ts; the seed has no tours). Marks the reviews in place.
 */
export function markVerifiedReviews(
  reviews: Prisma.ReviewCreateManyInput[],
  agents: readonly Pick<Prisma.AgentCreateManyInput, 'id' | 'userId'>[],
  data: ThreadsData,
): void {
  const userOfAgent = new Map(agents.map((a) => [a.id, a.userId]));
  const answered = answeredPairs(data);
  for (const r of reviews) r.verified = answered.has(`${r.authorId}|${userOfAgent.get(r.agentId)}`);
}

/** Average score (2 decimals) and count per agent id over the verified reviews; what the seed writes to Agent.rating/reviewCount. */
export function ratingSummary(
  reviews: readonly Pick<Prisma.ReviewCreateManyInput, 'agentId' | 'score' | 'verified'>[],
): Map<string, { rating: number; reviewCount: number }> {
  const acc = new Map<string, { sum: number; n: number }>();
  for (const r of reviews) {
    if (!r.verified) continue;
    const a = acc.get(r.agentId) ?? { sum: 0, n: 0 };
    a.sum += r.score;
    a.n += 1;
    acc.set(r.agentId, a);
  }
  return new Map([...acc].map(([id, { sum, n }]) => [id, { rating: Math.round((sum / n) * 100) / 100, reviewCount: n }]));
}

export function buildFavorites(
  seed: string,
  now: Date,
  renters: readonly RenterProfile[],
  listings: readonly SeedListing[],
): Prisma.FavoriteCreateManyInput[] {
  const rng = Rng.derive(seed, 'favorites');
  const ids = Rng.derive(seed, 'ids:favorites');
  const active = listings.filter((l) => l.status === 'ACTIVE');
  const rows: Prisma.FavoriteCreateManyInput[] = [];
  for (const renter of renters) {
    const count = renter.isDemo ? rng.int(6, 8) : rng.int(2, 6);
    const chosen = new Set<SeedListing>();
    if (renter.isDemo) {
      const demoAgentListing = active.find((l) => l.agent.isDemo);
      if (demoAgentListing) chosen.add(demoAgentListing);
    }
    for (const l of rng.sample(active, count * 2)) {
      if (chosen.size >= count) break;
      chosen.add(l);
    }
    for (const l of chosen) {
      const createdAt = recentBetween(rng, l.createdAt, now);
      rows.push({ id: uuidFrom(ids), userId: renter.userId, propertyId: l.id, createdAt, priceAtSave: l.priceAt(createdAt) });
    }
  }
  return rows;
}

export interface ThreadsData {
  threads: Prisma.ThreadCreateManyInput[];
  messages: Prisma.MessageCreateManyInput[];
}

export function buildThreads(
  seed: string,
  now: Date,
  renters: readonly RenterProfile[],
  listings: readonly SeedListing[],
): ThreadsData {
  const rng = Rng.derive(seed, 'threads');
  const ids = Rng.derive(seed, 'ids:threads');
  const active = listings.filter((l) => l.status === 'ACTIVE');
  const demoRenter = renters.find((r) => r.isDemo);
  const regular = renters.filter((r) => !r.isDemo);
  const demoAgentListings = active.filter((l) => l.agent.isDemo);
  const others = active.filter((l) => !l.agent.isDemo);

  const pairs: { renter: RenterProfile; listing: SeedListing }[] = [];
  const seen = new Set<string>();
  const add = (renter: RenterProfile | undefined, listing: SeedListing | undefined) => {
    if (!renter || !listing) return;
    const key = `${renter.userId}:${listing.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    pairs.push({ renter, listing });
  };
  // The demo renter talks to the demo agent and two others; the demo agent hears from three more renters.
  add(demoRenter, demoAgentListings[0]);
  for (const l of rng.sample(others, 2)) add(demoRenter, l);
  const demoAgentRenters = rng.sample(regular, 3);
  demoAgentRenters.forEach((r, i) => add(r, demoAgentListings[(i + 1) % Math.max(1, demoAgentListings.length)]));
  for (let i = 0; i < 8; i++) add(rng.pick(regular), rng.pick(others));

  const threads: Prisma.ThreadCreateManyInput[] = [];
  const messages: Prisma.MessageCreateManyInput[] = [];
  pairs.forEach(({ renter, listing }, i) => {
    const threadId = uuidFrom(ids);
    const start = recentBetween(
      rng,
      new Date(Math.max(listing.createdAt.getTime(), now.getTime() - 30 * DAY_MS)),
      new Date(now.getTime() - 6 * HOUR_MS),
    );
    const count = rng.chance(0.5) ? 3 : 2;
    const availableText =
      listing.availableDate <= now
        ? 'now'
        : `from ${listing.availableDate.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' })}`;
    const script = conversation(
      rng,
      {
        renterFirst: renter.firstName,
        agentFirst: listing.agent.firstName,
        street: listing.street,
        shortTitle: `${listing.bedrooms === 0 ? 'studio' : bedroomsShort(listing.bedrooms)} in ${inNeighborhood(listing.neighborhood.name)}`,
        availableText,
        petsAllowed: listing.petsAllowed,
      },
      count,
    );
    let at = start;
    let agentFirstResponseAt: Date | null = null;
    const unreadLast = rng.chance(0.4);
    script.forEach((m, k) => {
      if (k > 0) at = new Date(Math.min(now.getTime() - 60_000, at.getTime() + rng.int(10, 300) * 60_000));
      if (m.from === 'agent' && !agentFirstResponseAt) agentFirstResponseAt = at;
      messages.push({
        id: uuidFrom(ids),
        threadId,
        senderId: m.from === 'renter' ? renter.userId : listing.agent.userId,
        subject: m.subject,
        content: m.content,
        isRead: !(unreadLast && k === script.length - 1),
        createdAt: at,
      });
    });
    // Read receipts: each side last read the conversation when it read the other side's latest message.
    const own = messages.filter((m) => m.threadId === threadId);
    const readBy = (reader: string) => {
      const read = own.filter((m) => m.senderId !== reader && m.isRead);
      return read.length ? (read[read.length - 1]!.createdAt as Date) : null;
    };
    threads.push({
      id: threadId,
      propertyId: listing.id,
      renterId: renter.userId,
      agentUserId: listing.agent.userId,
      status: i === pairs.length - 1 ? 'ARCHIVED' : i === pairs.length - 2 ? 'CLOSED' : 'OPEN',
      firstContactAt: start,
      agentFirstResponseAt,
      lastMessageAt: at,
      renterReadAt: readBy(renter.userId),
      agentReadAt: readBy(listing.agent.userId),
      // Seeded conversations are not news: nobody is e-mailed about them.
      renterEmailedAt: at,
      agentEmailedAt: at,
      createdAt: start,
    });
  });
  return { threads, messages };
}

// A deterministic, realistic seed for New York: demo accounts, agents, renters, listings with photos,
// open houses and price history, reviews, favorites and conversations. Given the same `now`, every
// row (ids included) is the same on every run. Rows go in with createMany in batches, inside one
// transaction; photos are rendered once into a small pool and shared.

import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { Storage } from '../../modules/uploads/storage.js';
import { refreshResponseTimes } from '../../modules/agents/response-time.js';
import { countedReviewSql } from '../../modules/agents/review-visibility.js';
import { addReviewConversations, buildFavorites, buildReviews, buildThreads, markVerifiedReviews } from './activity.js';
import { buildListings } from './listings.js';
import { buildPeople } from './people.js';
import { generateSeedMedia, type SeedMedia } from './photos.js';

export { DEMO_ACCOUNTS, DEMO_AGENT, DEMO_RENTER, type DemoAccount } from './demo-accounts.js';

/** Seed material of every generator; change it to get a different (still deterministic) city. */
export const SEED = 'nyc-rentals-v1';
export const DEFAULT_LISTINGS = 420;
const BATCH_SIZE = 250;

export interface SeedOptions {
  listings?: number;
  now?: Date;
  log?: (msg: string) => void;
  /**
   * Seed only a database with no users, decided inside the seeding transaction under a lock: two
   * instances starting together on one empty database (docker-compose.yml) seed it once.
   */
  onlyIfEmpty?: boolean;
}

export interface SeedSummary {
  users: number;
  agents: number;
  properties: number;
  reviews: number;
  photos: number;
}

export interface SeedData {
  users: Prisma.UserCreateManyInput[];
  agents: Prisma.AgentCreateManyInput[];
  properties: Prisma.PropertyCreateManyInput[];
  photos: Prisma.PropertyPhotoCreateManyInput[];
  openHouses: Prisma.OpenHouseCreateManyInput[];
  priceChanges: Prisma.PriceChangeCreateManyInput[];
  reviews: Prisma.ReviewCreateManyInput[];
  favorites: Prisma.FavoriteCreateManyInput[];
  threads: Prisma.ThreadCreateManyInput[];
  messages: Prisma.MessageCreateManyInput[];
}

/** All rows of the seed, without touching the database or storage. Pure and deterministic. */
export function buildSeedData(opts: { now: Date; listings?: number; media: SeedMedia; seed?: string }): SeedData {
  const seed = opts.seed ?? SEED;
  const people = buildPeople(seed, opts.now, opts.media.avatars);
  const listings = buildListings({
    seed,
    now: opts.now,
    count: opts.listings ?? DEFAULT_LISTINGS,
    agents: people.agentProfiles,
    photoPool: opts.media.photos,
  });
  const reviews = buildReviews(seed, opts.now, people.agentProfiles, people.renters, listings.listings);
  const favorites = buildFavorites(seed, opts.now, people.renters, listings.listings);
  const conversations = buildThreads(seed, opts.now, people.renters, listings.listings);
  addReviewConversations(seed, opts.now, reviews, people.renters, listings.listings, conversations);
  markVerifiedReviews(reviews, people.agents, conversations);
  const { threads, messages } = conversations;
  return {
    users: people.users,
    agents: people.agents,
    properties: listings.properties,
    photos: listings.photos,
    openHouses: listings.openHouses,
    priceChanges: listings.priceChanges,
    reviews,
    favorites,
    threads,
    messages,
  };
}

async function inBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) await insert(rows.slice(i, i + BATCH_SIZE));
}

/** True when the database has no users (a fresh install). */
/** The advisory lock key of seeding an empty database (any number no other lock of the app uses). */
const SEED_LOCK = 7_306_001;

export async function isEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.user.count()) === 0;
}

/**
 * Seeds an empty database. Photos and avatars are rendered and stored through `storage` under
 * `seed/` first; the rows then go in within one transaction, so a failure leaves no partial data.
 */
export async function seed(prisma: PrismaClient, storage: Storage, opts: SeedOptions = {}): Promise<SeedSummary | null> {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const started = performance.now();

  const media = await generateSeedMedia(storage, SEED);
  const rendered = performance.now();
  log(`seed: rendered ${media.photos.length} photos and ${media.avatars.length} avatars in ${Math.round(rendered - started)} ms`);

  const data = buildSeedData({ now, listings: opts.listings ?? DEFAULT_LISTINGS, media });

  const seeded = await prisma.$transaction(
    async (tx) => {
      if (opts.onlyIfEmpty) {
        // One seeding at a time; the second finds the rows the first committed and leaves them.
        await tx.$queryRaw`SELECT pg_advisory_xact_lock(${SEED_LOCK})::text AS locked`;
        if ((await tx.user.count()) > 0) return false;
      }
      await inBatches(data.users, (batch) => tx.user.createMany({ data: batch }));
      await inBatches(data.agents, (batch) => tx.agent.createMany({ data: batch }));
      await inBatches(data.properties, (batch) => tx.property.createMany({ data: batch }));
      await inBatches(data.photos, (batch) => tx.propertyPhoto.createMany({ data: batch }));
      await inBatches(data.openHouses, (batch) => tx.openHouse.createMany({ data: batch }));
      await inBatches(data.priceChanges, (batch) => tx.priceChange.createMany({ data: batch }));
      await inBatches(data.reviews, (batch) => tx.review.createMany({ data: batch }));
      await inBatches(data.favorites, (batch) => tx.favorite.createMany({ data: batch }));
      await inBatches(data.threads, (batch) => tx.thread.createMany({ data: batch }));
      await inBatches(data.messages, (batch) => tx.message.createMany({ data: batch }));
      // Agent.rating (2 decimals) and reviewCount from the verified reviews just inserted (recomputeAgentRating's rule).
      await tx.$executeRaw`
        UPDATE "Agent" AS a
        SET "rating" = s.avg, "reviewCount" = s.cnt
        FROM (
          SELECT r."agentId", ROUND(AVG(r."score")::numeric, 2) AS avg, COUNT(*)::int AS cnt
          FROM "Review" r
          WHERE ${countedReviewSql()}
          GROUP BY r."agentId"
        ) AS s
        WHERE a."id" = s."agentId"`;
      // How fast each agent answered the seeded conversations.
      await refreshResponseTimes(tx);
      return true;
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  if (!seeded) {
    log('seed: another process seeded the database first; nothing added');
    return null;
  }

  const summary: SeedSummary = {
    users: data.users.length,
    agents: data.agents.length,
    properties: data.properties.length,
    reviews: data.reviews.length,
    photos: data.photos.length,
  };
  log(
    `seed: inserted ${summary.users} users, ${summary.agents} agents, ${summary.properties} listings, ${summary.photos} photos, ` +
      `${summary.reviews} reviews, ${data.favorites.length} favorites, ${data.threads.length} threads in ${Math.round(performance.now() - rendered)} ms`,
  );
  return summary;
}

/**
 * Every page size of the app, in one table (issue 52 item 5), as the rate limits are in one table
 * (server/infra/rate-limits.ts): per list, how many rows a page holds when its reader names none
 * (`default`) and the most it may ask for (`max`). GraphQL's `first`/`pageSize`, REST's `limit` and
 * the client's pages all read their row here. What a read does above `max` (refuses it with
 * BAD_USER_INPUT, or clamps it to `max`) is each list's own, and tests/integration/page-limits.test.ts
 * keeps it. A list without paging (a fixed number of rows) has `default === max`.
 *
 * Imports nothing: the client's first pages read it without loading zod (docs/decisions/0023).
 */
export interface PageLimit {
  default: number;
  max: number;
}

export const PAGE_LIMITS = {
  /** The public search (`properties`, GET /api/properties, the partner API, the search page): refused above max. */
  search: { default: 12, max: 50 },
  /** The partner change feed (`listingChanges`): refused above max. */
  listingChanges: { default: 100, max: 200 },
  /** A webhook endpoint's delivery log (`webhookDeliveries`), newest first: refused above max. */
  webhookDeliveries: { default: 50, max: 100 },
  /** The manage screen's numbered pages (`myListings(pageSize)`; GET /api/me/listings `limit` defaults to max): refused above max. */
  myListings: { default: 9, max: 50 },
  /** Agents, best rated first (`agents` connection): Pothos clamps to max. */
  agents: { default: 20, max: 50 },
  /** An agent's active listings (`Agent.listings` connection): Pothos clamps to max. */
  agentListings: { default: 20, max: 50 },
  /** An agent's active listings in GET /api/agents/{id} (no paging). */
  agentProfileListings: { default: 50, max: 50 },
  /** An agent's visible reviews (`Agent.reviews(first)`, and GET /api/agents/{id} reads max): clamped to 0..max. */
  agentReviews: { default: 5, max: 20 },
  /** The viewer's received or given reviews (`myReviews`; GET /api/reviews `limit` defaults to max): refused above max. */
  reviews: { default: 10, max: 50 },
  /** Saved listings (`savedListings`; GET /api/me/saved-listings `limit` defaults to max): refused above max. */
  savedListings: { default: 20, max: 100 },
  /** A thread's messages, newest page first (`Thread.messages(first)`): clamped to 1..max. */
  messages: { default: 30, max: 100 },
  /** The viewer's conversations (`threads`, GET /api/threads): clamped to 1..max over GraphQL, refused above 50 by REST's `limit`. */
  threads: { default: 30, max: 50 },
  /** REST's message lists (GET /api/messages, GET /api/conversations): refused above max. */
  restMessages: { default: 50, max: 50 },
  /** The viewer's notifications (`notifications(first)`): refused above max. */
  notifications: { default: 20, max: 50 },
  /** A listing's price changes, the last `first` of them (`Property.priceHistory`): clamped to 1..max. */
  priceHistory: { default: 20, max: 50 },
  /** The moderators' queue of listings (no paging). */
  moderationQueue: { default: 100, max: 100 },
  /** Open reports shown per listing in the moderators' queue. */
  moderationReports: { default: 20, max: 20 },
  /** Messages the system flagged, for the admins (no paging). */
  messageFlags: { default: 100, max: 100 },
  /** Agents' license numbers, for the admins (no paging). */
  licenses: { default: 200, max: 200 },
} as const satisfies Record<string, PageLimit>;

export type PageListName = keyof typeof PAGE_LIMITS;

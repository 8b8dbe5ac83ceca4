import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { moderateListing, moderationQueue } from '../../server/modules/moderation/moderation.service.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Issue 58 item 8: a listing hidden by a moderator is not 'Active' to its agent. The manage screen's
// query says it is hidden, with the moderator's note; it does not count as active in the agent's
// numbers; its owner (only) can ask for a review, which reaches the moderators' queue, and a decision
// there answers it.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const MINE = `{ myListings(status: ALL) { items { id status hidden hiddenReason hiddenNote reviewRequestedAt } } }`;
const STATS = `{ listingStats { totalListings activeListings hiddenListings occupancyRate } }`;
const ASK = `mutation A($id: ID!) { requestListingReview(propertyId: $id) { id hidden reviewRequestedAt } }`;

const asViewer = (u: { id: string; email: string }, role: Viewer['role'] = 'RENTER'): Viewer => ({
  uid: u.id,
  email: u.email,
  role,
});
const codeOf = (r: { errors?: ReadonlyArray<{ originalError?: Error | null; extensions?: Record<string, unknown> }> }) =>
  (r.errors?.[0]?.originalError as { code?: string } | undefined)?.code ?? r.errors?.[0]?.extensions?.code;

describe.each(backends)('a listing hidden by moderation on %s', (backend) => {
  let db: TestDatabase;
  let admin: Viewer;
  let owner: Viewer;
  let ownerAgentId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    admin = asViewer(await createUser(db.prisma, { firstName: 'Ada', lastName: 'Admin', role: 'ADMIN' }), 'ADMIN');
    const made = await createAgent(db.prisma, { user: { firstName: 'Olga', lastName: 'Owner' } });
    owner = asViewer(made.user, 'AGENT');
    ownerAgentId = made.agent.id;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('shows hidden with the note on the manage screen, is out of the active numbers, and its review reaches the queue', async () => {
    const shown = await createProperty(db.prisma, { userId: owner.uid, agentId: ownerAgentId }, { title: 'Shown flat' });
    const hidden = await createProperty(db.prisma, { userId: owner.uid, agentId: ownerAgentId }, { title: 'Hidden flat' });
    await createProperty(db.prisma, { userId: owner.uid, agentId: ownerAgentId }, { title: 'Off flat', status: 'INACTIVE' });
    const before = (await query<Body>(db.prisma, STATS, {}, owner)).listingStats;
    expect(before).toEqual({ totalListings: 3, activeListings: 2, hiddenListings: 0, occupancyRate: 33.3 });

    await moderateListing({ prisma: db.prisma }, admin, hidden.id, 'HIDE', 'The photos are of another flat.');

    const items = (await query<Body>(db.prisma, MINE, {}, owner)).myListings.items;
    expect(items.find((i: Body) => i.id === hidden.id)).toEqual({
      id: hidden.id,
      status: 'ACTIVE',
      hidden: true,
      hiddenReason: 'MODERATOR',
      hiddenNote: 'The photos are of another flat.',
      reviewRequestedAt: null,
    });
    expect(items.find((i: Body) => i.id === shown.id)).toMatchObject({ hidden: false, hiddenNote: null });
    // Not active in the agent's numbers: one active of two published, the hidden one apart.
    expect((await query<Body>(db.prisma, STATS, {}, owner)).listingStats).toEqual({
      totalListings: 3,
      activeListings: 1,
      hiddenListings: 1,
      occupancyRate: 50,
    });

    // Only its owner may ask: someone else, signed in or not, is refused (a hidden listing does not exist for them).
    const stranger = asViewer(await createUser(db.prisma, { firstName: 'Sam', lastName: 'Stranger' }));
    expect(codeOf(await execute(db.prisma, ASK, { id: hidden.id }, stranger))).toBe('NOT_FOUND');
    expect(codeOf(await execute(db.prisma, ASK, { id: hidden.id }, null))).toBe('UNAUTHENTICATED');
    const other = await createAgent(db.prisma, { user: { firstName: 'Otto', lastName: 'Other' } });
    expect(codeOf(await execute(db.prisma, ASK, { id: shown.id }, asViewer(other.user, 'AGENT')))).toBe('FORBIDDEN');
    // A listing that is not hidden has nothing to review.
    expect(codeOf(await execute(db.prisma, ASK, { id: shown.id }, owner))).toBe('CONFLICT');
    expect(await db.prisma.property.count({ where: { reviewRequestedAt: { not: null } } })).toBe(0);

    const asked = (await query<Body>(db.prisma, ASK, { id: hidden.id }, owner)).requestListingReview;
    expect(asked.reviewRequestedAt).toEqual(expect.any(String));
    // Asking again changes nothing.
    expect((await query<Body>(db.prisma, ASK, { id: hidden.id }, owner)).requestListingReview.reviewRequestedAt).toBe(
      asked.reviewRequestedAt,
    );
    expect(
      (await query<Body>(db.prisma, MINE, {}, owner)).myListings.items.find((i: Body) => i.id === hidden.id).reviewRequestedAt,
    ).toBe(asked.reviewRequestedAt);
    expect(
      await db.prisma.auditLog.count({ where: { targetId: hidden.id, action: 'LISTING_REVIEW_REQUESTED', actorId: owner.uid } }),
    ).toBe(1);

    // In the moderators' queue, first, with the note.
    const queue = await moderationQueue({ prisma: db.prisma }, admin);
    expect(queue[0]).toMatchObject({
      propertyId: hidden.id,
      hiddenNote: 'The photos are of another flat.',
      reviewRequestedAt: new Date(asked.reviewRequestedAt),
    });

    // A moderator un-hides it from there as today: the request and the note are answered.
    await moderateListing({ prisma: db.prisma }, admin, hidden.id, 'REINSTATE');
    expect((await query<Body>(db.prisma, MINE, {}, owner)).myListings.items.find((i: Body) => i.id === hidden.id)).toEqual({
      id: hidden.id,
      status: 'ACTIVE',
      hidden: false,
      hiddenReason: null,
      hiddenNote: null,
      reviewRequestedAt: null,
    });
    expect((await moderationQueue({ prisma: db.prisma }, admin)).some((c) => c.propertyId === hidden.id)).toBe(false);
    expect((await query<Body>(db.prisma, STATS, {}, owner)).listingStats).toMatchObject({ activeListings: 2, hiddenListings: 0 });
  });
});

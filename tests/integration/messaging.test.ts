import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { FIRST_MESSAGE_GREETING } from '../../server/modules/messaging/messaging.service.js';
import { addPhotos, createAgent, createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

const START = /* GraphQL */ `
  mutation Start($propertyId: ID, $agentId: ID, $message: String!, $subject: String) {
    startThread(propertyId: $propertyId, agentId: $agentId, message: $message, subject: $subject) {
      id
      title
      unreadCount
      otherParticipant {
        id
        name
        agentId
      }
      lastMessage {
        content
        subject
        isMine
      }
    }
  }
`;
const SEND = /* GraphQL */ `
  mutation Send($threadId: ID!, $content: String!, $subject: String) {
    sendMessage(threadId: $threadId, content: $content, subject: $subject) {
      id
      content
      subject
      createdAt
      isMine
      sender {
        id
      }
    }
  }
`;
const THREADS = /* GraphQL */ `
  query Threads($first: Int, $after: String) {
    threads(first: $first, after: $after) {
      items {
        id
        title
        status
        unreadCount
        seenUpTo
        viewerIsAgent
        otherParticipant {
          name
          photoUrl
        }
        lastMessage {
          content
          createdAt
        }
        property {
          id
          price
        }
        ratingPrompt {
          agentId
        }
      }
      hasMore
      endCursor
    }
  }
`;
const THREAD = /* GraphQL */ `
  query Thread($id: ID!, $first: Int, $before: String) {
    thread(id: $id) {
      id
      messages(first: $first, before: $before) {
        items {
          id
          content
          isMine
          isRead
        }
        hasOlder
        olderCursor
      }
    }
  }
`;
const READ = /* GraphQL */ `
  mutation Read($threadId: ID!) {
    markThreadRead(threadId: $threadId) {
      id
      unreadCount
    }
  }
`;

const dataStatements = (queries: string[]) => queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));

describe.each(backends)('messaging over GraphQL on %s', (backend) => {
  let db: TestDatabase;
  let renter: Viewer;
  let agentViewer: Viewer;
  let stranger: Viewer;
  let agentId: string;
  let listingId: string;
  let ownerListingId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent } = await createAgent(db.prisma, { user: { firstName: 'Lee', lastName: 'Chen' } });
    agentId = agent.id;
    agentViewer = { uid: user.id, email: user.email, role: 'AGENT' };
    const p = await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Sunny 2BR' });
    await addPhotos(db.prisma, p.id, 2);
    listingId = p.id;
    const r = await createUser(db.prisma, { firstName: 'Rita', lastName: 'Renter' });
    renter = { uid: r.id, email: r.email, role: 'RENTER' };
    const s = await createUser(db.prisma, { firstName: 'Sam' });
    stranger = { uid: s.id, email: s.email, role: 'RENTER' };
    ownerListingId = (await createProperty(db.prisma, { userId: r.id }, { title: "Rita's sublet" })).id;
  });
  afterAll(() => db?.close());

  it('starts one thread per renter and listing, counts one inquiry, and reopens it on a second contact', async () => {
    const first = await query<{
      startThread: { id: string; title: string; lastMessage: { content: string; subject: string | null } };
    }>(db.prisma, START, { propertyId: listingId, message: `  ${FIRST_MESSAGE_GREETING}  `, subject: 'Viewing' }, renter);
    expect(first.startThread.title).toBe('Sunny 2BR');
    expect(first.startThread.lastMessage).toMatchObject({ content: FIRST_MESSAGE_GREETING, subject: 'Viewing' });
    const again = await query<{ startThread: { id: string; lastMessage: { content: string; subject: string | null } } }>(
      db.prisma,
      START,
      { propertyId: listingId, message: 'Me again', subject: 'Ignored' },
      renter,
    );
    expect(again.startThread.id).toBe(first.startThread.id);
    expect(again.startThread.lastMessage).toMatchObject({ content: 'Me again', subject: null });
    const p = await db.prisma.property.findUniqueOrThrow({ where: { id: listingId } });
    expect(p.inquiriesCount).toBe(1);
    expect(await db.prisma.message.count({ where: { threadId: first.startThread.id } })).toBe(2);
  });

  it('refuses the listing agent, the signed-out visitor, blank and oversized messages', async () => {
    const own = await execute(db.prisma, START, { propertyId: listingId, message: 'hi' }, agentViewer);
    expect((own.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe('FORBIDDEN');
    expect(own.errors?.[0]?.message).toMatch(/You are the agent/);
    const owner = await execute(db.prisma, START, { propertyId: ownerListingId, message: 'hi' }, renter);
    expect(owner.errors?.[0]?.message).toMatch(/You are the agent/);
    const anon = await execute(db.prisma, START, { propertyId: listingId, message: 'hi' });
    expect((anon.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe('UNAUTHENTICATED');
    const blank = await execute(db.prisma, START, { propertyId: listingId, message: ' \n ' }, stranger);
    expect(blank.errors?.[0]?.message).toMatch(/Message cannot be empty/);
    const long = await execute(db.prisma, START, { propertyId: listingId, message: 'x'.repeat(5001) }, stranger);
    expect(long.errors?.[0]?.message).toMatch(/at most 5,000 characters/);
    expect(await db.prisma.thread.count({ where: { renterId: stranger.uid } })).toBe(0);
  });

  it('lets only the two participants read and send, and tracks unread counts and reads', async () => {
    const { threads } = await query<{ threads: { items: Array<{ id: string; unreadCount: number; viewerIsAgent: boolean }> } }>(
      db.prisma,
      THREADS,
      {},
      agentViewer,
    );
    expect(threads.items).toHaveLength(1);
    const t = threads.items[0]!;
    expect(t).toMatchObject({ unreadCount: 2, viewerIsAgent: true });

    const foreign = await execute(db.prisma, SEND, { threadId: t.id, content: 'let me in' }, stranger);
    expect((foreign.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe('NOT_FOUND');
    expect((await query<{ thread: null }>(db.prisma, THREAD, { id: t.id }, stranger)).thread).toBeNull();
    expect((await query<{ threads: { items: unknown[] } }>(db.prisma, THREADS, {}, stranger)).threads.items).toEqual([]);

    const reply = await query<{ sendMessage: { isMine: boolean; subject: string | null } }>(
      db.prisma,
      SEND,
      { threadId: t.id, content: 'Yes, it is!', subject: 'not kept' },
      agentViewer,
    );
    expect(reply.sendMessage).toMatchObject({ isMine: true, subject: null });
    const read = await query<{ markThreadRead: { unreadCount: number } }>(db.prisma, READ, { threadId: t.id }, agentViewer);
    expect(read.markThreadRead.unreadCount).toBe(0);
    const renterView = await query<{
      threads: { items: Array<{ unreadCount: number; seenUpTo: string | null; ratingPrompt: { agentId: string } | null }> };
    }>(db.prisma, THREADS, {}, renter);
    // A reply is no experience to rate: no prompt yet (issue 59 item 8; a tour is, below).
    expect(renterView.threads.items[0]).toMatchObject({ unreadCount: 1, ratingPrompt: null });
    expect(renterView.threads.items[0]!.seenUpTo).not.toBeNull();
  });

  it('asks the renter to rate the agent once a tour of theirs has taken place, once, and never after they rated (issue 59 item 8)', async () => {
    const r = await createUser(db.prisma, { firstName: 'Tia', lastName: 'Toured' });
    const toured: Viewer = { uid: r.id, email: r.email, role: 'RENTER' };
    const { startThread } = await query<{ startThread: { id: string } }>(
      db.prisma,
      START,
      { propertyId: listingId, message: 'Can I see it?' },
      toured,
    );
    await query(db.prisma, SEND, { threadId: startThread.id, content: 'Sure, Tuesday?' }, agentViewer);
    const prompt = async (viewer: Viewer) =>
      (
        await query<{ threads: { items: Array<{ id: string; ratingPrompt: { agentId: string } | null }> } }>(
          db.prisma,
          THREADS,
          {},
          viewer,
        )
      ).threads.items.find((t) => t.id === startThread.id)?.ratingPrompt ?? null;
    const hour = 3_600_000;
    const tour = await db.prisma.tourRequest.create({
      data: {
        propertyId: listingId,
        renterId: r.id,
        agentUserId: agentViewer.uid,
        threadId: startThread.id,
        status: 'CONFIRMED',
        startsAt: new Date(Date.now() + 24 * hour),
        endsAt: new Date(Date.now() + 25 * hour),
        confirmedAt: new Date(),
        expiresAt: new Date(Date.now() + 24 * hour),
      },
    });
    // Confirmed, not yet taken place: nothing to rate.
    expect(await prompt(toured)).toBeNull();
    // Taken place: the renter is asked; the agent never is.
    await db.prisma.tourRequest.update({
      where: { id: tour.id },
      data: { startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) },
    });
    expect(await prompt(toured)).toEqual({ agentId });
    expect(
      (
        await query<{ threads: { items: Array<{ ratingPrompt: unknown }> } }>(db.prisma, THREADS, {}, agentViewer)
      ).threads.items.every((t) => t.ratingPrompt === null),
    ).toBe(true);
    // Once: shown, then dismissed.
    await query(db.prisma, `mutation($t: ID!) { dismissRatingPrompt(threadId: $t) { id } }`, { t: startThread.id }, toured);
    expect(await prompt(toured)).toBeNull();

    // Another renter who rated the agent already (unverified, say) is not asked after their tour.
    const q = await createUser(db.prisma, { firstName: 'Quinn', lastName: 'Rated' });
    const rated: Viewer = { uid: q.id, email: q.email, role: 'RENTER' };
    const second = await query<{ startThread: { id: string } }>(
      db.prisma,
      START,
      { propertyId: listingId, message: 'Hello' },
      rated,
    );
    await db.prisma.tourRequest.create({
      data: {
        propertyId: listingId,
        renterId: q.id,
        agentUserId: agentViewer.uid,
        threadId: second.startThread.id,
        status: 'CONFIRMED',
        startsAt: new Date(Date.now() - 2 * hour),
        endsAt: new Date(Date.now() - hour),
        confirmedAt: new Date(Date.now() - 24 * hour),
        expiresAt: new Date(Date.now() - 23 * hour),
      },
    });
    const ratedPrompt = async () =>
      (
        await query<{ threads: { items: Array<{ id: string; ratingPrompt: { agentId: string } | null }> } }>(
          db.prisma,
          THREADS,
          {},
          rated,
        )
      ).threads.items.find((t) => t.id === second.startThread.id)?.ratingPrompt ?? null;
    expect(await ratedPrompt()).toEqual({ agentId });
    await db.prisma.review.create({ data: { agentId, authorId: q.id, propertyId: listingId, score: 4 } });
    expect(await ratedPrompt()).toBeNull();
  });

  it('pages older messages by keyset, in order, without gaps', async () => {
    const thread = (await db.prisma.thread.findFirstOrThrow({ where: { renterId: renter.uid, propertyId: listingId } })).id;
    for (let i = 0; i < 7; i++)
      await query(db.prisma, SEND, { threadId: thread, content: `m${i}` }, i % 2 ? agentViewer : renter);
    const seen: string[] = [];
    let before: string | null = null;
    for (;;) {
      const page: { thread: { messages: { items: Array<{ content: string }>; hasOlder: boolean; olderCursor: string | null } } } =
        await query(db.prisma, THREAD, { id: thread, first: 4, before }, renter);
      seen.unshift(...page.thread.messages.items.map((m) => m.content));
      if (!page.thread.messages.hasOlder) break;
      before = page.thread.messages.olderCursor;
    }
    expect(seen).toEqual([FIRST_MESSAGE_GREETING, 'Me again', 'Yes, it is!', 'm0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('lists threads in one statement, and sends a message in two', async () => {
    db.resetQueries();
    await query(db.prisma, THREADS, {}, renter);
    expect(dataStatements(db.queries)).toHaveLength(1);
    const thread = (await db.prisma.thread.findFirstOrThrow({ where: { renterId: renter.uid, propertyId: listingId } })).id;
    db.resetQueries();
    await query(db.prisma, `mutation($t: ID!) { sendMessage(threadId: $t, content: "counted") { id } }`, { t: thread }, renter);
    // UPDATE thread (lock + timestamp), INSERT message, then the answer's SELECT.
    expect(dataStatements(db.queries)).toHaveLength(3);
  });

  it('starts a conversation with an agent from the profile, once', async () => {
    const a = await query<{ startThread: { id: string; title: string } }>(
      db.prisma,
      START,
      { agentId, message: 'Hello' },
      stranger,
    );
    const b = await query<{ startThread: { id: string } }>(db.prisma, START, { agentId, message: 'Again' }, stranger);
    expect(a.startThread.title).toBe('Property Inquiry');
    expect(b.startThread.id).toBe(a.startThread.id);
    const self = await execute(db.prisma, START, { agentId, message: 'me' }, agentViewer);
    expect(self.errors?.[0]?.message).toMatch(/cannot message yourself/);
  });
});

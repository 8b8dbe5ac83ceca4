import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../../server/modules/auth/auth.service.js';
import { participantWhere, unreadCount } from '../../server/modules/messaging/messaging.service.js';
import { unreadNotificationCount } from '../../server/modules/notifications/notifications.service.js';
import { createAgent, createUser } from '../factories/index.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// What every signed-in page reads for its header (`me`, the unread messages and notifications), each
// one prepared statement (server/db/prepared.ts, json-rows.ts): the same answers as Prisma's reads of
// the same rule, in one statement each.

describe.each(transportBackends)("the header's reads on %s", (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Runs `read` and returns its answer and the statements it sent. */
  const counted = async <T>(read: () => Promise<T>) => {
    db.queries.length = 0;
    const value = await read();
    // One statement, the hot path's own (not Prisma's count or findUnique).
    expect(db.queries.filter((q) => !/^SELECT count\(\*\)::int AS n |AS row FROM "User" "u" WHERE/.test(q))).toEqual([]);
    return { value, statements: db.queries.length };
  };

  it('counts the unread messages others sent in the conversations the user takes part in, on either side', async () => {
    const renter = await createUser(db.prisma);
    const { user: agent } = await createAgent(db.prisma);
    const stranger = await createUser(db.prisma);
    const thread = (renterId: string, agentUserId: string) => db.prisma.thread.create({ data: { renterId, agentUserId } });
    const asRenter = await thread(renter.id, agent.id);
    const asAgent = await thread(stranger.id, renter.id);
    const others = await thread(stranger.id, agent.id);
    const say = (threadId: string, senderId: string, isRead = false) =>
      db.prisma.message.create({ data: { threadId, senderId, content: 'Is it still available?', isRead } });
    await say(asRenter.id, agent.id); // counted
    await say(asRenter.id, agent.id, true); // read
    await say(asRenter.id, renter.id); // the renter's own
    await say(asAgent.id, stranger.id); // counted: the renter answers this one as the agent
    await say(asAgent.id, stranger.id); // counted
    await say(others.id, stranger.id); // not the renter's conversation

    for (const user of [renter, agent, stranger]) {
      const byRule = await db.prisma.message.count({
        where: { isRead: false, senderId: { not: user.id }, thread: participantWhere(user.id) },
      });
      const read = await counted(() => unreadCount(db.prisma, user.id));
      expect(read).toEqual({ value: byRule, statements: 1 });
    }
    expect(await unreadCount(db.prisma, renter.id)).toBe(3);
  });

  it("counts the user's own unread notifications only", async () => {
    const user = await createUser(db.prisma);
    const other = await createUser(db.prisma);
    const notify = (userId: string, readAt: Date | null) =>
      db.prisma.notification.create({ data: { userId, kind: 'NEW_MATCH', title: 'A new match', readAt } });
    await notify(user.id, null);
    await notify(user.id, null);
    await notify(user.id, new Date());
    await notify(other.id, null);
    expect(await counted(() => unreadNotificationCount(db.prisma, user.id))).toEqual({ value: 2, statements: 1 });
    expect(await counted(() => unreadNotificationCount(db.prisma, other.id))).toEqual({ value: 1, statements: 1 });
  });

  it("reads the user's row as Prisma does, with what the selection includes, in one statement", async () => {
    const { user } = await createAgent(db.prisma, { user: { locale: 'es', phone: '+15555550123' } });
    const renter = await createUser(db.prisma);
    const query = { include: { agent: true } };
    for (const id of [user.id, renter.id]) {
      const read = await counted(() => findAccount(db.prisma, id, query));
      expect(read).toEqual({ value: await db.prisma.user.findUnique({ ...query, where: { id } }), statements: 1 });
    }
    expect((await findAccount(db.prisma, user.id, query))?.locale).toBe('es');
    expect(await findAccount(db.prisma, 'no-such-user', query)).toBeNull();
  });
});

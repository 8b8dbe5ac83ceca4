import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenForMessages, refreshResponseTimes } from '../../server/modules/agents/response-time.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { query } from '../setup/graphql.js';
import { until } from '../setup/until.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// How fast an agent answers (issue 26 item 3): the median minutes from a renter's first message to the
// agent's first reply over the last 90 days' conversations (3 at least), kept on the agent's row.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const AGENT = 'query A($id: ID!) { agent(id: $id) { responseMinutes responseTime } }';
type Agent = { agent: { responseMinutes: number | null; responseTime: string | null } };

describe.each(backends)('response times on %s', (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.close());

  /** A conversation begun `daysAgo`, answered after `minutes` (null: not answered). */
  async function conversation(agentUserId: string, daysAgo: number, minutes: number | null) {
    const renter = await createUser(db.prisma);
    const start = new Date(Date.now() - daysAgo * DAY);
    await db.prisma.thread.create({
      data: {
        renterId: renter.id,
        agentUserId,
        firstContactAt: start,
        agentFirstResponseAt: minutes === null ? null : new Date(start.getTime() + minutes * MINUTE),
      },
    });
  }

  const read = async (agentId: string) => (await query<Agent>(db.prisma, AGENT, { id: agentId })).agent;

  it('is the median of the first replies of the last 90 days, once there are 3 conversations', async () => {
    const { user, agent } = await createAgent(db.prisma);
    await conversation(user.id, 2, 10);
    await conversation(user.id, 5, 40);
    await refreshResponseTimes(db.prisma, [user.id]);
    expect(await read(agent.id)).toEqual({ responseMinutes: null, responseTime: null });
    await conversation(user.id, 10, 300);
    // Older than 90 days: not counted (it would make the median 170).
    await conversation(user.id, 120, 2000);
    await refreshResponseTimes(db.prisma, [user.id]);
    expect(await read(agent.id)).toEqual({ responseMinutes: 40, responseTime: 'Usually responds within an hour' });
  });

  it('counts a conversation left unanswered for a day at its wait so far; a younger one is not judged yet', async () => {
    const { user, agent } = await createAgent(db.prisma);
    await conversation(user.id, 1, 5);
    await conversation(user.id, 3, 5);
    // Unanswered for 4 days and for 2 hours.
    await conversation(user.id, 4, null);
    await db.prisma.thread.create({
      data: {
        renterId: (await createUser(db.prisma)).id,
        agentUserId: user.id,
        firstContactAt: new Date(Date.now() - 2 * 60 * MINUTE),
      },
    });
    await refreshResponseTimes(db.prisma, [user.id]);
    // (5, 5, about 5,760): the median is 5 minutes; with the 4-day wait as the slowest of three.
    expect((await read(agent.id)).responseMinutes).toBe(5);
    await conversation(user.id, 6, null);
    await refreshResponseTimes(db.prisma);
    // (5, 5, ~5,760, ~8,640): the median is now past a day.
    expect(await read(agent.id)).toMatchObject({ responseTime: 'Usually responds within a few days' });
  });

  it("an agent's first reply refreshes the figure through the core's events; a card page reads it in its one statement", async () => {
    const log = pino({ level: 'silent' });
    listenForMessages(db.prisma, log);
    const { user, agent } = await createAgent(db.prisma);
    for (const days of [3, 4]) await conversation(user.id, days, 20);
    const renter = await createUser(db.prisma);
    const listing = await createProperty(db.prisma, { userId: user.id, agentId: agent.id }, { title: 'Answered loft' });
    const renterViewer = { uid: renter.id, email: renter.email, role: 'RENTER' as const };
    const agentViewer = { uid: user.id, email: user.email, role: 'AGENT' as const };
    const started = await query<{ startThread: { id: string } }>(
      db.prisma,
      'mutation S($p: ID!) { startThread(propertyId: $p, message: "Is it free?") { id } }',
      { p: listing.id },
      renterViewer,
    );
    expect((await read(agent.id)).responseMinutes).toBeNull();
    await query(
      db.prisma,
      'mutation R($t: ID!) { sendMessage(threadId: $t, content: "Yes!") { id } }',
      { t: started.startThread.id },
      agentViewer,
    );
    await until(async () => (await read(agent.id)).responseMinutes !== null);
    expect((await read(agent.id)).responseMinutes).toBe(20);

    db.resetQueries();
    const page = await query<{ properties: { edges: Array<{ node: { agent: { responseTime: string | null } } }> } }>(
      db.prisma,
      '{ properties(filter: { search: "Answered loft" }, first: 5) { edges { node { agent { responseTime } } } } }',
    );
    expect(page.properties.edges[0]?.node.agent.responseTime).toBe('Usually responds within an hour');
    expect(db.queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()))).toHaveLength(1);
  });
});

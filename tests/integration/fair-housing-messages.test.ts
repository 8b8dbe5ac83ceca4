import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { execute, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Issue 58 item 1: the listing's side of a conversation refusing rental assistance. The message is
// delivered; its sender is warned (GraphQL and REST); the moderators find a flag (reason
// SOURCE_OF_INCOME, the message and the phrase) until one of them resolves it. A welcoming message,
// and anything the renter says, produce neither.

const SEND = /* GraphQL */ `
  mutation Send($threadId: ID!, $content: String!) {
    sendMessage(threadId: $threadId, content: $content) {
      id
      content
      assistanceRefusal
    }
  }
`;
const THREAD = /* GraphQL */ `
  query Thread($id: ID!) {
    thread(id: $id) {
      messages {
        items {
          id
          assistanceRefusal
        }
      }
    }
  }
`;
const FLAGS = /* GraphQL */ `
  query Flags {
    messageFlags {
      id
      reason
      phrase
      messageId
      content
      senderName
      listingTitle
    }
  }
`;
const RESOLVE = /* GraphQL */ `
  mutation Resolve($id: ID!) {
    resolveMessageFlag(id: $id) {
      id
      resolved
    }
  }
`;

type Flag = {
  id: string;
  reason: string;
  phrase: string;
  messageId: string;
  content: string;
  senderName: string;
  listingTitle: string;
};

describe.each(ruleBackends)('fair housing in conversations over GraphQL on %s', (backend) => {
  let db: TestDatabase;
  let agent: Viewer;
  let renter: Viewer;
  let admin: Viewer;
  let threadId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    const { user, agent: profile } = await createAgent(db.prisma, { user: { firstName: 'Lee', lastName: 'Chen' } });
    agent = { uid: user.id, email: user.email, role: 'AGENT' };
    const listing = await createProperty(db.prisma, { userId: user.id, agentId: profile.id }, { title: 'Sunny 2BR' });
    const r = await createUser(db.prisma, { firstName: 'Rita' });
    renter = { uid: r.id, email: r.email, role: 'RENTER' };
    const a = await createUser(db.prisma, { firstName: 'Ada', role: 'ADMIN' });
    admin = { uid: a.id, email: a.email, role: 'ADMIN' };
    threadId = (await db.prisma.thread.create({ data: { propertyId: listing.id, renterId: renter.uid, agentUserId: agent.uid } }))
      .id;
  });
  afterAll(() => db?.close());

  const flags = async () => (await query<{ messageFlags: Flag[] }>(db.prisma, FLAGS, {}, admin)).messageFlags;

  it("delivers an agent's refusal, warns the agent, and flags it for the moderators", async () => {
    const { sendMessage } = await query<{ sendMessage: { id: string; assistanceRefusal: string | null } }>(
      db.prisma,
      SEND,
      { threadId, content: 'Hi Rita! Unfortunately the landlord does not participate in Section 8. Showings are daily.' },
      agent,
    );
    expect(sendMessage.assistanceRefusal).toBe('does not participate in Section 8');
    // Delivered: the renter reads it, without the sender's warning.
    const seen = await query<{ thread: { messages: { items: Array<{ id: string; assistanceRefusal: string | null }> } } }>(
      db.prisma,
      THREAD,
      { id: threadId },
      renter,
    );
    expect(seen.thread.messages.items).toContainEqual({ id: sendMessage.id, assistanceRefusal: null });
    // The agent sees the warning again under the message.
    const mine = await query<{ thread: { messages: { items: Array<{ id: string; assistanceRefusal: string | null }> } } }>(
      db.prisma,
      THREAD,
      { id: threadId },
      agent,
    );
    expect(mine.thread.messages.items).toContainEqual({
      id: sendMessage.id,
      assistanceRefusal: 'does not participate in Section 8',
    });
    expect(await flags()).toEqual([
      expect.objectContaining({
        reason: 'SOURCE_OF_INCOME',
        phrase: 'does not participate in Section 8',
        messageId: sendMessage.id,
        content: 'Hi Rita! Unfortunately the landlord does not participate in Section 8. Showings are daily.',
        senderName: 'Lee Chen',
        listingTitle: 'Sunny 2BR',
      }),
    ]);
    const audit = await db.prisma.auditLog.findFirst({ where: { action: 'MESSAGE_FLAGGED', targetId: sendMessage.id } });
    expect(audit).toMatchObject({ actorId: null, targetType: 'Message' });
  });

  it('neither warns nor flags a welcoming message, nor anything the renter says', async () => {
    const before = await db.prisma.messageFlag.count();
    const welcome = await query<{ sendMessage: { assistanceRefusal: string | null } }>(
      db.prisma,
      SEND,
      { threadId, content: 'No broker fee. Section 8 OK, and all vouchers welcome!' },
      agent,
    );
    expect(welcome.sendMessage.assistanceRefusal).toBeNull();
    const fromRenter = await query<{ sendMessage: { assistanceRefusal: string | null } }>(
      db.prisma,
      SEND,
      { threadId, content: 'Good to know: I have no voucher anyway.' },
      renter,
    );
    expect(fromRenter.sendMessage.assistanceRefusal).toBeNull();
    expect(await db.prisma.messageFlag.count()).toBe(before);
    expect(await db.prisma.message.count({ where: { threadId } })).toBe(3);
  });

  it('shows the flags to administrators only, until one resolves them', async () => {
    for (const who of [agent, renter, null]) {
      const r = await execute(db.prisma, FLAGS, {}, who);
      expect((r.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe(who ? 'FORBIDDEN' : 'UNAUTHENTICATED');
    }
    const [flag] = await flags();
    const denied = await execute(db.prisma, RESOLVE, { id: flag!.id }, agent);
    expect((denied.errors?.[0]?.originalError as { code?: string } | undefined)?.code).toBe('FORBIDDEN');
    expect(await flags()).toHaveLength(1);
    const done = await query<{ resolveMessageFlag: { id: string; resolved: boolean } }>(
      db.prisma,
      RESOLVE,
      { id: flag!.id },
      admin,
    );
    expect(done.resolveMessageFlag).toEqual({ id: flag!.id, resolved: true });
    expect(await flags()).toEqual([]);
    expect(
      await db.prisma.auditLog.count({ where: { action: 'MESSAGE_FLAG_RESOLVED', targetId: flag!.id, actorId: admin.uid } }),
    ).toBe(1);
  });
});

describe.each(ruleBackends)('fair housing in conversations over REST on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let renter: TestAccount;
  let listingId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Avery', lastName: 'Agent' });
    renter = await createAccount(db.prisma, 'renter', { firstName: 'Rita', lastName: 'Renter' });
    const profile = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    listingId = (await createProperty(db.prisma, { userId: agent.uid, agentId: profile.id }, { title: 'Loft on Bedford' })).id;
    await db.prisma.thread.create({ data: { propertyId: listingId, renterId: renter.uid, agentUserId: agent.uid } });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const send = async (from: TestAccount, to: TestAccount, content: string) => {
    const res = await fetch(`${app.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173', ...from.bearer },
      body: JSON.stringify({ fromUserId: from.uid, toUserId: to.uid, propertyId: listingId, content }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (await res.json()) as any };
  };

  it("answers an agent's refusal with the message and a warning, and flags it", async () => {
    const r = await send(agent, renter, 'Vouchers: not accepted, sorry.');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      content: 'Vouchers: not accepted, sorry.',
      warning: { reason: 'SOURCE_OF_INCOME', phrase: 'Vouchers: not accepted' },
    });
    expect(r.body.warning.message).toMatch(/"Vouchers: not accepted" refuses rental assistance/);
    const flag = await db.prisma.messageFlag.findUnique({ where: { messageId: r.body.id } });
    expect(flag).toMatchObject({ reason: 'SOURCE_OF_INCOME', phrase: 'Vouchers: not accepted', resolvedAt: null });
  });

  it('answers a welcoming message, and the renter, without a warning or a flag', async () => {
    const before = await db.prisma.messageFlag.count();
    const welcome = await send(agent, renter, 'We accept CityFHEPS, HASA and Section 8.');
    expect(welcome.status).toBe(201);
    expect(welcome.body).not.toHaveProperty('warning');
    const fromRenter = await send(renter, agent, 'Do you take vouchers? Not accepting them would be illegal.');
    expect(fromRenter.status).toBe(201);
    expect(fromRenter.body).not.toHaveProperty('warning');
    expect(await db.prisma.messageFlag.count()).toBe(before);
  });
});

import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;
const ORIGIN = 'http://localhost:5173';
const GREETING = "Hi, I'm interested in this property. Is it still available?";

/** Statements that read or write conversations (the identity and presence statements left out). */
const messagingStatements = (queries: string[]) => queries.filter((q) => /"(Message|Thread)"/.test(q));

describe.each(backends)('messaging REST shims on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;
  let renter: TestAccount;
  let stranger: TestAccount;
  let listing: { id: string; slug: string };
  let second: { id: string; slug: string };
  let threadId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Avery', lastName: 'Agent' });
    renter = await createAccount(db.prisma, 'renter', { firstName: 'Rita', lastName: 'Renter' });
    stranger = await createAccount(db.prisma, 'renter', { firstName: 'Sam', lastName: 'Stranger' });
    await db.prisma.user.update({ where: { id: agent.uid }, data: { photoUrl: '/media/avatars/avery.jpg' } });
    const profile = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    listing = await createProperty(db.prisma, { userId: agent.uid, agentId: profile.id }, { title: 'Sunny 2BR on Bedford' });
    second = await createProperty(db.prisma, { userId: agent.uid, agentId: profile.id }, { title: '' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  const call = async (
    method: string,
    path: string,
    who: TestAccount | null,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${app.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(who ? who.bearer : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: (text ? JSON.parse(text) : null) as Body };
  };
  const messageCount = () => db.prisma.message.count();

  it('answers 401 to the signed-out, in each call’s documented shape', async () => {
    const start = await call('POST', '/api/threads', null, { propertySlug: listing.slug, firstMessage: GREETING });
    expect(start.status).toBe(401);
    expect(start.body).toMatchObject({ ok: false, threadId: null, error: 'You must sign in to do that.' });
    const threads = await call('GET', '/api/threads', null);
    expect(threads.status).toBe(401);
    expect(threads.body).toMatchObject({ ok: false, items: [], error: 'You must sign in to do that.' });
    for (const path of ['/api/messages', `/api/conversations?recipientId=${agent.uid}`]) {
      const r = await call('GET', path, null);
      expect(r.status, path).toBe(401);
      expect(r.body.error).toBe('You must sign in to do that.');
    }
    const send = await call('POST', '/api/messages', null, { fromUserId: renter.uid, toUserId: agent.uid, content: 'Hello' });
    expect(send.status).toBe(401);
    expect(send.body.error).toBe('You must sign in to do that.');
    expect(await messageCount()).toBe(0);
  });

  it('POST /api/threads starts one conversation per renter and listing, and reopens it', async () => {
    const before = await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id }, select: { inquiriesCount: true } });
    const first = await call('POST', '/api/threads', renter, { propertySlug: listing.slug, firstMessage: GREETING });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ ok: true, threadId: expect.any(String), error: null });
    threadId = first.body.threadId;

    const again = await call('POST', '/api/threads', renter, { propertyId: listing.id, firstMessage: 'Can I see it Saturday?' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ok: true, threadId, error: null });

    const after = await db.prisma.property.findUniqueOrThrow({ where: { id: listing.id }, select: { inquiriesCount: true } });
    expect(after.inquiriesCount).toBe(before.inquiriesCount + 1);
    const thread = await db.prisma.thread.findUniqueOrThrow({ where: { id: threadId }, include: { messages: true } });
    expect(thread).toMatchObject({ renterId: renter.uid, agentUserId: agent.uid, propertyId: listing.id });
    expect(thread.messages.map((m) => m.content).sort()).toEqual([GREETING, 'Can I see it Saturday?'].sort());
  });

  it('POST /api/threads refuses the listing’s agent, unknown listings and bad messages', async () => {
    const count = await messageCount();
    const own = await call('POST', '/api/threads', agent, { propertySlug: listing.slug, firstMessage: GREETING });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ ok: false, threadId: null, error: 'You are the agent for this listing.' });

    const unknown = await call('POST', '/api/threads', renter, { propertySlug: 'no-such-listing', firstMessage: GREETING });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ ok: false, threadId: null, error: 'That listing does not exist.' });

    const blank = await call('POST', '/api/threads', renter, { propertySlug: listing.slug, firstMessage: '   \n ' });
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ ok: false, threadId: null, error: 'firstMessage: Message cannot be empty' });

    const long = await call('POST', '/api/threads', renter, { propertySlug: listing.slug, firstMessage: 'x'.repeat(5_001) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ ok: false, error: 'firstMessage: Message must be at most 5,000 characters' });

    const noListing = await call('POST', '/api/threads', renter, { firstMessage: GREETING });
    expect(noListing.status).toBe(400);
    expect(noListing.body.error).toMatch(/propertySlug/);

    const malformed = await call('POST', '/api/threads', renter, '{"propertySlug": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ ok: false, threadId: null });

    const huge = await call('POST', '/api/threads', renter, { propertySlug: listing.slug, firstMessage: 'x'.repeat(40_000) });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ ok: false, threadId: null });
    expect(await messageCount()).toBe(count);
  });

  it('POST /api/messages: the agent answers, the renter replies, the created Message is returned', async () => {
    const answer = await call('POST', '/api/messages', agent, {
      fromUserId: agent.uid,
      toUserId: renter.uid,
      propertyId: listing.id,
      subject: 'ignored after the first message',
      content: '  Yes, it is! Saturday at 11?  ',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      threadId,
      fromUserId: agent.uid,
      toUserId: renter.uid,
      fromUser: { firstName: 'Avery', lastName: 'Agent', avatar: '/media/avatars/avery.jpg' },
      toUser: { firstName: 'Rita', lastName: 'Renter', avatar: null },
      propertyId: listing.id,
      subject: null,
      content: 'Yes, it is! Saturday at 11?',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // Without a listing: the conversation between the two (the most recent one).
    const reply = await call('POST', '/api/messages', renter, {
      fromUserId: renter.uid,
      toUserId: agent.uid,
      content: 'Perfect.',
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ threadId, fromUserId: renter.uid, toUserId: agent.uid, propertyId: listing.id });
    expect(reply.text).not.toContain(renter.email);
    expect(reply.text).not.toContain(agent.email);
    expect(reply.text).not.toContain(renter.phone);
  });

  it('POST /api/messages starts the renter’s conversation about another listing, keeping its subject', async () => {
    const before = await db.prisma.property.findUniqueOrThrow({ where: { id: second.id }, select: { inquiriesCount: true } });
    const r = await call('POST', '/api/messages', renter, {
      fromUserId: renter.uid,
      toUserId: agent.uid,
      propertyId: second.slug,
      subject: 'Studio question',
      content: 'Is the studio pet friendly?',
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ propertyId: second.id, subject: 'Studio question', toUserId: agent.uid });
    expect(r.body.threadId).not.toBe(threadId);
    const after = await db.prisma.property.findUniqueOrThrow({ where: { id: second.id }, select: { inquiriesCount: true } });
    expect(after.inquiriesCount).toBe(before.inquiriesCount + 1);
  });

  it('POST /api/messages: the agent side cannot start a conversation; nobody writes as someone else', async () => {
    const count = await messageCount();
    const asAgent = await call('POST', '/api/messages', agent, {
      fromUserId: agent.uid,
      toUserId: stranger.uid,
      propertyId: listing.id,
      content: 'Interested in this one?',
    });
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.error).toMatch(/You are the agent for this listing: the renter has to write to you first/);
    const noListing = await call('POST', '/api/messages', agent, {
      fromUserId: agent.uid,
      toUserId: stranger.uid,
      content: 'Hi',
    });
    expect(noListing.status).toBe(404);
    expect(noListing.body.error).toMatch(/no conversation with this person/);

    // The stranger tries to post into the renter's conversation as the renter, or as themselves to the renter.
    const forged = await call('POST', '/api/messages', stranger, {
      fromUserId: renter.uid,
      toUserId: agent.uid,
      propertyId: listing.id,
      content: 'Never mind, cancel it.',
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toMatch(/only send as yourself/);
    const toRenter = await call('POST', '/api/messages', stranger, {
      fromUserId: stranger.uid,
      toUserId: renter.uid,
      content: 'Hi',
    });
    expect(toRenter.status).toBe(404);
    const self = await call('POST', '/api/messages', renter, { fromUserId: renter.uid, toUserId: renter.uid, content: 'Hi' });
    expect(self.status).toBe(403);
    const wrongAgent = await call('POST', '/api/messages', stranger, {
      fromUserId: stranger.uid,
      toUserId: renter.uid,
      propertyId: listing.id,
      content: 'Hi',
    });
    expect(wrongAgent.status).toBe(400);
    expect(wrongAgent.body.error).toMatch(/toUserId/);
    expect(await messageCount()).toBe(count);
  });

  it('POST /api/messages refuses blank and 5,001-character messages with a clear message', async () => {
    const count = await messageCount();
    const base = { fromUserId: renter.uid, toUserId: agent.uid, propertyId: listing.id };
    const blank = await call('POST', '/api/messages', renter, { ...base, content: ' \r\n\t ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('content: Message cannot be empty');
    const long = await call('POST', '/api/messages', renter, { ...base, content: 'é'.repeat(5_001) });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('content: Message must be at most 5,000 characters');
    const exact = await call('POST', '/api/messages', renter, { ...base, propertyId: second.id, content: 'é'.repeat(5_000) });
    expect(exact.status).toBe(201);
    await db.prisma.message.delete({ where: { id: exact.body.id } });
    const missing = await call('POST', '/api/messages', renter, { toUserId: agent.uid, content: 'Hi' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^fromUserId/);
    expect(await messageCount()).toBe(count);
  });

  it('GET /api/threads lists the viewer’s conversations, most recent first, with the other person, in one statement', async () => {
    db.resetQueries();
    const mine = await call('GET', '/api/threads', renter);
    expect(messagingStatements(db.queries)).toHaveLength(1);
    expect(mine.status).toBe(200);
    expect(mine.body.ok).toBe(true);
    expect(mine.body.nextCursor).toBeNull();
    expect(mine.body.items).toHaveLength(2);
    const [latest, older] = mine.body.items;
    expect(latest).toEqual({
      id: expect.any(String),
      propertyTitle: 'Property Inquiry',
      status: 'open',
      agent: { name: 'Avery Agent', photoUrl: '/media/avatars/avery.jpg' },
      otherParticipant: { id: agent.uid, name: 'Avery Agent', photoUrl: '/media/avatars/avery.jpg' },
      lastMessageText: 'Is the studio pet friendly?',
      lastMessageAt: expect.any(String),
      unreadCount: 0,
      propertyId: second.id,
    });
    expect(older).toMatchObject({
      id: threadId,
      propertyTitle: 'Sunny 2BR on Bedford',
      lastMessageText: 'Perfect.',
      unreadCount: 1,
      propertyId: listing.id,
    });
    expect(Date.parse(latest.lastMessageAt)).toBeGreaterThan(Date.parse(older.lastMessageAt));
    expect(mine.text).not.toContain(agent.email);

    // The agent sees the renter as the other person, with what the renter sent unread.
    const theirs = await call('GET', '/api/threads', agent);
    const t = theirs.body.items.find((i: Body) => i.id === threadId);
    expect(t).toMatchObject({
      agent: { name: 'Rita Renter', photoUrl: null },
      otherParticipant: { id: renter.uid, name: 'Rita Renter' },
      unreadCount: 3,
    });
    expect((await call('GET', '/api/threads', stranger)).body).toEqual({ ok: true, items: [], nextCursor: null });
  });

  it('GET /api/threads pages with limit and cursor', async () => {
    const page1 = await call('GET', '/api/threads?limit=1', renter);
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await call('GET', `/api/threads?limit=1&cursor=${encodeURIComponent(page1.body.nextCursor)}`, renter);
    expect(page2.body.items.map((i: Body) => i.id)).toEqual([threadId]);
    expect(page2.body.nextCursor).toBeNull();
    const tooMany = await call('GET', '/api/threads?limit=51', renter);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ ok: false, items: [], error: 'limit: must be at most 50' });
    const forged = await call('GET', '/api/threads?cursor=bm9wZQ', renter);
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ ok: false, items: [] });
  });

  it('GET /api/messages answers the viewer’s messages newest first, paged, in one statement per page', async () => {
    db.resetQueries();
    const all = await call('GET', `/api/messages?userId=${renter.uid}`, renter);
    expect(messagingStatements(db.queries)).toHaveLength(1);
    expect(all.status).toBe(200);
    const contents = all.body.items.map((m: Body) => m.content);
    expect(contents).toEqual([
      'Is the studio pet friendly?',
      'Perfect.',
      'Yes, it is! Saturday at 11?',
      expect.any(String),
      expect.any(String),
    ]);
    expect(all.body.nextCursor).toBeNull();
    expect(Object.keys(all.body.items[0]).sort()).toEqual(
      [
        'content',
        'createdAt',
        'fromUser',
        'fromUserId',
        'id',
        'isRead',
        'propertyId',
        'subject',
        'threadId',
        'toUser',
        'toUserId',
      ].sort(),
    );
    expect(all.text).not.toContain(agent.email);
    expect(all.text).not.toContain(agent.phone);

    const page1 = await call('GET', '/api/messages?limit=2', renter);
    expect(page1.body.items.map((m: Body) => m.content)).toEqual(contents.slice(0, 2));
    const page2 = await call('GET', `/api/messages?limit=2&cursor=${page1.body.nextCursor}`, renter);
    expect(page2.body.items.map((m: Body) => m.content)).toEqual(contents.slice(2, 4));

    const agentView = await call('GET', '/api/messages', agent);
    expect(agentView.body.items).toHaveLength(5);
    expect((await call('GET', '/api/messages', stranger)).body).toEqual({ items: [], nextCursor: null });
    const other = await call('GET', `/api/messages?userId=${renter.uid}`, stranger);
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('You can only read your own messages.');
  });

  it('GET /api/conversations answers the messages between the viewer and one person, in order; nobody else’s', async () => {
    db.resetQueries();
    const convo = await call('GET', `/api/conversations?userId=${renter.uid}&recipientId=${agent.uid}`, renter);
    expect(messagingStatements(db.queries)).toHaveLength(1);
    expect(convo.status).toBe(200);
    const items = convo.body.items as Body[];
    expect(items).toHaveLength(5);
    const times = items.map((m) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(items.at(-1)).toMatchObject({ content: 'Is the studio pet friendly?', fromUserId: renter.uid, toUserId: agent.uid });

    const aboutOne = await call(
      'GET',
      `/api/conversations?userId=${renter.uid}&recipientId=${agent.uid}&propertyId=${listing.id}`,
      renter,
    );
    expect(aboutOne.body.items.map((m: Body) => m.content)).toEqual([...items.slice(0, 4).map((m) => m.content)]);
    expect(aboutOne.body.items.every((m: Body) => m.threadId === threadId)).toBe(true);

    // The agent reads the same conversation from the other side.
    const agentSide = await call('GET', `/api/conversations?recipientId=${renter.uid}&propertyId=${listing.slug}`, agent);
    expect(agentSide.body.items.map((m: Body) => m.id)).toEqual(aboutOne.body.items.map((m: Body) => m.id));

    // Older pages: the newest page first, each in chronological order.
    const newest = await call('GET', `/api/conversations?recipientId=${agent.uid}&limit=3`, renter);
    expect(newest.body.items.map((m: Body) => m.id)).toEqual(items.slice(2).map((m) => m.id));
    const before = await call(
      'GET',
      `/api/conversations?recipientId=${agent.uid}&limit=3&cursor=${newest.body.nextCursor}`,
      renter,
    );
    expect(before.body.items.map((m: Body) => m.id)).toEqual(items.slice(0, 2).map((m) => m.id));
    expect(before.body.nextCursor).toBeNull();

    // A stranger: not as the renter, and nothing between themselves and either of them.
    const spy = await call('GET', `/api/conversations?userId=${renter.uid}&recipientId=${agent.uid}`, stranger);
    expect(spy.status).toBe(403);
    expect(spy.body.error).toBe('You can only read your own conversations.');
    const own = await call('GET', `/api/conversations?userId=${stranger.uid}&recipientId=${agent.uid}`, stranger);
    expect(own.body).toEqual({ items: [], nextCursor: null });
    const missing = await call('GET', `/api/conversations?userId=${renter.uid}`, renter);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^recipientId/);
  });

  it('refuses cookie-authenticated writes without an allowed Origin (CSRF), and accepts them with it', async () => {
    const session = await fetch(`${app.url}/api/auth/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ idToken: renter.idToken }),
    });
    expect(session.status).toBe(200);
    const cookie = `session=${/session=([^;]+)/.exec(session.headers.get('set-cookie') ?? '')![1]}`;
    const count = await messageCount();
    const body = JSON.stringify({
      fromUserId: renter.uid,
      toUserId: agent.uid,
      propertyId: listing.id,
      content: 'From a cookie',
    });
    const refused: Array<Record<string, string>> = [{ cookie }, { cookie, origin: 'https://evil.example' }];
    for (const headers of refused) {
      const res = await fetch(`${app.url}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as Body).error).toBe('Cross-site request refused');
      const start = await fetch(`${app.url}/api/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ propertySlug: second.slug, firstMessage: 'From a cookie' }),
      });
      expect(start.status).toBe(403);
    }
    expect(await messageCount()).toBe(count);
    const ok = await fetch(`${app.url}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: ORIGIN },
      body,
    });
    expect(ok.status).toBe(201);
    const reads = await call('GET', '/api/threads', null, undefined, { cookie });
    expect(reads.body.ok).toBe(true);
    expect(reads.body.items[0].lastMessageText).toBe('From a cookie');
  });

  it(`limits sending to ${RATE_LIMITS.messageSend.points} messages a minute per user: the next answers 429 with Retry-After`, async () => {
    expect(RATE_LIMITS.messageSend).toMatchObject({ points: 30, durationSeconds: 60 });
    const fast = await createAccount(db.prisma, 'renter', { firstName: 'Quinn', lastName: 'Quick' });
    const start = await call('POST', '/api/threads', fast, { propertySlug: listing.slug, firstMessage: GREETING });
    expect(start.status).toBe(201);
    const body = { fromUserId: fast.uid, toUserId: agent.uid, propertyId: listing.id, content: 'Still there?' };
    for (let i = 2; i <= RATE_LIMITS.messageSend.points; i++) {
      const r = await call('POST', '/api/messages', fast, body);
      expect(r.status, `message ${i}`).toBe(201);
    }
    const over = await call('POST', '/api/messages', fast, body);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/^You are sending messages too quickly\. Please wait \d+ seconds and try again\.$/);
    const retry = Number(over.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);

    const again = await call('POST', '/api/threads', fast, { propertySlug: listing.slug, firstMessage: 'Hello?' });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ ok: false, threadId: null, error: expect.stringMatching(/too quickly/) });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.message.count({ where: { senderId: fast.uid } })).toBe(RATE_LIMITS.messageSend.points);

    // Per user: the others still send.
    const other = await call('POST', '/api/messages', renter, { fromUserId: renter.uid, toUserId: agent.uid, content: 'Me too' });
    expect(other.status).toBe(201);
  });
});

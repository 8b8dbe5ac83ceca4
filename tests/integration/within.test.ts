import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, type DomainEvent } from '../../server/core/events.js';
import { within, type WithinEvent } from '../../server/core/within.js';
import { currentLocale } from '../../common/i18n/messages.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Issue 52 item 4: side effects across modules go through events. A module says what happened inside
// its write (core/within.ts); messaging and notifications, wired in server/modules/effects.ts, write the
// conversation's message and the bell's rows in that same transaction, so they commit with the write or
// not at all, and the bus hears of them only once the writer says the write committed.

describe.each(backends)('events inside a write on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.close());

  async function parties() {
    const { user: agent, agent: profile } = await createAgent(db.prisma);
    const listing = await createProperty(db.prisma, { userId: agent.id, agentId: profile.id });
    const renter = await createUser(db.prisma, { locale: 'es' });
    return { agent, listing, renter };
  }

  const stepOf = (p: Awaited<ReturnType<typeof parties>>): WithinEvent => ({
    type: 'tour.stepTaken',
    conversation: { propertyId: p.listing.id, renterId: p.renter.id, agentUserId: p.agent.id, countsAsInquiry: true },
    message: {
      from: p.agent.id,
      writtenTo: p.renter.id,
      content: () => 'hola',
      event: { lines: [{ written: 'See you at noon' }] },
    },
    tell: [
      {
        userId: p.renter.id,
        kind: 'TOUR_UPDATE',
        texts: { title: 'Tour confirmed' },
        url: (a) => `/messages?open=${a.threadId}`,
      },
    ],
  });

  function heard() {
    const events: DomainEvent[] = [];
    const stop = eventsOf(db.prisma).subscribe((event) => {
      if (event.type === 'message.sent' || event.type === 'notification.created' || event.type === 'tour.changed')
        events.push(event);
    });
    return { events, stop };
  }

  it('writes the message and the notification in the writer’s transaction; the bus hears them once it committed', async () => {
    const p = await parties();
    const bus = heard();
    try {
      const { effects, answers, heardBeforeCommit } = await db.prisma.$transaction(async (tx) => {
        const effects = within(db.prisma, tx);
        const answers = await effects.happened(stepOf(p));
        effects.afterCommit({
          type: 'tour.changed',
          tourId: '00000000-0000-4000-8000-000000000000',
          renterId: p.renter.id,
          agentUserId: p.agent.id,
          step: 'CONFIRMED',
          to: 'RENTER',
        });
        return { effects, answers, heardBeforeCommit: bus.events.length };
      });
      expect(heardBeforeCommit).toBe(0);
      expect(bus.events).toEqual([]);
      effects.published();
      const thread = await db.prisma.thread.findUniqueOrThrow({
        where: { propertyId_renterId: { propertyId: p.listing.id, renterId: p.renter.id } },
        select: { id: true, messages: { select: { id: true, senderId: true, content: true } } },
      });
      expect(answers.threadId).toBe(thread.id);
      expect(thread.messages).toEqual([{ id: answers.messageId, senderId: p.agent.id, content: 'hola' }]);
      const told = await db.prisma.notification.findMany({
        where: { userId: p.renter.id },
        select: { id: true, title: true, url: true },
      });
      expect(told).toEqual([{ id: answers.told![0]!.id, title: 'Tour confirmed', url: `/messages?open=${thread.id}` }]);
      // The conversation is new: one inquiry on the listing.
      expect((await db.prisma.property.findUniqueOrThrow({ where: { id: p.listing.id } })).inquiriesCount).toBe(
        p.listing.inquiriesCount + 1,
      );
      expect(bus.events.map((e) => e.type)).toEqual(['message.sent', 'notification.created', 'tour.changed']);
      // Published once: a second call has nothing left.
      effects.published();
      expect(bus.events).toHaveLength(3);
    } finally {
      bus.stop();
    }
  });

  it('a write that fails after the event leaves no message, no notification and no conversation, and nothing is announced', async () => {
    const p = await parties();
    const bus = heard();
    try {
      const failed = db.prisma.$transaction(async (tx) => {
        const effects = within(db.prisma, tx);
        await effects.happened(stepOf(p));
        throw new Error('the tour row could not be written');
      });
      await expect(failed).rejects.toThrow('the tour row could not be written');
      expect(await db.prisma.thread.count({ where: { renterId: p.renter.id } })).toBe(0);
      expect(await db.prisma.message.count({ where: { senderId: p.agent.id } })).toBe(0);
      expect(await db.prisma.notification.count({ where: { userId: p.renter.id } })).toBe(0);
      expect((await db.prisma.property.findUniqueOrThrow({ where: { id: p.listing.id } })).inquiriesCount).toBe(
        p.listing.inquiriesCount,
      );
      expect(bus.events).toEqual([]);
    } finally {
      bus.stop();
    }
  });

  it('a message made as a function is stored in the language of whom it is written to; the agent side writes when named so', async () => {
    const p = await parties();
    const effects = within(db.prisma, db.prisma);
    const { messageId } = await effects.happened({
      type: 'listing.visitsWithdrawn',
      conversation: {
        propertyId: p.listing.id,
        renterId: p.renter.id,
        agentUserId: p.agent.id,
        listingTitle: 'Kept title',
        countsAsInquiry: false,
      },
      message: { from: 'AGENT', writtenTo: p.renter.id, content: () => `written in ${currentLocale()}` },
      tell: [],
    });
    const message = await db.prisma.message.findUniqueOrThrow({
      where: { id: messageId! },
      select: { senderId: true, content: true },
    });
    // The renter reads Spanish: the content was made in it.
    expect(message).toEqual({ senderId: p.agent.id, content: 'written in es' });
    // A notice of the app's is no inquiry.
    expect((await db.prisma.property.findUniqueOrThrow({ where: { id: p.listing.id } })).inquiriesCount).toBe(
      p.listing.inquiriesCount,
    );
  });
});

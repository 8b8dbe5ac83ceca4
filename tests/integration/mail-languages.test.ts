import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice } from '../../common/format.js';
import { createLogger } from '../../server/logger.js';
import { runListingAlert } from '../../server/modules/alerts/alerts.service.js';
import { sendOfflineMail } from '../../server/modules/messaging/offline-mail.js';
import { sendDueReminders } from '../../server/modules/tours/tour-jobs.js';
import { requestTour } from '../../server/modules/tours/tour-requests.service.js';
import { formatTourWindow } from '../../common/tours.js';
import { inLocale } from '../../server/core/locale.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { recordingMailer } from '../setup/outbox.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// What the server writes to one person (issue 29 item 4) is in that person's language: their
// account's `locale` (null: English), whatever language the request or the job that makes it runs in.
// The listing's title, names and a person's words stay as written; times are New York's, in the
// recipient's language.

const silent = createLogger('silent');
const PUBLIC_URL = 'https://rentals.example.com';

describe.each(transportBackends)('e-mails and notifications in the recipient’s language on %s', (backend) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.close());

  it('the offline-message e-mail: Spanish for es, Chinese for zh, English without a setting', async () => {
    const T0 = new Date('2026-09-01T12:00:00.000Z');
    const { user: agent, agent: profile } = await createAgent(db.prisma, { user: { firstName: 'Jane', lastName: 'Doe' } });
    const listing = await createProperty(db.prisma, { userId: agent.id, agentId: profile.id }, { title: '2BR in Williamsburg' });
    const renters = {
      en: await createUser(db.prisma, { firstName: 'Rita', locale: null }),
      es: await createUser(db.prisma, { firstName: 'Rosa', locale: 'es' }),
      zh: await createUser(db.prisma, { firstName: 'Li', locale: 'zh' }),
    };
    const unread = { en: 1, es: 2, zh: 1 };
    for (const [locale, renter] of Object.entries(renters) as Array<[keyof typeof renters, { id: string }]>) {
      const thread = await db.prisma.thread.create({
        data: { propertyId: listing.id, renterId: renter.id, agentUserId: agent.id, lastMessageAt: T0 },
      });
      for (let i = 0; i < unread[locale]; i++) {
        await db.prisma.message.create({
          data: {
            threadId: thread.id,
            senderId: agent.id,
            content: `Hello, it is free on Saturday (${i}).`,
            createdAt: new Date(T0.getTime() - (10 - i) * 60_000),
          },
        });
      }
    }

    const mailer = recordingMailer();
    expect(await sendOfflineMail({ prisma: db.prisma, mailer, log: silent, publicUrl: PUBLIC_URL, now: T0 })).toBe(3);
    const to = (email: string) => mailer.sent.find((m) => m.to === email)!;

    const en = to(renters.en.email);
    expect(en.subject).toBe('New message from Jane about 2BR in Williamsburg');
    expect(en.text).toContain('Hi Rita,\n\nYou have 1 unread message from Jane about 2BR in Williamsburg.\n\nLatest:\n');
    expect(en.text).toContain('While you are away we send at most one e-mail per conversation per hour.');

    const es = to(renters.es.email);
    expect(es.subject).toBe('Nuevo mensaje de Jane sobre 2BR in Williamsburg');
    expect(es.text).toContain(
      'Hola, Rosa:\n\nTiene 2 mensajes sin leer de Jane sobre 2BR in Williamsburg.\n\nEl más reciente:\n',
    );
    expect(es.text).toContain('El más reciente:\nHello, it is free on Saturday (1).\n'); // the latest, as written
    expect(es.text).toContain(`Leer y responder: ${PUBLIC_URL}/messages?open=`);

    const zh = to(renters.zh.email);
    expect(zh.subject).toBe('Jane 就 2BR in Williamsburg 给您发来新消息');
    expect(zh.text).toContain('Li，您好：\n\n您有来自 Jane 关于 2BR in Williamsburg 的 1 条未读消息。');
  });

  it('a saved-search alert: its notification is stored, and its e-mail sent, in each owner’s language', async () => {
    const { user: agent, agent: profile } = await createAgent(db.prisma);
    const seekers = {
      en: await createUser(db.prisma, { firstName: 'Ed', locale: null }),
      es: await createUser(db.prisma, { firstName: 'Eva', locale: 'es' }),
      zh: await createUser(db.prisma, { firstName: 'Wei', locale: 'zh' }),
    };
    for (const seeker of Object.values(seekers)) {
      await db.prisma.savedSearch.create({
        data: { userId: seeker.id, name: 'Brooklyn rentals', filter: { borough: 'BROOKLYN' }, unsubscribeToken: randomUUID() },
      });
    }
    const listing = await createProperty(
      db.prisma,
      { userId: agent.id, agentId: profile.id },
      { title: 'Sunny loft on Bedford', price: 3600 },
    );

    const mailer = recordingMailer();
    const deps = { prisma: db.prisma, mailer, log: silent, publicUrl: PUBLIC_URL };
    expect(await runListingAlert(deps, { propertyId: listing.id, event: 'PUBLISHED' })).toBe(3);

    const note = (userId: string) =>
      db.prisma.notification.findFirstOrThrow({ where: { userId, propertyId: listing.id }, select: { title: true, body: true } });
    expect(await note(seekers.en.id)).toEqual({
      title: 'New listing: Sunny loft on Bedford',
      body: '$3,600/mo in Williamsburg · matches “Brooklyn rentals”',
    });
    expect(await note(seekers.es.id)).toEqual({
      title: 'Nuevo anuncio: Sunny loft on Bedford',
      body: `${formatPrice(3600, 'es')} al mes en Williamsburg · coincide con “Brooklyn rentals”`,
    });
    expect(formatPrice(3600, 'es')).toMatch(/^3\.600\sUS\$$/);
    expect(await note(seekers.zh.id)).toEqual({
      title: '新房源：Sunny loft on Bedford',
      body: '每月 $3,600，位于 Williamsburg · 符合“Brooklyn rentals”',
    });

    // The instant e-mails went with the job.
    const to = (email: string) => mailer.sent.find((m) => m.to === email)!;
    expect(mailer.sent).toHaveLength(3);
    expect(to(seekers.en.email).subject).toBe('New match for “Brooklyn rentals”: Sunny loft on Bedford');
    expect(to(seekers.en.email).text).toContain(
      'Hi Ed,\n\nYour saved search “Brooklyn rentals” has news:\n\nNew: Sunny loft on Bedford — $3,600/mo, Williamsburg\n',
    );
    expect(to(seekers.es.email).subject).toBe('Nueva coincidencia para “Brooklyn rentals”: Sunny loft on Bedford');
    expect(to(seekers.es.email).text).toContain(
      `Hola, Eva:\n\nHay novedades en su búsqueda guardada “Brooklyn rentals”:\n\nNuevo: Sunny loft on Bedford — ${formatPrice(3600, 'es')} al mes, Williamsburg\n`,
    );
    expect(to(seekers.es.email).text).toContain(`Desactivar estas alertas: ${PUBLIC_URL}/alerts/unsubscribe/`);
    expect(to(seekers.zh.email).subject).toBe('“Brooklyn rentals”有新匹配：Sunny loft on Bedford');
    expect(to(seekers.zh.email).text).toContain('新房源：Sunny loft on Bedford — 每月 $3,600，Williamsburg\n');
  });

  it('a tour reminder: each side’s notification and e-mail in its language, the time on New York’s clock', async () => {
    const { user: agent, agent: profile } = await createAgent(db.prisma, { user: { firstName: 'Ana', locale: 'zh' } });
    const renter = await createUser(db.prisma, { firstName: 'Sofía', locale: 'es' });
    const listing = await createProperty(
      db.prisma,
      { userId: agent.id, agentId: profile.id },
      { title: 'Quiet 1BR by the park', address: '12 Bedford Avenue' },
    );
    const thread = await db.prisma.thread.create({
      data: { propertyId: listing.id, renterId: renter.id, agentUserId: agent.id },
    });
    // Saturday 5 December 2026, 2:00 to 3:00 PM in New York (EST, UTC-5); the reminder's run the day before.
    const startsAt = new Date('2026-12-05T19:00:00.000Z');
    const endsAt = new Date('2026-12-05T20:00:00.000Z');
    await db.prisma.tourRequest.create({
      data: {
        propertyId: listing.id,
        renterId: renter.id,
        agentUserId: agent.id,
        threadId: thread.id,
        status: 'CONFIRMED',
        startsAt,
        endsAt,
        confirmedAt: new Date('2026-12-01T12:00:00.000Z'),
        expiresAt: new Date('2026-12-02T12:00:00.000Z'),
      },
    });

    const mailer = recordingMailer();
    const deps = { prisma: db.prisma, mailer, log: silent, publicUrl: PUBLIC_URL };
    expect(await sendDueReminders(deps, new Date('2026-12-04T20:00:00.000Z'))).toBe(1);

    const notes = await db.prisma.notification.findMany({
      where: { propertyId: listing.id, kind: 'TOUR_REMINDER' },
      select: { userId: true, title: true },
    });
    expect(notes.find((n) => n.userId === renter.id)?.title).toBe('Su visita es mañana');
    expect(notes.find((n) => n.userId === agent.id)?.title).toBe('您的看房在明天');

    const to = (email: string) => mailer.sent.find((m) => m.to === email)!;
    expect(mailer.sent).toHaveLength(2);
    const es = to(renter.email);
    expect(es.subject).toBe('Su visita es mañana: Quiet 1BR by the park');
    expect(es.text).toContain(
      'Hola, Sofía:\n\nRecordatorio: la visita de Quiet 1BR by the park es mañana, sáb, 5 dic, 14:00 – 15:00 (hora de Nueva York).\nDirección: ',
    );
    expect(es.text).toContain(`Sus visitas: ${PUBLIC_URL}/me/tours`);
    const zh = to(agent.email);
    expect(zh.subject).toBe('您的看房在明天：Quiet 1BR by the park');
    expect(zh.text).toContain(
      'Ana，您好：\n\n提醒：Quiet 1BR by the park 的看房在明天，12月5日周六 14:00 – 15:00（纽约时间）。\n地址：',
    );
  });

  it('a tour request asked in Chinese: the agent’s notification and message are written in the agent’s Spanish', async () => {
    const { user: agent, agent: profile } = await createAgent(db.prisma, { user: { locale: 'es' } });
    const renter = await createUser(db.prisma, { firstName: 'Mei', locale: 'zh' });
    const listing = await createProperty(db.prisma, { userId: agent.id, agentId: profile.id }, { title: 'Loft on Kent' });
    const startsAt = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 3_600_000) * 3_600_000);
    const window = { startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
    const allowed = { take: async () => ({ allowed: true as const }), points: 5, durationSeconds: 3600 };
    // The renter's request runs in Chinese (their page's language).
    const { id } = await inLocale('zh', () =>
      requestTour(
        { prisma: db.prisma, limits: { tourRequest: allowed } as never },
        { uid: renter.id, email: renter.email, role: null } as never,
        { listingId: listing.id, windows: [{ startsAt: startsAt.toISOString(), endsAt: window.endsAt.toISOString() }] },
      ),
    );
    const when = inLocale('es', () => formatTourWindow(window));
    expect(when).not.toBe(inLocale('en', () => formatTourWindow(window)));
    const note = await db.prisma.notification.findFirstOrThrow({
      where: { userId: agent.id, kind: 'TOUR_UPDATE', propertyId: listing.id },
      select: { title: true, body: true },
    });
    expect(note).toEqual({ title: 'Solicitud de visita: Loft on Kent', body: `Mei propuso un horario: ${when}` });
    const tour = await db.prisma.tourRequest.findUniqueOrThrow({ where: { id }, select: { threadId: true } });
    const message = await db.prisma.message.findFirstOrThrow({ where: { threadId: tour.threadId }, select: { content: true } });
    expect(message.content).toBe(`Solicitud de visita. Horarios que me convienen (hora de Nueva York):\n${when}`);
  });
});

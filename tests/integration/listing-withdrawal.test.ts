import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { outbox, waitUntil } from '../setup/outbox.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { ruleBackends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// Issue 58 item 4: a listing deleted or deactivated with people attached tells each of them. Its
// upcoming tours (requested and confirmed) and open-house RSVPs are cancelled, and each renter gets one
// message in their conversation about it (made when there is none), a notification and an e-mail, in
// their own language; the tours stay on the renter's list as Cancelled with the reason, a deleted
// listing's conversation keeps its title, past tours are left alone, and other listings' people are not
// touched. The dialogs' count of who is affected is its managers' only.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const windowAt = (hours: number) => ({
  startsAt: at(hours).toISOString(),
  endsAt: new Date(at(hours).getTime() + 30 * 60_000).toISOString(),
});

const REQUEST = `mutation Q($input: RequestTourInput!) { requestTour(input: $input) { id threadId windows { id } } }`;
const CONFIRM = `mutation C($id: ID!, $windowId: ID!) { confirmTour(id: $id, windowId: $windowId) { id status } }`;
const RSVP = `mutation R($id: ID!) { rsvpOpenHouse(id: $id) { id viewerRsvp } }`;
const AFFECTED = `query A($id: ID!) { listingAffectedPeople(id: $id) { upcomingTours openHouseRsvps conversations people } }`;
const DELETE = `mutation D($id: ID!) { deleteListing(id: $id) { id } }`;
const DEACTIVATE = `mutation S($id: ID!) { setListingStatus(id: $id, status: INACTIVE) { id status } }`;
const PAST = `{ myTours(side: RENTER, state: PAST) { id status cancelReason listingTitle listing { id } } }`;
const THREAD = `query T($id: ID!) { thread(id: $id) { id title } }`;

const asViewer = (u: { id: string; email: string }, role: Viewer['role'] = 'RENTER'): Viewer => ({
  uid: u.id,
  email: u.email,
  role,
});
const codeOf = (r: { errors?: ReadonlyArray<{ originalError?: Error | null; extensions?: Record<string, unknown> }> }) =>
  (r.errors?.[0]?.originalError as { code?: string } | undefined)?.code ?? r.errors?.[0]?.extensions?.code;

describe.each(ruleBackends)('a withdrawn listing tells its people on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: Viewer;
  let agentId: string;

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    const made = await createAgent(db.prisma, { user: { firstName: 'Ada', lastName: 'Agent' } });
    agent = asViewer(made.user, 'AGENT');
    agentId = made.agent.id;
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  /**
   * A listing with: Rosa's confirmed tour (Spanish), Rita's requested tour (English), Li's RSVP to an
   * open house (Chinese, no conversation), Dora's conversation only, and Dora's tour that is over.
   */
  async function arrange(title: string) {
    const home = await createProperty(db.prisma, { userId: agent.uid, agentId }, { title });
    const renter = async (firstName: string, locale: string | null) =>
      asViewer(await createUser(db.prisma, { firstName, lastName: 'Renter', locale }));
    const rosa = await renter('Rosa', 'es');
    const rita = await renter('Rita', null);
    const li = await renter('Li', 'zh');
    const dora = await renter('Dora', null);

    const asked = (await query<Body>(db.prisma, REQUEST, { input: { listingId: home.id, windows: [windowAt(30)] } }, rosa))
      .requestTour;
    await query(db.prisma, CONFIRM, { id: asked.id, windowId: asked.windows[0].id }, agent);
    const requested = (await query<Body>(db.prisma, REQUEST, { input: { listingId: home.id, windows: [windowAt(40)] } }, rita))
      .requestTour;
    const openHouse = await db.prisma.openHouse.create({
      data: { propertyId: home.id, startsAt: at(50), endsAt: at(51) },
    });
    await query(db.prisma, RSVP, { id: openHouse.id }, li);
    const doraThread = await db.prisma.thread.create({
      data: { propertyId: home.id, renterId: dora.uid, agentUserId: agent.uid },
    });
    await db.prisma.message.create({ data: { threadId: doraThread.id, senderId: dora.uid, content: 'Is it still available?' } });
    const past = await db.prisma.tourRequest.create({
      data: {
        propertyId: home.id,
        renterId: dora.uid,
        agentUserId: agent.uid,
        threadId: doraThread.id,
        status: 'CONFIRMED',
        startsAt: at(-48),
        endsAt: at(-47),
        confirmedAt: at(-72),
        expiresAt: at(-60),
      },
    });
    return { home, rosa, rita, li, dora, confirmed: asked, requested, openHouse, doraThread, past };
  }

  const lastMessage = async (renterId: string, title: string) => {
    const thread = await db.prisma.thread.findFirst({
      where: { renterId, OR: [{ property: { title } }, { listingTitle: title }] },
      select: { id: true, messages: { orderBy: { createdAt: 'desc' }, take: 1, select: { content: true, senderId: true } } },
    });
    return thread ? { threadId: thread.id, ...thread.messages[0]! } : null;
  };
  const notificationOf = (userId: string, startsWith: string) =>
    db.prisma.notification.findFirst({
      where: { userId, title: { startsWith } },
      select: { title: true, body: true, url: true },
    });
  // The e-mail to one address whose text has `text` (subjects in Spanish or Chinese are encoded).
  const mailTo = async (email: string, text: string) =>
    (await outbox(app)).find((m) => m.includes(`To: ${email}`) && m.includes(text));

  it("counts who would be told for the listing's managers only", async () => {
    const s = await arrange('Counted loft');
    expect((await query<Body>(db.prisma, AFFECTED, { id: s.home.id }, agent)).listingAffectedPeople).toEqual({
      upcomingTours: 2,
      openHouseRsvps: 1,
      conversations: 3,
      people: 4,
    });
    // Someone else (even a renter who took part), or nobody signed in, is refused.
    expect(codeOf(await execute(db.prisma, AFFECTED, { id: s.home.id }, s.rosa))).toBe('FORBIDDEN');
    const otherAgent = await createAgent(db.prisma, { user: { firstName: 'Otto', lastName: 'Other' } });
    expect(codeOf(await execute(db.prisma, AFFECTED, { id: s.home.id }, asViewer(otherAgent.user, 'AGENT')))).toBe('FORBIDDEN');
    expect(codeOf(await execute(db.prisma, AFFECTED, { id: s.home.id }, null))).toBe('UNAUTHENTICATED');
  });

  it.each([
    {
      how: 'delete',
      mutation: DELETE,
      reason: 'LISTING_REMOVED',
      en: 'Listing removed: ',
      es: 'Anuncio eliminado: ',
      zh: '房源已删除：',
      esLine: 'se eliminó',
    },
    {
      how: 'deactivate',
      mutation: DEACTIVATE,
      reason: 'LISTING_UNAVAILABLE',
      en: 'No longer available: ',
      es: 'Ya no está disponible: ',
      zh: '已不再提供：',
      esLine: 'ya no está disponible',
    },
  ])(
    'on $how: tours and RSVPs to come are cancelled, and each renter gets a message, a notification and an e-mail in their language',
    async (c) => {
      const title = `Withdrawn ${c.how} loft`;
      const s = await arrange(title);
      // Another owner's listing and its renter are not touched.
      const otherOwner = await createAgent(db.prisma, { user: { firstName: 'Olga', lastName: 'Owner' } });
      const elsewhere = await createProperty(db.prisma, { userId: otherOwner.user.id, agentId: otherOwner.agent.id });
      const otherTour = (
        await query<Body>(db.prisma, REQUEST, { input: { listingId: elsewhere.id, windows: [windowAt(30)] } }, s.rita)
      ).requestTour;

      await query(db.prisma, c.mutation, { id: s.home.id }, agent);

      // Each renter's notification, in their language.
      const rosaBell = await waitUntil('Rosa notified', () => notificationOf(s.rosa.uid, `${c.es}${title}`));
      expect(rosaBell.body).toContain('(hora de Nueva York) se canceló');
      const liBell = await waitUntil('Li notified', () => notificationOf(s.li.uid, `${c.zh}${title}`));
      expect(liBell.body).toContain('开放参观的报名已取消');
      const ritaBell = await waitUntil('Rita notified', () => notificationOf(s.rita.uid, `${c.en}${title}`));
      expect(ritaBell.body).toBe('Your tour request is cancelled.');
      const doraBell = await waitUntil('Dora notified', () => notificationOf(s.dora.uid, `${c.en}${title}`));
      expect(doraBell.url).toBe(`/messages?open=${s.doraThread.id}`);

      // One message each, from the agent's side, in their conversation about the listing (Li's is new).
      const rosaMessage = await lastMessage(s.rosa.uid, title);
      expect(rosaMessage).toMatchObject({ threadId: s.confirmed.threadId, senderId: agent.uid });
      expect(rosaMessage!.content).toContain(c.esLine);
      expect(rosaMessage!.content).toContain('Su visita del');
      const liMessage = await lastMessage(s.li.uid, title);
      expect(liMessage).toMatchObject({ senderId: agent.uid });
      expect(liMessage!.content).toContain('开放参观的报名已取消');
      expect((await lastMessage(s.rita.uid, title))!.content).toContain('Your tour request is cancelled.');
      expect(await lastMessage(s.dora.uid, title)).toMatchObject({ threadId: s.doraThread.id, senderId: agent.uid });

      // The conversations keep the listing's title, deleted or not.
      for (const [who, threadId] of [
        [s.rosa, s.confirmed.threadId],
        [s.li, liMessage!.threadId],
      ] as const)
        expect((await query<Body>(db.prisma, THREAD, { id: threadId }, who)).thread.title).toBe(title);

      // The tours are on the renter's list, cancelled with the reason; the listing is gone only when deleted.
      const rosaPast = (await query<Body>(db.prisma, PAST, {}, s.rosa)).myTours;
      expect(rosaPast).toEqual([
        {
          id: s.confirmed.id,
          status: 'CANCELLED',
          cancelReason: c.reason,
          listingTitle: title,
          listing: c.how === 'delete' ? null : { id: s.home.id },
        },
      ]);
      const ritaPast = (await query<Body>(db.prisma, PAST, {}, s.rita)).myTours;
      expect(ritaPast.map((t: Body) => [t.id, t.status])).toEqual([[s.requested.id, 'CANCELLED']]);
      // The RSVP is cancelled (open houses going with a deleted listing).
      expect(await db.prisma.openHouseRsvp.count({ where: { userId: s.li.uid } })).toBe(0);
      // A tour that is over is left as it was.
      expect(await db.prisma.tourRequest.findUniqueOrThrow({ where: { id: s.past.id }, select: { status: true } })).toEqual({
        status: 'CONFIRMED',
      });
      // The other listing's tour and renter: untouched, told nothing of it.
      expect(await db.prisma.tourRequest.findUniqueOrThrow({ where: { id: otherTour.id }, select: { status: true } })).toEqual({
        status: 'REQUESTED',
      });
      expect(await db.prisma.notification.count({ where: { userId: s.rita.uid, title: { contains: elsewhere.title } } })).toBe(0);

      // And an e-mail each, in their language.
      const rosaUser = await db.prisma.user.findUniqueOrThrow({ where: { id: s.rosa.uid }, select: { email: true } });
      const liUser = await db.prisma.user.findUniqueOrThrow({ where: { id: s.li.uid }, select: { email: true } });
      const ritaUser = await db.prisma.user.findUniqueOrThrow({ where: { id: s.rita.uid }, select: { email: true } });
      const toRosa = await waitUntil('the e-mail to Rosa', () => mailTo(rosaUser.email, `“${title}” ${c.esLine}`));
      expect(toRosa).toContain('Hola, Rosa:');
      expect(toRosa).toContain('Su visita del');
      const toLi = await waitUntil('the e-mail to Li', () => mailTo(liUser.email, `“${title}”`));
      expect(toLi).toContain('开放参观的报名已取消');
      const toRita = await waitUntil('the e-mail to Rita', () => mailTo(ritaUser.email, `Subject: ${c.en}${title}`));
      expect(toRita).toContain('Your tour request is cancelled.');
      expect(toRita).toContain('Hi Rita,');
    },
  );
});

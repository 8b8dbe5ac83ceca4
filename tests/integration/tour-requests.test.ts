import fs from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import { pino } from 'pino';
import { createMailer } from '../../server/modules/mail/mailer.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { sendDueReminders, TOUR_JOBS } from '../../server/modules/tours/tour-jobs.js';
import { expireTourRequests } from '../../server/modules/tours/tour-requests.service.js';
import { newYorkLocalInput } from '../../common/tours.js';
import { createProperty } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { outbox, waitUntil } from '../setup/outbox.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { openSocket, settle, TEST_ORIGIN } from '../setup/ws-client.js';

// Private tour requests (issue 27 items 2–4, 6): a renter proposes up to 3 times; the agent confirms
// one, proposes another or declines; unanswered, it expires after 24 hours. Each step is a message of
// their conversation, a bell notification and an e-mail of the other side (a confirmed tour's with its
// calendar file); reminders go 24 and 2 hours before, once, and never after a cancellation.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const TOUR_FIELDS = `id status note startsAt endsAt expiresAt declineReason cancelledBy threadId renterName agentName viewerSide
  viewerActions { confirm propose decline cancel } windows { id startsAt endsAt proposedBy } listing { id }`;
const REQUEST = `mutation Q($input: RequestTourInput!) { requestTour(input: $input) { ${TOUR_FIELDS} } }`;
const CONFIRM = `mutation C($id: ID!, $windowId: ID!) { confirmTour(id: $id, windowId: $windowId) { ${TOUR_FIELDS} } }`;
const PROPOSE = `mutation P($id: ID!, $s: String!, $e: String!) { proposeTourTime(id: $id, startsAt: $s, endsAt: $e) { ${TOUR_FIELDS} } }`;
const DECLINE = `mutation D($id: ID!, $reason: String) { declineTour(id: $id, reason: $reason) { ${TOUR_FIELDS} } }`;
const CANCEL = `mutation X($id: ID!) { cancelTour(id: $id) { ${TOUR_FIELDS} } }`;
const MINE = `query M($side: TourSide, $state: TourListState) { myTours(side: $side, state: $state) { id status } }`;

const HOUR = 3_600_000;
/** A whole minute `hours` from now. */
const at = (hours: number) => new Date(Math.floor((Date.now() + hours * HOUR) / 60_000) * 60_000);
const windowAt = (hours: number, minutes = 30) => ({
  startsAt: at(hours).toISOString(),
  endsAt: new Date(at(hours).getTime() + minutes * 60_000).toISOString(),
});

/** The calendar file attached to an e-mail (.eml), decoded. */
function attachedCalendar(eml: string): string | null {
  const part = /Content-Type: text\/calendar[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(eml);
  if (!part) return null;
  const headers = eml.slice(part.index, part.index + part[0].indexOf(part[1]!));
  return /base64/i.test(headers) ? Buffer.from(part[1]!.replace(/\s+/g, ''), 'base64').toString('utf8') : part[1]!;
}

/** The raw e-mails of the outbox (attachments left encoded). */
async function rawOutbox(app: TestApp): Promise<string[]> {
  const dir = path.join(app.dataDir, 'outbox');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map((n) => fs.readFile(path.join(dir, n), 'utf8')));
}

describe.each(backends)('private tour requests on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let agent: TestAccount;

  const gql = (who: TestAccount | null, source: string, variables: Record<string, unknown> = {}): Promise<Body> =>
    postGraphql(app.url, who, source, variables);
  const must = async (who: TestAccount | null, source: string, variables: Record<string, unknown> = {}) => {
    const body = await gql(who, source, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data;
  };
  const renter = (firstName: string) => createAccount(db.prisma, 'renter', { firstName, lastName: 'Visitor' });
  const listing = (over: Record<string, unknown> = {}) => createProperty(db.prisma, { userId: agent.uid }, over);
  const request = async (
    who: TestAccount,
    listingId: string,
    windows = [windowAt(26), windowAt(50)],
    note: string | null = null,
  ) => (await must(who, REQUEST, { input: { listingId, windows, note } })).requestTour;
  const messagesOf = (threadId: string) =>
    db.prisma.message.findMany({ where: { threadId }, orderBy: { createdAt: 'asc' }, select: { senderId: true, content: true } });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Ada', lastName: 'Agent' });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('request → confirm: steps in the conversation, the bell and e-mail of the other side, a calendar file that parses', async () => {
    const home = await listing({ title: 'Tour on Kent Avenue' });
    const rita = await renter('Rita');
    const asked = await request(rita, home.id, [windowAt(50), windowAt(26, 45)], 'After work if possible');
    expect(asked).toMatchObject({
      status: 'REQUESTED',
      note: 'After work if possible',
      viewerSide: 'RENTER',
      agentName: 'Ada A.',
    });
    expect(asked.viewerActions).toEqual({ confirm: false, propose: false, decline: false, cancel: true });
    // Soonest first, and the agent has 24 hours.
    expect(asked.windows.map((w: Body) => w.startsAt)).toEqual([windowAt(26).startsAt, windowAt(50).startsAt]);
    expect(Math.abs(Date.parse(asked.expiresAt) - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

    const [first] = await messagesOf(asked.threadId);
    expect(first).toMatchObject({ senderId: rita.uid });
    expect(first!.content).toContain('Tour request');
    expect(first!.content).toContain('Note: After work if possible');
    const bell = await db.prisma.notification.findFirstOrThrow({
      where: { userId: agent.uid, kind: 'TOUR_UPDATE', propertyId: home.id },
    });
    expect(bell).toMatchObject({ title: 'Tour request: Tour on Kent Avenue', url: '/me/tours' });
    const toAgent = await waitUntil('the request e-mail', async () =>
      (await outbox(app)).find(
        (m) => m.includes(`To: ${agent.email}`) && m.includes('Subject: Tour request: Tour on Kent Avenue'),
      ),
    );
    expect(toAgent).toContain('Rita V. would like a private tour of Tour on Kent Avenue');
    expect(toAgent).toContain('Note: After work if possible');

    // The agent sees it to answer; the renter cannot confirm their own times.
    const open = (await must(agent, MINE, { side: 'AGENT', state: 'OPEN' })).myTours;
    expect(open.map((t: Body) => t.id)).toContain(asked.id);
    expect((await gql(rita, CONFIRM, { id: asked.id, windowId: asked.windows[0].id })).errors[0].extensions.code).toBe(
      'CONFLICT',
    );
    const stranger = await renter('Stan');
    expect((await gql(stranger, CANCEL, { id: asked.id })).errors[0].extensions.code).toBe('NOT_FOUND');

    const confirmed = (await must(agent, CONFIRM, { id: asked.id, windowId: asked.windows[0].id })).confirmTour;
    expect(confirmed).toMatchObject({
      status: 'CONFIRMED',
      startsAt: asked.windows[0].startsAt,
      endsAt: asked.windows[0].endsAt,
    });
    expect(confirmed.viewerActions).toEqual({ confirm: false, propose: false, decline: false, cancel: true });
    const steps = await messagesOf(asked.threadId);
    expect(steps).toHaveLength(2);
    expect(steps[1]).toMatchObject({ senderId: agent.uid });
    expect(steps[1]!.content).toMatch(/^Tour confirmed: .+ \(New York time\)\.$/);
    expect((await must(rita, MINE, { side: 'RENTER', state: 'UPCOMING' })).myTours.map((t: Body) => t.id)).toEqual([asked.id]);

    const mail = await waitUntil('the confirmation e-mail with its calendar file', async () =>
      (await rawOutbox(app)).find((m) => m.includes(rita.email) && /Subject: Tour confirmed/.test(m)),
    );
    const ics = attachedCalendar(mail);
    expect(ics, mail).toBeTruthy();
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!)).getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(asked.windows[0].startsAt);
    expect(event.endDate.toJSDate().toISOString()).toBe(asked.windows[0].endsAt);
    expect(event.summary).toBe('Tour: Tour on Kent Avenue');
    expect(event.uid).toBe(`tour-${asked.id}@nycrentals`);

    // The calendar link: to its two sides only.
    const ical = (who: TestAccount | null) =>
      fetch(`${app.url}/api/tours/${asked.id}/calendar.ics`, { headers: { origin: TEST_ORIGIN, ...(who?.bearer ?? {}) } });
    const mine = await ical(rita);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(new ICAL.Event(new ICAL.Component(ICAL.parse(await mine.text())).getFirstSubcomponent('vevent')!).uid).toBe(
      `tour-${asked.id}@nycrentals`,
    );
    expect((await ical(stranger)).status).toBe(404);
    expect((await ical(null)).status).toBe(401);
  });

  it('another time proposed by the agent is confirmed by the renter; declining and cancelling close a request', async () => {
    const home = await listing();
    const rob = await renter('Rob');
    const asked = await request(rob, home.id, [windowAt(30)]);
    // The renter cannot propose; the agent proposes a New York wall time.
    // One instant for the whole test (at() read again later may be the next minute on a slow machine).
    const proposedAt = at(72);
    const wall = newYorkLocalInput(proposedAt);
    const wallEnd = newYorkLocalInput(new Date(proposedAt.getTime() + HOUR));
    expect((await gql(rob, PROPOSE, { id: asked.id, s: wall, e: wallEnd })).errors[0].extensions.code).toBe('CONFLICT');
    const proposed = (await must(agent, PROPOSE, { id: asked.id, s: wall, e: wallEnd })).proposeTourTime;
    expect(proposed.status).toBe('PROPOSED');
    const agents = proposed.windows.filter((w: Body) => w.proposedBy === 'AGENT');
    expect(agents).toEqual([expect.objectContaining({ startsAt: proposedAt.toISOString() })]);
    // Now the renter answers: the agent cannot confirm their own time, nor the renter's old one.
    expect((await gql(agent, CONFIRM, { id: asked.id, windowId: agents[0].id })).errors[0].extensions.code).toBe('CONFLICT');
    expect((await gql(rob, CONFIRM, { id: asked.id, windowId: asked.windows[0].id })).errors[0].message).toBe(
      'Choose one of the proposed times.',
    );
    const taken = (await must(rob, CONFIRM, { id: asked.id, windowId: agents[0].id })).confirmTour;
    expect(taken).toMatchObject({ status: 'CONFIRMED', startsAt: proposedAt.toISOString() });
    expect(
      await db.prisma.notification.count({
        where: { userId: agent.uid, kind: 'TOUR_UPDATE', title: { startsWith: 'Tour confirmed' } },
      }),
    ).toBeGreaterThan(0);

    // Cancelled by the renter: the agent is told, and nothing more can be done with it.
    const cancelled = (await must(rob, CANCEL, { id: asked.id })).cancelTour;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledBy: 'RENTER' });
    expect(cancelled.viewerActions).toEqual({ confirm: false, propose: false, decline: false, cancel: false });
    expect((await gql(rob, CANCEL, { id: asked.id })).errors[0].extensions.code).toBe('CONFLICT');
    expect((await messagesOf(asked.threadId)).at(-1)!.content).toMatch(/^Tour cancelled: .+ is off\.$/);

    // A new request for the same home is possible once the last one is closed; the agent declines it.
    const again = await request(rob, home.id, [windowAt(40)]);
    expect(again.threadId).toBe(asked.threadId);
    const declined = (await must(agent, DECLINE, { id: again.id, reason: 'The unit is rented.' })).declineTour;
    expect(declined).toMatchObject({ status: 'DECLINED', declineReason: 'The unit is rented.' });
    expect((await messagesOf(asked.threadId)).at(-1)!.content).toBe('Tour request declined. The unit is rented.');
    expect((await must(rob, MINE, { side: 'RENTER', state: 'PAST' })).myTours.map((t: Body) => t.id)).toEqual(
      expect.arrayContaining([asked.id, again.id]),
    );
  });

  it('is to be answered before the first time offered begins, when that is sooner than 24 hours (issue 59 item 3)', async () => {
    const home = await listing();
    const sam = await renter('Sam');
    // Tonight in 3 hours, or in two days: the agent must answer before tonight's begins.
    const asked = await request(sam, home.id, [windowAt(48), windowAt(3)]);
    expect(asked.expiresAt).toBe(at(3).toISOString());
    expect((await db.prisma.tourRequest.findUniqueOrThrow({ where: { id: asked.id } })).expiresAt).toEqual(at(3));
    // The agent offers another time in 5 hours instead: the renter must answer before it begins.
    const wall = newYorkLocalInput(at(5));
    const wallEnd = newYorkLocalInput(new Date(at(5).getTime() + HOUR));
    const proposed = (await must(agent, PROPOSE, { id: asked.id, s: wall, e: wallEnd })).proposeTourTime;
    expect(proposed).toMatchObject({ status: 'PROPOSED', expiresAt: at(5).toISOString() });
    // Later than 24 hours, the usual day to answer.
    const later = await request(await renter('Sol'), home.id, [windowAt(30)]);
    expect(Math.abs(Date.parse(later.expiresAt) - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
  });

  it('refuses bad times, more than 3, a second open request, the listing’s managers and listings nobody may see', async () => {
    const home = await listing();
    const rae = await renter('Rae');
    const refused = async (windows: unknown[], code = 'BAD_USER_INPUT') => {
      const body = await gql(rae, REQUEST, { input: { listingId: home.id, windows } });
      expect(body.errors?.[0]?.extensions?.code, JSON.stringify(windows)).toBe(code);
      return body.errors[0];
    };
    await refused([]);
    await refused([windowAt(30), windowAt(31), windowAt(32), windowAt(33)]);
    await refused([windowAt(0.5)]); // less than an hour ahead
    await refused([windowAt(24 * 61)]); // more than 60 days ahead
    await refused([windowAt(30, 10)]); // 10 minutes
    await refused([windowAt(30, 5 * 60)]); // 5 hours
    await refused([windowAt(30), windowAt(30)]); // the same time twice
    await refused([{ startsAt: 'soon', endsAt: 'later' }]);
    expect((await gql(null, REQUEST, { input: { listingId: home.id, windows: [windowAt(30)] } })).errors[0].extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      (await gql(agent, REQUEST, { input: { listingId: home.id, windows: [windowAt(30)] } })).errors[0].extensions.code,
    ).toBe('FORBIDDEN');
    const draft = await listing({ status: 'DRAFT' });
    expect((await gql(rae, REQUEST, { input: { listingId: draft.id, windows: [windowAt(30)] } })).errors[0].extensions.code).toBe(
      'NOT_FOUND',
    );
    await request(rae, home.id, [windowAt(30)]);
    expect((await gql(rae, REQUEST, { input: { listingId: home.id, windows: [windowAt(40)] } })).errors[0].extensions.code).toBe(
      'CONFLICT',
    );
  });

  it(`takes at most ${RATE_LIMITS.tourRequest.points} requests an hour from one renter`, async () => {
    const ray = await renter('Ray');
    const homes = await Promise.all(Array.from({ length: RATE_LIMITS.tourRequest.points + 1 }, () => listing()));
    for (const home of homes.slice(0, -1)) await request(ray, home.id, [windowAt(30)]);
    const over = await gql(ray, REQUEST, { input: { listingId: homes.at(-1)!.id, windows: [windowAt(30)] } });
    expect(over.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(over.errors[0].message).toMatch(/requesting tours too quickly/);
  });

  it('counts only requests that were made: refused ones leave the hourly limit untouched (issue 58 item 13d)', async () => {
    const rob = await renter('Rob');
    const points = RATE_LIMITS.tourRequest.points;
    const homes = await Promise.all(Array.from({ length: points + 1 }, () => listing()));
    await request(rob, homes[0]!.id, [windowAt(30)]);
    // Asked again while the first is open: refused, as many times as the limit and more.
    for (let i = 0; i < points * 2; i++) {
      const again = await gql(rob, REQUEST, { input: { listingId: homes[0]!.id, windows: [windowAt(31)] } });
      expect(again.errors[0].extensions.code).toBe('CONFLICT');
    }
    // The limit still holds the other requests, and no more.
    for (const home of homes.slice(1, points)) await request(rob, home.id, [windowAt(30)]);
    const over = await gql(rob, REQUEST, { input: { listingId: homes[points]!.id, windows: [windowAt(30)] } });
    expect(over.errors[0].extensions.code).toBe('RATE_LIMITED');
    expect(await db.prisma.tourRequest.count({ where: { renterId: rob.uid } })).toBe(points);
  });

  it('a request unanswered for 24 hours expires once, even with two instances at it, and both sides are told', async () => {
    const home = await listing();
    const eve = await renter('Eve');
    const asked = await request(eve, home.id, [windowAt(30)]);
    await db.prisma.tourRequest.update({ where: { id: asked.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const counts = await Promise.all([expireTourRequests({ prisma: db.prisma }), expireTourRequests({ prisma: db.prisma })]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await db.prisma.tourRequest.findUniqueOrThrow({ where: { id: asked.id } })).toMatchObject({ status: 'EXPIRED' });
    const expiredSteps = (await messagesOf(asked.threadId)).filter((m) => m.content.startsWith('This tour request expired'));
    expect(expiredSteps).toHaveLength(1);
    for (const uid of [eve.uid, agent.uid])
      expect(
        await db.prisma.notification.count({
          where: { userId: uid, title: { startsWith: 'Tour request expired' }, propertyId: home.id },
        }),
      ).toBe(1);
    expect((await gql(agent, CONFIRM, { id: asked.id, windowId: asked.windows[0].id })).errors[0].extensions.code).toBe(
      'CONFLICT',
    );
  });

  it('reminders 24 and 2 hours before: once each across instances, none after a cancellation', async () => {
    const home = await listing({ title: 'Reminder Lofts' });
    const [kim, lee] = await Promise.all([renter('Kim'), renter('Lee')]);
    const startsAt = at(23);
    const confirmedTour = async (who: TestAccount) => {
      const asked = await request(who, home.id, [windowAt(30)]);
      await db.prisma.tourRequest.update({
        where: { id: asked.id },
        data: {
          status: 'CONFIRMED',
          startsAt,
          endsAt: new Date(startsAt.getTime() + HOUR),
          confirmedAt: new Date(Date.now() - 48 * HOUR),
        },
      });
      return asked.id as string;
    };
    const kept = await confirmedTour(kim);
    const dropped = await confirmedTour(lee);
    await must(lee, CANCEL, { id: dropped });
    // An open house Kim is going to, RSVPed two days ago.
    const openHouse = await db.prisma.openHouse.create({
      data: { propertyId: home.id, startsAt, endsAt: new Date(startsAt.getTime() + HOUR) },
    });
    await db.prisma.openHouseRsvp.create({
      data: { openHouseId: openHouse.id, userId: kim.uid, status: 'GOING', createdAt: new Date(Date.now() - 48 * HOUR) },
    });
    const log = pino({ level: 'silent' });
    const deps = { prisma: db.prisma, mailer: createMailer(app.env, log), log, publicUrl: 'http://localhost:5173' };
    const reminders = (uid: string) =>
      db.prisma.notification.findMany({ where: { userId: uid, kind: 'TOUR_REMINDER' }, select: { title: true } });

    // Two instances at once, then a minute later: one 24-hour reminder each.
    await Promise.all([sendDueReminders(deps), sendDueReminders(deps)]);
    await sendDueReminders(deps);
    expect((await reminders(kim.uid)).map((n) => n.title).sort()).toEqual([
      'Your open house is tomorrow',
      'Your tour is tomorrow',
    ]);
    expect(await reminders(lee.uid)).toEqual([]);
    expect((await reminders(agent.uid)).filter((n) => n.title === 'Your tour is tomorrow')).toHaveLength(1);
    const mail = await waitUntil('the reminder e-mail', async () =>
      (await rawOutbox(app)).find((m) => m.includes(kim.email) && /Subject: Your tour is tomorrow: Reminder Lofts/.test(m)),
    );
    expect(attachedCalendar(mail)).toContain(`UID:tour-${kept}@nycrentals`);

    // 2 hours before (the clock moved on 21 hours): the 2-hour reminders, once.
    const later = new Date(Date.now() + 21.5 * HOUR);
    await Promise.all([sendDueReminders(deps, later), sendDueReminders(deps, later)]);
    await sendDueReminders(deps, later);
    expect((await reminders(kim.uid)).map((n) => n.title).sort()).toEqual([
      'Your open house is in 2 hours',
      'Your open house is tomorrow',
      'Your tour is in 2 hours',
      'Your tour is tomorrow',
    ]);
    expect(await reminders(lee.uid)).toEqual([]);
  });

  it("shows each step's message in the reader's language (issue 59 item 4): the words the app wrote translated, a reason as written", async () => {
    const home = await listing({ title: 'Tour in three languages' });
    const rosa = await renter('Rosa');
    const asked = await request(rosa, home.id, [windowAt(30)], 'Después del trabajo');
    await must(agent, DECLINE, { id: asked.id, reason: 'Already rented' });
    const THREAD = `query T($id: ID!) { thread(id: $id) { messages { items { content } } } }`;
    const read = async (who: TestAccount, headers: Record<string, string>) => {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...who.bearer, ...headers },
        body: JSON.stringify({ query: THREAD, variables: { id: asked.threadId } }),
      });
      const body = (await res.json()) as Body;
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return (body.data.thread.messages.items as Array<{ content: string }>).map((m) => m.content);
    };
    const [enAsked, enDeclined] = await read(agent, {});
    expect(enAsked).toMatch(/^Tour request\. Times that suit me \(New York time\):\n.+\nNote: Después del trabajo$/);
    expect(enDeclined).toBe('Tour request declined. Already rented');
    const [esAsked, esDeclined] = await read(rosa, { 'accept-language': 'es' });
    expect(esAsked).toMatch(
      /^Solicitud de visita\. Horarios que me convienen \(hora de Nueva York\):\n.+\nNota: Después del trabajo$/,
    );
    expect(esDeclined).toBe('Solicitud de visita rechazada. Already rented');
    const [zhAsked, zhDeclined] = await read(agent, { cookie: 'lang=zh' });
    expect(zhAsked).toMatch(/^看房申请。我方便的时间（纽约时间）：\n.+\n备注：Después del trabajo$/);
    expect(zhDeclined).toBe('看房申请已被拒绝。 Already rented');
    // The time window in each reader's own words (the Spanish one is not the English one).
    expect(esAsked!.split('\n')[1]).not.toBe(enAsked!.split('\n')[1]);
    // REST's messages and the inbox's last message say it the same way.
    const rest = await fetch(`${app.url}/api/messages?userId=${rosa.uid}`, {
      headers: { origin: TEST_ORIGIN, ...rosa.bearer, 'accept-language': 'es' },
    });
    expect(JSON.stringify(await rest.json())).toContain('Solicitud de visita rechazada. Already rented');
  });

  it('the other side hears each step live (tourChanged)', async () => {
    const home = await listing();
    const liv = await renter('Liv');
    const socket = openSocket(app.url, { idToken: agent.idToken });
    try {
      const live = socket.subscribe(`subscription { tourChanged { id status renterName viewerSide } }`);
      await socket.connected;
      await settle(300);
      const asked = await request(liv, home.id, [windowAt(30)]);
      const got = await live.next(10_000);
      expect(got.data.tourChanged).toEqual({ id: asked.id, status: 'REQUESTED', renterName: 'Liv V.', viewerSide: 'AGENT' });
      await must(liv, CANCEL, { id: asked.id });
      expect((await live.next(10_000)).data.tourChanged).toMatchObject({ id: asked.id, status: 'CANCELLED' });
    } finally {
      await socket.close();
    }
    // Refused to the signed out.
    const anonymous = openSocket(app.url);
    try {
      const refused = anonymous.subscribe(`subscription { tourChanged { id } }`);
      await refused.ended;
      expect(refused.results).toHaveLength(1);
      expect(refused.results[0]!.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await anonymous.close();
    }
  });

  it('REST: POST /api/tours, confirm, list and cancel in SPEC part 7 style', async () => {
    const home = await listing();
    const ria = await renter('Ria');
    const call = (who: TestAccount | null, method: string, url: string, body?: unknown) =>
      fetch(`${app.url}/api${url}`, {
        method,
        headers: {
          origin: TEST_ORIGIN,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(who?.bearer ?? {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const w = windowAt(30);
    const created = await call(ria, 'POST', '/tours', {
      listing_id: home.id,
      windows: [{ starts_at: w.startsAt, ends_at: w.endsAt }],
      note: 'Hi',
    });
    expect(created.status).toBe(201);
    const tour = await created.json();
    expect(tour).toMatchObject({
      status: 'REQUESTED',
      note: 'Hi',
      your_side: 'RENTER',
      listing: { id: home.id },
      renter_name: 'Ria V.',
    });
    expect(tour.windows).toEqual([{ id: expect.any(String), starts_at: w.startsAt, ends_at: w.endsAt, proposed_by: 'RENTER' }]);
    expect((await call(ria, 'POST', '/tours', { listing_id: home.id, windows: 'soon' })).status).toBe(400);
    expect(
      (await call(null, 'POST', '/tours', { listing_id: home.id, windows: [{ starts_at: w.startsAt, ends_at: w.endsAt }] }))
        .status,
    ).toBe(401);
    const confirmed = await call(agent, 'POST', `/tours/${tour.id}/confirm`, { window_id: tour.windows[0].id });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ status: 'CONFIRMED', starts_at: w.startsAt, your_side: 'AGENT' });
    const list = await (await call(agent, 'GET', '/tours?side=AGENT&state=UPCOMING')).json();
    expect(list.tours.map((t: Body) => t.id)).toContain(tour.id);
    expect((await call(agent, 'GET', '/tours?side=NOBODY')).status).toBe(400);
    const cancelled = await call(agent, 'POST', `/tours/${tour.id}/cancel`);
    expect(await cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelled_by: 'AGENT' });
  });
});

// Two app instances on one PostgreSQL, their jobs on pg-boss: each reminder and each e-mail goes once.
describe.skipIf(!backends.includes('postgres'))('tour jobs with two app instances on PostgreSQL (pg-boss)', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const env = { DATABASE_URL: db.url!, JOBS_POLL_SECONDS: '0.5' };
    a = await startTestApp(db, { env });
    b = await startTestApp(db, { env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
  });

  const both = async () => [...(await rawOutbox(a)), ...(await rawOutbox(b))];

  it('a confirmation is e-mailed once, and reminder jobs run on both instances at once remind once', async () => {
    expect([a.jobs.kind, b.jobs.kind]).toEqual(['pg-boss', 'pg-boss']);
    const agent = await createAccount(db.prisma, 'agent', { firstName: 'Bo', lastName: 'Boss' });
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Pam', lastName: 'Pair' });
    const home = await createProperty(db.prisma, { userId: agent.uid }, { title: 'Two instances loft' });
    const call = async (app: TestApp, who: TestAccount, source: string, variables: Record<string, unknown>) => {
      const body = (await postGraphql(app.url, who, source, variables)) as Body;
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return body.data;
    };
    const asked = (await call(a, renter, REQUEST, { input: { listingId: home.id, windows: [windowAt(23)] } })).requestTour;
    await call(b, agent, CONFIRM, { id: asked.id, windowId: asked.windows[0].id });
    await waitUntil('the confirmation e-mail', async () =>
      (await both()).find((m) => m.includes(renter.email) && /Subject: Tour confirmed: Two instances loft/.test(m)),
    );
    // Confirmed two days ago: the 24-hour reminder is due now. Both instances run the job at once.
    await db.prisma.tourRequest.update({ where: { id: asked.id }, data: { confirmedAt: new Date(Date.now() - 48 * HOUR) } });
    await Promise.all([a.jobs.send(TOUR_JOBS.reminders, {}), b.jobs.send(TOUR_JOBS.reminders, {})]);
    await waitUntil('the reminder e-mails', async () =>
      (await both()).filter((m) => /Subject: Your tour is tomorrow: Two instances loft/.test(m)).length >= 2 ? true : null,
    );
    await settle(1500);
    const mails = await both();
    expect(mails.filter((m) => m.includes(renter.email) && /Subject: Tour confirmed/.test(m))).toHaveLength(1);
    expect(mails.filter((m) => m.includes(renter.email) && /Subject: Your tour is tomorrow/.test(m))).toHaveLength(1);
    expect(mails.filter((m) => m.includes(agent.email) && /Subject: Your tour is tomorrow/.test(m))).toHaveLength(1);
    expect(await db.prisma.notification.count({ where: { kind: 'TOUR_REMINDER', propertyId: home.id } })).toBe(2);
  });
});

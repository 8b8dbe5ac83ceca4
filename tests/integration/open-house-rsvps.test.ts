import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateListing } from '../../server/modules/listings/listing-write.service.js';
import { createProperty } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { openSocket, settle, TEST_ORIGIN } from '../setup/ws-client.js';
import { loadTrustedDocuments } from '../../server/graphql/trusted-documents.js';
import { outbox, waitUntil } from '../setup/outbox.js';

// Open houses with places (issue 27 item 1): 'Going' while places are left, 'This open house is full'
// after, never more going than places, even all at once; cancelling frees the place for the first of
// the waitlist, who is told; the listing's managers cannot RSVP; editing the listing keeps the RSVPs.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const RSVP = `mutation R($id: ID!, $waitlist: Boolean) { rsvpOpenHouse(id: $id, waitlist: $waitlist) { id capacity goingCount placesLeft waitlistCount viewerRsvp } }`;
const CANCEL = `mutation C($id: ID!) { cancelOpenHouseRsvp(id: $id) { id goingCount placesLeft waitlistCount viewerRsvp } }`;
const DETAIL = `query P($id: ID!) { property(id: $id) { openHouses { id capacity goingCount placesLeft waitlistCount viewerRsvp } } }`;

/** The listing page's own query, as the site sends it (the planned path answers it; issue 58 item 6). */
const PAGE_QUERY = [...loadTrustedDocuments({ required: true }).texts()].find((t) => /query PropertyDetail\b/.test(t))!;

describe.each(backends)('open-house RSVPs on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let owner: TestAccount;

  const gql = (who: TestAccount | null, source: string, variables: Record<string, unknown> = {}): Promise<Body> =>
    postGraphql(app.url, who, source, variables);

  /** A public listing of the owner with one open house tomorrow of `capacity` places. */
  const listingWithOpenHouse = async (capacity: number | null) => {
    // A whole minute, as open houses are set.
    const startsAt = new Date(Math.floor((Date.now() + 24 * 60 * 60 * 1000) / 60_000) * 60_000);
    const listing = await createProperty(db.prisma, { userId: owner.uid }, {});
    const openHouse = await db.prisma.openHouse.create({
      data: { propertyId: listing.id, startsAt, endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000), capacity },
    });
    return { listing, openHouse };
  };

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    owner = await createAccount(db.prisma, 'agent', { firstName: 'Olga', lastName: 'Owner' });
    app = await startTestApp(db);
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('20 renters at once for 5 places: exactly 5 going and 15 clear refusals', async () => {
    const { openHouse } = await listingWithOpenHouse(5);
    const renters = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createAccount(db.prisma, 'renter', { firstName: `R${i}`, lastName: 'Rush' })),
    );
    const answers = await Promise.all(renters.map((r) => gql(r, RSVP, { id: openHouse.id })));
    const going = answers.filter((a) => a.data?.rsvpOpenHouse?.viewerRsvp === 'GOING');
    const full = answers.filter((a) => a.errors?.[0]?.message === 'This open house is full');
    expect(going).toHaveLength(5);
    expect(full).toHaveLength(15);
    expect(full.every((a) => a.errors[0].extensions.code === 'CONFLICT')).toBe(true);
    expect(await db.prisma.openHouseRsvp.count({ where: { openHouseId: openHouse.id, status: 'GOING' } })).toBe(5);
    const last = going.map((a) => a.data.rsvpOpenHouse).find((o: Body) => o.placesLeft === 0);
    expect(last).toMatchObject({ capacity: 5, goingCount: 5, placesLeft: 0 });
  });

  it('the waitlist takes the place freed by a cancellation, in order, and the renter is told', async () => {
    const { listing, openHouse } = await listingWithOpenHouse(1);
    const [first, second, third] = await Promise.all(
      ['Ann', 'Ben', 'Cal'].map((firstName) => createAccount(db.prisma, 'renter', { firstName, lastName: 'Wait' })),
    );
    expect((await gql(first!, RSVP, { id: openHouse.id })).data.rsvpOpenHouse).toMatchObject({
      viewerRsvp: 'GOING',
      placesLeft: 0,
    });
    // Again: still going, nothing counted twice.
    expect((await gql(first!, RSVP, { id: openHouse.id })).data.rsvpOpenHouse.goingCount).toBe(1);
    expect((await gql(second!, RSVP, { id: openHouse.id, waitlist: true })).data.rsvpOpenHouse).toMatchObject({
      viewerRsvp: 'WAITLISTED',
      waitlistCount: 1,
    });
    await gql(third!, RSVP, { id: openHouse.id, waitlist: true });
    const cancelled = (await gql(first!, CANCEL, { id: openHouse.id })).data.cancelOpenHouseRsvp;
    expect(cancelled).toMatchObject({ viewerRsvp: null, goingCount: 1, placesLeft: 0, waitlistCount: 1 });
    const forSecond = (await gql(second!, DETAIL, { id: listing.id })).data.property.openHouses[0];
    expect(forSecond.viewerRsvp).toBe('GOING');
    const note = await db.prisma.notification.findFirstOrThrow({ where: { userId: second!.uid, kind: 'OPEN_HOUSE_PLACE' } });
    expect(note.title).toContain('A place opened up');
    expect(note.url).toBe(`/properties/${listing.slug}`);
    expect(await db.prisma.notification.count({ where: { userId: third!.uid, kind: 'OPEN_HOUSE_PLACE' } })).toBe(0);
    // Cancelling twice changes nothing; the third renter still waits.
    expect((await gql(first!, CANCEL, { id: openHouse.id })).errors).toBeUndefined();
    expect((await gql(third!, DETAIL, { id: listing.id })).data.property.openHouses[0].viewerRsvp).toBe('WAITLISTED');
  });

  it("the listing page's query answers each viewer's own RSVP (going, promoted, waitlisted), never another's", async () => {
    const { listing, openHouse } = await listingWithOpenHouse(1);
    const [going, waiting, other] = await Promise.all(
      ['Gia', 'Wes', 'Oli'].map((firstName) => createAccount(db.prisma, 'renter', { firstName, lastName: 'Page' })),
    );
    await gql(going!, RSVP, { id: openHouse.id });
    await gql(waiting!, RSVP, { id: openHouse.id, waitlist: true });
    const rsvpOf = async (who: TestAccount | null) => {
      // Twice each, in turn: an answer kept for one viewer is never another's.
      const answers = [await gql(who, PAGE_QUERY, { id: listing.slug }), await gql(who, PAGE_QUERY, { id: listing.id })];
      for (const a of answers) expect(a.errors).toBeUndefined();
      const [bySlug, byId] = answers.map((a) => a.data.property.openHouses[0].viewerRsvp);
      expect(byId).toBe(bySlug);
      return bySlug;
    };
    for (let round = 0; round < 2; round++) {
      expect(await rsvpOf(going!)).toBe('GOING');
      expect(await rsvpOf(waiting!)).toBe('WAITLISTED');
      expect(await rsvpOf(other!)).toBeNull();
      expect(await rsvpOf(null)).toBeNull();
    }
    // The first cancels: the waiting renter is promoted and the page says so.
    await gql(going!, CANCEL, { id: openHouse.id });
    expect(await rsvpOf(waiting!)).toBe('GOING');
    expect(await rsvpOf(going!)).toBeNull();
  });

  it('refuses the signed out, the listing’s managers, a past open house and one of a listing nobody may see', async () => {
    const { openHouse } = await listingWithOpenHouse(3);
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Pia', lastName: 'Plain' });
    expect((await gql(null, RSVP, { id: openHouse.id })).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql(owner, RSVP, { id: openHouse.id })).errors[0].extensions.code).toBe('FORBIDDEN');
    const past = await db.prisma.openHouse.create({
      data: {
        propertyId: openHouse.propertyId,
        startsAt: new Date(Date.now() - 7200_000),
        endsAt: new Date(Date.now() - 3600_000),
      },
    });
    expect((await gql(renter, RSVP, { id: past.id })).errors[0].message).toBe('This open house is over.');
    const draft = await createProperty(db.prisma, { userId: owner.uid }, { status: 'DRAFT' });
    const hiddenOpenHouse = await db.prisma.openHouse.create({
      data: { propertyId: draft.id, startsAt: new Date(Date.now() + 86_400_000), endsAt: new Date(Date.now() + 90_000_000) },
    });
    expect((await gql(renter, RSVP, { id: hiddenOpenHouse.id })).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await gql(renter, RSVP, { id: 'not-an-id' })).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('editing the listing keeps its open houses and their RSVPs; fewer places than people going is refused', async () => {
    const { listing, openHouse } = await listingWithOpenHouse(3);
    const renters = await Promise.all(
      ['Dee', 'Eli'].map((firstName) => createAccount(db.prisma, 'renter', { firstName, lastName: 'Edit' })),
    );
    for (const r of renters) await gql(r, RSVP, { id: openHouse.id });
    const viewer = { uid: owner.uid, email: owner.email, role: null };
    const kept = { id: openHouse.id, startsAt: openHouse.startsAt.toISOString(), endsAt: openHouse.endsAt.toISOString() };
    await expect(
      updateListing(db.prisma, viewer, listing.id, listingInput({ openHouses: [{ ...kept, capacity: 1 }] })),
    ).rejects.toThrow('2 people are going to this open house: it cannot have fewer places than that.');
    await updateListing(
      db.prisma,
      viewer,
      listing.id,
      listingInput({ openHouses: [{ ...kept, capacity: 2, note: 'Ring 4B' }, { startsAt: kept.endsAt }] }),
    );
    const { property } = await query<{
      property: { openHouses: Array<{ id: string; capacity: number | null; goingCount: number }> };
    }>(db.prisma, DETAIL, { id: listing.id });
    expect(property.openHouses).toEqual([
      expect.objectContaining({ id: openHouse.id, capacity: 2, goingCount: 2 }),
      expect.objectContaining({ capacity: null, goingCount: 0 }),
    ]);
    // Dropped from the form: deleted, its RSVPs with it.
    await updateListing(db.prisma, viewer, listing.id, listingInput({ openHouses: [] }));
    expect(await db.prisma.openHouseRsvp.count({ where: { openHouseId: openHouse.id } })).toBe(0);
  });

  it('more places set by the agent go to the waitlist at once, in order, each told', async () => {
    const { listing, openHouse } = await listingWithOpenHouse(1);
    const [going, first, second] = await Promise.all(
      ['Gia', 'Fin', 'Sol'].map((firstName) => createAccount(db.prisma, 'renter', { firstName, lastName: 'More' })),
    );
    await gql(going!, RSVP, { id: openHouse.id });
    await gql(first!, RSVP, { id: openHouse.id, waitlist: true });
    await gql(second!, RSVP, { id: openHouse.id, waitlist: true });
    const viewer = { uid: owner.uid, email: owner.email, role: null };
    const kept = { id: openHouse.id, startsAt: openHouse.startsAt.toISOString(), endsAt: openHouse.endsAt.toISOString() };
    await updateListing(db.prisma, viewer, listing.id, listingInput({ openHouses: [{ ...kept, capacity: 2 }] }));
    const statuses = await db.prisma.openHouseRsvp.findMany({
      where: { openHouseId: openHouse.id },
      select: { userId: true, status: true },
    });
    expect(Object.fromEntries(statuses.map((r) => [r.userId, r.status]))).toEqual({
      [going!.uid]: 'GOING',
      [first!.uid]: 'GOING',
      [second!.uid]: 'WAITLISTED',
    });
    expect(await db.prisma.notification.count({ where: { userId: first!.uid, kind: 'OPEN_HOUSE_PLACE' } })).toBe(1);
    expect(await db.prisma.notification.count({ where: { userId: second!.uid, kind: 'OPEN_HOUSE_PLACE' } })).toBe(0);
  });

  it('REST: POST and DELETE /api/open-houses/{id}/rsvp answer the open house as GraphQL reads it', async () => {
    const { openHouse } = await listingWithOpenHouse(1);
    const [renter, late] = await Promise.all(
      ['Rey', 'Lou'].map((firstName) => createAccount(db.prisma, 'renter', { firstName, lastName: 'Rest' })),
    );
    const call = (who: TestAccount, method: string, body?: unknown) =>
      fetch(`${app.url}/api/open-houses/${openHouse.id}/rsvp`, {
        method,
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...who.bearer },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const going = await call(renter!, 'POST', {});
    expect(going.status).toBe(200);
    expect(await going.json()).toMatchObject({
      id: openHouse.id,
      capacity: 1,
      going_count: 1,
      places_left: 0,
      waitlist_count: 0,
      your_rsvp: 'GOING',
    });
    const full = await call(late!, 'POST', {});
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toBe('This open house is full');
    const waiting = await call(late!, 'POST', { waitlist: true });
    expect(await waiting.json()).toMatchObject({ your_rsvp: 'WAITLISTED' });
    expect((await call(late!, 'POST', { waitlist: 'yes' })).status).toBe(400);
    const cancelled = await call(renter!, 'DELETE');
    expect(await cancelled.json()).toMatchObject({ your_rsvp: null, going_count: 1, waitlist_count: 0 });
  });

  it('GET /api/open-houses/{id}/calendar.ics is a valid RFC 5545 event (read back by a parser)', async () => {
    const { listing, openHouse } = await listingWithOpenHouse(4);
    const res = await fetch(`${app.url}/api/open-houses/${openHouse.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(res.headers.get('content-disposition')).toContain('.ics');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const vevent = calendar.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe(openHouse.startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(openHouse.endsAt.toISOString());
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.summary).toBe(`Open house: ${listing.title}`);
    expect(event.uid).toBe(`open-house-${openHouse.id}@nycrentals`);
    expect(event.location).toContain('Williamsburg, New York');
    // The test app's public URL (localhost:0) is one the ics library refuses as a URL: the link is in the description (calendar-links.test.ts checks the URL).
    expect(String(vevent.getFirstPropertyValue('description'))).toContain(`/properties/${listing.slug}`);
    const draft = await createProperty(db.prisma, { userId: owner.uid }, { status: 'DRAFT' });
    const hidden = await db.prisma.openHouse.create({
      data: { propertyId: draft.id, startsAt: openHouse.startsAt, endsAt: openHouse.endsAt },
    });
    expect((await fetch(`${app.url}/api/open-houses/${hidden.id}/calendar.ics`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/open-houses/nope/calendar.ics`)).status).toBe(404);
  });

  it("a renter's own open houses: to come soonest first, then those past; none of a listing no longer public", async () => {
    const MINE = `query M($upcoming: Boolean) { myOpenHouseRsvps(upcoming: $upcoming) { status openHouse { id listing { id } } } }`;
    const renter = await createAccount(db.prisma, 'renter', { firstName: 'Mo', lastName: 'Mine' });
    const later = await listingWithOpenHouse(null);
    const sooner = await listingWithOpenHouse(2);
    await db.prisma.openHouse.update({
      where: { id: sooner.openHouse.id },
      data: { startsAt: new Date(Date.now() + 3_600_000), endsAt: new Date(Date.now() + 7_200_000) },
    });
    const gone = await listingWithOpenHouse(null);
    for (const o of [later, sooner, gone]) await gql(renter, RSVP, { id: o.openHouse.id });
    const past = await db.prisma.openHouse.create({
      data: {
        propertyId: later.listing.id,
        startsAt: new Date(Date.now() - 7_200_000),
        endsAt: new Date(Date.now() - 3_600_000),
      },
    });
    await db.prisma.openHouseRsvp.create({ data: { openHouseId: past.id, userId: renter.uid, status: 'GOING' } });
    await db.prisma.property.update({ where: { id: gone.listing.id }, data: { status: 'INACTIVE', deactivatedAt: new Date() } });
    // Another renter's RSVP is not the viewer's.
    const other = await createAccount(db.prisma, 'renter', { firstName: 'Ot', lastName: 'Her' });
    await gql(other, RSVP, { id: later.openHouse.id });

    const upcoming = (await gql(renter, MINE, {})).data.myOpenHouseRsvps;
    expect(upcoming.map((r: Body) => r.openHouse.id)).toEqual([sooner.openHouse.id, later.openHouse.id]);
    expect(upcoming[1]).toMatchObject({ status: 'GOING', openHouse: { listing: { id: later.listing.id } } });
    const over = (await gql(renter, MINE, { upcoming: false })).data.myOpenHouseRsvps;
    expect(over.map((r: Body) => r.openHouse.id)).toEqual([past.id]);
    expect((await gql(null, MINE, {})).errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it("the listing's managers see who is going and who waits; nobody else does", async () => {
    const ATTENDEES = `query P($id: ID!) { property(id: $id) { openHouses { goingCount waitlistCount attendees { name status since } } } }`;
    const { listing, openHouse } = await listingWithOpenHouse(1);
    const [ann, ben] = await Promise.all([
      createAccount(db.prisma, 'renter', { firstName: 'Ann', lastName: 'Baker' }),
      createAccount(db.prisma, 'renter', { firstName: 'Ben', lastName: 'Cole' }),
    ]);
    await gql(ann!, RSVP, { id: openHouse.id });
    await gql(ben!, RSVP, { id: openHouse.id, waitlist: true });
    const seen = (await gql(owner, ATTENDEES, { id: listing.id })).data.property.openHouses[0];
    expect(seen).toMatchObject({
      goingCount: 1,
      waitlistCount: 1,
      attendees: [
        { name: 'Ann B.', status: 'GOING' },
        { name: 'Ben C.', status: 'WAITLISTED' },
      ],
    });
    expect((await gql(ann!, ATTENDEES, { id: listing.id })).data.property.openHouses[0].attendees).toBeNull();
    expect((await gql(null, ATTENDEES, { id: listing.id })).data.property.openHouses[0]).toMatchObject({
      goingCount: 1,
      attendees: null,
    });
  });

  it('a place taken (an RSVP, or the waitlist moving up) is e-mailed with the open house as a calendar file; the agent can write to an attendee', async () => {
    const { listing, openHouse } = await listingWithOpenHouse(1);
    const [goer, waiter] = await Promise.all([
      createAccount(db.prisma, 'renter', { firstName: 'Gia', lastName: 'Goer' }),
      createAccount(db.prisma, 'renter', { firstName: 'Wes', lastName: 'Waiter' }),
    ]);
    await gql(goer, RSVP, { id: openHouse.id });
    await gql(waiter, RSVP, { id: openHouse.id, waitlist: true });
    const mailTo = (email: string) =>
      waitUntil(`the open-house e-mail to ${email}`, async () =>
        (await outbox(app)).find((m) => m.includes(`To: ${email}`) && m.includes("Subject: You're going: open house of")),
      );
    const first = await mailTo(goer.email);
    expect(first).toContain(`You are going to the open house of ${listing.title}`);
    expect(first).toMatch(/Content-Type: text\/calendar/);
    expect(first).toContain('open-house.ics');
    // Waiting is not going: no e-mail until the place is theirs.
    expect((await outbox(app)).some((m) => m.includes(`To: ${waiter.email}`))).toBe(false);
    await gql(goer, CANCEL, { id: openHouse.id });
    expect(await mailTo(waiter.email)).toContain(`You are going to the open house of ${listing.title}`);

    // The agent writes to an attendee in their conversation about the listing; nobody else can.
    const attendees = (
      await gql(owner, `query A($id: ID!) { property(id: $id) { openHouses { attendees { id name } } } }`, { id: listing.id })
    ).data.property.openHouses[0].attendees;
    const wes = attendees.find((a: Body) => a.name === 'Wes W.');
    const WRITE = `mutation W($id: ID!, $m: String!) { messageAttendee(attendeeId: $id, message: $m) }`;
    const threadId = (await gql(owner, WRITE, { id: wes.id, m: 'See you on Saturday!' })).data.messageAttendee;
    const thread = await db.prisma.thread.findUniqueOrThrow({ where: { id: threadId }, include: { messages: true } });
    expect(thread).toMatchObject({ propertyId: listing.id, renterId: waiter.uid, agentUserId: owner.uid });
    expect(thread.messages.map((m) => m.content)).toEqual(['See you on Saturday!']);
    expect((await gql(goer, WRITE, { id: wes.id, m: 'Hi' })).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await gql(owner, WRITE, { id: wes.id, m: '   ' })).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it("a renter looking at the listing hears its open house's places change live (openHouseChanged), as they see it", async () => {
    const { listing, openHouse } = await listingWithOpenHouse(1);
    const [looker, taker] = await Promise.all([
      createAccount(db.prisma, 'renter', { firstName: 'Lu', lastName: 'Looker' }),
      createAccount(db.prisma, 'renter', { firstName: 'Ty', lastName: 'Taker' }),
    ]);
    const CHANGED = `subscription S($listingId: ID!) { openHouseChanged(listingId: $listingId) { id goingCount placesLeft waitlistCount viewerRsvp } }`;
    const socket = openSocket(app.url, { idToken: looker.idToken });
    try {
      const live = socket.subscribe(CHANGED, { listingId: listing.id });
      await socket.connected;
      await settle(300);
      await gql(looker, RSVP, { id: openHouse.id });
      expect((await live.next(10_000)).data.openHouseChanged).toEqual({
        id: openHouse.id,
        goingCount: 1,
        placesLeft: 0,
        waitlistCount: 0,
        viewerRsvp: 'GOING',
      });
      await gql(taker, RSVP, { id: openHouse.id, waitlist: true });
      expect((await live.next(10_000)).data.openHouseChanged).toMatchObject({ waitlistCount: 1, viewerRsvp: 'GOING' });
      // Another listing's open houses are not heard here.
      const other = await listingWithOpenHouse(null);
      await gql(taker, RSVP, { id: other.openHouse.id });
      await settle(500);
      expect(live.results).toHaveLength(2);
    } finally {
      await socket.close();
    }
    // A listing the viewer may not see, and the signed out: refused at subscribe time.
    const draft = await createProperty(db.prisma, { userId: owner.uid }, { status: 'DRAFT' });
    const refused = openSocket(app.url, { idToken: looker.idToken });
    const anonymous = openSocket(app.url);
    try {
      const hidden = refused.subscribe(CHANGED, { listingId: draft.id });
      await hidden.ended;
      expect(hidden.results[0]!.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const signedOut = anonymous.subscribe(CHANGED, { listingId: listing.id });
      await signedOut.ended;
      expect(signedOut.results[0]!.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await Promise.all([refused.close(), anonymous.close()]);
    }
  });
});

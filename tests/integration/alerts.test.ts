import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runListingAlert, sendDueAlerts } from '../../server/modules/alerts/alerts.service.js';
import { createProperty, createUser } from '../factories/index.js';
import { listingInput } from '../factories/listing-input.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';
import { openSocket, settle, TEST_ORIGIN } from '../setup/ws-client.js';
import { outbox, waitUntil } from '../setup/outbox.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const SAVE = `mutation S($input: SaveSearchInput!) { saveSearch(input: $input) { id name frequency newMatchCount filter { borough minBeds maxPrice pets } } }`;
const LIST = `{ savedSearches { id name frequency newMatchCount } }`;
const UPDATE = `mutation U($id: ID!, $input: UpdateSavedSearchInput!) { updateSavedSearch(id: $id, input: $input) { id name frequency } }`;
const SEEN = `mutation M($id: ID!) { markSavedSearchSeen(id: $id) { id newMatchCount } }`;
const DELETE = `mutation D($id: ID!) { deleteSavedSearch(id: $id) }`;
const NOTIFICATIONS = `{ unreadNotificationCount notifications { id kind title url readAt } }`;
const READ = `mutation R($id: ID!) { markNotificationRead(id: $id) { id readAt } }`;
const READ_ALL = `mutation { markAllNotificationsRead }`;
const ADDED = `subscription { notificationAdded { id kind title url } }`;
const CREATE = `mutation C($input: ListingInput!, $status: ListingStatus) { createListing(input: $input, status: $status) { id slug } }`;
const UPDATE_LISTING = `mutation U($id: ID!, $input: ListingInput!) { updateListing(id: $id, input: $input) { id price } }`;
const STATUS = 'mutation S($id: ID!, $status: ListingStatus!) { setListingStatus(id: $id, status: $status) { id status } }';

const BROOKLYN_2BR = { borough: 'BROOKLYN', minBeds: 2, maxPrice: 4000 };

function harness(getApp: () => TestApp, getDb: () => TestDatabase) {
  const gql = async (who: TestAccount | null, query: string, variables: Record<string, unknown> = {}, app = getApp()) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(who ? who.bearer : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as Body;
  };
  const must = async (who: TestAccount, query: string, variables: Record<string, unknown> = {}, app = getApp()) => {
    const r = await gql(who, query, variables, app);
    if (r.errors?.length) throw new Error(JSON.stringify(r.errors));
    return r.data;
  };
  /** A photo the account uploaded (as POST /api/uploads records it), so a listing can be published. */
  const photo = async (who: TestAccount) => {
    const app = getApp();
    const key = `listings/${who.uid}/test/${Date.now()}-${Math.random().toString(36).slice(2)}.webp`;
    const big = await app.storage.put(key, Buffer.from('big'), 'image/webp');
    const thumb = await app.storage.put(key.replace('.webp', '-t.webp'), Buffer.from('t'), 'image/webp');
    await getDb().prisma.upload.create({
      data: {
        ownerId: who.uid,
        draftId: 'test',
        storageKey: key,
        thumbnailKey: key.replace('.webp', '-t.webp'),
        url: big.url,
        thumbnailUrl: thumb.url,
        width: 1600,
        height: 1200,
        placeholder: 'AAAA',
        contentType: 'image/webp',
        bytes: 3,
      },
    });
    return [{ url: big.url }];
  };
  const publish = async (who: TestAccount, overrides: Record<string, unknown> = {}, status = 'ACTIVE', app = getApp()) =>
    (await must(who, CREATE, { input: listingInput({ photos: await photo(who), ...overrides }), status }, app)).createListing as {
      id: string;
      slug: string;
    };
  return { gql, must, publish, photo };
}

describe.each(backends)('saved searches and alerts on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let seeker: TestAccount;
  let other: TestAccount;
  let poster: TestAccount;
  const h = harness(
    () => app,
    () => db,
  );

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db, {
      env: backend === 'postgres' ? { DATABASE_URL: db.url!, JOBS_POLL_SECONDS: '0.5' } : {},
    });
    seeker = await createAccount(db.prisma, 'renter', { firstName: 'Sky', lastName: 'Seeker' });
    other = await createAccount(db.prisma, 'renter', { firstName: 'Otto', lastName: 'Other' });
    poster = await createAccount(db.prisma, 'agent', { firstName: 'Pat', lastName: 'Poster' });
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it(`runs its jobs on ${backend === 'postgres' ? 'pg-boss' : 'the in-process queue'}`, () => {
    expect(app.jobs.kind).toBe(backend === 'postgres' ? 'pg-boss' : 'memory');
  });

  it('saves, lists, renames, changes and deletes a search for its owner only; signed-out is refused', async () => {
    const saved = (
      await h.must(seeker, SAVE, { input: { name: 'Owner only', filter: { borough: 'QUEENS' }, frequency: 'DAILY' } })
    ).saveSearch;
    expect(saved).toMatchObject({ name: 'Owner only', frequency: 'DAILY', newMatchCount: 0, filter: { borough: 'QUEENS' } });
    expect((await h.must(seeker, LIST)).savedSearches.map((s: Body) => s.id)).toContain(saved.id);
    // Someone else: the search does not exist for them.
    expect((await h.must(other, LIST)).savedSearches).toEqual([]);
    for (const [q, v] of [
      [UPDATE, { id: saved.id, input: { name: 'Hijacked' } }],
      [SEEN, { id: saved.id }],
      [DELETE, { id: saved.id }],
    ] as const) {
      const r = await h.gql(other, q, v);
      expect(r.errors[0].extensions.code).toBe('NOT_FOUND');
    }
    // Signed out.
    for (const [q, v] of [
      [LIST, {}],
      [SAVE, { input: { name: 'x', filter: {} } }],
      [UPDATE, { id: saved.id, input: { name: 'x' } }],
      [DELETE, { id: saved.id }],
      [NOTIFICATIONS.replace('unreadNotificationCount ', ''), {}],
    ] as const) {
      const r = await h.gql(null, q, v);
      expect(r.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    const renamed = (await h.must(seeker, UPDATE, { id: saved.id, input: { name: 'Queens, daily', frequency: 'OFF' } }))
      .updateSavedSearch;
    expect(renamed).toMatchObject({ name: 'Queens, daily', frequency: 'OFF' });
    expect(await db.prisma.savedSearch.findUniqueOrThrow({ where: { id: saved.id } })).toMatchObject({ name: 'Queens, daily' });
    expect((await h.must(seeker, DELETE, { id: saved.id })).deleteSavedSearch).toBe(saved.id);
    expect(await db.prisma.savedSearch.count({ where: { id: saved.id } })).toBe(0);
  });

  it('refuses bad names, huge filters and unknown frequencies with BAD_USER_INPUT, saving nothing', async () => {
    const before = await db.prisma.savedSearch.count();
    const bad = [
      { name: '', filter: {} },
      { name: '   ', filter: {} },
      { name: 'x'.repeat(121), filter: {} },
      { name: 'line\nbreak', filter: {} },
      { name: 'Huge', filter: { search: 'y'.repeat(5_000) } },
      { name: 'Huge', filter: { lines: Array.from({ length: 500 }, () => 'L') } },
      { name: 'Prices', filter: { minPrice: 5000, maxPrice: 1000 } },
      { name: 'Sync', filter: { updatedSince: '2026-01-01T00:00:00.000Z' } },
    ];
    for (const input of bad) {
      const r = await h.gql(seeker, SAVE, { input });
      expect(r.errors?.[0]?.extensions?.code, JSON.stringify(input).slice(0, 80)).toBe('BAD_USER_INPUT');
    }
    const unknownFrequency = await h.gql(seeker, SAVE, { input: { name: 'Freq', filter: {}, frequency: 'HOURLY' } });
    expect(unknownFrequency.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await db.prisma.savedSearch.count()).toBe(before);
  });

  it('alerts on a new listing and a price drop: live notification, e-mail with a working unsubscribe link', async () => {
    const saved = (await h.must(seeker, SAVE, { input: { name: '2+ beds in Brooklyn under $4,000', filter: BROOKLYN_2BR } }))
      .saveSearch;
    expect(saved.frequency).toBe('INSTANT');
    const socket = openSocket(app.url, { idToken: seeker.idToken });
    try {
      const live = socket.subscribe(ADDED);
      await socket.connected;
      await settle(300);
      // A listing that does not match (Queens) and a draft never alert.
      await h.publish(poster, { borough: 'QUEENS', neighborhood: 'Astoria', title: 'Astoria two-bedroom' });
      await h.publish(poster, { title: 'Draft in Williamsburg' }, 'DRAFT');
      const match = await h.publish(poster, { title: 'Match on Bedford', price: 3900 });
      const got = await live.next(20_000);
      expect(got.data.notificationAdded).toMatchObject({ kind: 'NEW_MATCH', url: `/properties/${match.slug}` });
      expect(got.data.notificationAdded.title).toContain('Match on Bedford');

      const mail = await waitUntil('the new-match e-mail', async () =>
        (await outbox(app)).find((m) => m.includes('Match on Bedford')),
      );
      expect(mail).toMatch(new RegExp(`To: ${seeker.email}`, 'i'));
      expect(mail).toContain(`/properties/${match.slug}`);
      expect(mail).toContain('$3,900/mo');
      const headers = mail.slice(0, mail.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(/List-Unsubscribe: <http[^>]+\/alerts\/unsubscribe\/[\w-]+>/);
      expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      // The price drops: a second alert, once.
      await h.must(poster, UPDATE_LISTING, {
        id: match.id,
        input: listingInput({ title: 'Match on Bedford', price: 3500, photos: await h.photo(poster) }),
      });
      const drop = await live.next(20_000);
      expect(drop.data.notificationAdded).toMatchObject({ kind: 'PRICE_DROP', url: `/properties/${match.slug}` });
      const dropMail = await waitUntil('the price-drop e-mail', async () =>
        (await outbox(app)).find((m) => m.includes('(was $3,900)')),
      );
      expect(dropMail).toContain('$3,500/mo (was $3,900)');
      // A price rise says nothing.
      await h.must(poster, UPDATE_LISTING, {
        id: match.id,
        input: listingInput({ title: 'Match on Bedford', price: 3700, photos: await h.photo(poster) }),
      });
      await settle(1_500);
      expect(live.results).toHaveLength(2);

      const n = await h.must(seeker, NOTIFICATIONS);
      expect(n.unreadNotificationCount).toBe(2);
      expect(n.notifications.map((x: Body) => x.kind)).toEqual(['PRICE_DROP', 'NEW_MATCH']);
      expect(await db.prisma.alertDelivery.count({ where: { savedSearchId: saved.id } })).toBe(2);
      // Others cannot read or mark the seeker's notifications.
      expect((await h.must(other, NOTIFICATIONS)).notifications).toEqual([]);
      expect((await h.gql(other, READ, { id: n.notifications[0].id })).errors[0].extensions.code).toBe('NOT_FOUND');
      expect((await h.must(other, READ_ALL)).markAllNotificationsRead).toBe(0);
      expect((await h.must(seeker, READ, { id: n.notifications[0].id })).markNotificationRead.readAt).toBeTruthy();
      expect((await h.must(seeker, READ_ALL)).markAllNotificationsRead).toBe(1);
      expect((await h.must(seeker, NOTIFICATIONS)).unreadNotificationCount).toBe(0);

      // New matches since last seen; opening the search resets them.
      expect((await h.must(seeker, LIST)).savedSearches.find((s: Body) => s.id === saved.id).newMatchCount).toBe(1);
      expect((await h.must(seeker, SEEN, { id: saved.id })).markSavedSearchSeen.newMatchCount).toBe(0);
      expect((await h.must(seeker, LIST)).savedSearches.find((s: Body) => s.id === saved.id).newMatchCount).toBe(0);

      // The unsubscribe link works: a page that says so, and alerts are off.
      const link = /Turn off these alerts: (\S+)/.exec(mail)![1]!;
      expect(link.startsWith(app.env.publicUrl)).toBe(true);
      const page = await fetch(`${app.url}${new URL(link).pathname}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Alerts turned off');
      expect((await db.prisma.savedSearch.findUniqueOrThrow({ where: { id: saved.id } })).frequency).toBe('OFF');
      // One-click POST (RFC 8058) also works, and an unknown token is a 404.
      await db.prisma.savedSearch.update({ where: { id: saved.id }, data: { frequency: 'DAILY' } });
      const post = await fetch(`${app.url}${new URL(link).pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(post.status).toBe(200);
      expect((await db.prisma.savedSearch.findUniqueOrThrow({ where: { id: saved.id } })).frequency).toBe('OFF');
      expect((await fetch(`${app.url}/alerts/unsubscribe/not-a-real-token-at-all`)).status).toBe(404);

      // Alerts off: another match makes nothing.
      const mails = (await outbox(app)).length;
      await h.publish(poster, { title: 'After unsubscribing', price: 3000 });
      await settle(1_500);
      expect(live.results).toHaveLength(2);
      expect((await outbox(app)).length).toBe(mails);
    } finally {
      await socket.close();
    }
  });

  it("never alerts a listing's owner about their own listing, nor about hidden listings; a draft alerts when published", async () => {
    const own = (await h.must(poster, SAVE, { input: { name: 'Mine', filter: { borough: 'MANHATTAN' } } })).saveSearch;
    const seekers = (await h.must(other, SAVE, { input: { name: 'Manhattan', filter: { borough: 'MANHATTAN' } } })).saveSearch;
    const mine = await h.publish(poster, { borough: 'MANHATTAN', neighborhood: 'Chelsea', title: 'Chelsea studio' });
    await waitUntil('the alert', () => db.prisma.notification.findFirst({ where: { userId: other.uid, propertyId: mine.id } }));
    expect(await db.prisma.notification.count({ where: { userId: poster.uid } })).toBe(0);
    expect(await db.prisma.alertDelivery.count({ where: { savedSearchId: own.id } })).toBe(0);

    // Hidden by moderation: the job makes nothing.
    const draft = await h.publish(poster, { borough: 'MANHATTAN', neighborhood: 'Chelsea', title: 'Hidden one' }, 'DRAFT');
    await db.prisma.property.update({ where: { id: draft.id }, data: { hiddenAt: new Date() } });
    await h.must(poster, STATUS, { id: draft.id, status: 'ACTIVE' });
    await settle(1_500);
    expect(await db.prisma.alertDelivery.count({ where: { propertyId: draft.id } })).toBe(0);
    // Visible again and published from a draft: alerted.
    await db.prisma.property.update({ where: { id: draft.id }, data: { hiddenAt: null, status: 'DRAFT' } });
    await h.must(poster, STATUS, { id: draft.id, status: 'ACTIVE' });
    await waitUntil('the alert', () =>
      db.prisma.alertDelivery.findFirst({ where: { savedSearchId: seekers.id, propertyId: draft.id } }),
    );
  });
  it('e-mails every owed daily digest in one run, however many searches, and leaves out a drop undone since', async () => {
    const reader = await createAccount(db.prisma, 'renter', { firstName: 'Dana', lastName: 'Digest' });
    const owner = await createUser(db.prisma);
    const fresh = await createProperty(db.prisma, { userId: owner.id }, { title: 'Digest studio', price: 2500 });
    const more = [
      await createProperty(db.prisma, { userId: owner.id }, { title: 'Digest loft', price: 2600 }),
      await createProperty(db.prisma, { userId: owner.id }, { title: 'Digest walk-up', price: 2700 }),
    ];
    // Dropped from $4,000 to $3,500, then raised to $3,800: the drop is no news any more.
    const undone = await createProperty(db.prisma, { userId: owner.id }, { title: 'Undone drop', price: 3800 });
    const change = await db.prisma.priceChange.create({ data: { propertyId: undone.id, oldPrice: 4000, newPrice: 3500 } });
    // More searches than one round e-mails (200), each owed the new listing; the last also the undone drop.
    const count = 205;
    await db.prisma.savedSearch.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        userId: reader.uid,
        name: `Digest ${i}`,
        filter: {},
        frequency: 'DAILY' as const,
        unsubscribeToken: `digest-${backend}-${i}-${reader.uid}`,
      })),
    });
    const searches = await db.prisma.savedSearch.findMany({ where: { userId: reader.uid }, orderBy: { id: 'asc' } });
    await db.prisma.alertDelivery.createMany({
      data: [
        // Three listings each: more alerts (615) than one query's worth used to be (500).
        ...searches.flatMap((s) => [fresh, ...more].map((p) => ({ savedSearchId: s.id, propertyId: p.id, event: 'NEW' }))),
        { savedSearchId: searches.at(-1)!.id, propertyId: undone.id, event: `DROP:${change.id}` },
      ],
    });
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const mailer = {
      kind: 'outbox' as const,
      send: async (m: { to: string; subject: string; text: string }) => void sent.push(m),
    };
    const deps = {
      prisma: db.prisma,
      mailer,
      log: pino({ level: 'silent' }),
      publicUrl: app.env.publicUrl,
    } as unknown as Parameters<typeof sendDueAlerts>[0];

    expect(await sendDueAlerts(deps, 'DAILY')).toBe(count);
    expect(sent).toHaveLength(count);
    expect(new Set(sent.map((m) => m.to))).toEqual(new Set([reader.email]));
    // One digest a search, with all three listings, and without the undone drop.
    expect(
      sent.every(
        (m) =>
          ['Digest studio', 'Digest loft', 'Digest walk-up'].every((t) => m.text.includes(t)) && !m.text.includes('Undone drop'),
      ),
    ).toBe(true);
    // Everything owed is claimed, the undone drop too (it is never sent later); a second run sends nothing.
    expect(
      await db.prisma.alertDelivery.count({ where: { savedSearchId: { in: searches.map((s) => s.id) }, emailedAt: null } }),
    ).toBe(0);
    expect(await sendDueAlerts(deps, 'DAILY')).toBe(0);
  });

  it('refuses the same search saved twice, whatever the order of its filters, naming the one saved', async () => {
    const twice = await createAccount(db.prisma, 'renter', { firstName: 'Tess', lastName: 'Twice' });
    const first = await h.must(twice, SAVE, {
      input: { name: 'Brooklyn by the L and G', filter: { borough: 'BROOKLYN', lines: ['L', 'G'], maxPrice: 3000 } },
    });
    expect(first.saveSearch.name).toBe('Brooklyn by the L and G');
    const again = await h.gql(twice, SAVE, {
      input: { name: 'Again', filter: { maxPrice: 3000, lines: ['G', 'L'], borough: 'BROOKLYN' } },
    });
    expect(again.errors[0].extensions.code).toBe('CONFLICT');
    expect(again.errors[0].message).toBe('You already saved this search as “Brooklyn by the L and G”.');
    // Another filter is another search; someone else may save the same one.
    await h.must(twice, SAVE, { input: { name: 'Cheaper', filter: { borough: 'BROOKLYN', lines: ['L', 'G'], maxPrice: 2500 } } });
    await h.must(other, SAVE, {
      input: { name: 'Mine too', filter: { borough: 'BROOKLYN', lines: ['L', 'G'], maxPrice: 3000 } },
    });
    expect(await db.prisma.savedSearch.count({ where: { userId: twice.uid } })).toBe(2);
  });

  it('holds the 50-search limit under concurrent saves', async () => {
    const saver = await createAccount(db.prisma, 'renter', { firstName: 'Cora', lastName: 'Current' });
    await db.prisma.savedSearch.createMany({
      data: Array.from({ length: 47 }, (_, i) => ({
        userId: saver.uid,
        name: `Kept ${i}`,
        filter: { minPrice: 100 + i },
        unsubscribeToken: `limit-${backend}-${i}-${saver.uid}`,
      })),
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => h.gql(saver, SAVE, { input: { name: `Racing ${i}`, filter: { maxPrice: 9000 + i } } })),
    );
    const refused = answers.filter((r) => r.errors);
    expect(answers.filter((r) => !r.errors)).toHaveLength(3);
    expect(refused.map((r) => r.errors[0].extensions.code)).toEqual(['BAD_USER_INPUT', 'BAD_USER_INPUT', 'BAD_USER_INPUT']);
    expect(refused[0].errors[0].message).toMatch(/up to 50 saved searches/);
    expect(await db.prisma.savedSearch.count({ where: { userId: saver.uid } })).toBe(50);
  });
});

// ----------------------------------------------------------------------------------------------------
// Two app instances on one PostgreSQL (pg-boss workers on both) and the real Redis: exactly once.
// ----------------------------------------------------------------------------------------------------
const REDIS_URL = process.env.REDIS_TEST_URL || undefined;

describe.skipIf(!REDIS_URL || !backends.includes('postgres'))('alerts with two app instances on PostgreSQL and Redis', () => {
  let db: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  const h = harness(
    () => a,
    () => db,
  );

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const env = { DATABASE_URL: db.url!, REDIS_URL: REDIS_URL!, JOBS_POLL_SECONDS: '0.5' };
    a = await startTestApp(db, { env });
    b = await startTestApp(db, { env });
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await db?.close();
  });

  it('makes and e-mails each alert exactly once, announced live across instances', async () => {
    expect(a.jobs.kind).toBe('pg-boss');
    expect(b.jobs.kind).toBe('pg-boss');
    const seeker = await createAccount(db.prisma, 'renter', { firstName: 'Sia', lastName: 'Seeker' });
    const poster = await createAccount(db.prisma, 'agent', { firstName: 'Pia', lastName: 'Poster' });
    await h.must(seeker, SAVE, { input: { name: 'Brooklyn', filter: BROOKLYN_2BR } });
    const onB = openSocket(b.url, { idToken: seeker.idToken });
    try {
      const live = onB.subscribe(ADDED);
      await onB.connected;
      await settle(300);
      const listings = await Promise.all(
        [1, 2, 3].map((i) => h.publish(poster, { title: `Concurrent ${i}` }, 'ACTIVE', i % 2 ? a : b)),
      );
      await live.waitFor(3, 20_000);
      // Retries and duplicate runs on both instances change nothing.
      const deps = (app: TestApp) => ({
        prisma: db.prisma,
        mailer: {
          kind: 'outbox' as const,
          send: async () => {
            throw new Error('must not send again');
          },
          close: async () => {},
        },
        log: console as never,
        publicUrl: app.env.publicUrl,
      });
      const again = await Promise.all(
        listings.flatMap((l) => [
          runListingAlert(deps(a), { propertyId: l.id, event: 'PUBLISHED' }),
          runListingAlert(deps(b), { propertyId: l.id, event: 'PUBLISHED' }),
        ]),
      );
      expect(again.every((n) => n === 0)).toBe(true);
      await waitUntil('three e-mails', async () => (await outbox(a)).length + (await outbox(b)).length >= 3);
      await settle(2_500);
      expect(await db.prisma.notification.count({ where: { userId: seeker.uid } })).toBe(3);
      expect(await db.prisma.alertDelivery.count({ where: { emailedAt: { not: null } } })).toBe(3);
      const mails = [...(await outbox(a)), ...(await outbox(b))];
      expect(mails).toHaveLength(3);
      for (const l of listings) expect(mails.filter((m) => m.includes(`/properties/${l.slug}`))).toHaveLength(1);
      expect(live.results).toHaveLength(3);
    } finally {
      await onB.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.js';
import { sendOfflineMail } from '../../server/modules/messaging/offline-mail.js';
import { addPhotos, createProperty, createSavedSearch, dayIn } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { postGraphql } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { recordingMailer } from '../setup/outbox.js';
import { createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';
import { TEST_ORIGIN } from '../setup/ws-client.js';

// /me/profile (issue 59 item 6): everyone's own details and e-mail preference, an agent's public
// profile, and 'Delete my account' (what goes, what stays and without whom), through GraphQL against
// the identity provider's emulator.

const silent = createLogger('silent');

const UPDATE = `mutation U($input: UpdateProfileInput!) { updateProfile(input: $input) { id firstName lastName locale emailMessages } }`;
const AGENT_PROFILE = `mutation A($input: AgentProfileInput!) { updateMyAgentProfile(input: $input) { id bio agency specialties yearsExperience } }`;
const PUBLIC_AGENT = `query P($id: ID!) { agent(id: $id) { id bio agency specialties yearsExperience } }`;
const DELETE = `mutation D($confirm: String!) { deleteMyAccount(confirm: $confirm) { deletedAt } }`;

describe.each(transportBackends)('my profile on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let renter: TestAccount;
  let agent: TestAccount;
  let agentId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    renter = await createAccount(db.prisma, 'renter', { firstName: 'Rhea', lastName: 'Renter' });
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Aldo', lastName: 'Agent' });
    agentId = (await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } })).id;
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('saves names, language and the e-mail preference; messages are not e-mailed once it is off', async () => {
    const saved = await postGraphql(app.url, renter, UPDATE, {
      input: { firstName: 'Rhea', lastName: 'Reyes', locale: 'es', emailMessages: false },
    });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.updateProfile).toMatchObject({ lastName: 'Reyes', locale: 'es', emailMessages: false });
    const empty = await postGraphql(app.url, renter, UPDATE, { input: { firstName: '  ' } });
    expect(empty.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

    // An unread message from the agent while the renter is away: e-mailed only to those who want it.
    const other = await createAccount(db.prisma, 'renter', { firstName: 'Otto', lastName: 'Other' });
    const listing = await createProperty(db.prisma, { userId: agent.uid, agentId });
    const now = new Date();
    for (const who of [renter, other]) {
      const thread = await db.prisma.thread.create({
        data: { propertyId: listing.id, renterId: who.uid, agentUserId: agent.uid, lastMessageAt: now },
      });
      await db.prisma.message.create({
        data: {
          threadId: thread.id,
          senderId: agent.uid,
          content: 'Free on Saturday?',
          createdAt: new Date(now.getTime() - 60_000),
        },
      });
    }
    const mailer = recordingMailer();
    await sendOfflineMail({ prisma: db.prisma, mailer, log: silent, publicUrl: 'https://rentals.example.com', now });
    const to = mailer.sent.map((m) => m.to);
    expect(to).toContain(other.email);
    expect(to).not.toContain(renter.email);
  });

  it('an agent edits their public profile, and the public page shows it; others cannot, bad input is said', async () => {
    const saved = await postGraphql(app.url, agent, AGENT_PROFILE, {
      input: {
        bio: '  Fifteen years in Brooklyn rentals.  ',
        agency: 'Kings Realty',
        specialties: ['Brownstones', ' ', 'brownstones', 'No-fee rentals'],
        yearsExperience: 15,
      },
    });
    expect(saved.errors).toBeUndefined();
    const shown = await postGraphql(app.url, null, PUBLIC_AGENT, { id: agentId });
    expect(shown.data.agent).toEqual({
      id: agentId,
      bio: 'Fifteen years in Brooklyn rentals.',
      agency: 'Kings Realty',
      specialties: ['Brownstones', 'No-fee rentals'],
      yearsExperience: 15,
    });
    // What is left out stays; empty text removes.
    await postGraphql(app.url, agent, AGENT_PROFILE, { input: { agency: '' } });
    expect((await postGraphql(app.url, null, PUBLIC_AGENT, { id: agentId })).data.agent).toMatchObject({
      agency: null,
      bio: 'Fifteen years in Brooklyn rentals.',
    });

    const renterTries = await postGraphql(app.url, renter, AGENT_PROFILE, { input: { bio: 'I am an agent now' } });
    expect(renterTries.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await postGraphql(app.url, null, AGENT_PROFILE, { input: { bio: 'x' } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const input of [
      { bio: 'x'.repeat(2001) },
      { specialties: Array.from({ length: 9 }, (_, i) => `Specialty ${i}`) },
      { specialties: ['x'.repeat(41)] },
      { yearsExperience: 71 },
      { yearsExperience: -1 },
    ]) {
      const refused = await postGraphql(app.url, agent, AGENT_PROFILE, { input });
      expect(refused.errors?.[0]?.extensions?.code, JSON.stringify(input).slice(0, 40)).toBe('BAD_USER_INPUT');
    }
    expect((await postGraphql(app.url, null, PUBLIC_AGENT, { id: agentId })).data.agent.yearsExperience).toBe(15);
  });

  it("'Delete my account': personal data goes, the conversation and the review stay for the others without the name, and the account signs in no more", async () => {
    const leaver = await createAccount(db.prisma, 'renter', { firstName: 'Lena', lastName: 'Leaving' });
    const listing = await createProperty(db.prisma, { userId: agent.uid, agentId });
    await addPhotos(db.prisma, listing.id, 1);
    const ownListing = await createProperty(db.prisma, { userId: leaver.uid }, { title: 'My sublet' });
    await db.prisma.favorite.create({ data: { userId: leaver.uid, propertyId: listing.id } });
    await createSavedSearch(db.prisma, leaver.uid, { filter: { borough: 'BROOKLYN' } });
    const thread = await db.prisma.thread.create({
      data: { propertyId: listing.id, renterId: leaver.uid, agentUserId: agent.uid, lastMessageAt: new Date() },
    });
    await db.prisma.message.createMany({
      data: [
        { threadId: thread.id, senderId: leaver.uid, content: 'Can I see it Saturday?' },
        { threadId: thread.id, senderId: agent.uid, content: 'Yes, at noon.' },
      ],
    });
    const review = await db.prisma.review.create({
      data: { agentId, authorId: leaver.uid, score: 5, comment: 'Very helpful.', verified: true },
    });
    const tour = await db.prisma.tourRequest.create({
      data: {
        propertyId: listing.id,
        renterId: leaver.uid,
        agentUserId: agent.uid,
        threadId: thread.id,
        status: 'CONFIRMED',
        startsAt: new Date(`${dayIn(3)}T15:00:00Z`),
        endsAt: new Date(`${dayIn(3)}T15:30:00Z`),
        expiresAt: new Date(`${dayIn(3)}T15:00:00Z`),
      },
    });

    // Not without typing DELETE: nothing changes.
    const unconfirmed = await postGraphql(app.url, leaver, DELETE, { confirm: 'delete please' });
    expect(unconfirmed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await db.prisma.favorite.count({ where: { userId: leaver.uid } })).toBe(1);

    const deleted = await postGraphql(app.url, leaver, DELETE, { confirm: 'DELETE' });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data.deleteMyAccount.deletedAt).toEqual(expect.any(String));

    const row = await db.prisma.user.findUniqueOrThrow({ where: { id: leaver.uid } });
    expect(row).toMatchObject({ firstName: 'Former', lastName: 'member', phone: null, photoUrl: null, emailMessages: false });
    expect(row.email).not.toBe(leaver.email);
    expect(row.deletedAt).not.toBeNull();
    expect(await db.prisma.favorite.count({ where: { userId: leaver.uid } })).toBe(0);
    expect(await db.prisma.savedSearch.count({ where: { userId: leaver.uid } })).toBe(0);
    expect(await db.prisma.property.findUnique({ where: { id: ownListing.id } })).toBeNull();
    expect((await db.prisma.tourRequest.findUniqueOrThrow({ where: { id: tour.id } })).status).toBe('CANCELLED');

    // The agent keeps the conversation, now with a former member; the review stays, anonymised.
    const seen = await postGraphql(
      app.url,
      agent,
      `query T($id: ID!) { thread(id: $id) { renter { firstName lastName } messages(first: 10) { items { content } } } }`,
      { id: thread.id },
    );
    expect(seen.errors).toBeUndefined();
    // Shown as one phrase in the reader's language (kept as DELETED_ACCOUNT_NAME).
    expect(seen.data.thread.renter).toEqual({ firstName: 'Former member', lastName: '' });
    expect(JSON.stringify(seen.data.thread.messages)).toContain('Can I see it Saturday?');
    const reviews = await postGraphql(
      app.url,
      null,
      `query R($id: ID!) { agent(id: $id) { reviews(first: 10) { id comment author { firstName lastName photoUrl } } } }`,
      { id: agentId },
    );
    expect(reviews.data.agent.reviews).toContainEqual({
      id: review.id,
      comment: 'Very helpful.',
      author: { firstName: 'Former member', lastName: '', photoUrl: null },
    });
    for (const [lang, name] of [
      ['es', 'Antiguo miembro'],
      ['zh', '已注销用户'],
    ]) {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'accept-language': lang!, ...agent.bearer },
        body: JSON.stringify({
          query: `query T($id: ID!) { thread(id: $id) { renter { firstName lastName name } } }`,
          variables: { id: thread.id },
        }),
      });
      expect(((await res.json()) as { data: { thread: { renter: unknown } } }).data.thread.renter).toEqual({
        firstName: name,
        lastName: '',
        name,
      });
    }

    // The sign-in is gone: the old token acts no more.
    const after = await postGraphql(app.url, leaver, UPDATE, { input: { firstName: 'Back' } });
    expect(after.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const me = await postGraphql(app.url, leaver, `query { me { id } }`);
    expect(me.data?.me ?? null).toBeNull();
  });
});

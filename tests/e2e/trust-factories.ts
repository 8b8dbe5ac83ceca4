// Rows of the trust and safety browser tests (issue 14 items 4 and 5), written into the e2e database
// before the server starts (tests/e2e/server.ts): an administrator (the Auth emulator account with the
// same uid is made by `ensureAdminIdentity` during the test), a licensed agent with one listing, a
// listing for a renter to report, and a listing three people reported (hidden automatically, through
// the real report service). The new listings are just newer than the oldest seeded one, with titles
// no other test searches for.
import type { Prisma, PrismaClient } from '../../server/db/generated/prisma/client.js';
import { DEMO_AGENT } from '../../server/db/seed/demo-accounts.js';
import { reportListing } from '../../server/modules/moderation/moderation.service.js';
import { nearbyStationsFor } from '../../server/modules/transit/nearby.js';
import { EMULATOR, PROJECT } from './auth-helpers.js';
import { ELEVEN_PHOTOS } from './e2e-data.js';

export const E2E_ADMIN = {
  uid: 'e2e-admin',
  email: 'admin@e2e.example.com',
  password: 'admin-e2e-password-1',
  firstName: 'Alex',
  lastName: 'Moderator',
  name: 'Alex Moderator',
  phone: '+15555550177',
} as const;

/**
 * Readers of standing (a month old, phone verified, a saved search): their reports count toward
 * hiding (server/modules/moderation/report-standing.ts); a fresh account's do not. Their Auth emulator
 * identities are made by `ensureReaderIdentities` during a test.
 */
export const E2E_READERS = [0, 1, 2].map((i) => ({
  uid: `e2e-reader-${i}`,
  email: `reader${i}@e2e.example.com`,
  password: `reader-e2e-password-${i}`,
  firstName: ['Uma', 'Vic', 'Wren'][i] as string,
  lastName: 'Regular',
  name: `${['Uma', 'Vic', 'Wren'][i] as string} Regular`,
  phone: `+1555555019${i}`,
}));

const MONTH_AGO = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

/** A user row of standing (see E2E_READERS). */
async function establishedUser(
  prisma: PrismaClient,
  data: { id: string; email: string; firstName: string; lastName: string; phone: string },
) {
  const user = await prisma.user.create({ data: { ...data, createdAt: MONTH_AGO() } });
  await prisma.savedSearch.create({
    data: {
      userId: user.id,
      name: 'Brooklyn two-beds',
      filter: { borough: 'BROOKLYN', minBeds: 2 },
      unsubscribeToken: `${user.id}-search`,
    },
  });
  return user;
}

export const LICENSED_AGENT = {
  userId: 'e2e-licensed-agent',
  firstName: 'Lena',
  lastName: 'Licensed',
  license: '10401234567',
} as const;
/** An agent's message that refuses rental assistance, flagged by the system (issue 58 item 1). */
export const FLAGGED_MESSAGE = {
  content: 'Thanks for asking! Unfortunately the landlord does not participate in Section 8. Showings are on weekdays.',
  phrase: 'does not participate in Section 8',
} as const;
export const LICENSED_LISTING = { slug: 'e2e-licensed-agent-loft', title: 'Trust test loft by a licensed agent' } as const;
export const REPORT_ME = { slug: 'e2e-report-me', title: 'Trust test studio to report' } as const;
export const REPORTED = { slug: 'e2e-reported-three-times', title: 'Trust test walk-up reported three times' } as const;

async function listing(
  prisma: PrismaClient,
  data: { slug: string; title: string; ownerId: string; agentId: string | null },
  secondsNewer: number,
) {
  const agent = await prisma.agent.findUniqueOrThrow({ where: { userId: DEMO_AGENT.uid } });
  const template = await prisma.property.findFirstOrThrow({
    where: { agentId: agent.id, status: 'ACTIVE', locationLat: { not: null } },
    orderBy: { createdAt: 'asc' },
    include: { photos: { orderBy: { position: 'asc' }, take: 1 } },
  });
  // Just newer than the oldest seeded listing with photos (the one listing.spec.ts counts views on and
  // no other test opens), so that one stays the oldest.
  const oldest = await prisma.property.findFirstOrThrow({
    where: { photos: { some: {} }, slug: { not: ELEVEN_PHOTOS.slug } },
    orderBy: { createdAt: 'asc' },
    select: { createdAt: true },
  });
  const {
    id: _id,
    slug: _slug,
    title: _title,
    createdAt: _c,
    updatedAt: _u,
    views: _v,
    otherFees: _o,
    nearbyStations: _n,
    photos,
    ownerId: _owner,
    agentId: _agent,
    ...facts
  } = template;
  return prisma.property.create({
    data: {
      ...facts,
      ...data,
      nearbyStations: nearbyStationsFor(facts.locationLat, facts.locationLng) as unknown as Prisma.InputJsonValue,
      views: 0,
      createdAt: new Date(oldest.createdAt.getTime() + secondsNewer * 1000),
      listedAt: new Date(oldest.createdAt.getTime() + secondsNewer * 1000),
      photos: {
        create: photos.map((p) => ({
          position: p.position,
          url: p.url,
          thumbnailUrl: p.thumbnailUrl,
          width: p.width,
          height: p.height,
        })),
      },
    },
    select: { id: true },
  });
}

export async function createTrustData(prisma: PrismaClient): Promise<void> {
  await prisma.user.create({
    data: {
      id: E2E_ADMIN.uid,
      email: E2E_ADMIN.email,
      phone: E2E_ADMIN.phone,
      firstName: E2E_ADMIN.firstName,
      lastName: E2E_ADMIN.lastName,
      role: 'ADMIN',
    },
  });
  const licensed = await prisma.user.create({
    data: {
      id: LICENSED_AGENT.userId,
      email: 'lena.licensed@e2e.example.com',
      role: 'AGENT',
      firstName: LICENSED_AGENT.firstName,
      lastName: LICENSED_AGENT.lastName,
      agent: {
        create: { agency: 'Verified Homes', yearsExperience: 8, license: LICENSED_AGENT.license, licenseVerifiedAt: new Date() },
      },
    },
    select: { id: true, agent: { select: { id: true } } },
  });
  const licensedListing = await listing(prisma, { ...LICENSED_LISTING, ownerId: licensed.id, agentId: licensed.agent!.id }, 1);
  const demo = await prisma.agent.findUniqueOrThrow({ where: { userId: DEMO_AGENT.uid } });
  await listing(prisma, { ...REPORT_ME, ownerId: DEMO_AGENT.uid, agentId: demo.id }, 2);
  const reported = await listing(prisma, { ...REPORTED, ownerId: DEMO_AGENT.uid, agentId: demo.id }, 3);
  const reasons = ['SCAM_FRAUD', 'WRONG_INFORMATION', 'SCAM_FRAUD'] as const;
  for (const [i, reason] of reasons.entries()) {
    // Three reporters of standing, each from an address of their own: their reports count.
    const reporter = await establishedUser(prisma, {
      id: `e2e-reporter-${i}`,
      email: `reporter${i}@e2e.example.com`,
      firstName: `Reporter${i}`,
      lastName: 'Witness',
      phone: `+1555555018${i}`,
    });
    await reportListing(
      { prisma },
      { uid: reporter.id, email: reporter.email, role: 'RENTER' },
      reported.id,
      { reason, details: i === 1 ? 'The photos show a different building.' : null },
      { ip: `192.0.2.${10 + i}` },
    );
  }
  for (const r of E2E_READERS)
    await establishedUser(prisma, { id: r.uid, email: r.email, firstName: r.firstName, lastName: r.lastName, phone: r.phone });
  // The licensed agent refused rental assistance in a conversation: the system's flag waits for the
  // moderators (issue 58 item 1).
  const thread = await prisma.thread.create({
    data: { propertyId: licensedListing.id, renterId: E2E_READERS[0]!.uid, agentUserId: licensed.id },
    select: { id: true },
  });
  await prisma.messageFlag.create({
    data: {
      reason: 'SOURCE_OF_INCOME',
      phrase: FLAGGED_MESSAGE.phrase,
      message: { create: { threadId: thread.id, senderId: licensed.id, content: FLAGGED_MESSAGE.content } },
    },
  });
}

/** An Auth emulator identity with the uid of a factory's user row (idempotent). */
export async function ensureIdentity(a: {
  uid: string;
  email: string;
  password: string;
  name: string;
  phone: string;
}): Promise<void> {
  const res = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({
      localId: a.uid,
      email: a.email,
      password: a.password,
      displayName: a.name,
      phoneNumber: a.phone,
      emailVerified: true,
    }),
  });
  if (!res.ok) {
    const text = await res.text();
    if (!/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(text))
      throw new Error(`creating the identity of ${a.email} answered ${res.status}: ${text}`);
  }
}

/** The admin's identity in the Auth emulator, with the uid of the factory's user row (idempotent). */
export function ensureAdminIdentity(): Promise<void> {
  return ensureIdentity(E2E_ADMIN);
}

/** The readers' identities in the Auth emulator (idempotent). */
export async function ensureReaderIdentities(): Promise<void> {
  for (const r of E2E_READERS) await ensureIdentity(r);
}

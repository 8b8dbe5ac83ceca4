import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../server/core/viewer.js';
import { loadEnv } from '../../server/env.js';
import { createRateLimits } from '../../server/infra/rate-limits.js';
import { createMailer, listOutbox, readOutboxFile } from '../../server/modules/mail/mailer.js';
import { grantAdmin, listAdmins, revokeAdmin } from '../../server/modules/auth/admins.service.js';
import { ADMIN_USAGE, parseAdminArgs, runAdminCommand } from '../../server/modules/auth/admin-command.js';
import {
  moderateListing,
  MODERATION_QUEUE_MAX,
  reportListing,
  TRUST_MESSAGES,
} from '../../server/modules/moderation/moderation.service.js';
import { LICENSE_MESSAGE, LISTING_REPORT_MESSAGES, licenseInputSchema } from '../../common/trust.js';
import { createAgent, createEstablishedUser, createProperty, createUser } from '../factories/index.js';
import { execute, query } from '../setup/graphql.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

const REPORT = /* GraphQL */ `
  mutation Report($propertyId: ID!, $reason: ListingReportReason!, $details: String) {
    reportListing(propertyId: $propertyId, reason: $reason, details: $details) {
      propertyId
      hiddenNow
    }
  }
`;
const MODERATE = /* GraphQL */ `
  mutation Moderate($propertyId: ID!, $action: ModerationAction!, $note: String) {
    moderateListing(propertyId: $propertyId, action: $action, note: $note) {
      id
      hidden
      hiddenReason
    }
  }
`;
const QUEUE = /* GraphQL */ `
  query Queue {
    moderationQueue {
      propertyId
      title
      hidden
      hiddenReason
      ownerName
      openReportCount
      reports {
        reason
        details
        reporterName
      }
    }
  }
`;
const SEARCH = /* GraphQL */ `
  query Search($filter: PropertyFilter) {
    properties(filter: $filter, first: 50) {
      totalCount
      edges {
        node {
          id
        }
      }
    }
  }
`;
const DETAIL = /* GraphQL */ `
  query Detail($id: ID!) {
    property(id: $id) {
      id
      hidden
      hiddenReason
      viewerHasReported
    }
  }
`;
const VIEW = /* GraphQL */ `
  mutation View($id: ID!) {
    recordPropertyView(id: $id) {
      id
      title
    }
  }
`;
const SAVED_TAB = /* GraphQL */ `
  query SavedTab {
    myListings(status: SAVED) {
      items {
        id
      }
    }
  }
`;
const AGENT = /* GraphQL */ `
  query Agent($id: ID!) {
    agent(id: $id) {
      id
      license
      licenseVerified
      activeListingsCount
      listings(first: 20) {
        totalCount
        edges {
          node {
            id
          }
        }
      }
    }
  }
`;
const LICENSES = /* GraphQL */ `
  query Licenses {
    licenseQueue {
      agentId
      license
      verified
    }
  }
`;
const VERIFY = /* GraphQL */ `
  mutation Verify($agentId: ID!, $verified: Boolean!) {
    setAgentLicenseVerified(agentId: $agentId, verified: $verified) {
      id
      licenseVerified
    }
  }
`;
const MY_LICENSE = /* GraphQL */ `
  mutation MyLicense($license: String!) {
    updateMyLicense(license: $license) {
      id
      license
      licenseVerified
    }
  }
`;

const codeOf = (r: { errors?: ReadonlyArray<{ originalError?: Error | null }> }) =>
  (r.errors?.[0]?.originalError as { code?: string } | undefined)?.code;
const messageOf = (r: { errors?: ReadonlyArray<{ message: string }> }) => r.errors?.[0]?.message;
const asViewer = (u: { id: string; email: string }, role: Viewer['role'] = 'RENTER'): Viewer => ({
  uid: u.id,
  email: u.email,
  role,
});

describe.each(backends)('trust and safety on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let admin: Viewer;
  let agentOwner: { user: { id: string; email: string }; agent: { id: string } };
  let owner: Viewer;
  let renters: Viewer[];

  const ids = async (viewer: Viewer | null = null, filter: Record<string, unknown> = {}) => {
    const r = await query<{ properties: { totalCount: number; edges: Array<{ node: { id: string } }> } }>(
      db.prisma,
      SEARCH,
      { filter },
      viewer,
    );
    return { count: r.properties.totalCount, ids: r.properties.edges.map((e) => e.node.id) };
  };
  const restIds = async () => {
    const res = await fetch(`${app.url}/api/properties?limit=50`);
    const body = (await res.json()) as Body;
    const items = (body.properties ?? body.items ?? body.data ?? body) as Array<{ id: string }>;
    return items.map((p) => p.id);
  };
  const audits = (targetId: string) =>
    db.prisma.auditLog.findMany({ where: { targetId }, orderBy: { createdAt: 'asc' }, select: { action: true, actorId: true } });

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    app = await startTestApp(db);
    const a = await createUser(db.prisma, { firstName: 'Ada', lastName: 'Admin', role: 'ADMIN' });
    admin = asViewer(a, 'ADMIN');
    agentOwner = await createAgent(db.prisma, { user: { firstName: 'Olga', lastName: 'Owner' } });
    owner = asViewer(agentOwner.user, 'AGENT');
    renters = [];
    for (let i = 0; i < 5; i++)
      // Renters of standing: their reports count toward hiding (fresh accounts' do not).
      renters.push(asViewer(await createEstablishedUser(db.prisma, { firstName: `Renter${i}`, lastName: 'Reporter' })));
  });
  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it('validates reports: signed in, a reason, a comment for Other (at most 1000), not the owner, once per user', async () => {
    const p = await createProperty(db.prisma, { userId: agentOwner.user.id, agentId: agentOwner.agent.id });
    const report = (who: Viewer | null, reason: string, details?: string | null, id: string = p.id) =>
      execute(db.prisma, REPORT, { propertyId: id, reason, details }, who);

    expect(codeOf(await report(null, 'SCAM_FRAUD'))).toBe('UNAUTHENTICATED');
    const own = await report(owner, 'SCAM_FRAUD');
    expect(codeOf(own)).toBe('FORBIDDEN');
    expect(messageOf(own)).toBe(TRUST_MESSAGES.cannotReportOwn);
    expect((await report(renters[0]!, 'UGLY')).errors?.[0]?.message).toMatch(/ListingReportReason/);
    for (const details of [undefined, null, '  ']) {
      const other = await report(renters[0]!, 'OTHER', details);
      expect(codeOf(other)).toBe('BAD_USER_INPUT');
      expect(messageOf(other)).toBe(LISTING_REPORT_MESSAGES.detailsRequired);
    }
    const long = await report(renters[0]!, 'WRONG_INFORMATION', 'x'.repeat(1001));
    expect(messageOf(long)).toBe('Comment must be at most 1000 characters');
    expect(codeOf(await report(renters[0]!, 'SCAM_FRAUD', null, '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    // An account never finished: not a reporter.
    expect(codeOf(await report({ uid: 'ghost', email: 'g@example.com', role: null }, 'SCAM_FRAUD'))).toBe('UNAUTHENTICATED');
    expect(await db.prisma.listingReport.count({ where: { propertyId: p.id } })).toBe(0);

    const ok = await report(renters[0]!, 'OTHER', `  ${'d'.repeat(1000)}  `);
    expect(ok.errors).toBeUndefined();
    expect(ok.data).toEqual({ reportListing: { propertyId: p.id, hiddenNow: false } });
    expect(await db.prisma.listingReport.findFirstOrThrow({ where: { propertyId: p.id } })).toMatchObject({
      reporterId: renters[0]!.uid,
      reason: 'OTHER',
      details: 'd'.repeat(1000),
      resolvedAt: null,
    });
    const again = await report(renters[0]!, 'SCAM_FRAUD');
    expect(codeOf(again)).toBe('CONFLICT');
    expect(messageOf(again)).toBe(TRUST_MESSAGES.alreadyReported);
    // By slug too; the flag is per viewer.
    const bySlug = await report(renters[1]!, 'ALREADY_RENTED', null, p.slug);
    expect(bySlug.errors).toBeUndefined();
    expect((await query<Body>(db.prisma, DETAIL, { id: p.id }, renters[1]!)).property.viewerHasReported).toBe(true);
    expect((await query<Body>(db.prisma, DETAIL, { id: p.id }, renters[2]!)).property.viewerHasReported).toBe(false);
    expect(await db.prisma.listingReport.count({ where: { propertyId: p.id } })).toBe(2);
    expect((await audits(p.id)).map((a) => a.action)).toEqual(['LISTING_REPORTED', 'LISTING_REPORTED']);
  });

  it(`limits reports to ${RATE_LIMITS.listingReport.points} an hour per user`, async () => {
    expect(RATE_LIMITS.listingReport).toMatchObject({ points: 20, durationSeconds: 3600 });
    const limits = createRateLimits({ log: pino({ level: 'silent' }) });
    const reporter = asViewer(await createUser(db.prisma, { firstName: 'Busy' }));
    const listings = [];
    for (let i = 0; i < 21; i++) listings.push(await createProperty(db.prisma, { userId: agentOwner.user.id }));
    for (let i = 0; i < 20; i++)
      await reportListing({ prisma: db.prisma, limits }, reporter, listings[i]!.id, { reason: 'SCAM_FRAUD' });
    const over = reportListing({ prisma: db.prisma, limits }, reporter, listings[20]!.id, { reason: 'SCAM_FRAUD' });
    await expect(over).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(await db.prisma.listingReport.count({ where: { reporterId: reporter.uid } })).toBe(20);
    await limits.close();
  });

  it('is not hidden by three fresh accounts, nor by established ones sharing an address; their reports reach the queue', async () => {
    const p = await createProperty(
      db.prisma,
      { userId: agentOwner.user.id, agentId: agentOwner.agent.id },
      { title: 'Rival loft' },
    );
    const deps = { prisma: db.prisma };
    for (let i = 0; i < 3; i++) {
      const fresh = await createUser(db.prisma, {
        firstName: `Sock${i}`,
        phone: `+1555888${String(Date.now() % 1000).padStart(3, '0')}${i}`,
      });
      const r = await reportListing(deps, asViewer(fresh), p.id, { reason: 'SCAM_FRAUD' }, { ip: `203.0.113.${20 + i}` });
      expect(r.hiddenNow).toBe(false);
    }
    for (let i = 0; i < 3; i++) {
      const housemate = await createEstablishedUser(db.prisma, { firstName: `Housemate${i}` });
      const r = await reportListing(deps, asViewer(housemate), p.id, { reason: 'WRONG_INFORMATION' }, { ip: '198.51.100.200' });
      expect(r.hiddenNow).toBe(false);
    }
    expect(await db.prisma.property.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ hiddenAt: null });
    expect((await ids()).ids).toContain(p.id);
    // Every report is in the admins' queue all the same.
    const queue = (await query<Body>(db.prisma, QUEUE, {}, admin)).moderationQueue as Array<{
      propertyId: string;
      openReportCount: number;
    }>;
    expect(queue.find((c) => c.propertyId === p.id)).toMatchObject({ openReportCount: 6, hidden: false });
  });

  it('hides a listing at the 3rd distinct reporter from search, counts, REST and details; the owner still sees it', async () => {
    const p = await createProperty(
      db.prisma,
      { userId: agentOwner.user.id, agentId: agentOwner.agent.id },
      { title: 'Suspicious loft' },
    );
    const before = await ids();
    expect(before.ids).toContain(p.id);
    expect(await restIds()).toContain(p.id);
    const first = await query<Body>(db.prisma, AGENT, { id: agentOwner.agent.id });
    // A renter who saved it before it was hidden (their Saved tab of the manage screen).
    await db.prisma.favorite.create({ data: { userId: renters[3]!.uid, propertyId: p.id } });
    const savedTab = async () =>
      (await query<Body>(db.prisma, SAVED_TAB, {}, renters[3]!)).myListings.items.map((x: Body) => x.id) as string[];
    expect(await savedTab()).toContain(p.id);

    for (const [i, who] of renters.slice(0, 2).entries()) {
      const r = await query<Body>(db.prisma, REPORT, { propertyId: p.id, reason: i ? 'SCAM_FRAUD' : 'WRONG_INFORMATION' }, who);
      expect(r.reportListing.hiddenNow).toBe(false);
    }
    expect((await ids()).ids).toContain(p.id);
    const third = await query<Body>(db.prisma, REPORT, { propertyId: p.id, reason: 'SCAM_FRAUD' }, renters[2]!);
    expect(third.reportListing.hiddenNow).toBe(true);
    expect(await db.prisma.property.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ hiddenReason: 'REPORTED' });
    const auto = (await audits(p.id)).filter((a) => a.action === 'LISTING_AUTO_HIDDEN');
    expect(auto).toEqual([{ action: 'LISTING_AUTO_HIDDEN', actorId: null }]);
    // The owner is told.
    expect(
      await db.prisma.notification.count({ where: { userId: agentOwner.user.id, kind: 'LISTING_HIDDEN', propertyId: p.id } }),
    ).toBe(1);

    const after = await ids();
    expect(after.ids).not.toContain(p.id);
    expect(after.count).toBe(before.count - 1);
    expect((await ids(null, { search: 'Suspicious loft' })).ids).not.toContain(p.id);
    expect(await restIds()).not.toContain(p.id);
    expect((await fetch(`${app.url}/api/properties/${p.id}`)).status).toBe(404);
    expect((await query<Body>(db.prisma, DETAIL, { id: p.id })).property).toBeNull();
    expect((await query<Body>(db.prisma, DETAIL, { id: p.id }, renters[3]!)).property).toBeNull();
    // Nor through counting a view, nor on the Saved tab of someone who saved it before.
    expect((await query<Body>(db.prisma, VIEW, { id: p.id }, renters[3]!)).recordPropertyView).toBeNull();
    expect((await query<Body>(db.prisma, VIEW, { id: p.slug })).recordPropertyView).toBeNull();
    expect(await savedTab()).not.toContain(p.id);
    const agentAfter = await query<Body>(db.prisma, AGENT, { id: agentOwner.agent.id });
    expect(agentAfter.agent.activeListingsCount).toBe(first.agent.activeListingsCount - 1);
    expect(agentAfter.agent.listings.edges.map((e: Body) => e.node.id)).not.toContain(p.id);
    const restAgent = (await (await fetch(`${app.url}/api/agents/${agentOwner.agent.id}`)).json()) as Body;
    expect(restAgent.properties.map((x: Body) => x.id)).not.toContain(p.id);
    // The owner still sees it, marked.
    expect((await query<Body>(db.prisma, DETAIL, { id: p.id }, owner)).property).toMatchObject({
      id: p.id,
      hidden: true,
      hiddenReason: 'REPORTED',
    });
    // A 4th report of a hidden listing: not found (nobody else sees it).
    expect(codeOf(await execute(db.prisma, REPORT, { propertyId: p.id, reason: 'OTHER', details: 'x' }, renters[3]!))).toBe(
      'NOT_FOUND',
    );
  });

  it('lets admins dismiss, hide and reinstate, audited, the owner notified and e-mailed; the queue groups reports', async () => {
    const p = await createProperty(
      db.prisma,
      { userId: agentOwner.user.id, agentId: agentOwner.agent.id },
      { title: 'Queue me' },
    );
    await query(db.prisma, REPORT, { propertyId: p.id, reason: 'DISCRIMINATORY', details: 'No kids' }, renters[0]!);
    await query(db.prisma, REPORT, { propertyId: p.id, reason: 'SCAM_FRAUD' }, renters[1]!);
    const queue = (await query<Body>(db.prisma, QUEUE, {}, admin)).moderationQueue;
    const entry = queue.find((c: Body) => c.propertyId === p.id);
    expect(entry).toMatchObject({ title: 'Queue me', hidden: false, ownerName: 'Olga Owner', openReportCount: 2 });
    expect(entry.reports.map((r: Body) => r.reason).sort()).toEqual(['DISCRIMINATORY', 'SCAM_FRAUD']);
    expect(entry.reports.find((r: Body) => r.reason === 'DISCRIMINATORY').details).toBe('No kids');

    // Dismiss: reports resolved, visible, out of the queue.
    const dismissed = await query<Body>(db.prisma, MODERATE, { propertyId: p.id, action: 'DISMISS' }, admin);
    expect(dismissed.moderateListing).toMatchObject({ hidden: false, hiddenReason: null });
    expect(await db.prisma.listingReport.count({ where: { propertyId: p.id, resolvedAt: null } })).toBe(0);
    expect((await query<Body>(db.prisma, QUEUE, {}, admin)).moderationQueue.some((c: Body) => c.propertyId === p.id)).toBe(false);

    // Hide, with an e-mail in the outbox (the service with the app's mailer).
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'trust-outbox-'));
    const mailer = createMailer(loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), pino({ level: 'silent' }));
    await moderateListing(
      { prisma: db.prisma, mail: { mailer, publicUrl: 'http://rentals.test' } },
      admin,
      p.id,
      'HIDE',
      'Discriminatory wording',
    );
    expect(await db.prisma.property.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ hiddenReason: 'MODERATOR' });
    expect((await ids()).ids).not.toContain(p.id);
    const mails = await listOutbox(dataDir);
    expect(mails).toHaveLength(1);
    const eml = (await readOutboxFile(dataDir, mails[0]!.name))!.toString('utf8');
    expect(eml).toContain(agentOwner.user.email);
    expect(eml).toMatch(/Discriminatory wording/);
    expect(eml).toContain(`http://rentals.test/properties/${p.slug}`);
    const hiddenNote = await db.prisma.notification.findFirstOrThrow({ where: { propertyId: p.id, kind: 'LISTING_HIDDEN' } });
    expect(hiddenNote).toMatchObject({ userId: agentOwner.user.id });
    expect(hiddenNote.body).toMatch(/Discriminatory/);
    // Hidden listings stay in the queue for a later reinstatement.
    expect(
      (await query<Body>(db.prisma, QUEUE, {}, admin)).moderationQueue.find((c: Body) => c.propertyId === p.id),
    ).toMatchObject({
      hidden: true,
      hiddenReason: 'MODERATOR',
    });

    const back = await query<Body>(db.prisma, MODERATE, { propertyId: p.id, action: 'REINSTATE' }, admin);
    expect(back.moderateListing).toMatchObject({ hidden: false });
    expect((await ids()).ids).toContain(p.id);
    expect(await db.prisma.notification.count({ where: { propertyId: p.id, kind: 'LISTING_REINSTATED' } })).toBe(1);
    expect(await audits(p.id)).toEqual([
      { action: 'LISTING_REPORTED', actorId: renters[0]!.uid },
      { action: 'LISTING_REPORTED', actorId: renters[1]!.uid },
      { action: 'REPORTS_DISMISSED', actorId: admin.uid },
      { action: 'LISTING_HIDDEN', actorId: admin.uid },
      { action: 'LISTING_REINSTATED', actorId: admin.uid },
    ]);
    await mailer.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('puts listings awaiting a decision before decided ones, however many a moderator hid', async () => {
    const o = { userId: agentOwner.user.id, agentId: agentOwner.agent.id };
    // Decided cases written after the waiting one (newer): they must not push it down or out.
    const waiting = await createProperty(db.prisma, o, { title: 'Waiting for a decision' });
    await db.prisma.listingReport.create({
      data: { propertyId: waiting.id, reporterId: renters[0]!.uid, reason: 'OTHER', details: 'odd' },
    });
    const decided = [];
    for (let i = 0; i < MODERATION_QUEUE_MAX; i++)
      decided.push(
        await createProperty(db.prisma, o, {
          title: `Hidden by a moderator ${i}`,
          hiddenAt: new Date(),
          hiddenReason: 'MODERATOR',
        }),
      );
    const queue = (await query<Body>(db.prisma, QUEUE, {}, admin)).moderationQueue as Body[];
    const at = (id: string) => queue.findIndex((c) => c.propertyId === id);
    expect(at(waiting.id)).toBeGreaterThanOrEqual(0);
    expect(queue).toHaveLength(MODERATION_QUEUE_MAX);
    for (const d of decided.slice(-3)) {
      expect(at(d.id), 'a decided case is listed, to reinstate').toBeGreaterThan(at(waiting.id));
      expect(queue[at(d.id)]).toMatchObject({ openReportCount: 0, hidden: true, hiddenReason: 'MODERATOR' });
    }
    expect(queue[at(waiting.id)]).toMatchObject({ openReportCount: 1, hidden: false });
  });

  it('refuses moderation to everyone but admins (renters, agents, signed out, a partner key) and changes nothing', async () => {
    const p = await createProperty(db.prisma, { userId: agentOwner.user.id, agentId: agentOwner.agent.id });
    await query(db.prisma, REPORT, { propertyId: p.id, reason: 'SCAM_FRAUD' }, renters[0]!);
    const snapshot = async () => ({
      p: await db.prisma.property.findUniqueOrThrow({ where: { id: p.id }, select: { hiddenAt: true, hiddenReason: true } }),
      open: await db.prisma.listingReport.count({ where: { propertyId: p.id, resolvedAt: null } }),
      audits: await db.prisma.auditLog.count(),
      agent: await db.prisma.agent.findUniqueOrThrow({ where: { id: agentOwner.agent.id }, select: { licenseVerifiedAt: true } }),
    });
    const was = await snapshot();
    for (const [who, code] of [
      [null, 'UNAUTHENTICATED'],
      [renters[1]!, 'FORBIDDEN'],
      [owner, 'FORBIDDEN'],
    ] as const) {
      expect(codeOf(await execute(db.prisma, QUEUE, {}, who))).toBe(code);
      expect(codeOf(await execute(db.prisma, LICENSES, {}, who))).toBe(code);
      for (const action of ['HIDE', 'DISMISS', 'REINSTATE'])
        expect(codeOf(await execute(db.prisma, MODERATE, { propertyId: p.id, action }, who))).toBe(code);
      expect(codeOf(await execute(db.prisma, VERIFY, { agentId: agentOwner.agent.id, verified: true }, who))).toBe(code);
    }
    // A viewer claiming ADMIN without the database saying so is still refused.
    expect(codeOf(await execute(db.prisma, QUEUE, {}, { ...renters[1]!, role: 'ADMIN' }))).toBe('FORBIDDEN');
    // Over HTTP, signed out, and with a partner key.
    const { createPartnerKey } = await import('../../server/modules/partners/partner-keys.js');
    const { key } = await createPartnerKey(db.prisma, 'Trust test partner');
    for (const headers of [{}, { authorization: `Bearer ${key}` }] as Array<Record<string, string>>) {
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...headers },
        body: JSON.stringify({ query: MODERATE, variables: { propertyId: p.id, action: 'HIDE' } }),
      });
      const body = (await res.json()) as Body;
      expect(body.data?.moderateListing ?? null).toBeNull();
      expect(body.errors?.length).toBeGreaterThan(0);
    }
    expect(await snapshot()).toEqual(was);
  });

  it('checks license numbers, clears the verification on a change, lets admins verify, and shows licenseVerified', async () => {
    for (const good of ['10401234567', '30AB1234567', '12345678', '104-012-34567', ' 30ab 1234567 '])
      expect(licenseInputSchema.safeParse({ license: good }).success).toBe(true);
    for (const bad of ['1234567', '1234567890123', 'ABCDEFGHIJ', '30ABC123456', '10401234567X'])
      expect(licenseInputSchema.safeParse({ license: bad }).success).toBe(false);

    const { user, agent } = await createAgent(db.prisma, { user: { firstName: 'Lia', lastName: 'Licensed' } });
    const me = asViewer(user, 'AGENT');
    const bad = await execute(db.prisma, MY_LICENSE, { license: '12ab' }, me);
    expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    expect(messageOf(bad)).toBe(LICENSE_MESSAGE);
    expect(codeOf(await execute(db.prisma, MY_LICENSE, { license: '10401234567' }, renters[0]!))).toBe('FORBIDDEN');
    expect(codeOf(await execute(db.prisma, MY_LICENSE, { license: '10401234567' }, null))).toBe('UNAUTHENTICATED');
    const set = await query<Body>(db.prisma, MY_LICENSE, { license: '104-0123-4567' }, me);
    expect(set.updateMyLicense).toMatchObject({ license: '10401234567', licenseVerified: false });

    expect((await query<Body>(db.prisma, LICENSES, {}, admin)).licenseQueue).toContainEqual({
      agentId: agent.id,
      license: '10401234567',
      verified: false,
    });
    const verified = await query<Body>(db.prisma, VERIFY, { agentId: agent.id, verified: true }, admin);
    expect(verified.setAgentLicenseVerified.licenseVerified).toBe(true);
    expect((await query<Body>(db.prisma, AGENT, { id: agent.id })).agent.licenseVerified).toBe(true);
    expect(await db.prisma.notification.count({ where: { userId: user.id, kind: 'LICENSE_VERIFIED' } })).toBe(1);
    // REST: the agent profile and the agent of a listing carry license_verified.
    const p = await createProperty(db.prisma, { userId: user.id, agentId: agent.id });
    expect(((await (await fetch(`${app.url}/api/agents/${agent.id}`)).json()) as Body).license_verified).toBe(true);
    expect(((await (await fetch(`${app.url}/api/properties/${p.id}`)).json()) as Body).agent.license_verified).toBe(true);

    // The same number again keeps it; a new number clears it.
    expect((await query<Body>(db.prisma, MY_LICENSE, { license: '10401234567' }, me)).updateMyLicense.licenseVerified).toBe(true);
    expect((await query<Body>(db.prisma, MY_LICENSE, { license: '30AB1234567' }, me)).updateMyLicense).toMatchObject({
      license: '30AB1234567',
      licenseVerified: false,
    });
    await query(db.prisma, VERIFY, { agentId: agent.id, verified: true }, admin);
    const un = await query<Body>(db.prisma, VERIFY, { agentId: agent.id, verified: false }, admin);
    expect(un.setAgentLicenseVerified.licenseVerified).toBe(false);
    expect((await audits(agent.id)).map((a) => a.action)).toEqual(['LICENSE_VERIFIED', 'LICENSE_VERIFIED', 'LICENSE_UNVERIFIED']);
    // Verifying an agent with no number is refused.
    const { agent: bare } = await createAgent(db.prisma);
    expect(codeOf(await execute(db.prisma, VERIFY, { agentId: bare.id, verified: true }, admin))).toBe('BAD_USER_INPUT');
  });

  it('grants and revokes the admin role through the service, audited', async () => {
    const u = await createUser(db.prisma, { email: `Grant-${backend}@Example.com` });
    const { user: ag } = await createAgent(db.prisma);
    expect(await grantAdmin(db.prisma, `grant-${backend}@example.com`)).toBe('granted');
    expect(await grantAdmin(db.prisma, u.email)).toBe('already');
    expect(await grantAdmin(db.prisma, 'nobody@example.com')).toBe('no-user');
    expect((await listAdmins(db.prisma)).map((a) => a.id)).toContain(u.id);
    expect((await query<Body>(db.prisma, QUEUE, {}, asViewer(u, 'RENTER'))).moderationQueue).toBeInstanceOf(Array);
    expect(await revokeAdmin(db.prisma, u.email)).toBe('revoked');
    expect(await revokeAdmin(db.prisma, u.email)).toBe('not-admin');
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: u.id } })).role).toBe('RENTER');
    expect(codeOf(await execute(db.prisma, QUEUE, {}, asViewer(u, 'ADMIN')))).toBe('FORBIDDEN');
    await grantAdmin(db.prisma, ag.email);
    await revokeAdmin(db.prisma, ag.email);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: ag.id } })).role).toBe('AGENT');
    expect((await audits(u.id)).map((a) => a.action)).toEqual(['ROLE_GRANTED', 'ROLE_REVOKED']);
  });
});

describe('the admin command (over a database; commands.test.ts runs the process beside the app)', () => {
  it('grants, lists and revokes', async () => {
    const db = await createTestDatabase('pglite');
    try {
      const cli = async (...args: string[]) => {
        const parsed = parseAdminArgs(args);
        if (!parsed) return { code: 1, out: ADMIN_USAGE };
        const { lines, exitCode } = await runAdminCommand(db.prisma, parsed);
        return { code: exitCode, out: lines.join('\n') };
      };
      expect((await cli()).out).toContain('Usage: npm run admin');
      const missing = await cli('grant', 'nobody@example.com');
      expect(missing.code).toBe(1);
      expect(missing.out).toContain('No user');
      await createUser(db.prisma, { email: 'boss@example.com' });
      expect((await cli('grant', 'boss@example.com')).out).toContain('boss@example.com is now an administrator.');
      expect((await cli('grant', 'boss@example.com')).out).toContain('boss@example.com is already an administrator.');
      expect((await cli('list')).out).toContain('boss@example.com');
      expect((await cli('revoke', 'boss@example.com')).out).toContain('is no longer an administrator');
      expect((await cli('list')).out).toContain('No administrators.');
    } finally {
      await db.close();
    }
  });
});

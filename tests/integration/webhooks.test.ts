import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_LIMITS } from '../../common/page-limits.js';
import { RATE_LIMITS } from '../../server/infra/rate-limits.js';
import { createPartnerKey } from '../../server/modules/partners/partner-keys.js';
import { parsePartnerArgs, runPartnerCommand } from '../../server/modules/partners/partner-command.js';
import {
  createWebhookEndpoint,
  deliverDueWebhooks,
  RETRY_SCHEDULE_MS,
  rotateWebhookSecret,
  runWebhooks,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '../../server/modules/webhooks/webhooks.service.js';
import { createProperty, createUser } from '../factories/index.js';
import { createAccount, type TestAccount } from '../setup/accounts.js';
import { recordingMailer, waitUntil } from '../setup/outbox.js';
import { startTestApp, type TestApp } from '../setup/test-app.js';
import { TEST_ORIGIN } from '../setup/ws-client.js';
import { backends, createTestDatabase, transportBackends, type TestDatabase } from '../setup/test-db.js';

// Webhooks (issue 53 item 2; docs/decisions/0064-webhooks.md): a partner key registers endpoints
// through the public API, the feed's changes reach them signed as Standard Webhooks say (checked with
// the `standardwebhooks` package a partner would use), failures are retried for over 24 hours and then
// disable the endpoint with an e-mail, the log says each attempt, and private addresses are refused.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback: records every request; answers what `answer` says for its path. */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.get(path) ?? 204;
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status >= 400 ? `refused with ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    answers,
    url: (path: string) => `${base}${path}`,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const headersOf = (r: Received) => ({
  'webhook-id': r.headers['webhook-id']!,
  'webhook-timestamp': r.headers['webhook-timestamp']!,
  'webhook-signature': r.headers['webhook-signature']!,
});

const REDIS_URL = process.env.REDIS_TEST_URL || undefined;

const CREATE = `mutation C($input: WebhookEndpointInput!) {
  createWebhookEndpoint(input: $input) { secret endpoint { id url events enabled contactEmail } }
}`;

describe.each(backends)('webhooks on %s', (backend) => {
  let db: TestDatabase;
  let app: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let keyA = '';
  let keyB = '';
  let keyIdA = '';
  let agent: TestAccount;
  let listingId = '';

  beforeAll(async () => {
    db = await createTestDatabase(backend);
    receiver = await startReceiver();
    agent = await createAccount(db.prisma, 'agent', { firstName: 'Hook', lastName: 'Agent' });
    const agentRow = await db.prisma.agent.findUniqueOrThrow({ where: { userId: agent.uid } });
    listingId = (
      await createProperty(
        db.prisma,
        { userId: agent.uid, agentId: agentRow.id },
        { title: 'Hooked loft', price: 4000, brokerFeePayer: 'NO_FEE' },
      )
    ).id;
    const a = await createPartnerKey(db.prisma, 'HookFeed');
    keyA = a.key;
    keyIdA = a.row.id;
    keyB = (await createPartnerKey(db.prisma, 'Other Partner')).key;
    // On PostgreSQL as in production: pg-boss runs the job, the events go through Redis when there is one.
    app = await startTestApp(db, {
      env: backend === 'postgres' ? { DATABASE_URL: db.url!, JOBS_POLL_SECONDS: '0.5', ...(REDIS_URL ? { REDIS_URL } : {}) } : {},
    });
  });
  afterAll(async () => {
    await app?.stop();
    await receiver?.close();
    await db?.close();
  });

  const gql = async (query: string, variables: Record<string, unknown> = {}, token: string | null = keyA) => {
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as Body };
  };
  const register = async (path: string, extra: Record<string, unknown> = {}, token = keyA) => {
    const r = await gql(CREATE, { input: { url: receiver.url(path), contactEmail: 'dev@hookfeed.example', ...extra } }, token);
    expect(r.body.errors, JSON.stringify(r.body)).toBeUndefined();
    return r.body.data.createWebhookEndpoint as { secret: string; endpoint: { id: string; events: string[] } };
  };

  it(`runs on ${backend === 'postgres' ? 'pg-boss' : 'the in-process queue'}`, () => {
    expect(app.jobs.kind).toBe(backend === 'postgres' ? 'pg-boss' : 'memory');
  });

  it("registers a key's endpoint with its secret shown once; other keys and people cannot see or touch it", async () => {
    const made = await register('/mine');
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.endpoint.events).toContain('listing.deleted');
    const listed = await gql('query { webhookEndpoints { id url enabled } }');
    expect(listed.body.data.webhookEndpoints).toContainEqual({ id: made.endpoint.id, url: receiver.url('/mine'), enabled: true });
    // The secret is answered once: no field of an endpoint holds it.
    const type = await gql('query { __type(name: "WebhookEndpoint") { fields { name } } }');
    expect(type.body.data.__type.fields.map((f: Body) => f.name)).not.toContain('secret');
    expect(JSON.stringify(type.body.data.__type.fields)).not.toMatch(/secret"/i);

    // Another key: sees none of A's, and A's id does not exist for it.
    expect((await gql('query { webhookEndpoints { id } }', {}, keyB)).body.data.webhookEndpoints).toEqual([]);
    for (const doc of [
      'mutation M($id: ID!) { deleteWebhookEndpoint(id: $id) }',
      'mutation M($id: ID!) { rotateWebhookSecret(id: $id) { secret } }',
      'mutation M($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { id } }',
      'query Q($id: ID!) { webhookDeliveries(endpointId: $id) { edges { node { id } } } }',
    ]) {
      const r = await gql(doc, { id: made.endpoint.id }, keyB);
      expect(r.body.errors?.[0]?.extensions?.code, doc).toBe('NOT_FOUND');
    }
    // Nobody, and a person signed in: webhooks belong to keys.
    expect((await gql('query { webhookEndpoints { id } }', {}, null)).body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await gql('query { webhookEndpoints { id } }', {}, agent.idToken)).body.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(await db.prisma.webhookEndpoint.count({ where: { id: made.endpoint.id, disabledAt: null } })).toBe(1);
    // Other mutations stay refused to a key.
    const write = await gql(`mutation { setListingStatus(id: "${listingId}", status: INACTIVE) { id } }`);
    expect(write.status).toBe(403);
  });

  it('refuses endpoints on private, link-local and non-https addresses, and bad input, saying why', async () => {
    const cases: Array<[string, RegExp]> = [
      ['https://10.1.2.3/hook', /private network/],
      ['https://169.254.169.254/latest/meta-data', /private network/],
      ['https://[fd00::1]/hook', /private network/],
      ['https://[::ffff:192.168.1.1]/hook', /private network/],
      ['http://partner.example/hook', /must start with https/],
      ['ftp://partner.example/hook', /must start with https/],
      ['https://user:pw@partner.example/hook', /user name or password/],
      ['not a url', /not a valid absolute URL/],
    ];
    for (const [url, why] of cases) {
      const r = await gql(CREATE, { input: { url, contactEmail: 'dev@hookfeed.example' } });
      expect(r.body.errors?.[0]?.extensions?.code, url).toBe('BAD_USER_INPUT');
      expect(r.body.errors[0].message, url).toMatch(why);
    }
    const badEvent = await gql(CREATE, {
      input: { url: 'https://partner.example/h', contactEmail: 'dev@hookfeed.example', events: ['listing.moved'] },
    });
    expect(badEvent.body.errors[0].message).toMatch(/Events are some of: listing\.created/);
    const badMail = await gql(CREATE, { input: { url: 'https://partner.example/h', contactEmail: 'nobody' } });
    expect(badMail.body.errors[0].message).toMatch(/contact e-mail/);
    // Loopback, refused where it is not allowed (production).
    await expect(
      createWebhookEndpoint({ prisma: db.prisma, rules: { allowLoopback: false } }, keyIdA, {
        url: receiver.url('/loop'),
        contactEmail: 'dev@hookfeed.example',
      }),
    ).rejects.toThrow(/loopback/);
  });

  it('delivers a listing change made through the API, signed so that a Standard Webhooks verifier accepts it, with a cursor to replay from', async () => {
    const { secret, endpoint } = await register('/prices', { events: ['listing.price_changed', 'listing.deleted'] });
    const before = await gql('query { listingChanges(first: 0) { pageInfo { endCursor } } }');
    const res = await fetch(`${app.url}/api/properties/${listingId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...agent.bearer, origin: TEST_ORIGIN },
      body: JSON.stringify({ price: 4100 }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const got = await waitUntil('the price change delivered', async () => receiver.at('/prices')[0], 15_000);
    const payload = new Webhook(secret).verify(got.body, headersOf(got)) as Body;
    expect(payload).toMatchObject({
      type: 'listing.price_changed',
      data: { listingId, kind: 'PRICE_CHANGED', visible: true },
    });
    expect(got.headers['webhook-id']).toMatch(/^msg_\d+$/);
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    // The guide's verifying snippet, run as written (its `body` and `headers` are the message's).
    const guide = await fs.readFile('docs/partner-api.md', 'utf8');
    const section = guide.slice(guide.indexOf('## Webhooks'), guide.indexOf('\n## ', guide.indexOf('## Webhooks') + 5));
    const snippet = /```ts\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(snippet, "a ts block in the guide's webhooks section").toBeDefined();
    const [imports, ...rest] = snippet!.split('\n\n');
    // Inside the project, where `standardwebhooks` resolves as in the partner's own project.
    await fs.mkdir('.tmp', { recursive: true });
    const file = path.resolve('.tmp', `verify-webhook-${process.pid}-${backend}.ts`);
    await fs.writeFile(
      file,
      [
        imports,
        `const body = ${JSON.stringify(got.body)};`,
        `const headers = ${JSON.stringify(headersOf(got))};`,
        ...rest,
        'console.log(JSON.stringify(event));',
      ].join('\n\n'),
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], {
      env: { ...process.env, WEBHOOK_SECRET: secret },
      cwd: process.cwd(),
    });
    await fs.rm(file, { force: true });
    expect(JSON.parse(stdout)).toMatchObject({ type: 'listing.price_changed', data: { listingId } });
    // A wrong secret, a changed body or an old timestamp fail verification.
    const other = (await register('/unused')).secret;
    expect(() => new Webhook(other).verify(got.body, headersOf(got))).toThrow();
    expect(() => new Webhook(secret).verify(got.body.replace('"visible":true', '"visible":false'), headersOf(got))).toThrow();
    expect(() =>
      new Webhook(secret).verify(got.body, {
        ...headersOf(got),
        'webhook-timestamp': String(Number(got.headers['webhook-timestamp']) - 3_600),
      }),
    ).toThrow();
    // The worked replay: the feed after the cursor taken before the change holds it, and after the
    // message's cursor nothing of this listing is left to read.
    const replay = await gql(
      `query R($after: String) { listingChanges(after: $after, first: 50) { edges { cursor node { listingId kind listing { price } } } } }`,
      {
        after: before.body.data.listingChanges.pageInfo.endCursor,
      },
    );
    const edge = replay.body.data.listingChanges.edges.find((e: Body) => e.node.listingId === listingId);
    expect(edge).toMatchObject({ cursor: payload.data.cursor, node: { kind: 'PRICE_CHANGED', listing: { price: 4100 } } });
    const after = await gql(`query R($after: String) { listingChanges(after: $after) { edges { node { listingId } } } }`, {
      after: payload.data.cursor,
    });
    expect(after.body.data.listingChanges.edges.filter((e: Body) => e.node.listingId === listingId)).toEqual([]);

    // The delivery log says it went, with the endpoint's answer.
    const log = await gql(
      'query L($id: ID!) { webhookDeliveries(endpointId: $id) { edges { node { messageId eventType status attempts log { status error } } } } }',
      { id: endpoint.id },
    );
    expect(log.body.data.webhookDeliveries.edges[0].node).toEqual({
      messageId: got.headers['webhook-id'],
      eventType: 'listing.price_changed',
      status: 'SUCCEEDED',
      attempts: 1,
      log: [{ status: 204, error: null }],
    });

    // A deletion arrives as a tombstone; an endpoint that did not ask for prices never heard of them.
    const deleted = await fetch(`${app.url}/api/properties/${listingId}`, {
      method: 'DELETE',
      headers: { ...agent.bearer, origin: TEST_ORIGIN },
    });
    expect(deleted.status).toBe(200);
    const gone = await waitUntil('the deletion delivered', async () => receiver.at('/prices')[1], 15_000);
    expect(new Webhook(secret).verify(gone.body, headersOf(gone))).toMatchObject({
      type: 'listing.deleted',
      data: { listingId, kind: 'DELETED', visible: false },
    });
    // Each endpoint's deliveries go on their own: the other endpoint's may come a pass later.
    await waitUntil('the deletion delivered to the other endpoint', async () => receiver.at('/unused')[0], 15_000);
    const deletionsOnly = receiver.at('/unused').map((r) => JSON.parse(r.body).type);
    expect(deletionsOnly).toEqual(['listing.deleted']);
    // Nothing of these changes is left waiting (every endpoint of the key heard them): the tests below run
    // the deliveries on a clock far ahead, and would find it due.
    await waitUntil(
      'every delivery of these changes settled',
      async () => (await db.prisma.webhookDelivery.count({ where: { status: 'PENDING' } })) === 0,
      15_000,
    );
  });

  it('retries a failing endpoint for over 24 hours on the schedule, then disables it and e-mails its contact; turned back on, what waited goes', async () => {
    const mailer = recordingMailer();
    const rules = { allowLoopback: true };
    const { endpoint } = await createWebhookEndpoint({ prisma: db.prisma, rules }, keyIdA, {
      url: receiver.url('/down'),
      contactEmail: 'oncall@hookfeed.example',
    });
    receiver.answers.set('/down', 503);
    // A clock a year ahead: the app's own passes (on the real clock) never find these due.
    let now = new Date(Date.now() + 365 * 86_400_000);
    const first = now;
    const delivery = await sendTestWebhook({ prisma: db.prisma, rules }, keyIdA, endpoint.id, now);
    const times: number[] = [];
    for (let i = 0; i < RETRY_SCHEDULE_MS.length; i++) {
      now = new Date(now.getTime() + RETRY_SCHEDULE_MS[i]!);
      // Nothing is due a second early.
      expect(await deliverDueWebhooks({ prisma: db.prisma, rules, mailer }, new Date(now.getTime() - 1_000))).toBe(0);
      expect(await deliverDueWebhooks({ prisma: db.prisma, rules, mailer }, now)).toBe(1);
      times.push(now.getTime());
    }
    expect(receiver.at('/down')).toHaveLength(RETRY_SCHEDULE_MS.length);
    // The same message id on every attempt.
    expect(new Set(receiver.at('/down').map((r) => r.headers['webhook-id']))).toEqual(new Set([delivery.messageId]));
    expect(times.at(-1)! - first.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
    const row = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, include: { log: true } });
    expect(row).toMatchObject({ status: 'FAILED', attempts: 8, nextAttemptAt: null });
    expect(row.log.map((a) => a.status)).toEqual(Array(8).fill(503));
    expect(row.log[0]!.error).toBe('Answered 503: refused with 503');
    const ep = await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(ep.disabledAt).not.toBeNull();
    expect(ep.disabledReason).toMatch(/failed all 8 attempts/);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: 'oncall@hookfeed.example',
      subject: 'Your NYC Rentals webhook endpoint was disabled',
    });
    expect(mailer.sent[0]!.text).toContain(receiver.url('/down'));

    // Disabled: no test is taken, and a message of the feed waits and is not sent.
    await expect(sendTestWebhook({ prisma: db.prisma, rules }, keyIdA, endpoint.id, now)).rejects.toThrow(/disabled/);
    const waiting = await db.prisma.webhookDelivery.create({
      data: {
        endpointId: endpoint.id,
        messageId: 'msg_waiting',
        eventType: 'listing.updated',
        payload: '{}',
        nextAttemptAt: now,
      },
    });
    expect(await deliverDueWebhooks({ prisma: db.prisma, rules, mailer }, now)).toBe(0);
    // Fixed and turned back on: it goes.
    receiver.answers.delete('/down');
    await updateWebhookEndpoint({ prisma: db.prisma, rules }, keyIdA, endpoint.id, { enabled: true }, now);
    expect(await deliverDueWebhooks({ prisma: db.prisma, rules, mailer }, now)).toBe(1);
    expect((await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: waiting.id } })).status).toBe('SUCCEEDED');
    expect(mailer.sent).toHaveLength(1);
  });

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const rules = { allowLoopback: true };
    const made = await createWebhookEndpoint({ prisma: db.prisma, rules }, keyIdA, {
      url: receiver.url('/rotating'),
      contactEmail: 'dev@hookfeed.example',
    });
    const now = new Date(Date.now() + 400 * 86_400_000);
    const rotated = await rotateWebhookSecret({ prisma: db.prisma, rules }, keyIdA, made.endpoint.id, now);
    expect(rotated.secret).not.toBe(made.secret);
    await sendTestWebhook({ prisma: db.prisma, rules }, keyIdA, made.endpoint.id, now);
    await deliverDueWebhooks({ prisma: db.prisma, rules }, now);
    const during = receiver.at('/rotating')[0]!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(made.secret).verify(during.body, headersOf(during))).toMatchObject({ type: 'webhook.test' });
    expect(new Webhook(rotated.secret).verify(during.body, headersOf(during))).toMatchObject({ type: 'webhook.test' });
    const later = new Date(now.getTime() + 25 * 3_600_000);
    await sendTestWebhook({ prisma: db.prisma, rules }, keyIdA, made.endpoint.id, later);
    await deliverDueWebhooks({ prisma: db.prisma, rules }, later);
    const after = receiver.at('/rotating')[1]!;
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(made.secret).verify(after.body, headersOf(after))).toThrow();
    expect(new Webhook(rotated.secret).verify(after.body, headersOf(after))).toMatchObject({ type: 'webhook.test' });
  });

  it('never sends to an address refused at delivery, and logs why', async () => {
    const rules = { allowLoopback: true };
    const { endpoint } = await createWebhookEndpoint({ prisma: db.prisma, rules }, keyIdA, {
      url: receiver.url('/later-refused'),
      contactEmail: 'dev@hookfeed.example',
    });
    const now = new Date(Date.now() + 500 * 86_400_000);
    const d = await sendTestWebhook({ prisma: db.prisma, rules }, keyIdA, endpoint.id, now);
    // The same endpoint where loopback is not allowed (production): refused before connecting.
    expect(await deliverDueWebhooks({ prisma: db.prisma, rules: { allowLoopback: false } }, now)).toBe(1);
    expect(receiver.at('/later-refused')).toEqual([]);
    const row = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id }, include: { log: true } });
    expect(row.log[0]).toMatchObject({ status: null, error: expect.stringMatching(/^Refused: .*loopback/) });
    expect(row.status).toBe('PENDING');
    // A revoked key's endpoints get nothing more.
    const { row: key } = await createPartnerKey(db.prisma, 'Soon revoked');
    const revokedOne = await createWebhookEndpoint({ prisma: db.prisma, rules }, key.id, {
      url: receiver.url('/revoked'),
      contactEmail: 'dev@hookfeed.example',
    });
    await sendTestWebhook({ prisma: db.prisma, rules }, key.id, revokedOne.endpoint.id, now);
    await db.prisma.partnerKey.update({ where: { id: key.id }, data: { revokedAt: now } });
    const due = new Date(now.getTime() + 60 * 60_000);
    await deliverDueWebhooks({ prisma: db.prisma, rules }, due);
    expect(receiver.at('/revoked')).toEqual([]);
  });

  it('sends test messages through the API within their hourly limit per key', async () => {
    const { endpoint } = await register('/tests');
    const send = () => gql('mutation T($id: ID!) { sendTestWebhook(id: $id) { messageId eventType } }', { id: endpoint.id });
    const first = await send();
    expect(first.body.data.sendTestWebhook.eventType).toBe('webhook.test');
    await waitUntil('the test message delivered', async () => receiver.at('/tests')[0], 15_000);
    for (let i = 1; i < RATE_LIMITS.webhookTest.points; i++) expect((await send()).body.errors).toBeUndefined();
    const over = await send();
    expect(over.body.errors[0].extensions.code).toBe('RATE_LIMITED');
    // The log pages newest first with cursors, within its page limit.
    const page = (first: number, after: string | null) =>
      gql(
        'query L($id: ID!, $first: Int, $after: String) { webhookDeliveries(endpointId: $id, first: $first, after: $after) { edges { node { messageId } } pageInfo { hasNextPage endCursor } } }',
        { id: endpoint.id, first, after },
      );
    const one = (await page(4, null)).body.data.webhookDeliveries;
    const two = (await page(4, one.pageInfo.endCursor)).body.data.webhookDeliveries;
    const three = (await page(4, two.pageInfo.endCursor)).body.data.webhookDeliveries;
    const ids = [...one.edges, ...two.edges, ...three.edges].map((e: Body) => e.node.messageId);
    expect(ids).toHaveLength(RATE_LIMITS.webhookTest.points);
    expect(new Set(ids).size).toBe(ids.length);
    expect([one.pageInfo.hasNextPage, two.pageInfo.hasNextPage, three.pageInfo.hasNextPage]).toEqual([true, true, false]);
    expect((await page(PAGE_LIMITS.webhookDeliveries.max + 1, null)).body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe.each(transportBackends)('webhooks from `npm run partner` on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });
  const run = async (...argv: string[]) => {
    const args = parsePartnerArgs(argv);
    expect(args, argv.join(' ')).toBeDefined();
    return runPartnerCommand(db.prisma, args!, { rules: { allowLoopback: false } });
  };

  it('adds, lists, tests, rotates, disables, enables and removes a key’s endpoint, and refuses a private address', async () => {
    const { row } = await createPartnerKey(db.prisma, 'Cli Partner');
    const short = row.id.slice(0, 8);
    expect(await run('webhooks', short)).toEqual({ lines: [`Key ${short} has no webhook endpoints.`], exitCode: 0 });
    const refused = await run('webhook-add', short, 'https://192.168.0.10/h', 'ops@cli.example');
    expect(refused).toEqual({ lines: [expect.stringMatching(/^url: The URL points at a private network/)], exitCode: 1 });
    const added = await run(
      'webhook-add',
      short,
      'https://hooks.cli.example/nyc',
      'ops@cli.example',
      'listing.deleted',
      'listing.hidden',
    );
    expect(added.exitCode).toBe(0);
    expect(added.lines[1]).toMatch(/^Events: listing\.deleted, listing\.hidden \(of listing\.created/);
    const secret = added.lines.at(-1)!;
    expect(secret).toMatch(/^whsec_/);
    const endpoint = await db.prisma.webhookEndpoint.findFirstOrThrow({ where: { keyId: row.id } });
    expect(endpoint.secret).toBe(secret);
    const id = endpoint.id.slice(0, 8);
    const listed = await run('webhooks', short);
    expect(listed.lines).toEqual([
      expect.stringMatching(
        new RegExp(`^${id}  https://hooks\\.cli\\.example/nyc  enabled  events: listing\\.deleted, listing\\.hidden`),
      ),
    ]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect((await run('webhook-test', id)).lines[0]).toMatch(/^Queued test message msg_test_/);
    expect((await run('webhook-log', id)).lines[0]).toMatch(/webhook\.test {2}PENDING {2}0 attempt\(s\), next /);
    const rotated = await run('webhook-rotate', id);
    expect(rotated.lines[1]).toMatch(/^whsec_/);
    expect(rotated.lines[1]).not.toBe(secret);
    expect(await run('webhook-disable', id)).toEqual({ lines: [`Webhook endpoint ${id} disabled.`], exitCode: 0 });
    expect((await db.prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).disabledReason).toBe(
      'Disabled by the partner.',
    );
    expect(await run('webhook-enable', id)).toEqual({ lines: [`Webhook endpoint ${id} enabled.`], exitCode: 0 });
    expect(await run('webhook-remove', id)).toEqual({
      lines: [`Removed webhook endpoint ${id} and its delivery log.`],
      exitCode: 0,
    });
    expect(await db.prisma.webhookDelivery.count({ where: { endpointId: endpoint.id } })).toBe(0);
    expect((await run('webhook-remove', id)).exitCode).toBe(1);
    expect(parsePartnerArgs(['webhook-log'])).toBeUndefined();
  });
});

describe.each(backends)('webhook fan-out on %s', (backend) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });
  let keyId = '';
  beforeEach(async () => {
    keyId = (await createPartnerKey(db.prisma, `Fan ${Math.random()}`)).row.id;
  });

  it('makes one delivery per public change an endpoint asked for, none for drafts, once however many passes run at once', async () => {
    const rules = { allowLoopback: true };
    const user = await createUser(db.prisma);
    const { endpoint } = await createWebhookEndpoint({ prisma: db.prisma, rules }, keyId, {
      url: 'https://partner.example/hook',
      contactEmail: 'dev@partner.example',
      events: ['listing.created', 'listing.updated', 'listing.price_changed'],
    });
    const live = await createProperty(db.prisma, { userId: user.id }, { title: 'Fan live', price: 3000 });
    await createProperty(db.prisma, { userId: user.id }, { title: 'Fan draft', status: 'DRAFT' });
    await db.prisma.property.update({ where: { id: live.id }, data: { price: 3100, netEffectivePrice: 3100 } });
    await db.prisma.property.update({ where: { id: live.id }, data: { status: 'INACTIVE' } });
    // Two passes at once (two instances): each change once.
    const far = new Date(Date.now() + 600 * 86_400_000);
    // The partner's address is not on this machine: the attempt is counted, not made.
    const send = async () => ({ ok: true, status: 200, error: null, durationMs: 1 });
    await Promise.all([
      runWebhooks({ prisma: db.prisma, rules, send }, far),
      runWebhooks({ prisma: db.prisma, rules, send }, far),
    ]);
    const rows = await db.prisma.webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { messageId: 'asc' } });
    // The status change was not asked for; the draft is nobody's business.
    expect(rows.map((r) => r.eventType).sort()).toEqual(['listing.created', 'listing.price_changed']);
    expect(rows.every((r) => JSON.parse(r.payload).data.listingId === live.id)).toBe(true);
    expect(rows.every((r) => r.status === 'SUCCEEDED' && r.attempts === 1)).toBe(true);
  });

  it('writes an attempt only while its claim holds: a pass that took the delivery over owns it', async () => {
    const rules = { allowLoopback: true };
    const { endpoint } = await createWebhookEndpoint({ prisma: db.prisma, rules }, keyId, {
      url: 'https://partner.example/slow',
      contactEmail: 'dev@partner.example',
    });
    const now = new Date(Date.now() + 700 * 86_400_000);
    const d = await sendTestWebhook({ prisma: db.prisma, rules }, keyId, endpoint.id, now);
    // While this attempt is under way, its lease runs out and another pass claims the delivery.
    const later = new Date(now.getTime() + 10 * 60_000);
    const send = async () => {
      await db.prisma.webhookDelivery.update({ where: { id: d.id }, data: { nextAttemptAt: later } });
      return { ok: false, status: 500, error: 'Answered 500', durationMs: 1 };
    };
    expect(await deliverDueWebhooks({ prisma: db.prisma, rules, send }, now)).toBe(1);
    const row = await db.prisma.webhookDelivery.findUniqueOrThrow({ where: { id: d.id }, include: { log: true } });
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0, nextAttemptAt: later, log: [] });
  });
});

import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import express from 'express';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, type Env } from '../../server/env.js';
import { createLogger } from '../../server/logger.js';
import { createMailer, decodeWords, listOutbox, readOutboxFile, type Mailer } from '../../server/modules/mail/mailer.js';
import { outboxRoutes } from '../../server/modules/mail/outbox.rest.js';
import { OFFLINE_MAIL, sendOfflineMail, startOfflineMailJob } from '../../server/modules/messaging/offline-mail.js';
import { createAgent, createProperty, createUser } from '../factories/index.js';
import { recordingMailer } from '../setup/outbox.js';
import { backends, createTestDatabase, type TestDatabase } from '../setup/test-db.js';

const silent = createLogger('silent');

/** A logger whose lines the test can read (level 50 and above are errors). */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      cb();
    },
  });
  return { log: createLogger('info', 'test', stream), errors: () => lines.filter((l) => l.level >= 50) };
}

/** The header block and the body of a raw message. */
function parseEml(raw: string) {
  const end = raw.indexOf('\n\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, end)
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] ??= line.slice(colon + 1).trim();
  }
  return { headers, body: raw.slice(end + 2) };
}

describe('mail drivers', () => {
  let dataDir: string;
  let env: Env;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-test-'));
    env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('writes each message to DATA_DIR/outbox as a parseable .eml that listOutbox lists, newest first', async () => {
    const mailer = createMailer(env, silent);
    expect(mailer.kind).toBe('outbox');
    expect(await listOutbox(dataDir)).toEqual([]); // no folder yet
    await mailer.send({ to: 'rita@example.com', subject: 'First one', text: 'Hello Rita,\nsee you.' });
    await new Promise((r) => setTimeout(r, 5)); // distinct timestamps in the names
    await mailer.send({ to: 'leo@example.com', subject: 'Café on 5th — 2BR', text: 'Bonjour', headers: { 'X-Test': 'yes' } });
    await mailer.close();

    const files = (await fs.readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2); // no temporary file left behind
    for (const f of files) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f]+\.eml$/);

    const raw = await fs.readFile(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(raw).not.toContain('\r\n'); // unix newlines
    const { headers, body } = parseEml(raw);
    expect(headers.to).toBe('rita@example.com');
    expect(headers.from).toBe('NYC Rentals <no-reply@nycrentals.local>');
    expect(headers.subject).toBe('First one');
    expect(headers['message-id']).toMatch(/^<.+@.+>$/);
    expect(body).toContain('Hello Rita,\nsee you.');

    const second = parseEml(await fs.readFile(path.join(dataDir, 'outbox', files[1]!), 'utf8'));
    expect(second.headers['x-test']).toBe('yes');
    expect(second.headers.subject).toMatch(/^=\?UTF-8\?/i); // encoded by nodemailer ...

    const list = await listOutbox(dataDir);
    expect(list.map((e) => e.name)).toEqual([files[1], files[0]]);
    expect(list[0]).toMatchObject({ to: 'leo@example.com', subject: 'Café on 5th — 2BR' }); // ... decoded here
    expect(list[1]).toMatchObject({ to: 'rita@example.com', subject: 'First one', size: Buffer.byteLength(raw) });
    expect(Math.abs(list[1]!.date.getTime() - Date.now())).toBeLessThan(60_000);

    expect((await readOutboxFile(dataDir, files[0]!))?.toString('utf8')).toBe(raw);
  });

  it('readOutboxFile refuses names outside the outbox', async () => {
    await fs.writeFile(path.join(dataDir, 'x.eml'), 'secret');
    for (const name of ['../x.eml', '..%2Fx.eml', '/etc/passwd', 'x.txt', '', '.hidden.eml', 'a/b.eml']) {
      expect(await readOutboxFile(dataDir, name)).toBeNull();
    }
    expect(await readOutboxFile(dataDir, 'missing.eml')).toBeNull();
  });

  it('delivers through SMTP_URL to a real SMTP server', async () => {
    const received: Array<{ from: string; to: string[]; data: string }> = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.server.address() as AddressInfo;
      const mailer = createMailer(
        loadEnv({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          MAIL_FROM: 'Rentals <mail@rentals.test>',
        }),
        silent,
      );
      expect(mailer.kind).toBe('smtp');
      await mailer.send({ to: 'jane@example.com', subject: 'Over the wire', text: 'Sent by SMTP.' });
      await mailer.close();

      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('mail@rentals.test');
      expect(received[0]!.to).toEqual(['jane@example.com']);
      const { headers, body } = parseEml(received[0]!.data.replace(/\r\n/g, '\n'));
      expect(headers.subject).toBe('Over the wire');
      expect(headers.from).toBe('Rentals <mail@rentals.test>');
      expect(body).toContain('Sent by SMTP.');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('serves the outbox page and the raw files over HTTP, escaping every value', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-page-'));
    const pageEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const app = express();
    app.use('/dev/outbox', outboxRoutes({ env: pageEnv }));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/outbox`;
    try {
      let res = await fetch(`${base}/`);
      expect(res.status).toBe(200);
      let html = await res.text();
      expect(html).toContain('<title>Outbox</title>');
      expect(html).toContain('No e-mail sent yet.');
      expect(html).toContain(path.join(dir, 'outbox'));

      const mailer = createMailer(pageEnv, silent);
      await mailer.send({ to: 'rita@example.com', subject: '<script>alert("x")</script> & more', text: 'body <b>1</b>' });
      await mailer.close();
      const [entry] = await listOutbox(dir);

      res = await fetch(base); // without the slash: redirected, so that ./<name> links resolve under it
      expect(res.url).toBe(`${base}/`);
      html = await res.text();
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(html).not.toContain('<script');
      expect(html).not.toMatch(/<style|style=/);
      expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; more');
      expect(html).toContain('rita@example.com');
      expect(html).toContain(`href="./${entry!.name}"`);

      res = await fetch(new URL(`./${entry!.name}`, `${base}/`));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const raw = await res.text();
      expect(decodeWords(parseEml(raw).headers.subject!)).toBe('<script>alert("x")</script> & more');
      expect(raw).toContain('body <b>1</b>');

      for (const bad of ['nope.eml', '..%2F..%2Fetc%2Fpasswd', '..%2Foutbox.eml', 'x.txt']) {
        res = await fetch(`${base}/${bad}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: 'Not found' });
      }
    } finally {
      await new Promise((r) => server.close(r));
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('answers only the machine itself: another address, directly or through a trusted proxy, finds nothing', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mail-page-'));
    const pageEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const app = express();
    app.set('trust proxy', 1);
    app.use('/dev/outbox', outboxRoutes({ env: pageEnv }));
    const server = app.listen(0, '0.0.0.0');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    try {
      expect((await fetch(`http://127.0.0.1:${port}/dev/outbox/`)).status).toBe(200);
      // A proxy on this machine forwarding a visitor from elsewhere.
      const forwarded = await fetch(`http://127.0.0.1:${port}/dev/outbox/`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(forwarded.status).toBe(404);
      expect(await forwarded.text()).not.toContain('Outbox');
      // This machine's own network address, when it has one: not the loopback.
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (external) expect((await fetch(`http://${external}:${port}/dev/outbox/`)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

const MIN = 60_000;
const PUBLIC_URL = 'https://rentals.example.com';

describe.each(backends)('e-mail for the offline on %s', (backend) => {
  let db: TestDatabase;
  const T0 = new Date('2026-09-01T12:00:00.000Z');
  const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);

  beforeAll(async () => {
    db = await createTestDatabase(backend);
  });
  afterAll(() => db?.close());
  // Each case starts with nothing unread, so the threads of earlier cases owe no e-mail.
  afterEach(async () => {
    await db.prisma.message.updateMany({ data: { isRead: true } });
  });

  /** A renter (Rita) and an agent (Jane) in a thread about a listing (none when title is null). */
  async function conversation(opts: { title?: string | null; renterSeen?: Date | null; agentSeen?: Date | null } = {}) {
    const { user: agent, agent: profile } = await createAgent(db.prisma, {
      user: { firstName: 'Jane', lastName: 'Doe', lastSeenAt: opts.agentSeen ?? null },
    });
    const renter = await createUser(db.prisma, { firstName: 'Rita', lastName: 'Roe', lastSeenAt: opts.renterSeen ?? null });
    const property =
      opts.title === null
        ? null
        : await createProperty(
            db.prisma,
            { userId: agent.id, agentId: profile.id },
            { title: opts.title ?? '2BR in Williamsburg' },
          );
    const thread = await db.prisma.thread.create({
      data: {
        propertyId: property?.id ?? null,
        renterId: renter.id,
        agentUserId: agent.id,
        firstContactAt: at(-120),
        lastMessageAt: at(-120),
      },
    });
    return { agent, renter, thread };
  }

  /** A message, as the messaging service writes it (the thread's lastMessageAt follows). */
  async function message(threadId: string, senderId: string, createdAt: Date, content: string, isRead = false) {
    await db.prisma.message.create({ data: { threadId, senderId, content, createdAt, isRead } });
    await db.prisma.thread.update({ where: { id: threadId }, data: { lastMessageAt: createdAt } });
  }

  const run = (mailer: Mailer, now: Date, log = silent) =>
    sendOfflineMail({ prisma: db.prisma, mailer, log, publicUrl: PUBLIC_URL, now });

  it('sends nothing to a participant who is online', async () => {
    const { agent, thread } = await conversation({ renterSeen: at(0) });
    await message(thread.id, agent.id, at(-20), 'Are you still looking?');
    await message(thread.id, agent.id, at(-15), 'The unit is free on Saturday.');
    const mailer = recordingMailer();
    expect(await run(mailer, at(0))).toBe(0);
    expect(await run(mailer, at(9))).toBe(0); // seen 9 minutes ago: still online
    expect(mailer.sent).toEqual([]);
  });

  it('e-mails an offline participant once per thread per hour, about unread messages only', async () => {
    const { agent, renter, thread } = await conversation({ renterSeen: at(-11), agentSeen: at(0) });
    await message(thread.id, agent.id, at(-30), 'Hello Rita!', true); // read: not counted
    await message(thread.id, renter.id, at(-25), 'Hi, is it available?', true); // hers, read by Jane
    await message(thread.id, agent.id, at(-20), 'Yes it is.');
    await message(thread.id, agent.id, at(-5), '  Come and see it\non Saturday at <b>10</b>.  ');
    const mailer = recordingMailer();

    db.resetQueries();
    expect(await run(mailer, at(0))).toBe(1);
    const statements = db.queries.filter((q) => !/^(BEGIN|COMMIT|ROLLBACK|SET|DEALLOCATE)/i.test(q.trim()));
    expect(statements).toHaveLength(2); // one selection, one claim
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail!.to).toBe(renter.email);
    expect(mail!.subject).toBe('New message from Jane about 2BR in Williamsburg');
    expect(mail!.text).toContain('You have 2 unread messages from Jane');
    expect(mail!.text).toContain('Come and see it on Saturday at <b>10</b>.'); // the latest, on one line
    expect(mail!.text).toContain(`${PUBLIC_URL}/messages?open=${thread.id}`);
    expect(await db.prisma.thread.findUniqueOrThrow({ where: { id: thread.id } })).toMatchObject({
      renterEmailedAt: at(0),
      agentEmailedAt: null,
    });

    expect(await run(mailer, at(0))).toBe(0); // at once again: nothing new
    await message(thread.id, agent.id, at(30), 'Saturday works?');
    expect(await run(mailer, at(30))).toBe(0); // a new message, but within the hour
    expect(await run(mailer, at(59))).toBe(0);
    expect(await run(mailer, at(61))).toBe(1); // the hour is over
    expect(mailer.sent[1]!.text).toContain('You have 1 unread message from Jane');
    expect(mailer.sent[1]!.text).toContain('Saturday works?');
    expect(mailer.sent[1]!.text).not.toContain('Come and see it');
    expect(await run(mailer, at(125))).toBe(0); // nothing new since
    expect(mailer.sent).toHaveLength(2);
  });

  it('sends nothing about messages already read', async () => {
    const { agent, thread } = await conversation({ renterSeen: null, agentSeen: at(0) });
    await message(thread.id, agent.id, at(-40), 'First', true);
    await message(thread.id, agent.id, at(-30), 'Second', true);
    const mailer = recordingMailer();
    expect(await run(mailer, at(0))).toBe(0);
    expect(mailer.sent).toEqual([]);
  });

  it("e-mails the agent's side too; 'Property Inquiry' without a listing; a short excerpt", async () => {
    const { agent, renter, thread } = await conversation({ title: null, renterSeen: at(0), agentSeen: at(-60) });
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(30)}THE END`;
    await message(thread.id, renter.id, at(-12), long);
    const mailer = recordingMailer();
    expect(await run(mailer, at(0))).toBe(1);
    const [mail] = mailer.sent;
    expect(mail!.to).toBe(agent.email);
    expect(mail!.subject).toBe('New message from Rita about Property Inquiry');
    const excerpt = mail!.text.split('\n').find((l) => l.startsWith('Lorem'))!;
    expect(excerpt.length).toBeLessThanOrEqual(280);
    expect(excerpt).toMatch(/…$/);
    expect(mail!.text).not.toContain('THE END');
    expect(await db.prisma.thread.findUniqueOrThrow({ where: { id: thread.id } })).toMatchObject({
      renterEmailedAt: null,
      agentEmailedAt: at(0),
    });
  });

  it('sends each e-mail exactly once when several runs race', async () => {
    const threads = [];
    for (let i = 0; i < 3; i++) {
      const c = await conversation({ title: `Race ${i}`, renterSeen: null, agentSeen: at(0) });
      await message(c.thread.id, c.agent.id, at(-15), `Message ${i}`);
      threads.push(c.thread.id);
    }
    const mailer = recordingMailer({ delayMs: 5 });
    const counts = await Promise.all([run(mailer, at(0)), run(mailer, at(0)), run(mailer, at(0))]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(mailer.sent).toHaveLength(3);
    expect(new Set(mailer.sent.map((m) => m.subject))).toEqual(
      new Set(['New message from Jane about Race 0', 'New message from Jane about Race 1', 'New message from Jane about Race 2']),
    );

    // Two instances whose clocks differ a little: still one e-mail.
    const { agent, thread } = await conversation({ title: 'Race again', renterSeen: null, agentSeen: at(0) });
    await message(thread.id, agent.id, at(-15), 'Once');
    const other = recordingMailer();
    const [a, b] = await Promise.all([run(other, at(0)), run(other, new Date(at(0).getTime() + 1500))]);
    expect(a + b).toBe(1);
    expect(other.sent).toHaveLength(1);
  });

  it('gives the claim back when sending fails, so a later run retries', async () => {
    const { agent, renter, thread } = await conversation({ title: 'Flaky', renterSeen: null, agentSeen: at(0) });
    await message(thread.id, agent.id, at(-15), 'Please reply');
    let failing = true;
    const mailer = recordingMailer({ fail: () => failing });
    const { log, errors } = recordingLogger();
    expect(await run(mailer, at(0), log)).toBe(0);
    expect(errors().map((e) => e.msg)).toEqual(['offline e-mail not sent; will retry']);
    expect((await db.prisma.thread.findUniqueOrThrow({ where: { id: thread.id } })).renterEmailedAt).toBeNull();

    failing = false;
    expect(await run(mailer, at(1), log)).toBe(1);
    expect(mailer.sent[0]!.to).toBe(renter.email);
    expect((await db.prisma.thread.findUniqueOrThrow({ where: { id: thread.id } })).renterEmailedAt).toEqual(at(1));
  });

  it('runs as a job on a timer until stopped', async () => {
    const { agent, thread } = await conversation({ title: 'Job', renterSeen: null, agentSeen: new Date() });
    await message(thread.id, agent.id, new Date(Date.now() - OFFLINE_MAIL.offlineAfterMs), 'From the job');
    const mailer = recordingMailer();
    const job = startOfflineMailJob({ prisma: db.prisma, mailer, log: silent, publicUrl: PUBLIC_URL, intervalMs: 20 });
    try {
      await expect.poll(() => mailer.sent.length, { timeout: 10_000, interval: 20 }).toBe(1);
    } finally {
      job.stop();
    }
    expect(mailer.sent[0]!.subject).toBe('New message from Jane about Job');
    await new Promise((r) => setTimeout(r, 100));
    expect(mailer.sent).toHaveLength(1);
  });
});

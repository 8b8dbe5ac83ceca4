import type { Mailer, MailMessage } from '../../server/modules/mail/mailer.js';
// The development outbox of a test app (DATA_DIR/outbox): the e-mails it "sent", decoded, and a
// poll for what is sent after an answer (alerts, password resets).
import fs from 'node:fs/promises';
import path from 'node:path';

/** Polls `fn` until it gives a value, or fails naming `what`. */
export async function waitUntil<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Decodes a quoted-printable UTF-8 body (nodemailer's encoding of non-ASCII text). */
function decodeQp(s: string): string {
  const bytes: number[] = [];
  const flat = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < flat.length; i++) {
    if (flat[i] === '=' && /^[0-9A-F]{2}$/.test(flat.slice(i + 1, i + 3))) {
      bytes.push(parseInt(flat.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(flat[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

export async function outbox(app: { dataDir: string }): Promise<string[]> {
  const dir = path.join(app.dataDir, 'outbox');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (n) => decodeQp(await fs.readFile(path.join(dir, n), 'utf8'))));
}

/** An in-memory Mailer that records what it is asked to send (it can be slow, or fail when told). */
export function recordingMailer(opts: { fail?: () => boolean; delayMs?: number } = {}): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    kind: 'outbox',
    sent,
    async send(msg) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.fail?.()) throw new Error('SMTP server said no');
      sent.push(msg);
    },
    async close() {},
  };
}

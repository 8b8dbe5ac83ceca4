import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';

/**
 * Sending e-mail. With SMTP_URL set, messages go to that SMTP server (production); otherwise each
 * message is written as an RFC 822 `.eml` file under DATA_DIR/outbox (development), readable at
 * /dev/outbox. Both are made by nodemailer, so what the outbox shows is what SMTP would carry.
 * See docs/decisions/0017-mail.md.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent with it (a tour's calendar event, issue 27). */
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
}

export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(msg: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Text made safe inside HTML (an e-mail's body, the outbox page, a plain server page). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const OUTBOX_DIR = 'outbox';
const OUTBOX_NAME = /^[\w.-]+\.eml$/;
const OUTBOX_LIST_MAX = 200;

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, OUTBOX_DIR);
}

export function createMailer(env: Env, log: Logger): Mailer {
  const from = env.MAIL_FROM;
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL, { from });
    return {
      kind: 'smtp',
      async send(msg) {
        const info = await transport.sendMail({ ...msg });
        log.debug({ messageId: info.messageId }, 'e-mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }

  const dir = outboxDir(env.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from });
  return {
    kind: 'outbox',
    async send(msg) {
      const info = await transport.sendMail({ ...msg });
      const eml = info.message;
      if (!Buffer.isBuffer(eml)) throw new Error('nodemailer did not return the message as a buffer');
      await fs.mkdir(dir, { recursive: true }); // every time: the folder may have been removed by hand
      const name = `${new Date().toISOString().replace(/:/g, '')}-${randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
      try {
        await fs.writeFile(tmp, eml);
        await fs.rename(tmp, path.join(dir, name));
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
      log.info({ file: path.join(dir, name), messageId: info.messageId }, 'e-mail written to the outbox');
    },
    async close() {
      transport.close();
    },
  };
}

export interface OutboxEntry {
  name: string;
  /** The Date header (or the file's time when it has none). */
  date: Date;
  to: string;
  subject: string;
  /** Bytes. */
  size: number;
}

/** The newest e-mails of the outbox (at most 200), newest first. */
export async function listOutbox(dataDir: string): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  // Names start with the ISO time they were written: sorting them sorts by time.
  const newest = names
    .filter((n) => OUTBOX_NAME.test(n))
    .sort()
    .reverse()
    .slice(0, OUTBOX_LIST_MAX);
  const entries = await Promise.all(
    newest.map(async (name): Promise<OutboxEntry | null> => {
      const file = path.join(dir, name);
      let handle: fs.FileHandle | undefined;
      try {
        handle = await fs.open(file, 'r');
        const stat = await handle.stat();
        const buf = Buffer.alloc(Math.min(stat.size, 64 * 1024));
        const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
        const headers = parseHeaders(buf.subarray(0, bytesRead).toString('utf8'));
        const date = headers.date ? new Date(headers.date) : stat.mtime;
        return {
          name,
          date: Number.isNaN(date.getTime()) ? stat.mtime : date,
          to: decodeWords(headers.to ?? ''),
          subject: decodeWords(headers.subject ?? ''),
          size: stat.size,
        };
      } catch {
        return null; // removed meanwhile, or unreadable: not listed
      } finally {
        await handle?.close();
      }
    }),
  );
  return entries.filter((e): e is OutboxEntry => e !== null);
}

/** The raw .eml of one outbox e-mail; null when the name is not an outbox file name or does not exist. */
export async function readOutboxFile(dataDir: string, name: string): Promise<Buffer | null> {
  if (!OUTBOX_NAME.test(name) || name.startsWith('.')) return null;
  try {
    return await fs.readFile(path.join(outboxDir(dataDir), name));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    throw err;
  }
}

/** The header block of a message, lower-cased names, folded lines joined (first occurrence wins). */
function parseHeaders(raw: string): Record<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    headers[key] ??= line.slice(colon + 1).trim();
  }
  return headers;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`), as nodemailer writes them. */
export function decodeWords(value: string): string {
  const word = /=\?([^?*]+)(?:\*[^?]*)?\?([bBqQ])\?([^?]*)\?=/g;
  return value
    .replace(/(\?=)\s+(?==\?[^?]+\?[bBqQ]\?)/g, '$1') // whitespace between two encoded words is not text
    .replace(word, (whole, charset: string, encoding: string, text: string) => {
      const bytes = encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : decodeQ(text);
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return whole; // an unknown charset: shown as written
      }
    });
}

function decodeQ(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    const hex = text.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(c === '_' ? ' ' : c, 'utf8'));
    }
  }
  return Uint8Array.from(out);
}

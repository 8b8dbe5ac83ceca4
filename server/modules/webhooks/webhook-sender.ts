import http from 'node:http';
import https from 'node:https';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { guardedLookup, webhookUrlProblem, type WebhookUrlRules } from './webhook-address.js';

/**
 * Sending one webhook message as the Standard Webhooks spec says (https://www.standardwebhooks.com/):
 * `webhook-id` (the message id, the same on every attempt), `webhook-timestamp` (seconds), and
 * `webhook-signature` (`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body`), signed by the
 * `standardwebhooks` package; during a secret's rotation, by both secrets, space-separated.
 */

/** A new signing secret: 'whsec_' and 32 random bytes in base64 (what the spec's libraries take). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The signature header of a message, by each secret given (the newest first). */
export function signatureHeader(secrets: readonly string[], messageId: string, at: Date, body: string): string {
  return secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(' ');
}

/** How long one attempt may take, connection to the last byte. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** How much of an answer the delivery log keeps. */
const ANSWER_KEPT = 300;

export interface AttemptResult {
  ok: boolean;
  /** The HTTP status answered (null: none). */
  status: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one message; succeeds on a 2xx answer. A redirect is not followed (it is a failure: the
 * partner registers where it receives). The address is checked before connecting (webhook-address.ts).
 */
export function sendWebhook(
  message: { url: string; messageId: string; body: string; secrets: readonly string[]; at: Date },
  rules: WebhookUrlRules,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const problem = webhookUrlProblem(message.url, rules);
  if (problem) return Promise.resolve({ ok: false, status: null, error: `Refused: ${problem}`, durationMs: 0 });
  const url = new URL(message.url);
  const body = Buffer.from(message.body);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': 'NYCRentals-Webhooks/1.0',
    'webhook-id': message.messageId,
    'webhook-timestamp': String(Math.floor(message.at.getTime() / 1000)),
    'webhook-signature': signatureHeader(message.secrets, message.messageId, message.at, message.body),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: took() });
    };
    const req = client.request(url, { method: 'POST', headers, lookup: guardedLookup(rules) as never, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (c: Buffer) => {
        if (kept < ANSWER_KEPT) {
          chunks.push(c);
          kept += c.length;
        }
      });
      res.on('end', () => {
        const ok = status >= 200 && status < 300;
        const answer = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_KEPT).replace(/\s+/g, ' ').trim();
        finish({ ok, status, error: ok ? null : `Answered ${status}${answer ? `: ${answer}` : ''}` });
      });
      res.on('error', (err) => finish({ ok: false, status, error: err.message }));
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds`));
    }, timeoutMs);
    req.on('error', (err) => finish({ ok: false, status: null, error: err.message.slice(0, 400) }));
    req.end(body);
  });
}

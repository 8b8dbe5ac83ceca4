import express from 'express';
import type { Env } from '../../env.js';
import { escapeHtml, listOutbox, outboxDir, readOutboxFile } from './mailer.js';

/**
 * The development outbox page (mounted at /dev/outbox outside production): the e-mails the app
 * "sent" without SMTP_URL, newest first, each readable as raw RFC 822 text. Plain HTML, no script,
 * no style (the CSP allows neither inline), every value escaped.
 */
export function outboxRoutes({ env }: { env: Env }): express.Router {
  const router = express.Router();

  // Every user's mail: for the developer at this machine only. A request from elsewhere, directly
  // or through a proxy (the address it forwards), finds nothing here.
  router.use((req, res, next) => {
    if (isLoopback(req.socket.remoteAddress) && isLoopback(req.ip)) return next();
    res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
  });

  router.get('/', async (req, res, next) => {
    try {
      // The links are relative (./<name>): the page must be addressed with its trailing slash.
      const pathname = req.originalUrl.split('?')[0] ?? '';
      if (!pathname.endsWith('/')) {
        res.redirect(302, `${req.baseUrl}/`);
        return;
      }
      const entries = await listOutbox(env.dataDir);
      const rows = entries
        .map(
          (e) =>
            `<tr><td>${escapeHtml(formatDate(e.date))}</td><td>${escapeHtml(e.to)}</td>` +
            `<td><a href="./${encodeURIComponent(e.name)}">${escapeHtml(e.subject || '(no subject)')}</a></td>` +
            `<td>${e.size}</td></tr>`,
        )
        .join('\n');
      const body = entries.length
        ? `<table>\n<thead><tr><th>Date</th><th>To</th><th>Subject</th><th>Bytes</th></tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>`
        : '<p>No e-mail sent yet.</p>';
      res
        .status(200)
        .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .send(
          `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Outbox</title>\n</head>\n<body>\n` +
            `<h1>Outbox</h1>\n${body}\n` +
            `<p>The files are in ${escapeHtml(outboxDir(env.dataDir))} (the newest 200 are listed here).</p>\n` +
            `</body>\n</html>\n`,
        );
    } catch (err) {
      next(err);
    }
  });

  router.get('/:name', async (req, res, next) => {
    try {
      const eml = await readOutboxFile(env.dataDir, req.params.name);
      if (!eml) {
        res.status(404).json({ error: 'Not found' });
        return;
      }
      res
        .status(200)
        // Shown as text, never rendered: an e-mail's HTML part must not run on this origin.
        .set({ 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' })
        .send(eml);
    } catch (err) {
      next(err);
    }
  });

  return router;
}

function formatDate(d: Date): string {
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

import express from 'express';
import type { PrismaClient } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { noBody } from '../../http/no-body.js';
import { unsubscribeByToken } from './saved-searches.service.js';
import { escapeHtml } from '../mail/index.js';
import { currentLocale, defineMessages, formatMessage } from '../../../common/i18n/messages.js';

/**
 * One-click unsubscribe from saved-search alert e-mails: `GET /alerts/unsubscribe/:token` (the link
 * in the e-mail) turns the search's alerts off and says so; `POST` to the same address is RFC 8058's
 * one-click (`List-Unsubscribe-Post: List-Unsubscribe=One-Click`), sent by mail clients without
 * cookies or an Origin, so these routes sit outside /api's origin check. The token is the secret.
 */

// The page and the answers, in the request's language (server/core/locale.ts).
const messages = defineMessages({
  notValidTitle: { id: 'server.alerts.notValidTitle', defaultMessage: 'Link not valid' },
  notValid: {
    id: 'server.alerts.notValid',
    defaultMessage: 'This unsubscribe link is not valid or the saved search was deleted.',
  },
  offTitle: { id: 'server.alerts.offTitle', defaultMessage: 'Alerts turned off' },
  off: {
    id: 'server.alerts.off',
    defaultMessage: 'You will no longer get alerts for “{name}”. You can turn them back on from your saved searches.',
  },
  manage: { id: 'server.alerts.manage', defaultMessage: 'Manage your saved searches' },
});

function page(title: string, message: string): string {
  return `<!doctype html><html lang="${currentLocale()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · NYC Rentals</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#111827;line-height:1.5}a{color:#1d4ed8}</style>
</head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/me/searches">${escapeHtml(formatMessage(messages.manage))}</a></p></main></body></html>`;
}

/** Mounted at /alerts. */
export function alertRoutes(deps: { prisma: PrismaClient; log: Logger }): express.Router {
  const router = express.Router();
  router.get('/unsubscribe/:token', async (req, res, next) => {
    try {
      const done = await unsubscribeByToken(deps.prisma, String(req.params.token));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      if (!done) {
        res
          .status(404)
          .type('html')
          .send(page(formatMessage(messages.notValidTitle), formatMessage(messages.notValid)));
        return;
      }
      res.type('html').send(page(formatMessage(messages.offTitle), formatMessage(messages.off, { name: done.name })));
    } catch (err) {
      next(err);
    }
  });
  router.post('/unsubscribe/:token', noBody, async (req, res, next) => {
    try {
      const done = await unsubscribeByToken(deps.prisma, String(req.params.token));
      res.setHeader('Cache-Control', 'no-store');
      if (!done) {
        res.status(404).json({ error: formatMessage(messages.notValid), code: 'NOT_FOUND' });
        return;
      }
      res.json({ unsubscribed: true });
    } catch (err) {
      next(err);
    }
  });
  return router;
}

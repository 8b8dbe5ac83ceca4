import { parseCommandArgs, type CommandOutcome } from '../../core/command.js';
import { AppError } from '../../core/errors.js';
import type { PrismaClient } from '../../db/client.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
  webhookDeliveriesPage,
  WEBHOOK_EVENT_TYPES,
  type WebhookUrlRules,
} from '../webhooks/index.js';
import { createPartnerKey, findPartnerKey, listPartnerKeys, revokePartnerKey, shortPartnerKeyId } from './partner-keys.js';

/**
 * `npm run partner -- create NAME` makes an API key and prints it once; `npm run partner -- list`
 * lists keys by short id and prefix (never the keys themselves); `npm run partner -- revoke ID_OR_PREFIX`
 * revokes the one key its short id, id or prefix names (an ambiguous one revokes nothing).
 * A key's webhooks (issue 53 item 2), as the key itself manages them through GraphQL:
 * `webhooks KEY`, `webhook-add KEY URL EMAIL [EVENT…]` (prints the secret once), `webhook-test ID`,
 * `webhook-log ID`, `webhook-rotate ID`, `webhook-disable ID`, `webhook-enable ID`, `webhook-remove ID`.
 * The command's work over a database, apart from its process (partner-cli.ts opens the database).
 */
export const PARTNER_USAGE = [
  'Usage: npm run partner -- create NAME | list | revoke ID_OR_PREFIX',
  '       npm run partner -- webhooks KEY | webhook-add KEY URL EMAIL [EVENT…]',
  '       npm run partner -- webhook-test | webhook-log | webhook-rotate | webhook-disable | webhook-enable | webhook-remove ENDPOINT_ID',
].join('\n');

const WEBHOOK_COMMANDS = [
  'webhooks',
  'webhook-add',
  'webhook-test',
  'webhook-log',
  'webhook-rotate',
  'webhook-disable',
  'webhook-enable',
  'webhook-remove',
] as const;

/** Whether the arguments make a command; undefined means print the usage. */
export const parsePartnerArgs = (argv: readonly string[]) =>
  parseCommandArgs(argv, ['create', 'list', 'revoke', ...WEBHOOK_COMMANDS] as const, ['list']);

const shortId = (id: string) => id.slice(0, 8);

export async function runPartnerCommand(
  prisma: PrismaClient,
  { command, arg }: NonNullable<ReturnType<typeof parsePartnerArgs>>,
  opts: { rules: WebhookUrlRules } = { rules: { allowLoopback: false } },
): Promise<CommandOutcome> {
  const lines: string[] = [];
  let exitCode = 0;
  if ((WEBHOOK_COMMANDS as readonly string[]).includes(command)) {
    try {
      return await webhookCommand(prisma, command as (typeof WEBHOOK_COMMANDS)[number], arg, opts.rules);
    } catch (err) {
      if (err instanceof AppError) return { lines: [err.message], exitCode: 1 };
      throw err;
    }
  }
  if (command === 'create') {
    const { key, row } = await createPartnerKey(prisma, arg);
    lines.push(`Created partner key ${row.id} for '${row.name}'.`, 'The key (shown this once; keep it secret):', key);
  } else if (command === 'list') {
    const rows = await listPartnerKeys(prisma);
    if (!rows.length) lines.push('No partner keys.');
    for (const r of rows) {
      const state = r.revokedAt ? `revoked ${r.revokedAt.toISOString()}` : 'active';
      const used = r.lastUsedAt ? `last used ${r.lastUsedAt.toISOString()}` : 'never used';
      lines.push(
        `${shortPartnerKeyId(r.id)}  ${r.prefix}…  ${r.name}  (id ${r.id}, created ${r.createdAt.toISOString()}, ${state}, ${used})`,
      );
    }
  } else {
    const outcome = await revokePartnerKey(prisma, arg);
    if ('revoked' in outcome) {
      const r = outcome.revoked;
      lines.push(`Revoked key ${shortPartnerKeyId(r.id)} (${r.prefix}…, '${r.name}'); in effect within 30 seconds.`);
    } else {
      exitCode = 1;
      if ('ambiguous' in outcome) {
        lines.push(`'${arg}' names ${outcome.ambiguous.length} keys; nothing revoked. Give more of the id:`);
        for (const r of outcome.ambiguous) lines.push(`  ${r.id}  ${r.prefix}…  ${r.name}`);
      } else if ('alreadyRevoked' in outcome) {
        lines.push(`Key ${shortPartnerKeyId(outcome.alreadyRevoked.id)} is already revoked.`);
      } else lines.push(`No key matches '${arg}'.`);
    }
  }
  return { lines, exitCode };
}

async function webhookCommand(
  prisma: PrismaClient,
  command: (typeof WEBHOOK_COMMANDS)[number],
  arg: string,
  rules: WebhookUrlRules,
): Promise<CommandOutcome> {
  const words = arg.split(/\s+/).filter(Boolean);
  const fail = (line: string): CommandOutcome => ({ lines: [line], exitCode: 1 });
  if (command === 'webhooks' || command === 'webhook-add') {
    const key = await findPartnerKey(prisma, words[0] ?? '');
    if (!('found' in key))
      return fail(
        'ambiguous' in key
          ? `'${words[0]}' names ${key.ambiguous.length} keys: give more of the id.`
          : `No key matches '${words[0]}'.`,
      );
    const keyId = key.found.id;
    if (command === 'webhooks') {
      const rows = await listWebhookEndpoints(prisma, keyId);
      if (!rows.length) return { lines: [`Key ${shortPartnerKeyId(keyId)} has no webhook endpoints.`], exitCode: 0 };
      return {
        lines: rows.map(
          (e) =>
            `${shortId(e.id)}  ${e.url}  ${e.disabledAt ? `disabled ${e.disabledAt.toISOString()} (${e.disabledReason})` : 'enabled'}  events: ${e.events.join(', ')}  contact: ${e.contactEmail}  (id ${e.id})`,
        ),
        exitCode: 0,
      };
    }
    const [, url, contactEmail, ...events] = words;
    if (!url || !contactEmail) return fail('Usage: npm run partner -- webhook-add KEY URL EMAIL [EVENT…]');
    const made = await createWebhookEndpoint({ prisma, rules }, keyId, {
      url,
      contactEmail,
      ...(events.length ? { events } : {}),
    });
    return {
      lines: [
        `Added webhook endpoint ${made.endpoint.id} for key ${shortPartnerKeyId(keyId)}: ${made.endpoint.url}`,
        `Events: ${made.endpoint.events.join(', ')} (of ${WEBHOOK_EVENT_TYPES.join(', ')})`,
        'Its signing secret (shown this once; give it to the partner):',
        made.secret,
      ],
      exitCode: 0,
    };
  }
  const found = await findWebhookEndpoint(prisma, words[0] ?? '');
  if (!found) return fail(`No single webhook endpoint matches '${words[0] ?? ''}': give its id (8 characters or more).`);
  const { id, keyId } = found;
  switch (command) {
    case 'webhook-test': {
      const d = await sendTestWebhook({ prisma, rules }, keyId, id);
      return { lines: [`Queued test message ${d.messageId}; it goes at the next pass (within a minute).`], exitCode: 0 };
    }
    case 'webhook-log': {
      const page = await webhookDeliveriesPage(prisma, keyId, { endpointId: id, first: 20 });
      if (!page.edges.length) return { lines: ['No deliveries yet.'], exitCode: 0 };
      return {
        lines: page.edges.flatMap(({ node: d }) => [
          `${d.createdAt.toISOString()}  ${d.messageId}  ${d.eventType}  ${d.status}  ${d.attempts} attempt(s)${d.nextAttemptAt ? `, next ${d.nextAttemptAt.toISOString()}` : ''}`,
          ...d.log.map(
            (a) => `    ${a.at.toISOString()}  ${a.status ?? '—'}  ${a.durationMs} ms${a.error ? `  ${a.error}` : ''}`,
          ),
        ]),
        exitCode: 0,
      };
    }
    case 'webhook-rotate': {
      const { secret, endpoint } = await rotateWebhookSecret({ prisma, rules }, keyId, id);
      return {
        lines: [
          `New signing secret for ${shortId(id)} (the old one also signs until ${endpoint.previousUntil?.toISOString()}):`,
          secret,
        ],
        exitCode: 0,
      };
    }
    case 'webhook-disable':
    case 'webhook-enable': {
      const enabled = command === 'webhook-enable';
      await updateWebhookEndpoint({ prisma, rules }, keyId, id, { enabled });
      return { lines: [`Webhook endpoint ${shortId(id)} ${enabled ? 'enabled' : 'disabled'}.`], exitCode: 0 };
    }
    default: {
      await deleteWebhookEndpoint(prisma, keyId, id);
      return { lines: [`Removed webhook endpoint ${shortId(id)} and its delivery log.`], exitCode: 0 };
    }
  }
}

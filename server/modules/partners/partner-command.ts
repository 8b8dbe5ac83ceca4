import { parseCommandArgs, type CommandOutcome } from '../../core/command.js';
import type { PrismaClient } from '../../db/client.js';
import { createPartnerKey, listPartnerKeys, revokePartnerKey, shortPartnerKeyId } from './partner-keys.js';

/**
 * `npm run partner -- create NAME` makes an API key and prints it once; `npm run partner -- list`
 * lists keys by short id and prefix (never the keys themselves); `npm run partner -- revoke ID_OR_PREFIX`
 * revokes the one key its short id, id or prefix names (an ambiguous one revokes nothing).
 * The command's work over a database, apart from its process (partner-cli.ts opens the database).
 */
export const PARTNER_USAGE = 'Usage: npm run partner -- create NAME | list | revoke ID_OR_PREFIX';

/** Whether the arguments make a command; undefined means print the usage. */
export const parsePartnerArgs = (argv: readonly string[]) =>
  parseCommandArgs(argv, ['create', 'list', 'revoke'] as const, ['list']);

export async function runPartnerCommand(
  prisma: PrismaClient,
  { command, arg }: NonNullable<ReturnType<typeof parsePartnerArgs>>,
): Promise<CommandOutcome> {
  const lines: string[] = [];
  let exitCode = 0;
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

import { parseCommandArgs, type CommandOutcome } from '../../core/command.js';
import type { PrismaClient } from '../../db/client.js';
import { grantAdmin, listAdmins, revokeAdmin } from './admins.service.js';

/**
 * `npm run admin -- grant EMAIL` makes a user an administrator (the moderation queue);
 * `npm run admin -- revoke EMAIL` takes it back (AGENT with an agent profile, else RENTER);
 * `npm run admin -- list` lists administrators. Each change is written to the audit log.
 * The command's work over a database, apart from its process (admin-cli.ts opens the database).
 */
export const ADMIN_USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | list';

/** Whether the arguments make a command; undefined means print the usage. */
export const parseAdminArgs = (argv: readonly string[]) => parseCommandArgs(argv, ['grant', 'revoke', 'list'] as const, ['list']);

export async function runAdminCommand(
  prisma: PrismaClient,
  { command, arg }: NonNullable<ReturnType<typeof parseAdminArgs>>,
): Promise<CommandOutcome> {
  if (command === 'grant') {
    const r = await grantAdmin(prisma, arg);
    if (r === 'no-user') return { lines: [`No user with the e-mail '${arg}' (they must sign up first).`], exitCode: 1 };
    return { lines: [r === 'granted' ? `${arg} is now an administrator.` : `${arg} is already an administrator.`], exitCode: 0 };
  }
  if (command === 'revoke') {
    const r = await revokeAdmin(prisma, arg);
    if (r === 'no-user') return { lines: [`No user with the e-mail '${arg}'.`], exitCode: 1 };
    return {
      lines: [r === 'revoked' ? `${arg} is no longer an administrator.` : `${arg} is not an administrator.`],
      exitCode: 0,
    };
  }
  const rows = await listAdmins(prisma);
  const lines = rows.map((u) => `${u.email}  ${u.firstName} ${u.lastName}  (${u.id})`);
  return { lines: lines.length ? lines : ['No administrators.'], exitCode: 0 };
}

import { loadEnv } from '../../env.js';
import { openCommandDatabase } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import { grantAdmin, listAdmins, revokeAdmin } from './admins.service.js';

/**
 * `npm run admin -- grant EMAIL` makes a user an administrator (the moderation queue);
 * `npm run admin -- revoke EMAIL` takes it back (AGENT with an agent profile, else RENTER);
 * `npm run admin -- list` lists administrators. Each change is written to the audit log.
 * On the database the app uses (DATABASE_URL, else the PGlite database under DATA_DIR: through the
 * running app when it runs, so the change is in effect at once and nothing is lost).
 */
const USAGE = 'Usage: npm run admin -- grant EMAIL | revoke EMAIL | list';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const arg = rest.join(' ').trim();
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !arg)) throw new Error(USAGE);
  const env = loadEnv();
  // While the app runs, through its database connection (PGlite's files have one owner).
  const { db, shared } = await openCommandDatabase(env);
  try {
    if (!shared) await applyMigrations(db.adapterFactory);
    if (command === 'grant') {
      const r = await grantAdmin(db.prisma, arg);
      if (r === 'no-user') {
        console.log(`No user with the e-mail '${arg}' (they must sign up first).`);
        process.exitCode = 1;
      } else console.log(r === 'granted' ? `${arg} is now an administrator.` : `${arg} is already an administrator.`);
    } else if (command === 'revoke') {
      const r = await revokeAdmin(db.prisma, arg);
      if (r === 'no-user') {
        console.log(`No user with the e-mail '${arg}'.`);
        process.exitCode = 1;
      } else console.log(r === 'revoked' ? `${arg} is no longer an administrator.` : `${arg} is not an administrator.`);
    } else {
      const rows = await listAdmins(db.prisma);
      if (!rows.length) console.log('No administrators.');
      for (const u of rows) console.log(`${u.email}  ${u.firstName} ${u.lastName}  (${u.id})`);
    }
  } finally {
    await db.close();
  }
}

main().then(
  // The WASM migration engine keeps a timer alive; exit explicitly.
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

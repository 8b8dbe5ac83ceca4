import { loadEnv } from '../../env.js';
import { openCommandDatabase } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import { PARTNER_USAGE, parsePartnerArgs, runPartnerCommand } from './partner-command.js';

/**
 * `npm run partner` (partner-command.ts says what it does), on the database the app uses
 * (DATABASE_URL, else the PGlite database under DATA_DIR: through the running app when it runs, so the
 * change is in effect at once and nothing is lost).
 */
async function main() {
  const args = parsePartnerArgs(process.argv.slice(2));
  if (!args) throw new Error(PARTNER_USAGE);
  const env = loadEnv();
  // While the app runs, through its database connection (PGlite's files have one owner).
  const { db, shared } = await openCommandDatabase(env);
  try {
    if (!shared) await applyMigrations(db.adapterFactory);
    const { lines, exitCode } = await runPartnerCommand(db.prisma, args, {
      rules: { allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK },
    });
    for (const line of lines) console.log(line);
    process.exitCode = exitCode;
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

import { loadEnv } from '../../env.js';
import { openCommandDatabase } from '../../db/client.js';
import { applyMigrations } from '../../db/migrate.js';
import { createPartnerKey, listPartnerKeys, revokePartnerKey, shortPartnerKeyId } from './partner-keys.js';

/**
 * `npm run partner -- create NAME` makes an API key and prints it once; `npm run partner -- list`
 * lists keys by short id and prefix (never the keys themselves); `npm run partner -- revoke ID_OR_PREFIX`
 * revokes the one key its short id, id or prefix names (an ambiguous one revokes nothing).
 * On the database the app uses (DATABASE_URL, else the PGlite database under DATA_DIR: through the
 * running app when it runs, so the change is in effect at once and nothing is lost).
 */
const USAGE = 'Usage: npm run partner -- create NAME | list | revoke ID_OR_PREFIX';

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const arg = rest.join(' ').trim();
  if (!command || !['create', 'list', 'revoke'].includes(command) || (command !== 'list' && !arg)) throw new Error(USAGE);
  const env = loadEnv();
  // While the app runs, through its database connection (PGlite's files have one owner).
  const { db, shared } = await openCommandDatabase(env);
  try {
    if (!shared) await applyMigrations(db.adapterFactory);
    if (command === 'create') {
      const { key, row } = await createPartnerKey(db.prisma, arg);
      console.log(`Created partner key ${row.id} for '${row.name}'.`);
      console.log('The key (shown this once; keep it secret):');
      console.log(key);
    } else if (command === 'list') {
      const rows = await listPartnerKeys(db.prisma);
      if (!rows.length) console.log('No partner keys.');
      for (const r of rows) {
        const state = r.revokedAt ? `revoked ${r.revokedAt.toISOString()}` : 'active';
        const used = r.lastUsedAt ? `last used ${r.lastUsedAt.toISOString()}` : 'never used';
        console.log(
          `${shortPartnerKeyId(r.id)}  ${r.prefix}…  ${r.name}  (id ${r.id}, created ${r.createdAt.toISOString()}, ${state}, ${used})`,
        );
      }
    } else {
      const outcome = await revokePartnerKey(db.prisma, arg);
      if ('revoked' in outcome) {
        const r = outcome.revoked;
        console.log(`Revoked key ${shortPartnerKeyId(r.id)} (${r.prefix}…, '${r.name}'); in effect within 30 seconds.`);
      } else {
        process.exitCode = 1;
        if ('ambiguous' in outcome) {
          console.log(`'${arg}' names ${outcome.ambiguous.length} keys; nothing revoked. Give more of the id:`);
          for (const r of outcome.ambiguous) console.log(`  ${r.id}  ${r.prefix}…  ${r.name}`);
        } else if ('alreadyRevoked' in outcome) {
          console.log(`Key ${shortPartnerKeyId(outcome.alreadyRevoked.id)} is already revoked.`);
        } else console.log(`No key matches '${arg}'.`);
      }
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

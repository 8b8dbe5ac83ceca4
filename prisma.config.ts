import { defineConfig } from 'prisma/config';

// The Prisma CLI is used for `prisma generate` only; migrations run through the WASM schema engine
// (server/db/migrate.ts), so no datasource URL is needed here.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});

import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable is validated here; a bad value stops the
 * start with a readable list of what is wrong (see `loadEnv`).
 */
const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** Unset: 127.0.0.1 in emulator mode (its tokens are unsigned), else 0.0.0.0. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: postgresUrl.optional(),
  /** Unset: true, except in production. */
  SEED_ON_EMPTY: bool.optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Seconds the anonymous search page and listing details are served from the public cache; 0 turns it off. */
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  MAP_STYLE_URL: z.string().url().optional(),
  /** Other origins the map style loads tiles, glyphs or sprites from (comma-separated), for the CSP. */
  MAP_ORIGINS: z.string().max(2000).optional(),
  GEOCODER_URL: z.string().url().optional(),
  /**
   * Optional token sync (SPEC part 7): after sign-in the browser POSTs the user's ID token here
   * (Authorization: Bearer), and sends DELETE on sign-out. Its origin joins the CSP's connect-src.
   */
  TOKEN_SYNC_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http:// or https:// URL')
    .refine((v) => !/^https?:\/\/[^/?#]*@/.test(v), 'must not carry a user name or password')
    .optional(),
  /**
   * Unset: true in production. Anonymous, cookie and signed-in GraphQL traffic may run only the
   * site's own operations (the persisted documents of the client build); partner keys may run any.
   */
  TRUSTED_DOCUMENTS_ONLY: bool.optional(),
  /**
   * `on`: the site's queries (and a partner's from its second request) are answered by the planned path
   * (server/graphql/planned/, decision 0047); `off`: every GraphQL request is answered by Apollo Server.
   */
  GRAPHQL_PLANNED: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: bool.default(false),
  /** Extra origins allowed to call the API with cookies and to open WebSockets (comma-separated). */
  ALLOWED_ORIGINS: z.string().optional(),
  // --- identity (Firebase Auth); none set → the Auth emulator is started by the server -------------
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id')
    .optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  FIREBASE_APP_ID: z.string().min(1).optional(),
  /** Service account JSON, inline or as a file path. */
  FIREBASE_SERVICE_ACCOUNT: z.string().min(1).optional(),
  /** host:port of an Auth emulator that is already running (no emulator is started then). */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d{2,5}$/, 'must be host:port')
    .optional(),
  /** Port of the Auth emulator the server starts in emulator mode. */
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  SESSION_COOKIE_DAYS: z.coerce.number().int().min(1).max(5).default(5),
  // --- photo uploads and their storage (S3_BUCKET set → an S3-compatible bucket, else DATA_DIR/uploads)
  /** Largest photo accepted by POST /api/uploads, in megabytes. */
  UPLOAD_MAX_MB: z.coerce.number().positive().max(100).default(15),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  /** Unset → AWS S3 itself; a MinIO/R2/other S3-compatible endpoint otherwise. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset → the AWS SDK's default credential chain (environment, instance role, ...). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (`endpoint/bucket/key`), needed by MinIO and s3rver. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Public base URL of the bucket (a CDN); unset → photos are served by the app at /media. */
  S3_PUBLIC_URL: z.string().url().optional(),
  // --- e-mail
  /** smtp:// or smtps:// URL of the mail server; unset → messages are written to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('NYC Rentals <no-reply@nycrentals.local>'),
  // --- background jobs (pg-boss on PostgreSQL with DATABASE_URL, else in process)
  /** PostgreSQL schema of the pg-boss job tables. */
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL schema name')
    .default('pgboss'),
  /** How often each pg-boss worker polls for jobs, in seconds. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** Hour of the day (UTC) the daily saved-search digests go out (13 = 8 or 9 AM in New York). */
  ALERTS_DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(13),
  /**
   * Whether partners' webhooks may go to this machine (loopback, http or https): for development and
   * tests, whose receivers run here. Default: not in production, where it is refused (SSRF).
   */
  WEBHOOKS_ALLOW_LOOPBACK: bool.optional(),
});

export type Env = Omit<
  z.infer<typeof envSchema>,
  'HOST' | 'SEED_ON_EMPTY' | 'TRUSTED_DOCUMENTS_ONLY' | 'WEBHOOKS_ALLOW_LOOPBACK'
> & {
  /** Whether webhooks may go to loopback addresses (see WEBHOOKS_ALLOW_LOOPBACK). */
  WEBHOOKS_ALLOW_LOOPBACK: boolean;
  /** The address to listen on (see HOST). */
  HOST: string;
  /** Whether to seed demo data into an empty database (see SEED_ON_EMPTY). */
  SEED_ON_EMPTY: boolean;
  /** Whether only the client's persisted documents run for non-partner GraphQL traffic (see TRUSTED_DOCUMENTS_ONLY). */
  TRUSTED_DOCUMENTS_ONLY: boolean;
  /** True when identity comes from the Firebase Auth emulator (no real project configured). */
  authEmulator: boolean;
  /** Origins allowed for cookie-authenticated requests and WebSockets. */
  allowedOrigins: string[];
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Origin the browser uses (PUBLIC_URL or http://localhost:PORT). */
  publicUrl: string;
};

export class EnvError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "not set", as in most dotenv files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  const emulator = !env.FIREBASE_PROJECT_ID || Boolean(env.FIREBASE_AUTH_EMULATOR_HOST);
  if (env.NODE_ENV === 'production' && emulator) {
    problems.push(
      'NODE_ENV=production with the Firebase Auth emulator is refused (emulator tokens are unsigned): set FIREBASE_PROJECT_ID, FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN and FIREBASE_SERVICE_ACCOUNT, and unset FIREBASE_AUTH_EMULATOR_HOST',
    );
  }
  if (env.FIREBASE_PROJECT_ID && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    if (!env.FIREBASE_API_KEY) problems.push('FIREBASE_API_KEY: required with FIREBASE_PROJECT_ID (the web app config)');
    if (!env.FIREBASE_AUTH_DOMAIN) problems.push('FIREBASE_AUTH_DOMAIN: required with FIREBASE_PROJECT_ID (the web app config)');
  }
  if (!env.S3_BUCKET) {
    const s3Only = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter((k) => env[k]);
    if (s3Only.length) problems.push(`S3_BUCKET: required with ${s3Only.join(', ')}`);
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (env.NODE_ENV === 'production' && env.TOKEN_SYNC_URL?.startsWith('http://')) {
    problems.push('TOKEN_SYNC_URL: must be https:// in production (it receives ID tokens)');
  }
  if (env.NODE_ENV === 'production' && env.WEBHOOKS_ALLOW_LOOPBACK) {
    problems.push('WEBHOOKS_ALLOW_LOOPBACK: refused in production (a partner could make the server call itself)');
  }
  if (problems.length) throw new EnvError(problems);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    // Emulator tokens are unsigned: anyone who can reach the port could act as any user.
    HOST: env.HOST ?? (emulator ? '127.0.0.1' : '0.0.0.0'),
    SEED_ON_EMPTY: env.SEED_ON_EMPTY ?? env.NODE_ENV !== 'production',
    TRUSTED_DOCUMENTS_ONLY: env.TRUSTED_DOCUMENTS_ONLY ?? env.NODE_ENV === 'production',
    WEBHOOKS_ALLOW_LOOPBACK: env.WEBHOOKS_ALLOW_LOOPBACK ?? env.NODE_ENV !== 'production',
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    authEmulator: emulator,
    allowedOrigins: [
      ...new Set([
        publicUrl,
        ...(env.NODE_ENV === 'production'
          ? []
          : [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`, 'http://localhost:5173', 'http://127.0.0.1:5173']),
        ...(env.ALLOWED_ORIGINS ?? '')
          .split(',')
          .map((o) => o.trim().replace(/\/$/, ''))
          .filter(Boolean),
      ]),
    ],
  };
}

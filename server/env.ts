import path from 'node:path';
import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable is validated here; a bad value stops the
 * start with a readable list of what is wrong (see `loadEnv`).
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const postgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// or postgresql:// URL');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: postgresUrl.optional(),
  SEED_ON_EMPTY: bool.default(true),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// or rediss:// URL')
    .optional(),
  MAP_STYLE_URL: z.string().url().optional(),
  GEOCODER_URL: z.string().url().optional(),
  TRUST_PROXY: bool.default(false),
});

export type Env = z.infer<typeof envSchema> & {
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
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

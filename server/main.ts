import { EnvError, loadEnv, type Env } from './env.js';

/**
 * Process entry: the settings are checked before the server's modules are loaded, so a bad one is
 * refused in a moment with its list (exit 2); then server/start.ts: db → migrate → (seed) → app →
 * listen → graceful shutdown.
 */
function settings(): Env {
  try {
    return loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

try {
  const env = settings();
  const { start } = await import('./start.js');
  await start(env);
} catch (err: unknown) {
  console.error(err);
  process.exit(1);
}

import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Credentials never reach the logs: the authorization header, cookies, and cookies being set. */
export const REDACTED_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

export function createLogger(level: string, name = 'nyc-rentals', destination?: DestinationStream): Logger {
  return pino({ name, level, redact: { paths: REDACTED_PATHS, remove: true } }, destination);
}

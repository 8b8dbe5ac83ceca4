import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string, name = 'nyc-rentals'): Logger {
  return pino({
    name,
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
  });
}

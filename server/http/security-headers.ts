import helmet from 'helmet';
import type { Env } from '../env.js';

/** Security headers (helmet): a Content-Security-Policy for the SPA, the map and the Auth emulator. */
export function securityHeaders(env: Env) {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http://localhost:*', 'http://127.0.0.1:*'],
        workerSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ["'self'", 'http://localhost:*', 'http://127.0.0.1:*', 'https:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: env.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}
